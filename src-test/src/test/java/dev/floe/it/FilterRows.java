package dev.floe.it;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.DateTimeUtil;

/**
 * The rows of the filter scenarios: one schema with a column of every primitive type Iceberg prunes
 * on, and a deterministic row for every row number. Values cycle with the row number, so every
 * batch of rows covers every partition, and shift with the batch ({@code row / 40}), so the files
 * of one partition have different value ranges and metrics pruning has work to do. Some values sit
 * on the classic edges: negative dates and timestamps (one microsecond before 1970), UUIDs and
 * bytes whose first bit is set, strings longer than the 16 characters Iceberg keeps in bounds, NaN
 * and null.
 */
final class FilterRows {
  static final int ROWS_PER_BATCH = 40;

  static final Schema SCHEMA =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "i", Types.IntegerType.get()),
          optional(3, "l", Types.LongType.get()),
          optional(4, "s", Types.StringType.get()),
          optional(5, "d", Types.DateType.get()),
          optional(6, "ts", Types.TimestampType.withoutZone()),
          optional(7, "tstz", Types.TimestampType.withZone()),
          optional(8, "dec", Types.DecimalType.of(9, 2)),
          optional(9, "b", Types.BooleanType.get()),
          optional(10, "u", Types.UUIDType.get()),
          optional(11, "bin", Types.BinaryType.get()),
          optional(12, "f", Types.FloatType.get()),
          optional(13, "dbl", Types.DoubleType.get()),
          optional(14, "text", Types.StringType.get()),
          optional(15, "n", Types.IntegerType.get()),
          optional(16, "t", Types.TimeType.get()));

  /** {@link #SCHEMA} with a nanosecond timestamp, for format v3. */
  static final Schema NANOS_SCHEMA =
      new Schema(columnsWith(SCHEMA, optional(17, "tsns", Types.TimestampNanoType.withoutZone())));

  /**
   * Columns renamed by the schema-evolution scenario: the new name reads the old column's value.
   */
  private static final Map<String, String> RENAMED = Map.of("word", "s");

  private static final String[] WORDS = {"", "apple", "apricot", "banana", "cherry", "épée"};
  private static final long DAY_MICROS = 86_400_000_000L;
  private static final long MINUTE = 60_000_000L;

  /** What a batch of rows holds besides the regular values. */
  enum Variant {
    REGULAR,
    /** Every optional column null. */
    ALL_NULL,
    /** The float and double columns NaN in every row. */
    NAN_ONLY
  }

  private FilterRows() {}

  /** Rows {@code first} (inclusive) to {@code last} (exclusive) for this schema. */
  static List<Record> rows(Schema schema, int first, int last, Variant variant) {
    List<Record> rows = new ArrayList<>();
    for (int row = first; row < last; row++) {
      rows.add(row(schema, row, variant));
    }
    return rows;
  }

  static Record row(Schema schema, int row, Variant variant) {
    GenericRecord record = GenericRecord.create(schema);
    for (Types.NestedField field : schema.columns()) {
      Object value;
      if (field.isRequired()) {
        value = regularValue(field.name(), row);
      } else {
        value =
            switch (variant) {
              case REGULAR -> regularValue(field.name(), row);
              case ALL_NULL -> null;
              case NAN_ONLY ->
                  field.type().typeId() == Type.TypeID.FLOAT
                          || field.type().typeId() == Type.TypeID.DOUBLE
                      ? Double.valueOf(Double.NaN)
                      : regularValue(field.name(), row);
            };
      }
      record.setField(field.name(), promote(value, field.type()));
    }
    return record;
  }

  /** A value read into a promoted column (int to long, float to double), or as it is. */
  private static Object promote(Object value, Type type) {
    if (value == null) {
      return null;
    }
    switch (type.typeId()) {
      case LONG:
        return ((Number) value).longValue();
      case FLOAT:
        return ((Number) value).floatValue();
      case DOUBLE:
        return ((Number) value).doubleValue();
      default:
        return value;
    }
  }

  private static Object regularValue(String column, int row) {
    int batch = row / ROWS_PER_BATCH;
    String source = RENAMED.getOrDefault(column, column);
    switch (source) {
      case "id":
        return (long) row;
      case "i":
        return row % 13 == 5 ? null : (row % 7 - 3) * 10 + batch;
      case "l":
        return row % 17 == 3 ? null : (row % 5 - 2) * 10_000_000_000L + batch;
      case "s":
        return row % 11 == 4 ? null : WORDS[row % 6] + batch;
      case "d":
        return DateTimeUtil.dateFromDays(row % 23 == 7 ? -1 : (row % 6 - 3) * 400 + batch);
      case "ts":
        return DateTimeUtil.timestampFromMicros(
            row % 29 == 3
                ? -1
                : (row % 6 - 3) * 200 * DAY_MICROS + batch * 600_000_000L + (row / 6) * MINUTE);
      case "tstz":
        return DateTimeUtil.timestamptzFromMicros(
            row % 31 == 6
                ? -1
                : (row % 5 - 2) * 500 * DAY_MICROS + batch * 420_000_000L + (row / 5) * MINUTE / 2);
      case "t":
        return DateTimeUtil.timeFromMicros((row * 1_234_567_890L) % DAY_MICROS);
      case "tsns":
        return DateTimeUtil.timestampFromNanos(
            row % 29 == 3
                ? -1
                : (row % 6 - 3) * 200_000 * DAY_MICROS
                    + batch * 600_000_000_000L
                    + (row / 6) * 60_000_000_001L);
      case "dec":
        return row % 19 == 2 ? null : BigDecimal.valueOf((row % 5 - 2) * 1234L + batch, 2);
      case "b":
        return row % 5 == 0 ? null : row % 2 == 0;
      case "u":
        return new UUID((row % 4 - 2) * 0x1234_5678_9abc_def0L, row);
      case "bin":
        return ByteBuffer.wrap(new byte[] {(byte) (row % 3 * 0x70), (byte) batch, (byte) row});
      case "f":
        if (row % 21 == 1) {
          return null;
        }
        return row % 10 == 0 ? Float.NaN : (row - 60) * 0.5f;
      case "dbl":
        if (row % 9 == 1) {
          return null;
        }
        return row % 9 == 0 ? Double.NaN : (row - 50) * 1.25;
      case "text":
        return (row % 3 == 0 ? "the-quick-brown-fox-" : "the-quick-brown-cat-")
            + (char) ('a' + row % 5)
            + row;
      case "n":
        return row % 8 == 0 ? row : null;
      case "added":
        return row % 4;
      default:
        throw new IllegalArgumentException("No values for column " + column);
    }
  }

  private static List<Types.NestedField> columnsWith(Schema schema, Types.NestedField more) {
    List<Types.NestedField> columns = new ArrayList<>(schema.columns());
    columns.add(more);
    return columns;
  }
}
