package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every transform's projections, operation by operation, written as the text they print. */
class TestTransformProjections {
  private static final PrimitiveType INT = PrimitiveType.of(TypeId.INT);
  private static final PrimitiveType STRING = PrimitiveType.of(TypeId.STRING);
  private static final PrimitiveType DATE = PrimitiveType.of(TypeId.DATE);
  private static final PrimitiveType TIMESTAMP = PrimitiveType.of(TypeId.TIMESTAMP);
  private static final PrimitiveType TIMESTAMP_NS = PrimitiveType.of(TypeId.TIMESTAMP_NS);
  private static final TruncateTransform TRUNCATE_10 = new TruncateTransform(10);
  private static final TruncateTransform TRUNCATE_3 = new TruncateTransform(3);
  private static final BucketTransform BUCKET_16 = new BucketTransform(16);
  private static final int BUCKET_OF_34 = 2017239379 % 16;
  private static final int BUCKET_OF_35 = (Integer) BUCKET_16.apply(INT, 35);

  @Test
  void truncateOfIntsClosesOpenBoundsOnTheNeighbour() {
    assertProjections(TRUNCATE_10, INT, Operation.LT, 5, "p <= 0", "p < 0");
    assertProjections(TRUNCATE_10, INT, Operation.LT, 10, "p <= 0", "p < 10");
    assertProjections(TRUNCATE_10, INT, Operation.LT_EQ, 9, "p <= 0", "p < 10");
    assertProjections(TRUNCATE_10, INT, Operation.LT_EQ, 10, "p <= 10", "p < 10");
    assertProjections(TRUNCATE_10, INT, Operation.GT, 9, "p >= 10", "p > 0");
    assertProjections(TRUNCATE_10, INT, Operation.GT, 10, "p >= 10", "p > 10");
    assertProjections(TRUNCATE_10, INT, Operation.GT_EQ, 10, "p >= 10", "p > 0");
    assertProjections(TRUNCATE_10, INT, Operation.GT_EQ, 11, "p >= 10", "p > 10");
    assertProjections(TRUNCATE_10, INT, Operation.EQ, 15, "p = 10", "false");
    assertProjections(TRUNCATE_10, INT, Operation.NOT_EQ, 15, "true", "p != 10");
    assertProjections(TRUNCATE_10, INT, Operation.LT, -5, "p <= -10", "p < -10");
    assertProjections(TRUNCATE_10, INT, Operation.GT_EQ, -10, "p >= -10", "p > -20");
  }

  @Test
  void truncateOfIntsProjectsSetsAndNullTests() {
    assertSetProjections(
        TRUNCATE_10, INT, Operation.IN, List.of(1, 15, 19), "p in (0, 10)", "false");
    assertSetProjections(
        TRUNCATE_10, INT, Operation.NOT_IN, List.of(1, 15), "true", "p not in (0, 10)");
    assertUnaryProjections(TRUNCATE_10, INT);
  }

  @Test
  void truncateOfStringsProjectsPrefixesByCodePoints() {
    assertProjections(
        TRUNCATE_3,
        STRING,
        Operation.STARTS_WITH,
        "ab",
        "p starts with 'ab'",
        "p starts with 'ab'");
    assertProjections(TRUNCATE_3, STRING, Operation.STARTS_WITH, "abc", "p = 'abc'", "p = 'abc'");
    assertProjections(TRUNCATE_3, STRING, Operation.STARTS_WITH, "abcd", "p = 'abc'", "false");
    assertProjections(
        TRUNCATE_3,
        STRING,
        Operation.NOT_STARTS_WITH,
        "ab",
        "p not starts with 'ab'",
        "p not starts with 'ab'");
    assertProjections(
        TRUNCATE_3, STRING, Operation.NOT_STARTS_WITH, "abc", "p != 'abc'", "p != 'abc'");
    assertProjections(
        TRUNCATE_3, STRING, Operation.NOT_STARTS_WITH, "abcd", "true", "p not starts with 'abc'");
    String twoSmiles = "\uD83D\uDE00\uD83D\uDE01";
    assertProjections(
        TRUNCATE_3,
        STRING,
        Operation.STARTS_WITH,
        twoSmiles,
        "p starts with '" + twoSmiles + "'",
        "p starts with '" + twoSmiles + "'");
    String fourSmiles = twoSmiles + twoSmiles;
    assertProjections(
        TRUNCATE_3,
        STRING,
        Operation.STARTS_WITH,
        fourSmiles,
        "p = '" + twoSmiles + "\uD83D\uDE00'",
        "false");
  }

  @Test
  void truncateOfStringsProjectsComparisonsWithoutNeighbours() {
    assertProjections(TRUNCATE_3, STRING, Operation.LT, "abcd", "p <= 'abc'", "p < 'abc'");
    assertProjections(TRUNCATE_3, STRING, Operation.LT_EQ, "abcd", "p <= 'abc'", "p < 'abc'");
    assertProjections(TRUNCATE_3, STRING, Operation.GT, "ab", "p >= 'ab'", "p > 'ab'");
    assertProjections(TRUNCATE_3, STRING, Operation.GT_EQ, "abcd", "p >= 'abc'", "p > 'abc'");
    assertProjections(TRUNCATE_3, STRING, Operation.EQ, "abcd", "p = 'abc'", "false");
    assertProjections(TRUNCATE_3, STRING, Operation.NOT_EQ, "abcd", "true", "p != 'abc'");
    assertSetProjections(
        TRUNCATE_3,
        STRING,
        Operation.IN,
        List.of("abcd", "abce", "x"),
        "p in ('abc', 'x')",
        "false");
    assertSetProjections(
        TRUNCATE_3,
        STRING,
        Operation.NOT_IN,
        List.of("abcd", "x"),
        "true",
        "p not in ('abc', 'x')");
    assertUnaryProjections(TRUNCATE_3, STRING);
  }

  @Test
  void bucketProjectsOnlyEquality() {
    assertProjections(BUCKET_16, INT, Operation.EQ, 34, "p = " + BUCKET_OF_34, "false");
    assertProjections(BUCKET_16, INT, Operation.NOT_EQ, 34, "true", "p != " + BUCKET_OF_34);
    assertSetProjections(
        BUCKET_16,
        INT,
        Operation.IN,
        List.of(34, 35),
        "p in " + sorted(BUCKET_OF_34, BUCKET_OF_35),
        "false");
    assertSetProjections(
        BUCKET_16,
        INT,
        Operation.NOT_IN,
        List.of(34, 35),
        "true",
        "p not in " + sorted(BUCKET_OF_34, BUCKET_OF_35));
    for (Operation operation :
        new Operation[] {Operation.LT, Operation.LT_EQ, Operation.GT, Operation.GT_EQ}) {
      assertProjections(BUCKET_16, INT, operation, 34, "true", "false");
    }
    assertProjections(BUCKET_16, STRING, Operation.STARTS_WITH, "ab", "true", "false");
    assertProjections(BUCKET_16, STRING, Operation.NOT_STARTS_WITH, "ab", "true", "false");
    assertUnaryProjections(BUCKET_16, INT);
  }

  @Test
  void dayOfTimestampsProjectsRanges() {
    long midnight = micros(2017, 11, 16, 0);
    int day = days(2017, 11, 16);
    assertProjections(
        TemporalTransform.DAY,
        TIMESTAMP,
        Operation.LT,
        midnight,
        "p <= " + (day - 1),
        "p < " + day);
    assertProjections(
        TemporalTransform.DAY, TIMESTAMP, Operation.LT_EQ, midnight, "p <= " + day, "p < " + day);
    assertProjections(
        TemporalTransform.DAY, TIMESTAMP, Operation.GT, midnight, "p >= " + day, "p > " + day);
    assertProjections(
        TemporalTransform.DAY,
        TIMESTAMP,
        Operation.GT_EQ,
        midnight,
        "p >= " + day,
        "p > " + (day - 1));
    assertProjections(
        TemporalTransform.DAY, TIMESTAMP, Operation.EQ, midnight + 5, "p = " + day, "false");
    assertProjections(
        TemporalTransform.DAY, TIMESTAMP, Operation.NOT_EQ, midnight + 5, "true", "p != " + day);
    assertSetProjections(
        TemporalTransform.DAY,
        TIMESTAMP,
        Operation.IN,
        List.of(midnight, midnight + 1),
        "p in (" + day + ")",
        "false");
    assertUnaryProjections(TemporalTransform.DAY, TIMESTAMP);
  }

  @Test
  void temporalProjectionsAllowForValuesWrittenOneTooLargeBefore1970() {
    // Iceberg's own example: < day(1969-12-31 10:00:00) is <= -1, adjusted to <= 0
    long tenAm = micros(1969, 12, 31, 10);
    assertProjections(TemporalTransform.DAY, TIMESTAMP, Operation.LT, tenAm, "p <= 0", "p < -1");
    assertProjections(
        TemporalTransform.DAY, TIMESTAMP, Operation.EQ, tenAm, "p in (-1, 0)", "false");
    assertProjections(TemporalTransform.DAY, TIMESTAMP, Operation.GT_EQ, tenAm, "p >= -1", "p > 0");
    assertProjections(
        TemporalTransform.DAY, TIMESTAMP, Operation.NOT_EQ, tenAm, "true", "p not in (-1, 0)");
    assertSetProjections(
        TemporalTransform.DAY,
        TIMESTAMP,
        Operation.IN,
        List.of(tenAm, micros(1970, 1, 2, 0)),
        "p in (-1, 0, 1)",
        "false");
    assertSetProjections(
        TemporalTransform.DAY,
        TIMESTAMP,
        Operation.NOT_IN,
        List.of(tenAm, micros(1970, 1, 2, 0)),
        "true",
        "p not in (-1, 0, 1)");
    // strict lower bounds at or below 0 move up one, as Iceberg does
    assertProjections(
        TemporalTransform.DAY, TIMESTAMP, Operation.GT, micros(1970, 1, 1, 5), "p >= 0", "p > 1");
    assertProjections(TemporalTransform.MONTH, DATE, Operation.LT, 0, "p <= 0", "p < 0");
    assertProjections(
        TemporalTransform.YEAR, DATE, Operation.LT_EQ, days(1969, 6, 1), "p <= 0", "p < -1");
    assertProjections(
        TemporalTransform.HOUR, TIMESTAMP_NS, Operation.EQ, -1L, "p in (-1, 0)", "false");
  }

  @Test
  void dayOfADateIsTheDateAndNeedsNoAdjustment() {
    assertProjections(TemporalTransform.DAY, DATE, Operation.LT, 0, "p <= -1", "p < 0");
    assertProjections(TemporalTransform.DAY, DATE, Operation.EQ, -5, "p = -5", "false");
    assertProjections(TemporalTransform.DAY, DATE, Operation.NOT_EQ, -5, "true", "p != -5");
    assertProjections(TemporalTransform.DAY, DATE, Operation.GT_EQ, -5, "p >= -5", "p > -6");
  }

  @Test
  void yearAndMonthOfTimestampsRoundAtTheirUnits() {
    long newYear2017 = micros(2017, 1, 1, 0);
    assertProjections(
        TemporalTransform.YEAR, TIMESTAMP, Operation.LT, newYear2017, "p <= 46", "p < 47");
    assertProjections(
        TemporalTransform.YEAR, TIMESTAMP, Operation.GT_EQ, newYear2017, "p >= 47", "p > 46");
    assertProjections(
        TemporalTransform.MONTH, TIMESTAMP, Operation.GT, newYear2017, "p >= 564", "p > 564");
  }

  @Test
  void aPredicateOnTheSameTransformProjectsAsItIs() {
    BoundReference source = new BoundReference(1, "id", INT, true);
    BoundPredicate onBucket =
        BoundPredicate.literal(Operation.EQ, new BoundTransform(source, BUCKET_16), 3);
    assertThat(BUCKET_16.projectInclusive(partition(BUCKET_16, INT), onBucket))
        .hasToString("p = 3");
    assertThat(BUCKET_16.projectStrict(partition(BUCKET_16, INT), onBucket)).hasToString("p = 3");
    assertThat(new BucketTransform(8).projectInclusive(partition(BUCKET_16, INT), onBucket))
        .as("another bucket count says nothing")
        .isEqualTo(Expression.alwaysTrue());
    assertThat(new BucketTransform(8).projectStrict(partition(BUCKET_16, INT), onBucket))
        .isEqualTo(Expression.alwaysFalse());

    BoundReference time = new BoundReference(2, "ts", TIMESTAMP, true);
    BoundPredicate onDay =
        BoundPredicate.literal(Operation.GT, new BoundTransform(time, TemporalTransform.DAY), 100);
    assertThat(
            TemporalTransform.DAY.projectInclusive(
                partition(TemporalTransform.DAY, TIMESTAMP), onDay))
        .hasToString("p > 100");
    assertThat(
            TemporalTransform.MONTH.projectInclusive(
                partition(TemporalTransform.MONTH, TIMESTAMP), onDay))
        .as("day(ts) on a month field says nothing")
        .isEqualTo(Expression.alwaysTrue());
    assertThat(
            TemporalTransform.MONTH.projectStrict(
                partition(TemporalTransform.MONTH, TIMESTAMP), onDay))
        .isEqualTo(Expression.alwaysFalse());
    assertThat(TRUNCATE_10.projectInclusive(partition(TRUNCATE_10, INT), onBucket))
        .isEqualTo(Expression.alwaysTrue());
  }

  private static void assertUnaryProjections(Transform transform, PrimitiveType type) {
    assertProjections(transform, type, Operation.IS_NULL, null, "p is null", "p is null");
    assertProjections(transform, type, Operation.NOT_NULL, null, "p is not null", "p is not null");
  }

  private static void assertProjections(
      Transform transform,
      PrimitiveType type,
      Operation operation,
      Object value,
      String inclusive,
      String strict) {
    BoundReference source = new BoundReference(1, "x", type, true);
    BoundPredicate predicate =
        value == null
            ? BoundPredicate.unary(operation, source)
            : BoundPredicate.literal(operation, source, value);
    check(transform, type, predicate, inclusive, strict);
  }

  private static void assertSetProjections(
      Transform transform,
      PrimitiveType type,
      Operation operation,
      List<Object> values,
      String inclusive,
      String strict) {
    BoundReference source = new BoundReference(1, "x", type, true);
    check(transform, type, new BoundPredicate(operation, source, values), inclusive, strict);
  }

  private static void check(
      Transform transform,
      PrimitiveType type,
      BoundPredicate predicate,
      String inclusive,
      String strict) {
    BoundReference partition = partition(transform, type);
    assertThat(transform.projectInclusive(partition, predicate))
        .as("inclusive %s of %s", transform, predicate)
        .hasToString(inclusive);
    assertThat(transform.projectStrict(partition, predicate))
        .as("strict %s of %s", transform, predicate)
        .hasToString(strict);
  }

  private static BoundReference partition(Transform transform, PrimitiveType type) {
    return new BoundReference(1000, "p", transform.resultType(type), true);
  }

  private static String sorted(int... values) {
    int[] copy = values.clone();
    Arrays.sort(copy);
    StringBuilder text = new StringBuilder("(");
    for (int index = 0; index < copy.length; index++) {
      text.append(index == 0 ? "" : ", ").append(copy[index]);
    }
    return text.append(')').toString();
  }

  private static long micros(int year, int month, int day, int hour) {
    return ChronoUnit.MICROS.between(
        LocalDateTime.of(1970, 1, 1, 0, 0), LocalDateTime.of(year, month, day, hour, 0));
  }

  private static int days(int year, int month, int day) {
    return (int) LocalDate.of(year, month, day).toEpochDay();
  }
}
