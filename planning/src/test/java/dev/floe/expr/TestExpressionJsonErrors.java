package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import org.junit.jupiter.api.Test;

/**
 * Expression JSON that cannot be read: each error says what is wrong, where, and shows the JSON.
 */
class TestExpressionJsonErrors {
  @Test
  void rejectsAnUnknownType() {
    assertThatThrownBy(
            () ->
                ExpressionJson.parse(
                    "{\"type\":\"and\",\"left\":true,"
                        + "\"right\":{\"type\":\"between\",\"term\":\"id\"}}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $.right.type")
        .hasMessageContaining("unknown expression type 'between'")
        .hasMessageContaining("{\"type\":\"between\",\"term\":\"id\"}");
  }

  @Test
  void rejectsAMissingType() {
    assertThatThrownBy(() -> ExpressionJson.parse("{\"term\":\"id\"}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $: missing 'type'")
        .hasMessageContaining("{\"term\":\"id\"}");
  }

  @Test
  void rejectsAMissingTerm() {
    assertThatThrownBy(() -> ExpressionJson.parse("{\"type\":\"eq\",\"value\":1}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $: eq needs a 'term'")
        .hasMessageContaining("{\"type\":\"eq\",\"value\":1}");
  }

  @Test
  void rejectsAMissingValue() {
    assertThatThrownBy(() -> ExpressionJson.parse("{\"type\":\"lt\",\"term\":\"id\"}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $: lt needs a 'value'")
        .hasMessageContaining("{\"type\":\"lt\",\"term\":\"id\"}");
  }

  @Test
  void rejectsMissingValues() {
    assertThatThrownBy(() -> ExpressionJson.parse("{\"type\":\"in\",\"term\":\"id\"}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $: in needs 'values'");
  }

  @Test
  void rejectsAValueOnAUnaryOperation() {
    assertThatThrownBy(
            () -> ExpressionJson.parse("{\"type\":\"is-null\",\"term\":\"id\",\"value\":1}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("is-null takes no value, found 'value'")
        .hasMessageContaining("{\"type\":\"is-null\",\"term\":\"id\",\"value\":1}");
  }

  @Test
  void rejectsValuesOnALiteralOperationAndAValueOnASetOperation() {
    assertThatThrownBy(
            () -> ExpressionJson.parse("{\"type\":\"eq\",\"term\":\"id\",\"values\":[1]}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("eq takes one 'value', not 'values'");
    assertThatThrownBy(
            () -> ExpressionJson.parse("{\"type\":\"not-in\",\"term\":\"id\",\"value\":1}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("not-in takes 'values', not one 'value'");
  }

  @Test
  void rejectsValuesThatAreNotAnArray() {
    assertThatThrownBy(
            () ->
                ExpressionJson.parse(
                    "{\"type\":\"not\",\"child\":{\"type\":\"in\",\"term\":\"id\",\"values\":3}}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $.child.values: 'values' must be a JSON array in 3");
  }

  @Test
  void rejectsNullAndNestedValues() {
    assertThatThrownBy(
            () -> ExpressionJson.parse("{\"type\":\"eq\",\"term\":\"id\",\"value\":null}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $.value: a value cannot be null; test for null with is-null");
    assertThatThrownBy(
            () -> ExpressionJson.parse("{\"type\":\"in\",\"term\":\"id\",\"values\":[1,[2]]}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $.values[1]: a value must be a JSON string, number or boolean")
        .hasMessageContaining("[2]");
    assertThatThrownBy(
            () ->
                ExpressionJson.parse(
                    "{\"type\":\"eq\",\"term\":\"id\",\"value\":{\"type\":\"reference\"}}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $.value.type: a value object must be {\"type\": \"literal\"");
    assertThatThrownBy(
            () ->
                ExpressionJson.parse(
                    "{\"type\":\"eq\",\"term\":\"id\",\"value\":{\"type\":\"literal\"}}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $.value: a literal needs a 'value'");
  }

  @Test
  void rejectsBadTerms() {
    assertThatThrownBy(() -> ExpressionJson.parse("{\"type\":\"is-null\",\"term\":7}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $.term: a term must be a column name");
    assertThatThrownBy(() -> ExpressionJson.parse("{\"type\":\"is-null\",\"term\":\"\"}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $.term: a column name cannot be empty");
    assertThatThrownBy(
            () ->
                ExpressionJson.parse(
                    "{\"type\":\"is-null\",\"term\":{\"type\":\"column\",\"term\":\"id\"}}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $.term.type: unknown term type 'column'");
    assertThatThrownBy(
            () ->
                ExpressionJson.parse(
                    "{\"type\":\"is-null\",\"term\":{\"type\":\"transform\",\"term\":\"id\"}}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $.term: missing 'transform'");
  }

  @Test
  void rejectsMissingOperands() {
    assertThatThrownBy(() -> ExpressionJson.parse("{\"type\":\"or\",\"left\":true}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $: missing 'right'");
    assertThatThrownBy(() -> ExpressionJson.parse("{\"type\":\"not\"}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $: missing 'child'");
    assertThatThrownBy(() -> ExpressionJson.parse("{\"type\":\"literal\",\"value\":\"yes\"}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("at $.value: a literal expression needs a boolean value");
  }

  @Test
  void rejectsJsonThatIsNotAnExpression() {
    assertThatThrownBy(() -> ExpressionJson.parse("\"yes\""))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("a string expression must be \"true\" or \"false\" in \"yes\"");
    assertThatThrownBy(() -> ExpressionJson.parse("[true]"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("expected an expression object, true or false in [true]");
    assertThatThrownBy(() -> ExpressionJson.parse("null"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("expected an expression, found nothing");
  }

  @Test
  void rejectsUnparsableText() {
    assertThatThrownBy(() -> ExpressionJson.parse("{\"type\": eq}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot parse expression JSON {\"type\": eq}")
        .hasMessageContaining("line 1, column");
    assertThatThrownBy(() -> ExpressionJson.parse("true false"))
        .as("trailing content is an error, not ignored")
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot parse expression JSON true false");
    assertThatThrownBy(() -> ExpressionJson.parse("  "))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot parse an expression from empty JSON text");
  }

  @Test
  void shortensLongFragmentsInMessages() {
    String longName = "x".repeat(500);

    assertThatThrownBy(
            () -> ExpressionJson.parse("{\"type\":\"between\",\"term\":\"" + longName + "\"}"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("unknown expression type 'between'")
        .hasMessageEndingWith("...")
        .satisfies(
            failure ->
                assertThat(failure.getMessage().length())
                    .as("the fragment is cut, not the whole document")
                    .isLessThan(500));
  }
}
