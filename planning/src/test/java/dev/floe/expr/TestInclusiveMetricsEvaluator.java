package dev.floe.expr;

import static dev.floe.expr.Expression.and;
import static dev.floe.expr.Expression.equal;
import static dev.floe.expr.Expression.greaterThan;
import static dev.floe.expr.Expression.greaterThanOrEqual;
import static dev.floe.expr.Expression.in;
import static dev.floe.expr.Expression.isNaN;
import static dev.floe.expr.Expression.isNull;
import static dev.floe.expr.Expression.lessThan;
import static dev.floe.expr.Expression.lessThanOrEqual;
import static dev.floe.expr.Expression.not;
import static dev.floe.expr.Expression.notEqual;
import static dev.floe.expr.Expression.notIn;
import static dev.floe.expr.Expression.notNaN;
import static dev.floe.expr.Expression.notNull;
import static dev.floe.expr.Expression.notStartsWith;
import static dev.floe.expr.Expression.or;
import static dev.floe.expr.Expression.startsWith;
import static dev.floe.expr.MetricsFixtures.bytes;
import static dev.floe.expr.MetricsFixtures.metrics;
import static dev.floe.expr.MetricsFixtures.type;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.SingleValueBinary;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TestInclusiveMetricsEvaluator {
  private static final PrimitiveType INT = type(TypeId.INT);
  private static final PrimitiveType LONG = type(TypeId.LONG);
  private static final PrimitiveType STRING = type(TypeId.STRING);
  private static final PrimitiveType FLOAT = type(TypeId.FLOAT);
  private static final PrimitiveType DOUBLE = type(TypeId.DOUBLE);
  private static final PrimitiveType UUID_TYPE = type(TypeId.UUID);
  private static final PrimitiveType DECIMAL = PrimitiveType.decimal(9, 2);
  private static final PrimitiveType DATE = type(TypeId.DATE);
  private static final PrimitiveType TIMESTAMP = type(TypeId.TIMESTAMP);
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", INT),
              NestedField.optional(2, "no_stats", INT),
              NestedField.required(3, "required_text", STRING),
              NestedField.optional(4, "all_nulls", STRING),
              NestedField.optional(5, "some_nulls", STRING),
              NestedField.optional(6, "no_nulls", STRING),
              NestedField.optional(7, "all_nans", DOUBLE),
              NestedField.optional(8, "some_nans", FLOAT),
              NestedField.optional(9, "no_nans", FLOAT),
              NestedField.optional(10, "all_nulls_double", DOUBLE),
              NestedField.optional(11, "nan_bounds", FLOAT),
              NestedField.optional(12, "nulls_and_nans", DOUBLE),
              NestedField.optional(13, "no_nan_stats", DOUBLE),
              NestedField.optional(14, "bin", type(TypeId.BINARY)),
              NestedField.optional(15, "uuid", UUID_TYPE),
              NestedField.optional(16, "dec", DECIMAL),
              NestedField.optional(17, "day", DATE),
              NestedField.optional(18, "ts", TIMESTAMP),
              NestedField.optional(19, "promoted", LONG),
              NestedField.optional(20, "promoted_ts", TIMESTAMP),
              NestedField.optional(21, "var", type(TypeId.VARIANT)),
              NestedField.optional(22, "zero", DOUBLE)),
          Set.of());

  /** 50 rows; each column's metrics as its name says. */
  private static final DataFile FILE =
      metrics()
          .counts(1, 50, 0)
          .bounds(1, INT, 30, 79)
          .counts(3, 50, 0)
          // truncated to 3 characters: "abc..." below, "abd" incremented above
          .bounds(3, STRING, "abc", "abd")
          .counts(4, 50, 50)
          .counts(5, 50, 10)
          .bounds(5, STRING, "bbb", "eee")
          .counts(6, 50, 0)
          .bounds(6, STRING, "aaa", "zzz")
          .counts(7, 50, 0)
          .nans(7, 50)
          .counts(8, 50, 0)
          .nans(8, 10)
          .bounds(8, FLOAT, 1.0f, 2.0f)
          .counts(9, 50, 0)
          .nans(9, 0)
          .bounds(9, FLOAT, 1.0f, 2.0f)
          .counts(10, 50, 50)
          .counts(11, 50, 0)
          .bounds(11, FLOAT, Float.NaN, Float.NaN)
          .counts(12, 50, 10)
          .nans(12, 40)
          .counts(13, 50, 0)
          .bounds(13, DOUBLE, 1.0, 2.0)
          .counts(14, 50, 0)
          .bounds(14, type(TypeId.BINARY), bytes(1, 2), bytes(1, 5))
          .counts(16, 50, 0)
          .bounds(16, DECIMAL, new BigDecimal("1.00"), new BigDecimal("9.99"))
          .counts(17, 50, 0)
          .bounds(17, DATE, 19000, 19010)
          .counts(18, 50, 0)
          .bounds(18, TIMESTAMP, 1_000_000L, 2_000_000L)
          .counts(19, 50, 0)
          // written while the column was an int: 4-byte bounds
          .bounds(19, INT, 30, 79)
          .counts(20, 50, 0)
          // written while the column was a date: days 0 and 1
          .bounds(20, DATE, 0, 1)
          .counts(21, 50, 0)
          .counts(22, 50, 0)
          .nans(22, 0)
          // a writer that compared with < recorded +0.0 for a column of -0.0
          .bounds(22, DOUBLE, 0.0, 0.0)
          .file("s3://bucket/t/data/file.parquet", 50);

  private static boolean mightMatch(Expression filter) {
    return mightMatch(filter, FILE);
  }

  private static boolean mightMatch(Expression filter, DataFile file) {
    return new InclusiveMetricsEvaluator(Binder.bind(SCHEMA, filter, true)).rowsMightMatch(file);
  }

  @Test
  void fileWithoutRecordsCannotMatch() {
    DataFile empty = metrics().file("s3://bucket/t/data/empty.parquet", 0);
    assertThat(mightMatch(Expression.alwaysTrue(), empty)).as("no rows: cannot match").isFalse();
    assertThat(mightMatch(notNull("no_stats"), empty)).isFalse();
  }

  @Test
  void fileWithUnknownRecordCountMightMatch() {
    DataFile imported =
        metrics().counts(1, 50, 0).bounds(1, INT, 30, 79).file("s3://t/imported.avro", -1);
    assertThat(mightMatch(lessThan("id", 5), imported))
        .as("record count -1 (imported file): no evidence at all")
        .isTrue();
  }

  @Test
  void constantsAndConnectives() {
    assertThat(mightMatch(Expression.alwaysTrue())).isTrue();
    assertThat(mightMatch(Expression.alwaysFalse())).as("false matches no row").isFalse();
    assertThat(mightMatch(and(lessThan("id", 5), equal("id", 50))))
        .as("and: one side cannot match")
        .isFalse();
    assertThat(mightMatch(or(lessThan("id", 5), equal("id", 50))))
        .as("or: one side might match")
        .isTrue();
    assertThat(mightMatch(or(lessThan("id", 5), greaterThan("id", 79))))
        .as("or: neither side")
        .isFalse();
    assertThat(mightMatch(not(greaterThanOrEqual("id", 30))))
        .as("not is rewritten: id < 30 is below the lower bound")
        .isFalse();
  }

  @Test
  void missingMetricsNeverPrune() {
    List<Expression> filters =
        List.of(
            isNull("no_stats"),
            notNull("no_stats"),
            lessThan("no_stats", 5),
            lessThanOrEqual("no_stats", 5),
            greaterThan("no_stats", 5),
            greaterThanOrEqual("no_stats", 5),
            equal("no_stats", 5),
            notEqual("no_stats", 5),
            in("no_stats", 5, 6),
            notIn("no_stats", 5, 6));
    for (Expression filter : filters) {
      assertThat(mightMatch(filter))
          .as("no metrics for the column: %s might match", filter)
          .isTrue();
    }
    DataFile noMetrics = MetricsFixtures.dataFile("s3://t/none.parquet", 50, ColumnMetrics.EMPTY);
    assertThat(mightMatch(lessThan("id", 5), noMetrics)).as("metrics mode none").isTrue();
    assertThat(mightMatch(startsWith("required_text", "zz"), noMetrics)).isTrue();
    assertThat(mightMatch(isNaN("all_nans"), noMetrics)).isTrue();
    assertThat(mightMatch(notNaN("all_nans"), noMetrics)).isTrue();
  }

  @Test
  void countsWithoutBoundsPruneOnlyOnCounts() {
    DataFile countsOnly = metrics().counts(1, 50, 0).file("s3://t/counts.parquet", 50);
    assertThat(mightMatch(lessThan("id", 5), countsOnly)).as("metrics mode counts").isTrue();
    assertThat(mightMatch(equal("id", 5), countsOnly)).isTrue();
    assertThat(mightMatch(greaterThan("id", 5), countsOnly)).isTrue();
    assertThat(mightMatch(in("id", 5, 6), countsOnly)).isTrue();
  }

  @Test
  void columnOfNullsMatchesOnlyIsNullAndNotNaN() {
    assertThat(mightMatch(isNull("all_nulls"))).isTrue();
    assertThat(mightMatch(notNull("all_nulls"))).as("all null: not-null cannot match").isFalse();
    assertThat(mightMatch(lessThan("all_nulls", "a"))).isFalse();
    assertThat(mightMatch(lessThanOrEqual("all_nulls", "a"))).isFalse();
    assertThat(mightMatch(greaterThan("all_nulls", "a"))).isFalse();
    assertThat(mightMatch(greaterThanOrEqual("all_nulls", "a"))).isFalse();
    assertThat(mightMatch(equal("all_nulls", "a"))).isFalse();
    assertThat(mightMatch(in("all_nulls", "a", "b"))).isFalse();
    assertThat(mightMatch(startsWith("all_nulls", "a"))).isFalse();
    assertThat(mightMatch(notEqual("all_nulls", "a")))
        .as("SQL: null != 'a' is unknown, so a column of nulls cannot match")
        .isFalse();
    assertThat(mightMatch(notIn("all_nulls", "a", "b"))).as("null not in (...)").isFalse();
    assertThat(mightMatch(notStartsWith("all_nulls", "a"))).as("null not starts with").isFalse();
    assertThat(mightMatch(isNaN("all_nulls_double"))).as("nulls are not NaN").isFalse();
    assertThat(mightMatch(notNaN("all_nulls_double"))).as("null is not NaN").isTrue();
  }

  @Test
  void columnWithSomeNulls() {
    assertThat(mightMatch(isNull("some_nulls"))).isTrue();
    assertThat(mightMatch(notNull("some_nulls"))).isTrue();
    assertThat(mightMatch(notEqual("some_nulls", "ccc"))).isTrue();
    assertThat(mightMatch(notIn("some_nulls", "bbb", "ccc"))).isTrue();
    assertThat(mightMatch(equal("some_nulls", "aaa"))).as("below the bounds").isFalse();
  }

  @Test
  void columnWithoutNullsCannotMatchIsNull() {
    assertThat(mightMatch(isNull("no_nulls"))).as("null count 0").isFalse();
    assertThat(mightMatch(notNull("no_nulls"))).isTrue();
  }

  @Test
  void requiredColumnIsNeverNull() {
    BoundReference required = new BoundReference(2, "no_stats", INT, false);
    BoundPredicate isNull = BoundPredicate.unary(Operation.IS_NULL, required);
    assertThat(new InclusiveMetricsEvaluator(isNull).rowsMightMatch(FILE))
        .as("a required field holds no nulls, even without a null count")
        .isFalse();
    BoundReference optional = new BoundReference(2, "no_stats", INT, true);
    assertThat(
            new InclusiveMetricsEvaluator(BoundPredicate.unary(Operation.IS_NULL, optional))
                .rowsMightMatch(FILE))
        .isTrue();
  }

  @Test
  void columnOfNaNs() {
    assertThat(mightMatch(isNaN("all_nans"))).isTrue();
    assertThat(mightMatch(notNaN("all_nans"))).as("every value is NaN").isFalse();
    assertThat(mightMatch(isNull("all_nans"))).as("NaN count equals value count").isFalse();
    assertThat(mightMatch(notNull("all_nans"))).isTrue();
    assertThat(mightMatch(lessThan("all_nans", 1.0))).as("NaN is not below anything").isFalse();
    assertThat(mightMatch(lessThanOrEqual("all_nans", 1.0))).isFalse();
    assertThat(mightMatch(equal("all_nans", 1.0))).isFalse();
    assertThat(mightMatch(in("all_nans", 1.0, 2.0))).isFalse();
    assertThat(mightMatch(greaterThan("all_nans", 1.0)))
        .as("NaN sorts above every number, as BoundPredicate.test has it")
        .isTrue();
    assertThat(mightMatch(greaterThanOrEqual("all_nans", 1.0))).isTrue();
    assertThat(mightMatch(notEqual("all_nans", 1.0))).as("NaN != 1.0").isTrue();
    assertThat(mightMatch(notIn("all_nans", 1.0, 2.0))).isTrue();
  }

  @Test
  void columnWithSomeNaNs() {
    assertThat(mightMatch(isNaN("some_nans"))).isTrue();
    assertThat(mightMatch(notNaN("some_nans"))).isTrue();
    assertThat(mightMatch(lessThan("some_nans", 1.0f))).as("bounds [1, 2]").isFalse();
    assertThat(mightMatch(equal("some_nans", 3.0f))).isFalse();
    assertThat(mightMatch(greaterThan("some_nans", 3.0f)))
        .as("the NaNs are above 3.0 even though the bounds are not")
        .isTrue();
  }

  @Test
  void columnWithoutNaNs() {
    assertThat(mightMatch(isNaN("no_nans"))).as("NaN count 0").isFalse();
    assertThat(mightMatch(notNaN("no_nans"))).isTrue();
    assertThat(mightMatch(greaterThan("no_nans", 2.0f))).as("no NaN above the bounds").isFalse();
    assertThat(mightMatch(greaterThanOrEqual("no_nans", 2.0f))).isTrue();
    assertThat(mightMatch(greaterThanOrEqual("no_nans", 2.5f))).isFalse();
  }

  @Test
  void unknownNaNCountMightHideNaNs() {
    assertThat(mightMatch(isNaN("no_nan_stats"))).isTrue();
    assertThat(mightMatch(greaterThan("no_nan_stats", 5.0)))
        .as("values above the bounds may be NaN")
        .isTrue();
    assertThat(mightMatch(lessThan("no_nan_stats", 0.5))).as("NaN is not below 0.5").isFalse();
    assertThat(mightMatch(equal("no_nan_stats", 5.0))).isFalse();
  }

  @Test
  void nanBoundsAreIgnored() {
    assertThat(mightMatch(lessThan("nan_bounds", 0.5f)))
        .as("a NaN lower bound (old ORC writers) bounds nothing")
        .isTrue();
    assertThat(mightMatch(equal("nan_bounds", 0.5f))).isTrue();
    assertThat(mightMatch(in("nan_bounds", 0.5f, 0.7f))).isTrue();
    assertThat(mightMatch(greaterThan("nan_bounds", 0.5f))).isTrue();
    DataFile lowerOnly =
        metrics()
            .counts(11, 50, 0)
            .nans(11, 0)
            .rawBounds(
                11,
                SingleValueBinary.toBytes(FLOAT, Float.NaN),
                SingleValueBinary.toBytes(FLOAT, 2.0f))
            .file("s3://t/nan-lower.orc", 50);
    assertThat(mightMatch(lessThan("nan_bounds", 0.5f), lowerOnly)).isTrue();
    assertThat(mightMatch(greaterThan("nan_bounds", 2.0f), lowerOnly))
        .as("the upper bound still prunes")
        .isFalse();
  }

  @Test
  void columnOfNullsAndNaNs() {
    assertThat(mightMatch(lessThan("nulls_and_nans", 1.0))).isFalse();
    assertThat(mightMatch(equal("nulls_and_nans", 1.0))).isFalse();
    assertThat(mightMatch(in("nulls_and_nans", 1.0, 2.0))).isFalse();
    assertThat(mightMatch(greaterThan("nulls_and_nans", 1.0))).as("the NaNs").isTrue();
    assertThat(mightMatch(isNull("nulls_and_nans"))).isTrue();
    assertThat(mightMatch(isNaN("nulls_and_nans"))).isTrue();
    assertThat(mightMatch(notNaN("nulls_and_nans"))).as("the nulls").isTrue();
    assertThat(mightMatch(notNull("nulls_and_nans"))).isTrue();
  }

  @Test
  void comparisonsAgainstIntegerBounds() {
    assertThat(mightMatch(lessThan("id", 5))).as("below lower bound 30").isFalse();
    assertThat(mightMatch(lessThan("id", 30))).as("id < lower bound").isFalse();
    assertThat(mightMatch(lessThan("id", 31))).isTrue();
    assertThat(mightMatch(lessThanOrEqual("id", 29))).isFalse();
    assertThat(mightMatch(lessThanOrEqual("id", 30))).isTrue();
    assertThat(mightMatch(greaterThan("id", 79))).as("id > upper bound").isFalse();
    assertThat(mightMatch(greaterThan("id", 78))).isTrue();
    assertThat(mightMatch(greaterThanOrEqual("id", 80))).isFalse();
    assertThat(mightMatch(greaterThanOrEqual("id", 79))).isTrue();
    assertThat(mightMatch(equal("id", 29))).isFalse();
    assertThat(mightMatch(equal("id", 30))).isTrue();
    assertThat(mightMatch(equal("id", 50))).isTrue();
    assertThat(mightMatch(equal("id", 79))).isTrue();
    assertThat(mightMatch(equal("id", 80))).isFalse();
    assertThat(mightMatch(notEqual("id", 5))).isTrue();
    assertThat(mightMatch(notEqual("id", 50))).isTrue();
  }

  @Test
  void notEqualIsNotDecidedByEqualBounds() {
    DataFile single =
        metrics().counts(1, 50, 0).bounds(1, INT, 5, 5).file("s3://t/five.parquet", 50);
    assertThat(mightMatch(notEqual("id", 5), single))
        .as("bounds need not be values of the column: they cannot prove every value is 5")
        .isTrue();
    assertThat(mightMatch(notIn("id", 5, 6), single)).isTrue();
  }

  @Test
  void inAgainstBounds() {
    assertThat(mightMatch(in("id", 5, 6))).as("all below").isFalse();
    assertThat(mightMatch(in("id", 80, 81))).as("all above").isFalse();
    assertThat(mightMatch(in("id", 5, 50))).isTrue();
    assertThat(mightMatch(in("id", 29, 80))).as("around the bounds, none inside").isFalse();
    assertThat(mightMatch(in("id", 29, 30))).isTrue();
    assertThat(mightMatch(in("id", 79, 80))).isTrue();
  }

  @Test
  void inWithAThousandValues() {
    Object[] outside =
        IntStream.concat(IntStream.range(-971, 30), IntStream.range(80, 80)).boxed().toArray();
    assertThat(outside).hasSize(1001);
    assertThat(mightMatch(in("id", outside))).as("1001 values all below 30").isFalse();

    Object[] straddling =
        IntStream.concat(IntStream.range(-470, 30), IntStream.range(80, 580)).boxed().toArray();
    assertThat(straddling).hasSize(1000);
    assertThat(mightMatch(in("id", straddling)))
        .as("1000 values on both sides of [30, 79], none inside")
        .isFalse();

    List<Object> withOneInside = new ArrayList<>(List.of(straddling));
    withOneInside.set(500, 55);
    assertThat(mightMatch(in("id", withOneInside.toArray())))
        .as("one of 1000 values inside the bounds")
        .isTrue();

    Object[] beyondAnyCap = IntStream.range(100, 100_000).boxed().toArray();
    assertThat(mightMatch(in("id", beyondAnyCap))).as("99 900 values, all above").isFalse();
    assertThat(mightMatch(notIn("id", beyondAnyCap))).isTrue();
  }

  @Test
  void truncatedStringBounds() {
    assertThat(mightMatch(equal("required_text", "abcxyz")))
        .as("the lower bound is a prefix")
        .isTrue();
    assertThat(mightMatch(equal("required_text", "abd"))).isTrue();
    assertThat(mightMatch(equal("required_text", "abda"))).as("above the upper bound").isFalse();
    assertThat(mightMatch(equal("required_text", "ab"))).as("below the lower bound").isFalse();
    assertThat(mightMatch(lessThan("required_text", "abc"))).isFalse();
    assertThat(mightMatch(lessThanOrEqual("required_text", "abc"))).isTrue();
    assertThat(mightMatch(greaterThan("required_text", "abd"))).isFalse();
    assertThat(mightMatch(greaterThan("required_text", "abcz"))).isTrue();
  }

  @Test
  void startsWithAgainstTruncatedBounds() {
    assertThat(mightMatch(startsWith("required_text", "a"))).isTrue();
    assertThat(mightMatch(startsWith("required_text", "ab"))).isTrue();
    assertThat(mightMatch(startsWith("required_text", "abc"))).isTrue();
    assertThat(mightMatch(startsWith("required_text", "abcdef")))
        .as("longer than the truncated lower bound")
        .isTrue();
    assertThat(mightMatch(startsWith("required_text", "abd"))).isTrue();
    assertThat(mightMatch(startsWith("required_text", "abe"))).as("above the upper").isFalse();
    assertThat(mightMatch(startsWith("required_text", "aa"))).as("below the lower").isFalse();
    assertThat(mightMatch(startsWith("required_text", "abb"))).isFalse();
    assertThat(mightMatch(startsWith("required_text", "b"))).isFalse();
    assertThat(mightMatch(startsWith("some_nulls", "c"))).as("inside [bbb, eee]").isTrue();
    assertThat(mightMatch(startsWith("some_nulls", "f"))).isFalse();
  }

  @Test
  void startsWithComparesCodePoints() {
    DataFile emoji =
        metrics()
            .counts(6, 50, 0)
            .bounds(6, STRING, "a\uD83D\uDE00", "a\uD83D\uDE01")
            .file("s3://t/emoji.parquet", 50);
    assertThat(mightMatch(startsWith("no_nulls", "a\uFFFF"), emoji))
        .as("U+FFFF sorts below U+1F600: below the lower bound")
        .isFalse();
    assertThat(mightMatch(startsWith("no_nulls", "a\uD83D\uDE00"), emoji)).isTrue();
    assertThat(mightMatch(startsWith("no_nulls", "a"), emoji)).isTrue();
  }

  @Test
  void notStartsWithPrunesWhenBothBoundsHaveThePrefix() {
    assertThat(mightMatch(notStartsWith("required_text", "ab")))
        .as("both bounds start with ab: every value does")
        .isFalse();
    assertThat(mightMatch(notStartsWith("required_text", "abc")))
        .as("the upper bound abd does not start with abc")
        .isTrue();
    assertThat(mightMatch(notStartsWith("required_text", "abcd")))
        .as("the lower bound is shorter than the prefix")
        .isTrue();
    assertThat(mightMatch(notStartsWith("required_text", "b"))).isTrue();
    DataFile prefixedWithNulls =
        metrics()
            .counts(5, 50, 20)
            .bounds(5, STRING, "pre-a", "pre-z")
            .file("s3://t/prefixed.parquet", 50);
    assertThat(mightMatch(notStartsWith("some_nulls", "pre"), prefixedWithNulls))
        .as("nulls do not satisfy not-starts-with either")
        .isFalse();
  }

  @Test
  void binaryBounds() {
    assertThat(mightMatch(equal("bin", bytes(1, 3)))).isTrue();
    assertThat(mightMatch(equal("bin", bytes(1, 6)))).isFalse();
    assertThat(mightMatch(equal("bin", bytes(1)))).as("a prefix sorts first").isFalse();
    assertThat(mightMatch(lessThan("bin", bytes(1, 2)))).isFalse();
    assertThat(mightMatch(greaterThan("bin", bytes(1, 5)))).isFalse();
    assertThat(mightMatch(greaterThan("bin", bytes(1, 4, 0xff)))).isTrue();
    DataFile unsigned =
        metrics()
            .counts(14, 50, 0)
            .rawBounds(14, bytes(0x7f), bytes(0x80, 0x01))
            .file("s3://t/unsigned.parquet", 50);
    assertThat(mightMatch(equal("bin", bytes(0x80)), unsigned))
        .as("0x80 is 128 and lies between 0x7f and 0x8001")
        .isTrue();
    assertThat(mightMatch(equal("bin", bytes(0xff)), unsigned)).isFalse();
    DataFile truncated =
        metrics()
            .counts(14, 50, 0)
            .rawBounds(14, bytes(1), bytes(2))
            .file("s3://t/truncated.parquet", 50);
    assertThat(mightMatch(equal("bin", bytes(1, 0, 0xff)), truncated))
        .as("a truncated lower bound is a prefix")
        .isTrue();
  }

  @Test
  void uuidBoundsPruneOnlyWhenBothOrdersAgree() {
    UUID low = UUID.fromString("00000000-0000-0000-0000-000000000001");
    UUID middle = UUID.fromString("40000000-0000-0000-0000-000000000000");
    UUID high = UUID.fromString("80000000-0000-0000-0000-000000000000");
    UUID top = UUID.fromString("ffffffff-ffff-ffff-ffff-ffffffffffff");
    // a writer ordering by unsigned bytes, for the values low, middle, high
    DataFile unsignedBounds =
        metrics()
            .counts(15, 50, 0)
            .bounds(15, UUID_TYPE, low, high)
            .file("s3://t/unsigned-uuid.parquet", 50);
    assertThat(middle.compareTo(high))
        .as("precondition: in Java's signed order middle is above high")
        .isPositive();
    assertThat(mightMatch(equal("uuid", middle), unsignedBounds))
        .as("inside the bounds in unsigned byte order")
        .isTrue();
    assertThat(mightMatch(in("uuid", middle, top), unsignedBounds)).isTrue();
    assertThat(mightMatch(greaterThan("uuid", middle), unsignedBounds)).isTrue();
    assertThat(mightMatch(equal("uuid", top), unsignedBounds))
        .as("above high in unsigned order, below low in signed order")
        .isFalse();
    assertThat(mightMatch(in("uuid", top), unsignedBounds)).isFalse();

    // Iceberg 1.10 orders by signed halves: for the values high, top, low that is high < top < low
    DataFile signedBounds =
        metrics()
            .counts(15, 50, 0)
            .bounds(15, UUID_TYPE, high, low)
            .file("s3://t/signed-uuid.parquet", 50);
    assertThat(mightMatch(equal("uuid", top), signedBounds))
        .as("inside the bounds in signed order")
        .isTrue();
    assertThat(mightMatch(lessThan("uuid", top), signedBounds)).isTrue();
    assertThat(mightMatch(greaterThan("uuid", low), signedBounds))
        .as("order comparisons on uuids never prune: high is above low as unsigned bytes")
        .isTrue();
    assertThat(mightMatch(lessThan("uuid", low), unsignedBounds)).isTrue();
    assertThat(mightMatch(equal("uuid", middle), signedBounds))
        .as("above low in signed order; in unsigned order the bounds [high, low] hold nothing")
        .isFalse();
  }

  @Test
  void decimalBounds() {
    assertThat(mightMatch(equal("dec", new BigDecimal("5.50")))).isTrue();
    assertThat(mightMatch(equal("dec", new BigDecimal("10.00")))).isFalse();
    assertThat(mightMatch(lessThan("dec", new BigDecimal("1.00")))).isFalse();
    assertThat(mightMatch(lessThanOrEqual("dec", new BigDecimal("1.00")))).isTrue();
    assertThat(mightMatch(greaterThan("dec", new BigDecimal("9.99")))).isFalse();
    assertThat(mightMatch(in("dec", new BigDecimal("0.50"), new BigDecimal("12.00")))).isFalse();
  }

  @Test
  void dateAndTimestampBounds() {
    assertThat(mightMatch(equal("day", 19005))).isTrue();
    assertThat(mightMatch(lessThan("day", 19000))).isFalse();
    assertThat(mightMatch(greaterThan("day", 19010))).isFalse();
    assertThat(mightMatch(equal("ts", 1_500_000L))).isTrue();
    assertThat(mightMatch(greaterThanOrEqual("ts", 2_000_001L))).isFalse();
    assertThat(mightMatch(lessThanOrEqual("ts", 999_999L))).isFalse();
  }

  @Test
  void boundsWrittenBeforePromotionAreWidened() {
    assertThat(mightMatch(equal("promoted", 50L))).as("4-byte int bounds of a long").isTrue();
    assertThat(mightMatch(equal("promoted", 80L))).isFalse();
    assertThat(mightMatch(lessThan("promoted", 30L))).isFalse();
    assertThat(mightMatch(equal("promoted_ts", MICROS_PER_DAY)))
        .as("midnight of day 1, the upper date bound")
        .isTrue();
    assertThat(mightMatch(equal("promoted_ts", MICROS_PER_DAY + 1))).isFalse();
    assertThat(mightMatch(lessThan("promoted_ts", 0L))).isFalse();
  }

  @Test
  void signedZeroBoundsAreLoosened() {
    assertThat(mightMatch(equal("zero", -0.0)))
        .as("bounds +0.0 written for -0.0: -0.0 might be there")
        .isTrue();
    assertThat(mightMatch(lessThan("zero", 0.0)))
        .as("SQL's -0.0 = 0.0: no zero is less than 0.0")
        .isFalse();
    assertThat(mightMatch(equal("zero", 1.0))).isFalse();
    DataFile negativeZero =
        metrics()
            .counts(22, 50, 0)
            .nans(22, 0)
            .bounds(22, DOUBLE, -0.0, -0.0)
            .file("s3://t/negative-zero.parquet", 50);
    assertThat(mightMatch(equal("zero", 0.0), negativeZero)).isTrue();
    assertThat(mightMatch(greaterThan("zero", 0.0), negativeZero)).isFalse();
  }

  @Test
  void typesWithoutOrderNeverPrune() {
    BoundReference variant = new BoundReference(21, "var", type(TypeId.VARIANT), true);
    assertThat(
            new InclusiveMetricsEvaluator(BoundPredicate.unary(Operation.IS_NULL, variant))
                .rowsMightMatch(FILE))
        .as("variant null counts are not trusted")
        .isTrue();
  }

  @Test
  void transformTermsNeverPrune() {
    BoundReference id = new BoundReference(1, "id", INT, false);
    BoundTransform identity = new BoundTransform(id, Transform.parse("identity"));
    assertThat(
            new InclusiveMetricsEvaluator(BoundPredicate.literal(Operation.LT, identity, 5))
                .rowsMightMatch(FILE))
        .as("a transform term might match")
        .isTrue();
    BoundReference allNulls = new BoundReference(4, "all_nulls", STRING, true);
    BoundTransform voided = new BoundTransform(allNulls, Transform.parse("void"));
    assertThat(
            new InclusiveMetricsEvaluator(BoundPredicate.unary(Operation.NOT_NULL, voided))
                .rowsMightMatch(FILE))
        .isTrue();
  }

  @Test
  void malformedBoundIsCorruptTable() {
    DataFile corrupt =
        metrics()
            .counts(1, 50, 0)
            .rawBounds(1, bytes(1, 2, 3), bytes(1, 0, 0, 0))
            .file("s3://bucket/t/data/corrupt.parquet", 50);
    assertThatThrownBy(() -> mightMatch(lessThan("id", 5), corrupt))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("lower bound of column id (id 1, int)")
        .hasMessageContaining("s3://bucket/t/data/corrupt.parquet")
        .hasMessageContaining("3 bytes");
    assertThat(mightMatch(notNull("id"), corrupt))
        .as("bounds are decoded only when the predicate needs them")
        .isTrue();
  }

  @Test
  void rejectsExpressionsThatAreNotBoundOrStillHoldNot() {
    assertThatThrownBy(() -> new InclusiveMetricsEvaluator(lessThan("id", 5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot build a InclusiveMetricsEvaluator")
        .hasMessageContaining("bind the expression first");
    BoundPredicate bound =
        BoundPredicate.literal(Operation.LT, new BoundReference(1, "id", INT, false), 5);
    assertThatThrownBy(() -> new InclusiveMetricsEvaluator(and(bound, new Not(bound))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rewrites not");
  }

  @Test
  void evaluatorIsReusableAcrossFiles() {
    InclusiveMetricsEvaluator evaluator =
        new InclusiveMetricsEvaluator(Binder.bind(SCHEMA, equal("id", 50), true));
    DataFile other =
        metrics().counts(1, 10, 0).bounds(1, INT, 100, 200).file("s3://t/other.parquet", 10);
    assertThat(evaluator.rowsMightMatch(FILE)).isTrue();
    assertThat(evaluator.rowsMightMatch(other)).isFalse();
    assertThat(evaluator.rowsMightMatch(FILE)).as("no state left from the last file").isTrue();
  }

  @Test
  void bytesOfBoundsAreNotConsumed() {
    ByteBuffer lower = SingleValueBinary.toBytes(INT, 30);
    DataFile file =
        metrics()
            .counts(1, 50, 0)
            .rawBounds(1, lower, SingleValueBinary.toBytes(INT, 79))
            .file("s3://t/f.parquet", 50);
    mightMatch(lessThan("id", 5), file);
    assertThat(file.metrics().lowerBounds().get(1).remaining())
        .as("decoding leaves the metrics' buffers as they were")
        .isEqualTo(4);
  }
}
