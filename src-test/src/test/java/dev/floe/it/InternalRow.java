package dev.floe.it;

import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.List;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.DateTimeUtil;

/**
 * A generic record seen with Iceberg's internal values (days, microseconds, nanoseconds), as
 * partition transforms and expression literals take them. Iceberg's own {@code
 * InternalRecordWrapper} does not convert nanosecond timestamps in 1.10.
 */
final class InternalRow implements StructLike {
  private final List<Types.NestedField> fields;
  private final Record record;

  InternalRow(Types.StructType struct, Record record) {
    this.fields = struct.fields();
    this.record = record;
  }

  /** The internal value of a generic value of this type. */
  static Object internalValue(Type type, Object value) {
    if (value == null) {
      return null;
    }
    switch (type.typeId()) {
      case DATE:
        return DateTimeUtil.daysFromDate((LocalDate) value);
      case TIME:
        return DateTimeUtil.microsFromTime((LocalTime) value);
      case TIMESTAMP:
        return value instanceof OffsetDateTime zoned
            ? DateTimeUtil.microsFromTimestamptz(zoned)
            : DateTimeUtil.microsFromTimestamp((LocalDateTime) value);
      case TIMESTAMP_NANO:
        return value instanceof OffsetDateTime zoned
            ? DateTimeUtil.nanosFromTimestamptz(zoned)
            : DateTimeUtil.nanosFromTimestamp((LocalDateTime) value);
      case FIXED:
        return value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : value;
      default:
        return value;
    }
  }

  @Override
  public int size() {
    return fields.size();
  }

  @Override
  public <T> T get(int position, Class<T> javaClass) {
    return javaClass.cast(internalValue(fields.get(position).type(), record.get(position)));
  }

  @Override
  public <T> void set(int position, T value) {
    throw new UnsupportedOperationException("A read-only view of " + record);
  }
}
