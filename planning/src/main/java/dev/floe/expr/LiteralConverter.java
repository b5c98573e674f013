package dev.floe.expr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.floe.table.PrimitiveType;
import dev.floe.table.SingleValueJson;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.util.UUID;

/**
 * Converts literals to a column's type, following Apache Iceberg's rules where they are exact:
 * numbers widen to any numeric type and narrow when in range; strings parse as dates, times,
 * timestamps, uuids and decimals in their ISO / JSON single-value forms; a JSON value is read with
 * the column's type first. Where Iceberg rounds (a double for a float or decimal column), Floe
 * keeps the exact neighbours instead, so that a bound predicate means what the unbound one meant.
 */
final class LiteralConverter {
  private LiteralConverter() {}

  /**
   * @throws IllegalArgumentException when the value cannot be a value of the type
   */
  static Converted convert(Literal literal, PrimitiveType type) {
    Object value = literal.value();
    if (value instanceof JsonNode json) {
      return fromJson(json, type);
    }
    Converted converted = fromJava(value, type);
    if (converted == null) {
      throw new IllegalArgumentException(
          "cannot convert " + literal + " (" + describe(value) + ") to " + type);
    }
    return converted;
  }

  private static Converted fromJson(JsonNode json, PrimitiveType type) {
    try {
      return new Converted.Exact(SingleValueJson.parse(type, json));
    } catch (IllegalArgumentException typedFailure) {
      Object plain = plainValue(json);
      Converted converted = plain == null ? null : fromJava(plain, type);
      if (converted == null) {
        throw typedFailure;
      }
      return converted;
    }
  }

  /** The JSON value as Iceberg's parser reads it without a schema. */
  private static Object plainValue(JsonNode json) {
    if (json.isIntegralNumber() && json.canConvertToLong()) {
      return json.longValue();
    }
    if (json.isIntegralNumber() || json.isBigDecimal()) {
      return json.decimalValue();
    }
    if (json.isFloatingPointNumber()) {
      return json.doubleValue();
    }
    if (json.isTextual()) {
      return json.textValue();
    }
    if (json.isBoolean()) {
      return json.booleanValue();
    }
    return null;
  }

  private static Converted fromJava(Object value, PrimitiveType type) {
    if (value instanceof Integer number) {
      return fromLong(number.longValue(), type);
    }
    if (value instanceof Long number) {
      return fromLong(number, type);
    }
    if (value instanceof Float number) {
      return fromDouble(number.doubleValue(), type);
    }
    if (value instanceof Double number) {
      return fromDouble(number, type);
    }
    if (value instanceof BigDecimal number) {
      return fromDecimal(number, type);
    }
    if (value instanceof String text) {
      return fromString(text, type);
    }
    if (value instanceof Boolean bool) {
      return type.typeId() == dev.floe.table.TypeId.BOOLEAN ? new Converted.Exact(bool) : null;
    }
    if (value instanceof UUID uuid) {
      return type.typeId() == dev.floe.table.TypeId.UUID ? new Converted.Exact(uuid) : null;
    }
    if (value instanceof ByteBuffer bytes) {
      return fromBytes(bytes, type);
    }
    return null;
  }

  private static Converted fromLong(long value, PrimitiveType type) {
    return switch (type.typeId()) {
      case INT, DATE -> {
        if (value > Integer.MAX_VALUE) {
          yield new Converted.Between(Integer.MAX_VALUE, null);
        }
        if (value < Integer.MIN_VALUE) {
          yield new Converted.Between(null, Integer.MIN_VALUE);
        }
        yield new Converted.Exact((int) value);
      }
      case LONG, TIME, TIMESTAMP, TIMESTAMPTZ, TIMESTAMP_NS, TIMESTAMPTZ_NS ->
          new Converted.Exact(value);
      case FLOAT, DOUBLE, DECIMAL -> fromDecimal(BigDecimal.valueOf(value), type);
      case BOOLEAN,
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
          null;
    };
  }

  private static Converted fromDouble(double value, PrimitiveType type) {
    return switch (type.typeId()) {
      case DOUBLE -> new Converted.Exact(value);
      case FLOAT -> {
        float nearest = (float) value;
        if (Double.isNaN(value) || (double) nearest == value) {
          yield new Converted.Exact(nearest);
        }
        // the float on the other side of the value, so that floor < value < ceiling
        float other = (double) nearest < value ? Math.nextUp(nearest) : Math.nextDown(nearest);
        float floor = Math.min(nearest, other);
        float ceiling = Math.max(nearest, other);
        yield new Converted.Between(
            Float.isInfinite(floor) ? null : floor, Float.isInfinite(ceiling) ? null : ceiling);
      }
      case INT, LONG, DECIMAL -> {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
          yield null;
        }
        // the shortest decimal that reads back as the double: 0.1, not 0.1000000000000000055...
        yield fromDecimal(BigDecimal.valueOf(value), type);
      }
      case BOOLEAN,
          DATE,
          TIME,
          TIMESTAMP,
          TIMESTAMPTZ,
          TIMESTAMP_NS,
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
          null;
    };
  }

  private static Converted fromDecimal(BigDecimal value, PrimitiveType type) {
    return switch (type.typeId()) {
      case DECIMAL -> decimal(value, type);
      case INT, LONG -> integral(value, type);
      case FLOAT -> fromDouble(value.floatValue(), type);
      case DOUBLE -> {
        // a decimal literal for a double column means the double it reads as, like JSON's 0.1
        double nearest = value.doubleValue();
        if (Double.isInfinite(nearest)) {
          yield nearest > 0
              ? new Converted.Between(Double.MAX_VALUE, null)
              : new Converted.Between(null, -Double.MAX_VALUE);
        }
        yield new Converted.Exact(nearest);
      }
      case BOOLEAN,
          DATE,
          TIME,
          TIMESTAMP,
          TIMESTAMPTZ,
          TIMESTAMP_NS,
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
          null;
    };
  }

  private static Converted integral(BigDecimal value, PrimitiveType type) {
    BigDecimal floor = value.setScale(0, RoundingMode.FLOOR);
    BigDecimal ceiling = value.setScale(0, RoundingMode.CEILING);
    Object floorValue = integralValue(floor, type);
    Object ceilingValue = integralValue(ceiling, type);
    if (floor.compareTo(value) == 0 && floorValue != null) {
      return new Converted.Exact(floorValue);
    }
    BigDecimal max =
        type.typeId() == dev.floe.table.TypeId.INT
            ? BigDecimal.valueOf(Integer.MAX_VALUE)
            : BigDecimal.valueOf(Long.MAX_VALUE);
    BigDecimal min =
        type.typeId() == dev.floe.table.TypeId.INT
            ? BigDecimal.valueOf(Integer.MIN_VALUE)
            : BigDecimal.valueOf(Long.MIN_VALUE);
    if (value.compareTo(max) > 0) {
      return new Converted.Between(integralValue(max, type), null);
    }
    if (value.compareTo(min) < 0) {
      return new Converted.Between(null, integralValue(min, type));
    }
    return new Converted.Between(floorValue, ceilingValue);
  }

  private static Object integralValue(BigDecimal value, PrimitiveType type) {
    try {
      return type.typeId() == dev.floe.table.TypeId.INT
          ? (Object) value.intValueExact()
          : (Object) value.longValueExact();
    } catch (ArithmeticException outOfRange) {
      return null;
    }
  }

  private static Converted decimal(BigDecimal value, PrimitiveType type) {
    BigDecimal floor = value.setScale(type.scale(), RoundingMode.FLOOR);
    BigDecimal ceiling = value.setScale(type.scale(), RoundingMode.CEILING);
    BigDecimal largest =
        BigDecimal.TEN.pow(type.precision()).subtract(BigDecimal.ONE).movePointLeft(type.scale());
    if (floor.compareTo(largest) > 0) {
      return new Converted.Between(largest, null);
    }
    if (ceiling.compareTo(largest.negate()) < 0) {
      return new Converted.Between(null, largest.negate());
    }
    if (floor.compareTo(value) == 0) {
      return new Converted.Exact(floor);
    }
    return new Converted.Between(
        floor.compareTo(largest.negate()) < 0 ? null : floor,
        ceiling.compareTo(largest) > 0 ? null : ceiling);
  }

  private static Converted fromString(String text, PrimitiveType type) {
    return switch (type.typeId()) {
      case STRING -> new Converted.Exact(text);
      case DATE, TIME, TIMESTAMP, TIMESTAMPTZ, TIMESTAMP_NS, TIMESTAMPTZ_NS, UUID ->
          new Converted.Exact(SingleValueJson.parse(type, TextNode.valueOf(text)));
      case DECIMAL -> {
        try {
          yield decimal(new BigDecimal(text), type);
        } catch (NumberFormatException malformed) {
          throw new IllegalArgumentException(
              "cannot read '" + text + "' as a " + type + ": not a number", malformed);
        }
      }
      case BOOLEAN,
          INT,
          LONG,
          FLOAT,
          DOUBLE,
          FIXED,
          BINARY,
          UNKNOWN,
          VARIANT,
          GEOMETRY,
          GEOGRAPHY,
          STRUCT,
          LIST,
          MAP ->
          null;
    };
  }

  private static Converted fromBytes(ByteBuffer bytes, PrimitiveType type) {
    return switch (type.typeId()) {
      case BINARY -> new Converted.Exact(bytes);
      case FIXED -> bytes.remaining() == type.length() ? new Converted.Exact(bytes) : null;
      case BOOLEAN,
          INT,
          LONG,
          FLOAT,
          DOUBLE,
          DECIMAL,
          DATE,
          TIME,
          TIMESTAMP,
          TIMESTAMPTZ,
          TIMESTAMP_NS,
          TIMESTAMPTZ_NS,
          STRING,
          UUID,
          UNKNOWN,
          VARIANT,
          GEOMETRY,
          GEOGRAPHY,
          STRUCT,
          LIST,
          MAP ->
          null;
    };
  }

  private static String describe(Object value) {
    return value.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
  }
}
