package dev.floe.expr;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.UUID;

/**
 * A value in an unbound predicate, converted to the column's type when the predicate is bound.
 * Accepted: Boolean, Integer (also from Short and Byte), Long, Float, Double, BigDecimal, String
 * (from any CharSequence), UUID, ByteBuffer (from byte[]), and a Jackson {@link JsonNode} holding
 * the REST expression JSON's value, which is read with the column's type at binding.
 */
public record Literal(Object value) {
  public Literal {
    Objects.requireNonNull(value, "A literal cannot be null: test for null with isNull");
    value = normalize(value);
  }

  public static Literal of(Object value) {
    return new Literal(value);
  }

  private static Object normalize(Object value) {
    if (value instanceof Short || value instanceof Byte) {
      return ((Number) value).intValue();
    }
    if (value instanceof CharSequence text && !(value instanceof String)) {
      return text.toString();
    }
    if (value instanceof byte[] bytes) {
      return ByteBuffer.wrap(bytes.clone()).asReadOnlyBuffer();
    }
    if (value instanceof ByteBuffer buffer) {
      return buffer.asReadOnlyBuffer();
    }
    if (value instanceof JsonNode json && json.isNull()) {
      throw new IllegalArgumentException(
          "A literal cannot be null: test for null with is-null / not-null");
    }
    if (value instanceof Boolean
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Float
        || value instanceof Double
        || value instanceof BigDecimal
        || value instanceof String
        || value instanceof UUID
        || value instanceof JsonNode) {
      return value;
    }
    throw new IllegalArgumentException(
        "Cannot use a " + value.getClass().getName() + " as a literal: " + value);
  }

  @Override
  public String toString() {
    return value instanceof String text ? "'" + text + "'" : String.valueOf(value);
  }
}
