package dev.floe.expr;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.floe.InvalidRequestException;
import dev.floe.table.PrimitiveType;
import dev.floe.table.SingleValueJson;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.UUID;

/**
 * The expression JSON of the Iceberg REST catalog spec ({@code Expression} in its OpenAPI
 * document), as Apache Iceberg's {@code ExpressionParser} reads and writes it.
 *
 * <pre>{@code
 * {"type": "and",
 *  "left":  {"type": "gt-eq", "term": "event_date", "value": "2026-01-01"},
 *  "right": {"type": "in", "term": {"type": "transform", "transform": "bucket[16]", "term": "id"},
 *            "values": [3, 7]}}
 * }</pre>
 *
 * <p>Parsing gives an unbound expression whose literals are the JSON values themselves: JSON has no
 * dates or decimals, so {@code "2026-01-01"} is only known to be a date once the predicate is
 * {@linkplain Binder bound} to a date column, which reads it with {@link SingleValueJson}.
 *
 * <p>Writing is what Iceberg writes: constants as JSON {@code true} / {@code false}, a bound
 * predicate's values in the JSON single-value form of its term's type, an unbound predicate's Java
 * values by their Java class (a BigDecimal as a JSON string, bytes as hex). A bound expression
 * written and parsed back binds to an equal expression. An unbound decimal literal written for a
 * non-decimal column does not: like Iceberg, its string form converts only to decimal columns.
 */
public final class ExpressionJson {
  private static final ObjectMapper MAPPER =
      // Fractional numbers read as doubles, as Iceberg reads them: a BigDecimal would lose -0.0.
      // Decimal values are JSON strings in the spec, so no digits are lost for them.
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final int FRAGMENT_LIMIT = 200;
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private ExpressionJson() {}

  /**
   * Reads an unbound expression from REST expression JSON text.
   *
   * @throws InvalidRequestException saying what is wrong, where ({@code $.left.term}), and showing
   *     the offending JSON
   */
  public static Expression parse(String json) {
    if (json == null) {
      throw new InvalidRequestException("Cannot parse an expression from null JSON text");
    }
    JsonNode tree;
    try {
      tree = MAPPER.readTree(json);
    } catch (JsonProcessingException malformed) {
      throw new InvalidRequestException(
          "Cannot parse expression JSON "
              + fragment(json)
              + ": "
              + malformed.getOriginalMessage()
              + " at line "
              + malformed.getLocation().getLineNr()
              + ", column "
              + malformed.getLocation().getColumnNr(),
          malformed);
    }
    if (tree == null || tree.isMissingNode()) {
      throw new InvalidRequestException("Cannot parse an expression from empty JSON text");
    }
    return parse(tree);
  }

  /**
   * Reads an unbound expression from a REST expression JSON tree.
   *
   * @throws InvalidRequestException saying what is wrong, where ({@code $.left.term}), and showing
   *     the offending JSON
   */
  public static Expression parse(JsonNode json) {
    return ExpressionJsonReader.expression(json, "$");
  }

  /** Writes {@code expression} as REST expression JSON text, on one line. */
  public static String toJson(Expression expression) {
    try {
      return MAPPER.writeValueAsString(toJsonNode(expression));
    } catch (JsonProcessingException impossible) {
      throw new IllegalStateException("Cannot write a JSON tree as text", impossible);
    }
  }

  /**
   * Writes {@code expression} as a REST expression JSON tree.
   *
   * @throws IllegalArgumentException when a value cannot be written: a bound value that is not of
   *     its term's type, or a term type without a JSON single value
   */
  public static JsonNode toJsonNode(Expression expression) {
    if (expression instanceof Expression.Constant constant) {
      return switch (constant) {
        case TRUE -> NODES.booleanNode(true);
        case FALSE -> NODES.booleanNode(false);
      };
    }
    if (expression instanceof And and) {
      return binary("and", and.left(), and.right());
    }
    if (expression instanceof Or or) {
      return binary("or", or.left(), or.right());
    }
    if (expression instanceof Not not) {
      ObjectNode json = NODES.objectNode();
      json.put("type", "not");
      json.set("child", toJsonNode(not.child()));
      return json;
    }
    if (expression instanceof UnboundPredicate predicate) {
      return unboundPredicate(predicate);
    }
    if (expression instanceof BoundPredicate predicate) {
      return boundPredicate(predicate);
    }
    throw new IllegalStateException("Unexpected expression " + expression);
  }

  private static ObjectNode binary(String type, Expression left, Expression right) {
    ObjectNode json = NODES.objectNode();
    json.put("type", type);
    json.set("left", toJsonNode(left));
    json.set("right", toJsonNode(right));
    return json;
  }

  private static ObjectNode unboundPredicate(UnboundPredicate predicate) {
    Operation operation = predicate.operation();
    ObjectNode json = NODES.objectNode();
    json.put("type", operation.jsonName());
    UnboundTerm term = predicate.term();
    if (term instanceof UnboundTransform transform) {
      json.set("term", transformTerm(transform.transform(), transform.reference().name()));
    } else {
      json.put("term", term.reference().name());
    }
    switch (operation.arity()) {
      case UNARY -> {}
      case LITERAL -> json.set("value", unboundValue(predicate.literal().value()));
      case SET -> {
        ArrayNode values = json.putArray("values");
        predicate.literals().forEach(literal -> values.add(unboundValue(literal.value())));
      }
    }
    return json;
  }

  private static ObjectNode boundPredicate(BoundPredicate predicate) {
    Operation operation = predicate.operation();
    ObjectNode json = NODES.objectNode();
    json.put("type", operation.jsonName());
    BoundTerm term = predicate.term();
    if (term instanceof BoundTransform transform) {
      json.set("term", transformTerm(transform.transform(), transform.reference().name()));
    } else {
      json.put("term", term.reference().name());
    }
    PrimitiveType type = term.type();
    switch (operation.arity()) {
      case UNARY -> {}
      case LITERAL -> json.set("value", boundValue(type, predicate.value()));
      case SET -> {
        ArrayNode values = json.putArray("values");
        predicate.values().forEach(value -> values.add(boundValue(type, value)));
      }
    }
    return json;
  }

  /**
   * A bound value in its JSON single-value form. A time outside the day ({@code t <= -1}: a filter
   * may name one though no row holds it) has no such form; it is written as its microseconds, a
   * number, which binds back to the same time, so a bound filter still round-trips.
   */
  private static JsonNode boundValue(PrimitiveType type, Object value) {
    if (type.typeId() == TypeId.TIME
        && value instanceof Long micros
        && (micros < 0 || micros >= MICROS_PER_DAY)) {
      return NODES.numberNode(micros);
    }
    return SingleValueJson.toJson(type, value);
  }

  private static ObjectNode transformTerm(Transform transform, String column) {
    ObjectNode json = NODES.objectNode();
    json.put("type", "transform");
    json.put("transform", transform.toString());
    json.put("term", column);
    return json;
  }

  /** A literal's Java value in the JSON form Iceberg writes for its Java class. */
  private static JsonNode unboundValue(Object value) {
    if (value instanceof JsonNode json) {
      return json;
    }
    if (value instanceof Integer number) {
      return NODES.numberNode(number);
    }
    if (value instanceof Long number) {
      return NODES.numberNode(number);
    }
    if (value instanceof Float number) {
      return NODES.numberNode(number);
    }
    if (value instanceof Double number) {
      return NODES.numberNode(number);
    }
    if (value instanceof Boolean bool) {
      return NODES.booleanNode(bool);
    }
    if (value instanceof String text) {
      return NODES.textNode(text);
    }
    if (value instanceof UUID uuid) {
      return NODES.textNode(uuid.toString());
    }
    if (value instanceof ByteBuffer bytes) {
      return SingleValueJson.toJson(PrimitiveType.of(TypeId.BINARY), bytes);
    }
    if (value instanceof BigDecimal decimal) {
      return NODES.textNode(decimal.scale() >= 0 ? decimal.toPlainString() : decimal.toString());
    }
    throw new IllegalStateException("Unexpected literal value " + value.getClass().getName());
  }

  /** The JSON, shortened for a message. */
  static String fragment(Object json) {
    String text = String.valueOf(json);
    return text.length() <= FRAGMENT_LIMIT ? text : text.substring(0, FRAGMENT_LIMIT) + "...";
  }
}
