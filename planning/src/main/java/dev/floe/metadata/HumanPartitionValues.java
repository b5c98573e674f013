package dev.floe.metadata;

import dev.floe.table.PartitionField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.SingleValueBinary;
import dev.floe.table.Type;
import dev.floe.table.TypeId;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.Base64;
import java.util.Locale;

/**
 * Partition values as Iceberg prints them in the {@code manifests} table's partition summaries:
 * {@code year}, {@code month}, {@code day} and {@code hour} values as {@code 2026}, {@code
 * 2026-01}, {@code 2026-01-31}, {@code 2026-01-31-23}; dates, times and timestamps in ISO-8601
 * (timestamptz with {@code +00:00}); fixed and binary in base64; a missing value as {@code "null"}.
 */
final class HumanPartitionValues {
  private static final int EPOCH_YEAR = 1970;
  private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);
  private static final DateTimeFormatter WITH_OFFSET =
      new DateTimeFormatterBuilder()
          .parseCaseInsensitive()
          .append(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
          .appendOffset("+HH:MM:ss", "+00:00")
          .toFormatter(Locale.ROOT);

  private HumanPartitionValues() {}

  /**
   * The text of a summary bound: {@code bound} decoded as a value of {@code resultType} (the
   * partition field's type), printed as the field's transform prints it.
   */
  static String boundText(PartitionField field, Type resultType, ByteBuffer bound) {
    if (bound == null) {
      return "null";
    }
    if (!(resultType instanceof PrimitiveType primitive) || primitive.typeId() == TypeId.UNKNOWN) {
      return null;
    }
    Object value = SingleValueBinary.fromBytes(primitive, bound);
    String transform = field.transform().strip().toLowerCase(Locale.ROOT);
    if (transform.equals("void")) {
      return "null";
    }
    if (transform.equals("year")) {
      return String.format(Locale.ROOT, "%04d", EPOCH_YEAR + (Integer) value);
    }
    if (transform.equals("month")) {
      int month = (Integer) value;
      return String.format(
          Locale.ROOT,
          "%04d-%02d",
          EPOCH_YEAR + Math.floorDiv(month, 12),
          1 + Math.floorMod(month, 12));
    }
    if (transform.equals("hour")) {
      LocalDateTime hour = EPOCH.plusHours((Integer) value);
      return String.format(
          Locale.ROOT,
          "%04d-%02d-%02d-%02d",
          hour.getYear(),
          hour.getMonthValue(),
          hour.getDayOfMonth(),
          hour.getHour());
    }
    return valueText(primitive, value);
  }

  private static String valueText(PrimitiveType type, Object value) {
    switch (type.typeId()) {
      case DATE:
        return LocalDate.ofEpochDay((Integer) value).format(DateTimeFormatter.ISO_LOCAL_DATE);
      case TIME:
        return LocalTime.ofNanoOfDay((Long) value * 1000).toString();
      case TIMESTAMP:
        return micros((Long) value).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
      case TIMESTAMPTZ:
        return micros((Long) value).atOffset(ZoneOffset.UTC).format(WITH_OFFSET);
      case TIMESTAMP_NS:
        return nanos((Long) value).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
      case TIMESTAMPTZ_NS:
        return nanos((Long) value).atOffset(ZoneOffset.UTC).format(WITH_OFFSET);
      case FIXED:
      case BINARY:
      case GEOMETRY:
      case GEOGRAPHY:
        return Base64.getEncoder().encodeToString(bytes((ByteBuffer) value));
      case BOOLEAN:
      case INT:
      case LONG:
      case FLOAT:
      case DOUBLE:
      case DECIMAL:
      case STRING:
      case UUID:
      case UNKNOWN:
      case VARIANT:
      case STRUCT:
      case LIST:
      case MAP:
        return value.toString();
    }
    throw new IllegalStateException("Unknown type " + type);
  }

  private static LocalDateTime micros(long micros) {
    return EPOCH
        .plusSeconds(Math.floorDiv(micros, 1_000_000L))
        .plusNanos(Math.floorMod(micros, 1_000_000L) * 1000L);
  }

  private static LocalDateTime nanos(long nanos) {
    return EPOCH
        .plusSeconds(Math.floorDiv(nanos, 1_000_000_000L))
        .plusNanos(Math.floorMod(nanos, 1_000_000_000L));
  }

  private static byte[] bytes(ByteBuffer buffer) {
    ByteBuffer copy = buffer.duplicate();
    byte[] bytes = new byte[copy.remaining()];
    copy.get(bytes);
    return bytes;
  }
}
