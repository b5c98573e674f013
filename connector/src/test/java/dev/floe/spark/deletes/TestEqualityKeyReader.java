package dev.floe.spark.deletes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import dev.floe.table.ListType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.StructType;
import dev.floe.table.Type;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

class TestEqualityKeyReader {
  private static final String WHERE = "of file:/t/deletes/eq-1.parquet (table db.t)";

  /**
   * One column of {@code rows} values written by {@code put}, read with a key reader for {@code
   * type}.
   */
  private record OneColumn(EqualityKeyReader reader, ColumnarBatch batch, Type type) {
    Object copied(int row) {
      return reader.copiedKey(batch, row);
    }

    Object probe(int row) {
      return reader.probeKey(batch, row);
    }

    /** The packed key of {@code row}: its value, then its null mask. */
    List<Long> packed(int row) {
      long[] key = new long[1];
      long nulls = reader.packedKey(batch, row, key);
      return List.of(key[0], nulls);
    }
  }

  /**
   * Packed keys compare as the keys {@link EqualityKeyReader#copiedKey} gives, row for row, and
   * unpack to them; a column that does not pack has no packed keys.
   */
  private static void assertPacksAsCopied(OneColumn column, int rows, boolean packs) {
    assertThat(column.reader().packsIntoLongs()).as("packs into longs").isEqualTo(packs);
    if (!packs) {
      return;
    }
    for (int row = 0; row < rows; row++) {
      List<Long> packed = column.packed(row);
      assertThat(
              EqualityKeyReader.unpackedKey(
                  new long[] {packed.get(0)},
                  packed.get(1),
                  List.of(NestedField.optional(1, "c", column.type()))))
          .as("row %s unpacks to its key", row)
          .isEqualTo(column.copied(row));
      for (int other = 0; other < rows; other++) {
        assertThat(packed.equals(column.packed(other)))
            .as("rows %s and %s: packed keys equal exactly when the keys are", row, other)
            .isEqualTo(java.util.Objects.equals(column.copied(row), column.copied(other)));
      }
    }
  }

  private static OneColumn column(
      Type type, DataType sparkType, int rows, BiConsumer<OnHeapColumnVector, Integer> put) {
    OnHeapColumnVector vector = new OnHeapColumnVector(rows, sparkType);
    for (int row = 0; row < rows; row++) {
      put.accept(vector, row);
    }
    EqualityKeyReader reader =
        EqualityKeyReader.of(List.of(NestedField.optional(1, "c", type)), new int[] {0}, WHERE);
    return new OneColumn(reader, new ColumnarBatch(new ColumnVector[] {vector}, rows), type);
  }

  /** Rows 0 and 1 hold equal values, row 2 a different one, row 3 null. */
  private static void assertComparesByValue(OneColumn column, Object expectedRow0) {
    assertThat(column.copied(0)).as("key value of row 0").isEqualTo(expectedRow0);
    assertThat(column.copied(0)).as("equal values give equal keys").isEqualTo(column.copied(1));
    assertThat(column.copied(0)).as("different values differ").isNotEqualTo(column.copied(2));
    assertThat(column.copied(3)).as("null key").isNull();
    Set<Object> stored = new HashSet<>();
    stored.add(column.copied(0));
    stored.add(column.copied(3));
    assertThat(stored.contains(column.probe(1))).as("probe of an equal value is found").isTrue();
    assertThat(stored.contains(column.probe(3))).as("null probe finds the null key").isTrue();
    assertThat(stored.contains(column.probe(2))).as("a different value is not found").isFalse();
    assertPacksAsCopied(column, 4, column.reader().packsIntoLongs());
  }

  private static BiConsumer<OnHeapColumnVector, Integer> values(Object... values) {
    return (vector, row) -> {
      Object value = values[row];
      if (value == null) {
        vector.putNull(row);
      } else if (value instanceof Boolean flag) {
        vector.putBoolean(row, flag);
      } else if (value instanceof Integer number) {
        vector.putInt(row, number);
      } else if (value instanceof Long number) {
        vector.putLong(row, number);
      } else if (value instanceof Float number) {
        vector.putFloat(row, number);
      } else if (value instanceof Double number) {
        vector.putDouble(row, number);
      } else if (value instanceof String text) {
        vector.putByteArray(row, text.getBytes(StandardCharsets.UTF_8));
      } else if (value instanceof byte[] bytes) {
        vector.putByteArray(row, bytes);
      } else {
        throw new AssertionError("unexpected fixture value " + value);
      }
    };
  }

  @Test
  void booleans() {
    assertComparesByValue(
        column(
            PrimitiveType.of(TypeId.BOOLEAN),
            DataTypes.BooleanType,
            4,
            values(true, true, false, null)),
        true);
  }

  @Test
  void intsAndDates() {
    assertComparesByValue(
        column(PrimitiveType.of(TypeId.INT), DataTypes.IntegerType, 4, values(7, 7, 8, null)), 7);
    assertComparesByValue(
        column(
            PrimitiveType.of(TypeId.DATE),
            DataTypes.DateType,
            4,
            values(19000, 19000, 19001, null)),
        19000);
  }

  @Test
  void longsTimesAndTimestamps() {
    assertComparesByValue(
        column(
            PrimitiveType.of(TypeId.LONG),
            DataTypes.LongType,
            4,
            values(1L << 40, 1L << 40, 1L, null)),
        1L << 40);
    assertComparesByValue(
        column(PrimitiveType.of(TypeId.TIME), DataTypes.LongType, 4, values(5L, 5L, 6L, null)), 5L);
    assertComparesByValue(
        column(
            PrimitiveType.of(TypeId.TIMESTAMP),
            DataTypes.TimestampNTZType,
            4,
            values(10L, 10L, 11L, null)),
        10L);
    assertComparesByValue(
        column(
            PrimitiveType.of(TypeId.TIMESTAMPTZ),
            DataTypes.TimestampType,
            4,
            values(-10L, -10L, 11L, null)),
        -10L);
  }

  @Test
  void floatsAndDoubles() {
    assertComparesByValue(
        column(
            PrimitiveType.of(TypeId.FLOAT), DataTypes.FloatType, 4, values(1.5f, 1.5f, 2.5f, null)),
        1.5f);
    assertComparesByValue(
        column(
            PrimitiveType.of(TypeId.DOUBLE),
            DataTypes.DoubleType,
            4,
            values(1.5d, 1.5d, 2.5d, null)),
        1.5d);
  }

  @Test
  void floatNanEqualsNanAndNegativeZeroIsNotZero() {
    float otherNan = Float.intBitsToFloat(0x7fc00001);
    OneColumn floats =
        column(
            PrimitiveType.of(TypeId.FLOAT),
            DataTypes.FloatType,
            4,
            values(Float.NaN, otherNan, -0.0f, 0.0f));

    assertThat(floats.copied(0)).as("NaN equals NaN, whatever its bits").isEqualTo(floats.probe(1));
    assertThat(floats.copied(2)).as("-0.0 is not 0.0").isNotEqualTo(floats.probe(3));

    double otherDoubleNan = Double.longBitsToDouble(0x7ff8000000000001L);
    OneColumn doubles =
        column(
            PrimitiveType.of(TypeId.DOUBLE),
            DataTypes.DoubleType,
            4,
            values(Double.NaN, otherDoubleNan, -0.0d, 0.0d));

    assertThat(doubles.copied(0)).as("double NaN equals NaN").isEqualTo(doubles.probe(1));
    assertThat(doubles.copied(2)).as("double -0.0 is not 0.0").isNotEqualTo(doubles.probe(3));

    assertPacksAsCopied(floats, 4, true);
    assertPacksAsCopied(doubles, 4, true);
  }

  private static BiConsumer<OnHeapColumnVector, Integer> decimals(
      int precision, int scale, String... values) {
    return (vector, row) -> {
      if (values[row] == null) {
        vector.putNull(row);
      } else {
        Decimal decimal = Decimal.apply(new BigDecimal(values[row]).setScale(scale));
        decimal.changePrecision(precision, scale);
        vector.putDecimal(row, decimal, precision);
      }
    };
  }

  @Test
  void decimalsUpToPrecision18CompareByUnscaledLong() {
    OneColumn column =
        column(
            PrimitiveType.decimal(18, 2),
            DataTypes.createDecimalType(18, 2),
            4,
            decimals(18, 2, "1.50", "1.5", "-1.50", null));

    assertComparesByValue(column, 150L);
  }

  @Test
  void decimalsAbovePrecision18CompareByValue() {
    OneColumn column =
        column(
            PrimitiveType.decimal(30, 4),
            DataTypes.createDecimalType(30, 4),
            4,
            decimals(30, 4, "12345678901234567890.1234", "12345678901234567890.1234", "1", null));

    assertThat(column.copied(0))
        .as("the column's value")
        .isEqualTo(new BigDecimal("12345678901234567890.1234"));
    assertComparesByValue(column, new BigDecimal("12345678901234567890.1234"));
  }

  @Test
  void stringsAreCopiedForStorageButNotForProbes() {
    OnHeapColumnVector vector = new OnHeapColumnVector(2, DataTypes.StringType);
    vector.putByteArray(0, "abc".getBytes(StandardCharsets.UTF_8));
    ColumnarBatch batch = new ColumnarBatch(new ColumnVector[] {vector}, 1);
    EqualityKeyReader reader =
        EqualityKeyReader.of(
            List.of(NestedField.optional(1, "s", PrimitiveType.of(TypeId.STRING))),
            new int[] {0},
            WHERE);

    Object copied = reader.copiedKey(batch, 0);
    Object probe = reader.probeKey(batch, 0);
    assertThat(copied).as("copy and probe of one row are equal").isEqualTo(probe);
    assertThat(copied.hashCode()).as("and hash alike").isEqualTo(probe.hashCode());

    // the decoder reuses its vectors: the next batch overwrites the bytes in place
    vector.reset();
    vector.putByteArray(0, "xyz".getBytes(StandardCharsets.UTF_8));

    assertThat(copied)
        .as("a stored key outlives its batch")
        .isEqualTo(UTF8String.fromString("abc"));
    assertThat(reader.probeKey(batch, 0))
        .as("the next batch's value")
        .isEqualTo(UTF8String.fromString("xyz"));
  }

  @Test
  void stringsAndBinaries() {
    assertComparesByValue(
        column(
            PrimitiveType.of(TypeId.STRING), DataTypes.StringType, 4, values("é", "é", "e", null)),
        UTF8String.fromString("é"));
    OneColumn binaries =
        column(
            PrimitiveType.of(TypeId.BINARY),
            DataTypes.BinaryType,
            4,
            values(new byte[] {1, 2}, new byte[] {1, 2}, new byte[] {1, 3}, null));
    assertComparesByValue(binaries, java.nio.ByteBuffer.wrap(new byte[] {1, 2}));
  }

  @Test
  void keysOfSeveralColumnsAreListsWithNulls() {
    OnHeapColumnVector ids = new OnHeapColumnVector(2, DataTypes.IntegerType);
    OnHeapColumnVector names = new OnHeapColumnVector(2, DataTypes.StringType);
    ids.putInt(0, 1);
    ids.putNull(1);
    names.putNull(0);
    names.putByteArray(1, "b".getBytes(StandardCharsets.UTF_8));
    // columns in the key's order, not the batch's
    EqualityKeyReader reader =
        EqualityKeyReader.of(
            List.of(
                NestedField.optional(2, "name", PrimitiveType.of(TypeId.STRING)),
                NestedField.optional(1, "id", PrimitiveType.of(TypeId.INT))),
            new int[] {1, 0},
            WHERE);
    ColumnarBatch batch = new ColumnarBatch(new ColumnVector[] {ids, names}, 2);

    assertThat(reader.packsIntoLongs()).as("a string column does not pack").isFalse();
    assertThat(reader.copiedKey(batch, 0)).as("(null, 1)").isEqualTo(Arrays.asList(null, 1));
    assertThat(reader.probeKey(batch, 1))
        .as("(b, null)")
        .isEqualTo(Arrays.asList(UTF8String.fromString("b"), null));
  }

  @Test
  void fixedWidthTypesPackIntoLongsAndOthersDoNot() {
    List<Type> packing =
        List.of(
            PrimitiveType.of(TypeId.BOOLEAN),
            PrimitiveType.of(TypeId.INT),
            PrimitiveType.of(TypeId.LONG),
            PrimitiveType.of(TypeId.FLOAT),
            PrimitiveType.of(TypeId.DOUBLE),
            PrimitiveType.of(TypeId.DATE),
            PrimitiveType.of(TypeId.TIME),
            PrimitiveType.of(TypeId.TIMESTAMP),
            PrimitiveType.of(TypeId.TIMESTAMPTZ),
            PrimitiveType.decimal(18, 2),
            PrimitiveType.of(TypeId.UNKNOWN));
    List<Type> notPacking =
        List.of(
            PrimitiveType.of(TypeId.STRING),
            PrimitiveType.of(TypeId.BINARY),
            PrimitiveType.of(TypeId.UUID),
            PrimitiveType.decimal(19, 2));
    for (Type type : packing) {
      assertThat(keyReader(type).packsIntoLongs()).as("%s packs", type).isTrue();
    }
    for (Type type : notPacking) {
      assertThat(keyReader(type).packsIntoLongs()).as("%s does not pack", type).isFalse();
    }
  }

  @Test
  void keysOfSeveralColumnsPackWithTheirNullsAndUnpackToLists() {
    OnHeapColumnVector ids = new OnHeapColumnVector(3, DataTypes.IntegerType);
    OnHeapColumnVector flags = new OnHeapColumnVector(3, DataTypes.BooleanType);
    ids.putInt(0, 0);
    flags.putNull(0);
    ids.putNull(1);
    flags.putBoolean(1, false);
    ids.putInt(2, 0);
    flags.putBoolean(2, false);
    List<NestedField> fields =
        List.of(
            NestedField.optional(1, "id", PrimitiveType.of(TypeId.INT)),
            NestedField.optional(2, "flag", PrimitiveType.of(TypeId.BOOLEAN)));
    EqualityKeyReader reader = EqualityKeyReader.of(fields, new int[] {0, 1}, WHERE);
    ColumnarBatch batch = new ColumnarBatch(new ColumnVector[] {ids, flags}, 3);

    assertThat(reader.packsIntoLongs()).as("int and boolean pack").isTrue();
    Set<List<Long>> packed = new HashSet<>();
    for (int row = 0; row < 3; row++) {
      long[] key = new long[2];
      long nulls = reader.packedKey(batch, row, key);
      packed.add(List.of(key[0], key[1], nulls));
      assertThat(EqualityKeyReader.unpackedKey(key, nulls, fields))
          .as("row %s unpacks to its key", row)
          .isEqualTo(reader.copiedKey(batch, row));
    }
    assertThat(packed).as("(0, null), (null, false), (0, false) pack apart").hasSize(3);
  }

  private static EqualityKeyReader keyReader(Type type) {
    return EqualityKeyReader.of(List.of(NestedField.optional(1, "c", type)), new int[] {0}, WHERE);
  }

  @Test
  void nanosecondTimestampsAreRefused() {
    for (TypeId nanos : List.of(TypeId.TIMESTAMP_NS, TypeId.TIMESTAMPTZ_NS)) {
      assertThatThrownBy(
              () ->
                  EqualityKeyReader.of(
                      List.of(NestedField.optional(3, "ts", PrimitiveType.of(nanos))),
                      new int[] {0},
                      WHERE))
          .as("refusing %s", nanos)
          .isInstanceOf(InvalidRequestException.class)
          .hasMessageContaining(
              "Cannot apply equality deletes "
                  + WHERE
                  + " on column ts (id 3): Spark reads nanosecond timestamps as microseconds");
    }
  }

  @Test
  void nonPrimitiveColumnsAreRefused() {
    NestedField struct =
        NestedField.optional(
            4,
            "location",
            new StructType(List.of(NestedField.optional(5, "x", PrimitiveType.of(TypeId.INT)))));
    NestedField list =
        NestedField.optional(
            6,
            "tags",
            new ListType(NestedField.optional(7, "element", PrimitiveType.of(TypeId.STRING))));

    assertThatThrownBy(() -> EqualityKeyReader.of(List.of(struct), new int[] {0}, WHERE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(
            "Cannot apply equality deletes "
                + WHERE
                + " on column location (id 4): it is not a primitive column");
    assertThatThrownBy(() -> EqualityKeyReader.of(List.of(list), new int[] {0}, WHERE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("on column tags (id 6): it is not a primitive column");
  }

  @Test
  void variantIsRefused() {
    assertThatThrownBy(
            () ->
                EqualityKeyReader.of(
                    List.of(NestedField.optional(8, "v", PrimitiveType.of(TypeId.VARIANT))),
                    new int[] {0},
                    WHERE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("on column v (id 8): it is a ");
  }

  @Test
  void fieldAndColumnCountsMustAgree() {
    assertThatThrownBy(
            () ->
                EqualityKeyReader.of(
                    List.of(
                        NestedField.optional(1, "a", PrimitiveType.of(TypeId.INT)),
                        NestedField.optional(2, "b", PrimitiveType.of(TypeId.INT))),
                    new int[] {0},
                    WHERE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2 equality fields but 1 columns");
  }

  @Test
  void keySizeEstimateGrowsWithColumns() {
    NestedField id = NestedField.optional(1, "id", PrimitiveType.of(TypeId.INT));
    NestedField name = NestedField.optional(2, "name", PrimitiveType.of(TypeId.STRING));

    assertThat(EqualityKeyReader.estimatedKeySize(List.of(id, name)))
        .as("two columns take more than one")
        .isGreaterThan(EqualityKeyReader.estimatedKeySize(List.of(id)));
  }
}
