package dev.floe.spark.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.aggregate.Aggregate;
import dev.floe.spark.convert.SparkSchemas;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;

/**
 * The partial rows of an aggregation over random batches combine, as Spark combines them, to the
 * aggregates computed value by value; no partial sum leaves its result type, however long or large
 * the input.
 */
class TestRowAggregation {
  private static final int BATCH = 64;
  private static final Schema PROJECTION =
      new Schema(
          0,
          List.of(
              NestedField.optional(1, "big", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "price", PrimitiveType.decimal(4, 2)),
              NestedField.optional(3, "amount", PrimitiveType.decimal(18, 0)),
              NestedField.optional(4, "n", PrimitiveType.of(TypeId.INT)),
              NestedField.optional(5, "day", PrimitiveType.of(TypeId.DATE))),
          Set.of());
  private static final Aggregate.Kind[] KINDS = {
    Aggregate.Kind.COUNT_STAR,
    Aggregate.Kind.COUNT,
    Aggregate.Kind.SUM,
    Aggregate.Kind.SUM,
    Aggregate.Kind.SUM,
    Aggregate.Kind.SUM,
    Aggregate.Kind.MIN,
    Aggregate.Kind.MAX,
    Aggregate.Kind.MIN,
  };
  private static final Aggregate.Argument[] OF_VALUES = new Aggregate.Argument[KINDS.length];

  static {
    java.util.Arrays.fill(OF_VALUES, Aggregate.Argument.VALUE);
  }

  private static final int[] COLUMNS = {-1, 0, 0, 1, 2, 3, 4, 4, 1};
  private static final boolean[] EVERY_ONE = {true, true, true, true, true, true, true, true, true};

  @Test
  void partialRowsCombineToTheExactAggregatesAndEachFitsItsType() {
    Random random = new Random(26);
    RowAggregation aggregation =
        RowAggregation.of(KINDS, OF_VALUES, COLUMNS, EVERY_ONE, PROJECTION, BATCH);
    List<List<BigDecimal>> columns = new ArrayList<>();
    for (int column = 0; column < PROJECTION.columns().size(); column++) {
      columns.add(new ArrayList<>());
    }
    long rows = 0;
    List<InternalRow> partials = new ArrayList<>();
    for (int batch = 0; batch < 400; batch++) {
      int size = 1 + random.nextInt(BATCH);
      aggregation.add(batch(random, size, columns));
      rows += size;
      List<InternalRow> setAside = aggregation.takeSetAside();
      assertThat(setAside.size())
          .as("a batch of %d rows sets aside at most one sum per row and sum", size)
          .isLessThanOrEqualTo(size * 4);
      partials.addAll(setAside);
    }
    assertThat(aggregation.takeSetAside()).as("taken rows are gone").isEmpty();
    partials.add(aggregation.result());
    assertThat(partials.size())
        .as("long sums near 2^63 and 4-digit sums are set aside")
        .isGreaterThan(100);

    assertThat(sumOfLongs(partials, 0)).isEqualTo(rows);
    assertThat(sumOfLongs(partials, 1)).isEqualTo(nonNull(columns.get(0)));
    assertThat(exactSumOfLongs(partials, 2))
        .as("each partial sum of longs near 2^63 is exact: none wrapped")
        .isEqualTo(exactSum(columns.get(0)).toBigIntegerExact());
    assertThat(decimalSum(partials, 3, 4, 2)).isEqualByComparingTo(exactSum(columns.get(1)));
    assertThat(decimalSum(partials, 4, 18, 0)).isEqualByComparingTo(exactSum(columns.get(2)));
    assertThat(BigDecimal.valueOf(sumOfLongs(partials, 5)))
        .isEqualByComparingTo(exactSum(columns.get(3)));
    assertThat(extreme(partials, 6, false)).isEqualTo(min(columns.get(4)).longValueExact());
    assertThat(extreme(partials, 7, true)).isEqualTo(max(columns.get(4)).longValueExact());
    assertThat(decimalExtreme(partials, 8, 4, 2)).isEqualByComparingTo(min(columns.get(1)));
  }

  @Test
  void withoutValuesSumsAndBoundsAreNullAndCountsZero() {
    RowAggregation aggregation =
        RowAggregation.of(KINDS, OF_VALUES, COLUMNS, EVERY_ONE, PROJECTION, BATCH);
    aggregation.add(batchOfNulls(5));
    assertThat(aggregation.takeSetAside()).isEmpty();
    InternalRow row = aggregation.result();
    assertThat(row.getLong(0)).isEqualTo(5);
    assertThat(row.getLong(1)).isZero();
    for (int function = 2; function < KINDS.length; function++) {
      assertThat(row.isNullAt(function)).as("function %d", function).isTrue();
    }
  }

  @Test
  void rowsCountedWithoutReadingThemOnlyFeedCountStar() {
    RowAggregation counts =
        RowAggregation.of(
            new Aggregate.Kind[] {Aggregate.Kind.COUNT_STAR},
            new Aggregate.Argument[] {Aggregate.Argument.VALUE},
            new int[] {-1},
            new boolean[] {true},
            PROJECTION,
            BATCH);
    counts.addCountedRows(41);
    counts.addCountedRows(1);
    assertThat(counts.result().getLong(0)).isEqualTo(42);
    RowAggregation sums =
        RowAggregation.of(KINDS, OF_VALUES, COLUMNS, EVERY_ONE, PROJECTION, BATCH);
    assertThatThrownBy(() -> sums.addCountedRows(1)).isInstanceOf(IllegalStateException.class);
  }

  /**
   * Functions the manifests answer stay neutral in every partial row, those set aside included, so
   * the engine's combination counts them once, from the metadata row.
   */
  @Test
  void functionsAnsweredElsewhereStayNeutral() {
    boolean[] sumsOnly = {false, false, true, true, true, true, false, false, false};
    int[] columns = {-1, -1, 0, 1, 2, 3, -1, -1, -1};
    RowAggregation aggregation =
        RowAggregation.of(KINDS, OF_VALUES, columns, sumsOnly, PROJECTION, BATCH);
    List<List<BigDecimal>> values = new ArrayList<>();
    for (int column = 0; column < PROJECTION.columns().size(); column++) {
      values.add(new ArrayList<>());
    }
    Random random = new Random(7);
    List<InternalRow> partials = new ArrayList<>();
    for (int batch = 0; batch < 50; batch++) {
      aggregation.add(batch(random, BATCH, values));
      partials.addAll(aggregation.takeSetAside());
    }
    partials.add(aggregation.result());
    assertThat(partials.size()).as("sums set aside").isGreaterThan(1);
    for (InternalRow partial : partials) {
      assertThat(partial.getLong(0)).as("COUNT(*) answered elsewhere").isZero();
      assertThat(partial.getLong(1)).as("COUNT(big) answered elsewhere").isZero();
      for (int function = 6; function < KINDS.length; function++) {
        assertThat(partial.isNullAt(function)).as("bound %d answered elsewhere", function).isTrue();
      }
    }
    assertThat(decimalSum(partials, 3, 4, 2)).isEqualByComparingTo(exactSum(values.get(1)));
  }

  /**
   * Lengths of strings are their characters, multi-byte ones counted once, whether a vector holds
   * its values or dictionary ids; a null has no length.
   */
  @Test
  void lengthsOfStringsCountTheirCharacters() {
    Schema projection =
        new Schema(
            0,
            List.of(
                NestedField.optional(1, "s", PrimitiveType.of(TypeId.STRING)),
                NestedField.optional(2, "coded", PrimitiveType.of(TypeId.STRING))),
            Set.of());
    String[] strings = {"abc", "", "\u00e9t\u00e9", null, "\ud83d\ude00x", "twelve chars"};
    OnHeapColumnVector plain = new OnHeapColumnVector(strings.length, DataTypes.StringType);
    for (int row = 0; row < strings.length; row++) {
      if (strings[row] == null) {
        plain.putNull(row);
      } else {
        plain.putByteArray(row, strings[row].getBytes(StandardCharsets.UTF_8));
      }
    }
    OnHeapColumnVector coded = new OnHeapColumnVector(strings.length, DataTypes.StringType);
    coded.setDictionary(new Utf8Entries(new String[] {"\u00e9t\u00e9", "a"}));
    var ids = coded.reserveDictionaryIds(strings.length);
    for (int row = 0; row < strings.length; row++) {
      ids.putInt(row, row % 2);
    }
    coded.putNull(5);
    Aggregate.Kind[] kinds = {
      Aggregate.Kind.SUM,
      Aggregate.Kind.MIN,
      Aggregate.Kind.MAX,
      Aggregate.Kind.SUM,
      Aggregate.Kind.MIN
    };
    Aggregate.Argument[] lengths = new Aggregate.Argument[kinds.length];
    java.util.Arrays.fill(lengths, Aggregate.Argument.LENGTH);
    boolean[] computed = new boolean[kinds.length];
    java.util.Arrays.fill(computed, true);
    RowAggregation aggregation =
        RowAggregation.of(kinds, lengths, new int[] {0, 0, 0, 1, 1}, computed, projection, BATCH);
    aggregation.add(new ColumnarBatch(new ColumnVector[] {plain, coded}, strings.length));
    InternalRow row = aggregation.result();

    assertThat(row.getLong(0)).as("characters: 3 + 0 + 3 + 2 + 12").isEqualTo(20);
    assertThat(row.getInt(1)).as("the empty string").isZero();
    assertThat(row.getInt(2)).isEqualTo(12);
    assertThat(row.getLong(3)).as("ids 0, 1, 0, 1, 0 and a null: 3 + 1 + 3 + 1 + 3").isEqualTo(11);
    assertThat(row.getInt(4)).isEqualTo(1);
  }

  /** Entries of a dictionary of strings, as a Spark vector decodes them. */
  record Utf8Entries(String[] entries)
      implements org.apache.spark.sql.execution.vectorized.Dictionary {
    @Override
    public byte[] decodeToBinary(int id) {
      return entries[id].getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public int decodeToInt(int id) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long decodeToLong(int id) {
      throw new UnsupportedOperationException();
    }

    @Override
    public float decodeToFloat(int id) {
      throw new UnsupportedOperationException();
    }

    @Override
    public double decodeToDouble(int id) {
      throw new UnsupportedOperationException();
    }
  }

  private static ColumnarBatch batch(Random random, int size, List<List<BigDecimal>> columns) {
    ColumnVector[] vectors = new ColumnVector[PROJECTION.columns().size()];
    for (int column = 0; column < vectors.length; column++) {
      OnHeapColumnVector vector = vector(column);
      for (int row = 0; row < size; row++) {
        if (random.nextInt(7) == 0) {
          vector.putNull(row);
          columns.get(column).add(null);
          continue;
        }
        BigDecimal value =
            switch (column) {
              case 0 -> {
                long big = Long.MAX_VALUE - random.nextInt(1000);
                yield BigDecimal.valueOf(random.nextBoolean() ? big : -big);
              }
              case 1 -> BigDecimal.valueOf(random.nextInt(19999) - 9999, 2);
              case 2 -> BigDecimal.valueOf(999_999_999_999_999_999L - random.nextInt(1000));
              case 3 -> BigDecimal.valueOf(random.nextInt());
              default -> BigDecimal.valueOf(random.nextInt(40000) - 20000);
            };
        put(vector, column, row, value);
        columns.get(column).add(value);
      }
      vectors[column] = vector;
    }
    return new ColumnarBatch(vectors, size);
  }

  private static ColumnarBatch batchOfNulls(int size) {
    ColumnVector[] vectors = new ColumnVector[PROJECTION.columns().size()];
    for (int column = 0; column < vectors.length; column++) {
      OnHeapColumnVector vector = vector(column);
      vector.putNulls(0, size);
      vectors[column] = vector;
    }
    return new ColumnarBatch(vectors, size);
  }

  private static OnHeapColumnVector vector(int column) {
    DataType type = SparkSchemas.toSpark(PROJECTION).fields()[column].dataType();
    return new OnHeapColumnVector(BATCH, type);
  }

  private static void put(OnHeapColumnVector vector, int column, int row, BigDecimal value) {
    switch (column) {
      case 0, 2 -> vector.putLong(row, value.unscaledValue().longValueExact());
      case 1, 3, 4 -> vector.putInt(row, value.unscaledValue().intValueExact());
      default -> throw new IllegalArgumentException("column " + column);
    }
  }

  private static long sumOfLongs(List<InternalRow> partials, int function) {
    long sum = 0;
    for (InternalRow partial : partials) {
      if (!partial.isNullAt(function)) {
        sum = Math.addExact(sum, partial.getLong(function));
      }
    }
    return sum;
  }

  private static BigInteger exactSumOfLongs(List<InternalRow> partials, int function) {
    BigInteger sum = BigInteger.ZERO;
    for (InternalRow partial : partials) {
      if (!partial.isNullAt(function)) {
        sum = sum.add(BigInteger.valueOf(partial.getLong(function)));
      }
    }
    return sum;
  }

  private static BigDecimal decimalSum(
      List<InternalRow> partials, int function, int precision, int scale) {
    BigDecimal sum = BigDecimal.ZERO;
    for (InternalRow partial : partials) {
      if (!partial.isNullAt(function)) {
        Decimal value = partial.getDecimal(function, precision, scale);
        assertThat(value.toJavaBigDecimal().precision())
            .as("a partial sum fits decimal(%d, %d): %s", precision, scale, value)
            .isLessThanOrEqualTo(precision);
        sum = sum.add(value.toJavaBigDecimal());
      }
    }
    return sum;
  }

  private static long extreme(List<InternalRow> partials, int function, boolean maximum) {
    Long extreme = null;
    for (InternalRow partial : partials) {
      if (!partial.isNullAt(function)) {
        long value = partial.getInt(function);
        if (extreme == null || (maximum ? value > extreme : value < extreme)) {
          extreme = value;
        }
      }
    }
    return extreme;
  }

  private static BigDecimal decimalExtreme(
      List<InternalRow> partials, int function, int precision, int scale) {
    BigDecimal extreme = null;
    for (InternalRow partial : partials) {
      if (!partial.isNullAt(function)) {
        BigDecimal value = partial.getDecimal(function, precision, scale).toJavaBigDecimal();
        if (extreme == null || value.compareTo(extreme) < 0) {
          extreme = value;
        }
      }
    }
    return extreme;
  }

  private static long nonNull(List<BigDecimal> values) {
    return values.stream().filter(value -> value != null).count();
  }

  private static BigDecimal exactSum(List<BigDecimal> values) {
    return values.stream().filter(value -> value != null).reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  private static BigDecimal min(List<BigDecimal> values) {
    return values.stream().filter(value -> value != null).min(BigDecimal::compareTo).orElseThrow();
  }

  private static BigDecimal max(List<BigDecimal> values) {
    return values.stream().filter(value -> value != null).max(BigDecimal::compareTo).orElseThrow();
  }
}
