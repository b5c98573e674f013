package dev.floe.expr;

import static dev.floe.expr.MetricsFixtures.metrics;
import static dev.floe.expr.MetricsFixtures.type;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.manifest.DataFile;
import dev.floe.table.NestedField;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestStrictMetricsEvaluator {
  private static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.optional(1, "id", type(TypeId.LONG)),
              NestedField.optional(2, "name", type(TypeId.STRING)),
              NestedField.optional(3, "score", type(TypeId.DOUBLE)),
              NestedField.optional(4, "day", type(TypeId.DATE))),
          Set.of());

  /** ids 10 to 20, none null; names "a" to "c"; scores 1.0 to 2.0, no NaN; days 100 to 200. */
  private static final DataFile FILE =
      metrics()
          .counts(1, 50, 0)
          .bounds(1, type(TypeId.LONG), 10L, 20L)
          .counts(2, 50, 0)
          .bounds(2, type(TypeId.STRING), "a", "c")
          .counts(3, 50, 0)
          .nans(3, 0)
          .bounds(3, type(TypeId.DOUBLE), 1.0, 2.0)
          .counts(4, 50, 5)
          .bounds(4, type(TypeId.DATE), 100, 200)
          .file("s3://t/a.parquet", 50);

  private static boolean mustMatch(Expression filter) {
    return new StrictMetricsEvaluator(Binder.bind(SCHEMA, filter, true)).rowsMustMatch(FILE);
  }

  @Test
  void boundsOfExactTypesProveComparisons() {
    assertThat(mustMatch(Expression.greaterThan("id", 9L))).as("lower bound 10 > 9").isTrue();
    assertThat(mustMatch(Expression.greaterThan("id", 10L))).as("10 itself fails").isFalse();
    assertThat(mustMatch(Expression.lessThanOrEqual("id", 20L))).isTrue();
    assertThat(mustMatch(Expression.notEqual("id", 21L))).as("21 lies outside").isTrue();
    assertThat(mustMatch(Expression.notEqual("id", 15L))).isFalse();
    assertThat(mustMatch(Expression.in("id", 1L, 2L))).as("ids vary").isFalse();
    assertThat(mustMatch(Expression.notIn("id", 1L, 30L))).isTrue();
    assertThat(mustMatch(Expression.notNull("id"))).isTrue();
    assertThat(mustMatch(Expression.or(Expression.lessThan("id", 0L), Expression.notNull("id"))))
        .as("one side of an or suffices")
        .isTrue();
    assertThat(mustMatch(Expression.and(Expression.greaterThan("id", 0L), Expression.isNull("id"))))
        .isFalse();
  }

  @Test
  void nullsAndApproximateBoundsProveNothing() {
    assertThat(mustMatch(Expression.greaterThan("day", 50)))
        .as("five days are null, and a null fails every comparison")
        .isFalse();
    assertThat(mustMatch(Expression.greaterThan("name", "")))
        .as("string bounds may be truncated")
        .isFalse();
    assertThat(mustMatch(Expression.greaterThan("score", 0.5)))
        .as("floating-point columns are left to the rows")
        .isFalse();
    DataFile withoutCounts =
        metrics().bounds(1, type(TypeId.LONG), 10L, 20L).file("s3://t/b.parquet", 50);
    assertThat(
            new StrictMetricsEvaluator(Binder.bind(SCHEMA, Expression.greaterThan("id", 0L), true))
                .rowsMustMatch(withoutCounts))
        .as("without a null count the column may hold nulls")
        .isFalse();
  }

  @Test
  void anEmptyFileMatchesVacuously() {
    DataFile empty = metrics().file("s3://t/empty.parquet", 0);
    assertThat(
            new StrictMetricsEvaluator(Binder.bind(SCHEMA, Expression.equal("id", 1L), true))
                .rowsMustMatch(empty))
        .isTrue();
  }
}
