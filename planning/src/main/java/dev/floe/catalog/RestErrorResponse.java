package dev.floe.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;

/**
 * The error a catalog sent back: the REST spec's {@code {"error": {"message", "type", "code"}}}, or
 * the OAuth2 token endpoint's {@code {"error": "invalid_client", "error_description"}}.
 */
record RestErrorResponse(String type, String message) {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Empty when the body is not one of the two error shapes (an HTML page from a proxy, say). */
  static Optional<RestErrorResponse> parse(String body) {
    if (body == null || body.isBlank()) {
      return Optional.empty();
    }
    JsonNode root;
    try {
      root = MAPPER.readTree(body);
    } catch (IOException notJson) {
      // Not JSON is an expected kind of error body; the caller quotes the text instead.
      return Optional.empty();
    }
    JsonNode error = root == null ? null : root.get("error");
    if (error == null) {
      return Optional.empty();
    }
    if (error.isObject()) {
      return Optional.of(
          new RestErrorResponse(text(error.get("type")), text(error.get("message"))));
    }
    if (error.isTextual()) {
      return Optional.of(
          new RestErrorResponse(error.asText(), text(root.get("error_description"))));
    }
    return Optional.empty();
  }

  private static String text(JsonNode node) {
    return node == null || node.isNull() ? null : node.asText();
  }
}
