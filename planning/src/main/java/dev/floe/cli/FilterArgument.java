package dev.floe.cli;

import dev.floe.InvalidRequestException;
import dev.floe.expr.Expression;
import dev.floe.expr.ExpressionJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The value of {@code --filter-json}: the REST expression JSON itself when it looks like JSON (an
 * object, or {@code true} / {@code false}), otherwise the path of a file holding it.
 */
final class FilterArgument {
  private FilterArgument() {}

  static Expression read(String given) {
    String trimmed = given.strip();
    if (looksLikeJson(trimmed)) {
      return parse(trimmed, "--filter-json");
    }
    Path file = Path.of(trimmed);
    String json;
    try {
      json = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException unreadable) {
      throw new InvalidRequestException(
          "Cannot read the filter file "
              + file.toAbsolutePath()
              + " given to --filter-json: "
              + unreadable.getMessage()
              + " (give a file of REST expression JSON, or the JSON itself)",
          unreadable);
    }
    return parse(json, "filter file " + file.toAbsolutePath());
  }

  private static boolean looksLikeJson(String text) {
    return text.startsWith("{")
        || text.startsWith("\"")
        || text.equals("true")
        || text.equals("false");
  }

  private static Expression parse(String json, String source) {
    try {
      return ExpressionJson.parse(json);
    } catch (InvalidRequestException invalid) {
      throw new InvalidRequestException(
          "Cannot use the filter of " + source + ": " + invalid.getMessage(), invalid);
    }
  }
}
