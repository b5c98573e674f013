package dev.floe.expr;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;

/**
 * Brings a value stored before a type promotion to the representation of the promoted type. A
 * partition tuple keeps the values it was written with: an identity partition of a column since
 * promoted from {@code int} to {@code long} still holds an Integer, and (format v3) one promoted
 * from {@code date} to {@code timestamp} still holds the day number. Predicates bound to the
 * current type compare Long with Long, so the stored value is widened first.
 */
public final class ValueWidening {
  private static final long MICROS_PER_DAY = 86_400_000_000L;
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  private ValueWidening() {}

  /**
   * {@code value} as a value of {@code type}: an Integer for a {@code long} becomes a Long, a Float
   * for a {@code double} a Double, an Integer day for a {@code timestamp} or {@code timestamp_ns}
   * the Long micros or nanos of that midnight. Any other value, and null, is returned unchanged.
   */
  public static Object widen(Object value, PrimitiveType type) {
    if (value instanceof Integer number) {
      return switch (type.typeId()) {
        case LONG -> number.longValue();
        case TIMESTAMP -> Math.multiplyExact(number.longValue(), MICROS_PER_DAY);
        case TIMESTAMP_NS -> Math.multiplyExact(number.longValue(), NANOS_PER_DAY);
        case BOOLEAN,
            INT,
            FLOAT,
            DOUBLE,
            DECIMAL,
            DATE,
            TIME,
            TIMESTAMPTZ,
            TIMESTAMPTZ_NS,
            STRING,
            UUID,
            FIXED,
            BINARY,
            UNKNOWN,
            VARIANT,
            GEOMETRY,
            GEOGRAPHY,
            STRUCT,
            LIST,
            MAP ->
            value;
      };
    }
    if (value instanceof Float number && type.typeId() == TypeId.DOUBLE) {
      return number.doubleValue();
    }
    return value;
  }
}
