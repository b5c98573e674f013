package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.manifest.PartitionValues;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestResidualEvaluator {
  private static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "region", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(3, "event_time", PrimitiveType.of(TypeId.TIMESTAMP)),
              NestedField.optional(4, "score", PrimitiveType.of(TypeId.DOUBLE))),
          Set.of());
  private static final PartitionSpec BY_REGION =
      new PartitionSpec(1, List.of(new PartitionField(2, 1000, "region", "identity")));
  private static final PartitionSpec BY_DAY =
      new PartitionSpec(2, List.of(new PartitionField(3, 1000, "event_day", "day")));
  private static final PartitionSpec BY_ID_BUCKET =
      new PartitionSpec(3, List.of(new PartitionField(1, 1000, "id_bucket", "bucket[16]")));
  private static final PartitionSpec BY_ID =
      new PartitionSpec(4, List.of(new PartitionField(1, 1000, "id", "identity")));

  @Test
  void identityPartitionsSettleTheirPredicates() {
    Expression filter =
        bind(Expression.and(Expression.equal("region", "eu"), Expression.greaterThan("id", 5)));
    ResidualEvaluator residuals = ResidualEvaluator.of(BY_REGION, SCHEMA, filter);
    assertThat(residuals.residualFor(PartitionValues.of("eu")))
        .as("region settled true, id kept")
        .hasToString("id > 5");
    assertThat(residuals.residualFor(PartitionValues.of("us")))
        .as("no row of region us matches")
        .isEqualTo(Expression.alwaysFalse());

    ResidualEvaluator onlyRegion =
        ResidualEvaluator.of(BY_REGION, SCHEMA, bind(Expression.in("region", "eu", "us")));
    assertThat(onlyRegion.residualFor(PartitionValues.of("us"))).isEqualTo(Expression.alwaysTrue());
    Expression either =
        bind(Expression.or(Expression.equal("region", "eu"), Expression.lessThan("id", 0)));
    assertThat(
            ResidualEvaluator.of(BY_REGION, SCHEMA, either).residualFor(PartitionValues.of("us")))
        .as("the settled side of an or folds away")
        .hasToString("id < 0");
  }

  @Test
  void dayPartitionsInsideARangeSettleToTrue() {
    long tenAm = micros(LocalDateTime.of(2026, 1, 2, 10, 0));
    Expression filter = bind(Expression.greaterThanOrEqual("event_time", tenAm));
    ResidualEvaluator residuals = ResidualEvaluator.of(BY_DAY, SCHEMA, filter);
    assertThat(residuals.residualFor(PartitionValues.of(days(2026, 1, 3))))
        .as("every row of the next day is after 10:00")
        .isEqualTo(Expression.alwaysTrue());
    assertThat(residuals.residualFor(PartitionValues.of(days(2026, 1, 1))))
        .as("no row of the day before matches")
        .isEqualTo(Expression.alwaysFalse());
    assertThat(residuals.residualFor(PartitionValues.of(days(2026, 1, 2))))
        .as("the day itself has rows on both sides")
        .isEqualTo(filter);

    Expression midnight =
        bind(
            Expression.greaterThanOrEqual(
                "event_time", micros(LocalDateTime.of(2026, 1, 2, 0, 0))));
    assertThat(
            ResidualEvaluator.of(BY_DAY, SCHEMA, midnight)
                .residualFor(PartitionValues.of(days(2026, 1, 2))))
        .as("from midnight, the whole day matches")
        .isEqualTo(Expression.alwaysTrue());
  }

  @Test
  void dayPartitionsBefore1970AllowForOldWriters() {
    long tenAm = micros(LocalDateTime.of(1969, 12, 31, 10, 0));
    Expression filter = bind(Expression.lessThan("event_time", tenAm));
    ResidualEvaluator residuals = ResidualEvaluator.of(BY_DAY, SCHEMA, filter);
    assertThat(residuals.residualFor(PartitionValues.of(0)))
        .as("day 0 may hold 1969-12-31 rows written by Iceberg 0.10: kept, not dropped")
        .isEqualTo(filter);
    assertThat(residuals.residualFor(PartitionValues.of(1))).isEqualTo(Expression.alwaysFalse());
  }

  @Test
  void bucketsNeverSettleARange() {
    Expression range = bind(Expression.lessThan("id", 100));
    ResidualEvaluator residuals = ResidualEvaluator.of(BY_ID_BUCKET, SCHEMA, range);
    for (int bucket = 0; bucket < 16; bucket++) {
      assertThat(residuals.residualFor(PartitionValues.of(bucket)))
          .as("bucket %s", bucket)
          .isEqualTo(range);
    }
    int bucketOf34 = 2017239379 % 16;
    Expression equal = bind(Expression.equal("id", 34L));
    ResidualEvaluator equality = ResidualEvaluator.of(BY_ID_BUCKET, SCHEMA, equal);
    assertThat(equality.residualFor(PartitionValues.of(bucketOf34)))
        .as("equality is only narrowed to its bucket")
        .isEqualTo(equal);
    assertThat(equality.residualFor(PartitionValues.of((bucketOf34 + 1) % 16)))
        .isEqualTo(Expression.alwaysFalse());
    Expression notEqual = bind(Expression.notEqual("id", 34L));
    assertThat(
            ResidualEvaluator.of(BY_ID_BUCKET, SCHEMA, notEqual)
                .residualFor(PartitionValues.of((bucketOf34 + 1) % 16)))
        .as("another bucket holds no 34")
        .isEqualTo(Expression.alwaysTrue());

    BoundReference id = new BoundReference(1, "id", PrimitiveType.of(TypeId.LONG), false);
    Expression onBucket =
        BoundPredicate.literal(Operation.EQ, new BoundTransform(id, new BucketTransform(16)), 3);
    ResidualEvaluator bucketFilter = ResidualEvaluator.of(BY_ID_BUCKET, SCHEMA, onBucket);
    assertThat(bucketFilter.residualFor(PartitionValues.of(3)))
        .as("a filter on the partition's own transform is settled exactly")
        .isEqualTo(Expression.alwaysTrue());
    assertThat(bucketFilter.residualFor(PartitionValues.of(4))).isEqualTo(Expression.alwaysFalse());
  }

  @Test
  void nullPartitionValuesFailComparisonsAndPassIsNull() {
    PartitionValues nullRegion = PartitionValues.of((Object) null);
    assertThat(residual(BY_REGION, Expression.notEqual("region", "eu"), nullRegion))
        .as("every row's region is null: != is unknown, the row is dropped")
        .isEqualTo(Expression.alwaysFalse());
    assertThat(residual(BY_REGION, Expression.equal("region", "eu"), nullRegion))
        .isEqualTo(Expression.alwaysFalse());
    assertThat(residual(BY_REGION, Expression.isNull("region"), nullRegion))
        .isEqualTo(Expression.alwaysTrue());
    assertThat(residual(BY_REGION, Expression.notNull("region"), nullRegion))
        .isEqualTo(Expression.alwaysFalse());
    assertThat(residual(BY_REGION, Expression.isNull("region"), PartitionValues.of("eu")))
        .isEqualTo(Expression.alwaysFalse());
    assertThat(residual(BY_DAY, Expression.greaterThan("event_time", 0L), nullRegion))
        .isEqualTo(Expression.alwaysFalse());
  }

  @Test
  void widensValuesOfPromotedColumns() {
    // an identity partition of id written while id was an int holds Integer values
    assertThat(residual(BY_ID, Expression.equal("id", 7L), PartitionValues.of(7)))
        .isEqualTo(Expression.alwaysTrue());
    assertThat(residual(BY_ID, Expression.greaterThan("id", 7L), PartitionValues.of(7)))
        .isEqualTo(Expression.alwaysFalse());
    PartitionSpec byScore =
        new PartitionSpec(5, List.of(new PartitionField(4, 1000, "score", "identity")));
    assertThat(residual(byScore, Expression.lessThan("score", 2.0), PartitionValues.of(1.5f)))
        .as("a float value of a column promoted to double")
        .isEqualTo(Expression.alwaysTrue());
    PartitionSpec byTime =
        new PartitionSpec(6, List.of(new PartitionField(3, 1000, "event_time", "identity")));
    long midnight = micros(LocalDateTime.of(2026, 1, 2, 0, 0));
    assertThat(
            residual(
                byTime,
                Expression.equal("event_time", midnight),
                PartitionValues.of(days(2026, 1, 2))))
        .as("a date value of a column promoted to timestamp is its midnight")
        .isEqualTo(Expression.alwaysTrue());
  }

  @Test
  void unpartitionedSpecsKeepTheFilter() {
    Expression filter =
        bind(Expression.and(Expression.equal("region", "eu"), Expression.lessThan("id", 3)));
    assertThat(
            ResidualEvaluator.of(PartitionSpec.unpartitioned(0), SCHEMA, filter)
                .residualFor(PartitionValues.EMPTY))
        .isEqualTo(filter);
    PartitionSpec voided =
        new PartitionSpec(7, List.of(new PartitionField(2, 1000, "region", "void")));
    assertThat(
            ResidualEvaluator.of(voided, SCHEMA, filter)
                .residualFor(PartitionValues.of((Object) null)))
        .as("a spec of void fields partitions nothing")
        .isEqualTo(filter);
    assertThat(
            ResidualEvaluator.of(BY_REGION, SCHEMA, Expression.alwaysTrue())
                .residualFor(PartitionValues.of("eu")))
        .isEqualTo(Expression.alwaysTrue());
  }

  @Test
  void rejectsATupleOfTheWrongSize() {
    ResidualEvaluator residuals =
        ResidualEvaluator.of(BY_REGION, SCHEMA, bind(Expression.equal("region", "eu")));
    assertThatThrownBy(() -> residuals.residualFor(PartitionValues.of("eu", 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has 2 values but its spec has 1 fields");
  }

  private static Expression residual(
      PartitionSpec spec, Expression filter, PartitionValues partition) {
    return ResidualEvaluator.of(spec, SCHEMA, bind(filter)).residualFor(partition);
  }

  private static Expression bind(Expression expression) {
    return Binder.bind(SCHEMA, expression, true);
  }

  private static long micros(LocalDateTime time) {
    return ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), time);
  }

  private static int days(int year, int month, int day) {
    return (int) LocalDate.of(year, month, day).toEpochDay();
  }
}
