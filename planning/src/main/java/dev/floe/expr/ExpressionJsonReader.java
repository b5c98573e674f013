package dev.floe.expr;

import com.fasterxml.jackson.databind.JsonNode;
import dev.floe.InvalidRequestException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads the REST expression JSON into unbound expressions, tracking where in the document it is
 * ({@code $.left.right.term}) so that an error points at the offending part.
 */
final class ExpressionJsonReader {
  private ExpressionJsonReader() {}

  static Expression expression(JsonNode json, String path) {
    if (json == null || json.isMissingNode() || json.isNull()) {
      throw invalid(path, json, "expected an expression, found nothing");
    }
    if (json.isBoolean()) {
      return json.booleanValue() ? Expression.alwaysTrue() : Expression.alwaysFalse();
    }
    if (json.isTextual()) {
      Expression constant = constant(json.textValue());
      if (constant == null) {
        throw invalid(path, json, "a string expression must be \"true\" or \"false\"");
      }
      return constant;
    }
    if (!json.isObject()) {
      throw invalid(path, json, "expected an expression object, true or false");
    }
    String type = requiredText(json, "type", path).toLowerCase(Locale.ROOT);
    Expression constant = constant(type);
    if (constant != null) {
      return constant;
    }
    switch (type) {
      case "literal":
        return literalConstant(json, path);
      case "and":
        return Expression.and(operand(json, "left", path), operand(json, "right", path));
      case "or":
        return Expression.or(operand(json, "left", path), operand(json, "right", path));
      case "not":
        return Expression.not(operand(json, "child", path));
      default:
        break;
    }
    Operation operation = Operation.fromJsonName(type);
    if (operation == null) {
      throw invalid(
          path + ".type",
          json,
          "unknown expression type '"
              + json.get("type").textValue()
              + "' (expected true, false, and, or, not, or a predicate such as eq, lt-eq, in,"
              + " is-null, starts-with)");
    }
    return predicate(operation, json, path);
  }

  private static Expression constant(String text) {
    if (text.equalsIgnoreCase("true")) {
      return Expression.alwaysTrue();
    }
    if (text.equalsIgnoreCase("false")) {
      return Expression.alwaysFalse();
    }
    return null;
  }

  private static Expression literalConstant(JsonNode json, String path) {
    JsonNode value = json.get("value");
    if (value == null || !value.isBoolean()) {
      throw invalid(path + ".value", json, "a literal expression needs a boolean value");
    }
    return value.booleanValue() ? Expression.alwaysTrue() : Expression.alwaysFalse();
  }

  private static Expression operand(JsonNode json, String field, String path) {
    JsonNode operand = json.get(field);
    if (operand == null) {
      throw invalid(path, json, "missing '" + field + "'");
    }
    return expression(operand, path + "." + field);
  }

  private static Expression predicate(Operation operation, JsonNode json, String path) {
    JsonNode termJson = json.get("term");
    if (termJson == null) {
      throw invalid(path, json, operation.jsonName() + " needs a 'term' (a column name)");
    }
    UnboundTerm term = term(termJson, path + ".term");
    boolean hasValue = json.has("value");
    boolean hasValues = json.has("values");
    return switch (operation.arity()) {
      case UNARY -> {
        if (hasValue || hasValues) {
          throw invalid(
              path,
              json,
              operation.jsonName()
                  + " takes no value, found '"
                  + (hasValue ? "value" : "values")
                  + "'");
        }
        yield new UnboundPredicate(operation, term, List.of());
      }
      case LITERAL -> {
        if (hasValues) {
          throw invalid(path, json, operation.jsonName() + " takes one 'value', not 'values'");
        }
        if (!hasValue) {
          throw invalid(path, json, operation.jsonName() + " needs a 'value'");
        }
        Literal literal = literal(json.get("value"), path + ".value");
        yield new UnboundPredicate(operation, term, List.of(literal));
      }
      case SET -> {
        if (hasValue) {
          throw invalid(path, json, operation.jsonName() + " takes 'values', not one 'value'");
        }
        JsonNode values = json.get("values");
        if (values == null) {
          throw invalid(path, json, operation.jsonName() + " needs 'values'");
        }
        if (!values.isArray()) {
          throw invalid(path + ".values", values, "'values' must be a JSON array");
        }
        List<Literal> literals = new ArrayList<>(values.size());
        for (int index = 0; index < values.size(); index++) {
          literals.add(literal(values.get(index), path + ".values[" + index + "]"));
        }
        yield new UnboundPredicate(operation, term, literals);
      }
    };
  }

  private static UnboundTerm term(JsonNode json, String path) {
    if (json.isTextual()) {
      return reference(json, path);
    }
    if (!json.isObject()) {
      throw invalid(path, json, "a term must be a column name or a reference or transform object");
    }
    String type = requiredText(json, "type", path).toLowerCase(Locale.ROOT);
    switch (type) {
      case "reference":
        return reference(requiredText(json, "term", path), json, path + ".term");
      case "transform":
        Transform transform = transform(json, path);
        JsonNode column = json.get("term");
        if (column == null) {
          throw invalid(path, json, "a transform term needs a 'term' (a column name)");
        }
        if (column.isObject()) {
          String columnType = requiredText(column, "type", path + ".term");
          if (!columnType.equalsIgnoreCase("reference")) {
            throw invalid(path + ".term", column, "a transform applies to a column reference");
          }
          return new UnboundTransform(
              reference(requiredText(column, "term", path + ".term"), column, path + ".term.term"),
              transform);
        }
        if (!column.isTextual()) {
          throw invalid(path + ".term", column, "a transform applies to a column name");
        }
        return new UnboundTransform(reference(column, path + ".term"), transform);
      default:
        throw invalid(
            path + ".type",
            json,
            "unknown term type '"
                + json.get("type").textValue()
                + "' (expected reference or transform)");
    }
  }

  private static Transform transform(JsonNode json, String path) {
    String text = requiredText(json, "transform", path);
    try {
      return Transform.parse(text);
    } catch (IllegalArgumentException unknown) {
      throw invalid(path + ".transform", json, unknown.getMessage());
    }
  }

  private static NamedReference reference(JsonNode json, String path) {
    return reference(json.textValue(), json, path);
  }

  private static NamedReference reference(String name, JsonNode json, String path) {
    if (name.isEmpty()) {
      throw invalid(path, json, "a column name cannot be empty");
    }
    return new NamedReference(name);
  }

  /** A value as written, or unwrapped from {@code {"type": "literal", "value": ...}}. */
  private static Literal literal(JsonNode json, String path) {
    JsonNode value = json;
    String valuePath = path;
    if (json.isObject()) {
      String type = requiredText(json, "type", path);
      if (!type.equalsIgnoreCase("literal")) {
        throw invalid(
            path + ".type", json, "a value object must be {\"type\": \"literal\", \"value\": ...}");
      }
      value = json.get("value");
      valuePath = path + ".value";
      if (value == null) {
        throw invalid(path, json, "a literal needs a 'value'");
      }
    }
    if (value.isNull()) {
      throw invalid(
          valuePath, json, "a value cannot be null; test for null with is-null or not-null");
    }
    if (value.isContainerNode()) {
      throw invalid(valuePath, json, "a value must be a JSON string, number or boolean");
    }
    return Literal.of(value);
  }

  private static String requiredText(JsonNode json, String field, String path) {
    JsonNode value = json.get(field);
    if (value == null) {
      throw invalid(path, json, "missing '" + field + "'");
    }
    if (!value.isTextual()) {
      throw invalid(path + "." + field, json, "'" + field + "' must be a JSON string");
    }
    return value.textValue();
  }

  private static InvalidRequestException invalid(String path, JsonNode json, String problem) {
    return new InvalidRequestException(
        "Invalid expression JSON at "
            + path
            + ": "
            + problem
            + " in "
            + ExpressionJson.fragment(json));
  }
}
