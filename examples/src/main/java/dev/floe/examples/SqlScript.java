package dev.floe.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A SQL script split into its statements, as {@code spark-sql -f} splits it: {@code --} comments
 * dropped, statements ended by {@code ;} outside quotes. The quickstart and the tests load the
 * scripts in {@code examples/sql} from the classpath, so what they run is what users read.
 *
 * @param name where the script came from, for messages
 * @param statements the statements, in order, without their {@code ;}
 */
public record SqlScript(String name, List<String> statements) {
  public SqlScript {
    Objects.requireNonNull(name, "name");
    statements = List.copyOf(statements);
  }

  /** The script {@code examples/sql/<fileName>}, from the classpath. */
  public static SqlScript load(String fileName) {
    String resource = "sql/" + fileName;
    try (InputStream in = SqlScript.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(
            "No SQL script " + resource + " on the classpath: build the examples module first");
      }
      return parse(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the SQL script " + resource, e);
    }
  }

  /** Splits {@code text} into statements; a statement left unterminated at the end counts too. */
  public static SqlScript parse(String name, String text) {
    List<String> statements = new ArrayList<>();
    StringBuilder statement = new StringBuilder();
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        statement.append(c);
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"' || c == '`') {
        quote = c;
        statement.append(c);
      } else if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
        int endOfLine = text.indexOf('\n', i);
        i = endOfLine < 0 ? text.length() : endOfLine - 1;
      } else if (c == ';') {
        addIfNotBlank(statements, statement);
      } else {
        statement.append(c);
      }
    }
    if (quote != 0) {
      throw new IllegalArgumentException(
          "The SQL script " + name + " ends inside a " + quote + "-quoted text");
    }
    addIfNotBlank(statements, statement);
    return new SqlScript(name, statements);
  }

  private static void addIfNotBlank(List<String> statements, StringBuilder statement) {
    String text = statement.toString().strip();
    if (!text.isEmpty()) {
      statements.add(text);
    }
    statement.setLength(0);
  }

  /** The first line of a statement, for progress lines. */
  static String headline(String statement) {
    int endOfLine = statement.indexOf('\n');
    return endOfLine < 0 ? statement : statement.substring(0, endOfLine) + " ...";
  }
}
