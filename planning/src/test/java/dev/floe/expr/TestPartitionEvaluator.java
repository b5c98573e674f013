package dev.floe.expr;

import static dev.floe.expr.MetricsFixtures.type;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.manifest.PartitionValues;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.TypeId;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestPartitionEvaluator {
  private static final long MICROS_PER_DAY = 86_400_000_000L;
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  /** Partition fields typed as the current schema has them; tuples as the files recorded them. */
  private static final BoundReference REGION =
      new BoundReference(1000, "region", type(TypeId.STRING), true);

  private static final BoundReference ACCOUNT =
      new BoundReference(1001, "account", type(TypeId.LONG), true);
  private static final BoundReference SCORE =
      new BoundReference(1002, "score", type(TypeId.DOUBLE), true);
  private static final BoundReference EVENT_TIME =
      new BoundReference(1003, "event_time", type(TypeId.TIMESTAMP), true);
  private static final BoundReference EVENT_TIME_NS =
      new BoundReference(1004, "event_time_ns", type(TypeId.TIMESTAMP_NS), true);

  private static final PartitionSpec SPEC =
      new PartitionSpec(
          1,
          List.of(
              new PartitionField(1, 1000, "region", "identity"),
              new PartitionField(2, 1001, "account", "identity"),
              new PartitionField(3, 1002, "score", "identity"),
              new PartitionField(4, 1003, "event_time", "identity"),
              new PartitionField(5, 1004, "event_time_ns", "identity")));

  /** Written before account was promoted from int, score from float, event times from date. */
  private static final PartitionValues OLD_TUPLE = PartitionValues.of("eu", 7, 1.5f, 2, 3);

  private static final PartitionValues NULL_TUPLE =
      PartitionValues.of(null, null, null, null, null);

  private static boolean mightMatch(Expression filter, PartitionValues partition) {
    return new PartitionEvaluator(SPEC, filter).rowsMightMatch(partition);
  }

  @Test
  void testsTheValueAtTheFieldsPosition() {
    assertThat(mightMatch(BoundPredicate.literal(Operation.EQ, REGION, "eu"), OLD_TUPLE)).isTrue();
    assertThat(mightMatch(BoundPredicate.literal(Operation.EQ, REGION, "us"), OLD_TUPLE))
        .as("another region")
        .isFalse();
    assertThat(
            mightMatch(
                new BoundPredicate(Operation.IN, REGION, List.of("us", "eu", "ap")), OLD_TUPLE))
        .isTrue();
    assertThat(mightMatch(BoundPredicate.literal(Operation.STARTS_WITH, REGION, "e"), OLD_TUPLE))
        .isTrue();
  }

  @Test
  void widensValuesStoredBeforeAPromotion() {
    assertThat(mightMatch(BoundPredicate.literal(Operation.EQ, ACCOUNT, 7L), OLD_TUPLE))
        .as("Integer 7 stored for a column now long")
        .isTrue();
    assertThat(mightMatch(BoundPredicate.literal(Operation.GT, ACCOUNT, 7L), OLD_TUPLE)).isFalse();
    assertThat(mightMatch(BoundPredicate.literal(Operation.EQ, SCORE, 1.5), OLD_TUPLE))
        .as("Float 1.5 stored for a column now double")
        .isTrue();
    assertThat(
            mightMatch(
                BoundPredicate.literal(Operation.EQ, EVENT_TIME, 2 * MICROS_PER_DAY), OLD_TUPLE))
        .as("day 2 stored for a column now timestamp: midnight in micros")
        .isTrue();
    assertThat(
            mightMatch(
                BoundPredicate.literal(Operation.GT, EVENT_TIME, 2 * MICROS_PER_DAY), OLD_TUPLE))
        .isFalse();
    assertThat(
            mightMatch(
                BoundPredicate.literal(Operation.EQ, EVENT_TIME_NS, 3 * NANOS_PER_DAY), OLD_TUPLE))
        .as("day 3 for timestamp_ns: midnight in nanos")
        .isTrue();
  }

  @Test
  void nullPartitionValuesFollowSql() {
    assertThat(mightMatch(BoundPredicate.unary(Operation.IS_NULL, REGION), NULL_TUPLE)).isTrue();
    assertThat(mightMatch(BoundPredicate.unary(Operation.NOT_NULL, REGION), NULL_TUPLE)).isFalse();
    assertThat(mightMatch(BoundPredicate.literal(Operation.NOT_EQ, REGION, "eu"), NULL_TUPLE))
        .as("null != 'eu' is unknown")
        .isFalse();
    assertThat(mightMatch(BoundPredicate.literal(Operation.LT, ACCOUNT, 5L), NULL_TUPLE)).isFalse();
    assertThat(mightMatch(BoundPredicate.unary(Operation.NOT_NAN, SCORE), NULL_TUPLE))
        .as("null is not NaN")
        .isTrue();
  }

  @Test
  void connectivesAndConstants() {
    Expression eu = BoundPredicate.literal(Operation.EQ, REGION, "eu");
    Expression bigAccount = BoundPredicate.literal(Operation.GT, ACCOUNT, 100L);
    assertThat(mightMatch(Expression.and(eu, bigAccount), OLD_TUPLE)).isFalse();
    assertThat(mightMatch(Expression.or(bigAccount, eu), OLD_TUPLE)).isTrue();
    assertThat(mightMatch(Expression.alwaysTrue(), OLD_TUPLE)).isTrue();
    assertThat(mightMatch(Expression.alwaysFalse(), OLD_TUPLE)).isFalse();
  }

  @Test
  void unpartitionedSpecAcceptsTheEmptyTuple() {
    PartitionEvaluator evaluator =
        new PartitionEvaluator(PartitionSpec.unpartitioned(0), Expression.alwaysTrue());
    assertThat(evaluator.rowsMightMatch(PartitionValues.EMPTY)).isTrue();
  }

  @Test
  void rejectsATupleOfAnotherShape() {
    PartitionEvaluator evaluator =
        new PartitionEvaluator(SPEC, BoundPredicate.literal(Operation.EQ, REGION, "eu"));
    assertThatThrownBy(() -> evaluator.rowsMightMatch(PartitionValues.of("eu", 7L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("evaluator for partition spec 1")
        .hasMessageContaining("the tuple has 2 values and the spec 5 fields");
  }

  @Test
  void rejectsFieldsOutsideTheSpec() {
    BoundReference unknown = new BoundReference(1010, "other", type(TypeId.INT), true);
    Expression filter =
        Expression.and(
            BoundPredicate.literal(Operation.EQ, REGION, "eu"),
            BoundPredicate.literal(Operation.EQ, unknown, 5));
    assertThatThrownBy(() -> new PartitionEvaluator(SPEC, filter))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot build a PartitionEvaluator for partition spec 1")
        .hasMessageContaining("field other (id 1010)");
  }

  @Test
  void rejectsUnboundFilters() {
    assertThatThrownBy(() -> new PartitionEvaluator(SPEC, Expression.equal("region", "eu")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot build a PartitionEvaluator")
        .hasMessageContaining("bind the expression first");
  }
}
