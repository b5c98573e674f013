package dev.floe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The shape STYLE.md asks of main sources, held by the build for both production modules: no file
 * over {@value #MAX_FILE_LINES} lines, no method or constructor over {@value #MAX_METHOD_LINES}
 * lines (signature line to closing brace), no {@code *Utils} class.
 *
 * <p>The sources are google-java-format formatted, so a member sits two spaces deeper than the type
 * that declares it and its body closes with a brace at the member's own indentation; the scan reads
 * lines, not a syntax tree, and relies on that.
 */
class TestSourceShape {
  static final int MAX_FILE_LINES = 500;
  static final int MAX_METHOD_LINES = 80;

  private static final List<String> SCANNED =
      List.of(
          "planning/src/main/java",
          "connector/src/main/java",
          "connector/src/spark-3.5/java",
          "connector/src/spark-4/java");

  private static final Pattern TYPE_DECLARATION =
      Pattern.compile(
          "^( *)(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed|strictfp)\\s+)*"
              + "(?:class|interface|enum|record|@interface)\\s+(\\w+)\\b.*");
  private static final Pattern LEADING_ANNOTATIONS =
      Pattern.compile("^(?:@[\\w.]+(?:\\([^)]*\\))?\\s+)*");
  private static final Pattern COMPACT_CONSTRUCTOR =
      Pattern.compile("^(?:(?:public|protected|private)\\s+)?(\\w+)\\s*\\{$");
  private static final Set<String> STATEMENT_WORDS =
      Set.of(
          "return",
          "if",
          "for",
          "while",
          "switch",
          "new",
          "throw",
          "else",
          "try",
          "catch",
          "do",
          "case",
          "yield",
          "assert",
          "super",
          "this",
          "synchronized");

  @Test
  void mainSourcesKeepTheirShape() {
    List<String> offenders = new ArrayList<>();
    Path root = projectRoot();
    for (String directory : SCANNED) {
      Path sources = root.resolve(directory);
      assertThat(sources).as("scanned source directory").isDirectory();
      for (Path file : javaFiles(sources)) {
        offenders.addAll(offences(root.relativize(file).toString(), readLines(file)));
      }
    }
    assertThat(offenders)
        .as(
            "files over %d lines, methods over %d lines (signature to closing brace) and *Utils"
                + " classes: split them along a real seam (STYLE.md)",
            MAX_FILE_LINES, MAX_METHOD_LINES)
        .isEmpty();
  }

  @Test
  void theScanFindsEachKindOfOffence() {
    List<String> lines = new ArrayList<>();
    lines.add("package p;");
    lines.add("final class StringUtils {");
    lines.add("  static <T extends Comparable<T>> T longest(");
    lines.add("      List<T> values) {");
    for (int i = 0; i < MAX_METHOD_LINES; i++) {
      lines.add("    int x" + i + " = " + i + ";");
    }
    lines.add("  }");
    lines.add("");
    lines.add("  record Nested(int value) {");
    lines.add("    Nested {");
    for (int i = 0; i < MAX_METHOD_LINES - 2; i++) {
      lines.add("      check(value);");
    }
    lines.add("    }");
    lines.add("");
    lines.add("    int fits() {");
    lines.add("      return value;");
    lines.add("    }");
    lines.add("  }");
    lines.add("");
    lines.add("  abstract int noBody(int a);");
    lines.add("  private final Runnable field = () -> {};");
    lines.add("}");
    for (int i = lines.size(); i <= MAX_FILE_LINES; i++) {
      lines.add("");
    }

    assertThat(offences("p/StringUtils.java", lines))
        .as("the file, the long generic method and the *Utils class; not the 80-line constructor")
        .containsExactly(
            "p/StringUtils.java: 501 lines (at most 500)",
            "p/StringUtils.java:2: class StringUtils: no *Utils classes",
            "p/StringUtils.java:3: longest is 83 lines (at most 80)");
  }

  @Test
  void aFileTheScanCannotReadIsAnOffence() {
    assertThat(offences("p/Odd.java", List.of("package p;", "@Deprecated final class Odd {}")))
        .as("an annotation on the declaration's line hides the type from the scan")
        .containsExactly("p/Odd.java: no type declaration the scan recognizes");
  }

  static List<String> offences(String name, List<String> lines) {
    List<String> found = new ArrayList<>();
    if (lines.size() > MAX_FILE_LINES) {
      found.add(String.format("%s: %d lines (at most %d)", name, lines.size(), MAX_FILE_LINES));
    }
    // the indentation of each enclosing type's declaration, innermost first
    Deque<Integer> types = new ArrayDeque<>();
    Deque<String> typeNames = new ArrayDeque<>();
    boolean sawType = false;
    for (int index = 0; index < lines.size(); index++) {
      String line = lines.get(index);
      int indent = indentation(line);
      if (!types.isEmpty() && line.equals(" ".repeat(types.peek()) + "}")) {
        types.pop();
        typeNames.pop();
        continue;
      }
      Matcher type = TYPE_DECLARATION.matcher(line);
      if (type.matches() && (types.isEmpty() || indent == types.peek() + 2)) {
        sawType = true;
        if (type.group(2).endsWith("Utils")) {
          found.add(
              String.format("%s:%d: class %s: no *Utils classes", name, index + 1, type.group(2)));
        }
        if (!line.stripTrailing().endsWith("}")) {
          types.push(indent);
          typeNames.push(type.group(2));
        }
        continue;
      }
      if (types.isEmpty() || indent != types.peek() + 2) {
        continue;
      }
      String member = memberName(line.strip(), typeNames.peek());
      if (member == null) {
        continue;
      }
      int end = closingBrace(lines, index, indent);
      if (end < 0) {
        continue;
      }
      int length = end - index + 1;
      if (length > MAX_METHOD_LINES) {
        found.add(
            String.format(
                "%s:%d: %s is %d lines (at most %d)",
                name, index + 1, member, length, MAX_METHOD_LINES));
      }
    }
    if (!sawType && !name.endsWith("package-info.java")) {
      // a declaration this scan cannot read would otherwise pass unchecked
      found.add(name + ": no type declaration the scan recognizes");
    }
    return found;
  }

  /** The name of the method or constructor this line declares, or null if it declares neither. */
  private static String memberName(String line, String typeName) {
    String declaration = LEADING_ANNOTATIONS.matcher(line).replaceFirst("");
    Matcher compact = COMPACT_CONSTRUCTOR.matcher(declaration);
    if (compact.matches()) {
      return compact.group(1).equals(typeName) ? typeName : null;
    }
    int parenthesis = declaration.indexOf('(');
    if (parenthesis <= 0 || declaration.startsWith("/") || declaration.startsWith("*")) {
      return null;
    }
    String head = declaration.substring(0, parenthesis).strip();
    if (head.contains("=") || head.isEmpty()) {
      return null;
    }
    String[] words = head.split("\\s+");
    String name = words[words.length - 1];
    if (!name.matches("\\w+") || STATEMENT_WORDS.contains(words[0])) {
      return null;
    }
    // a lone name is a constructor only if it is the type's; otherwise an enum constant
    return words.length > 1 || name.equals(typeName) ? name : null;
  }

  /**
   * The index of the line closing the body of the member declared at {@code start}, or -1 if the
   * declaration has no body (abstract, interface or native methods).
   */
  private static int closingBrace(List<String> lines, int start, int indent) {
    int index = start;
    while (index < lines.size()) {
      String text = lines.get(index).stripTrailing();
      if (text.endsWith("{")) {
        break;
      }
      if (text.endsWith("}")) {
        return index; // a one-line body
      }
      if (text.endsWith(";")) {
        return -1;
      }
      index++;
    }
    String closing = " ".repeat(indent) + "}";
    for (int end = index + 1; end < lines.size(); end++) {
      if (lines.get(end).equals(closing)) {
        return end;
      }
    }
    return -1;
  }

  private static int indentation(String line) {
    int spaces = 0;
    while (spaces < line.length() && line.charAt(spaces) == ' ') {
      spaces++;
    }
    return spaces;
  }

  /** The project root: Maven's own idea of it, else the nearest directory holding {@code .mvn}. */
  static Path projectRoot() {
    String configured = System.getProperty("floe.project.root");
    if (configured != null && !configured.isBlank()) {
      return Paths.get(configured).toAbsolutePath().normalize();
    }
    Path directory = Paths.get("").toAbsolutePath();
    while (directory != null && !Files.isDirectory(directory.resolve(".mvn"))) {
      directory = directory.getParent();
    }
    assertThat(directory).as("no .mvn directory above the working directory").isNotNull();
    return directory;
  }

  static List<Path> javaFiles(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      return paths.filter(path -> path.toString().endsWith(".java")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list sources under " + directory, e);
    }
  }

  private static List<String> readLines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read source " + file, e);
    }
  }
}
