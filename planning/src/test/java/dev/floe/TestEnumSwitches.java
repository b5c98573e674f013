package dev.floe;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.source.tree.CaseTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.SwitchExpressionTree;
import com.sun.source.tree.SwitchTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * STYLE.md: a switch over an enum covers every value with no {@code default}, so a new value fails
 * to compile. Error Prone (the parent pom) fails the build on a switch that misses values without a
 * default ({@code MissingCasesInEnumSwitch}) and on one that covers them all and adds a default
 * ({@code UnnecessaryDefaultInEnumSwitch}); neither objects to a default standing in for the values
 * a switch leaves out, which this test finds.
 *
 * <p>It parses both production modules' sources (parsing needs no class path) and takes a switch to
 * be over one of the project's enums when every label names a constant of that enum and none names
 * a constant the file declares or imports statically. Switches over other libraries' enums
 * (Spark's, Avro's) are beyond it.
 */
class TestEnumSwitches {
  private static final List<String> SCANNED =
      List.of("planning/src/main/java", "connector/src/main/java");

  @Test
  void switchesOverProjectEnumsHaveNoDefault() {
    Path root = TestSourceShape.projectRoot();
    List<Path> files = new ArrayList<>();
    for (String directory : SCANNED) {
      files.addAll(TestSourceShape.javaFiles(root.resolve(directory)));
    }
    assertThat(defaultsOverEnums(root, files))
        .as(
            "switches over an enum with a default: name every constant instead, so that a new one"
                + " fails to compile (STYLE.md)")
        .isEmpty();
  }

  @Test
  void theScanFindsADefaultStandingInForConstants() throws IOException {
    Path directory = Files.createTempDirectory("enum-switches");
    Path source = directory.resolve("Sample.java");
    Files.writeString(
        source,
        String.join(
            "\n",
            "package p;",
            "final class Sample {",
            "  enum Kind { A(1), B(2), C(3); Kind(int code) {} }",
            "  static final int ONE = 1;",
            "  static int partial(Kind kind) {",
            "    return switch (kind) {",
            "      case A -> 1;",
            "      default -> 0;",
            "    };",
            "  }",
            "  static int exhaustive(Kind kind) {",
            "    return switch (kind) { case A -> 1; case B, C -> 2; };",
            "  }",
            "  static int overInts(int value) {",
            "    switch (value) {",
            "      case ONE: return 1;",
            "      default: return 0;",
            "    }",
            "  }",
            "}",
            ""),
        StandardCharsets.UTF_8);

    assertThat(defaultsOverEnums(directory, List.of(source)))
        .as("only the switch whose default stands in for B and C")
        .containsExactly("Sample.java:6: a switch over Kind with a default (leaves out B, C)");
  }

  static List<String> defaultsOverEnums(Path root, List<Path> files) {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    assertThat(compiler).as("the tests run on a JDK, with its compiler").isNotNull();
    try (StandardJavaFileManager fileManager =
        compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      Iterable<? extends JavaFileObject> units = fileManager.getJavaFileObjectsFromPaths(files);
      StringWriter diagnostics = new StringWriter();
      JavacTask task =
          (JavacTask)
              compiler.getTask(diagnostics, fileManager, null, List.of("-proc:none"), null, units);
      List<CompilationUnitTree> trees = new ArrayList<>();
      task.parse().forEach(trees::add);
      assertThat(diagnostics.toString()).as("the sources parse").isEmpty();
      List<EnumConstants> enums = new ArrayList<>();
      for (CompilationUnitTree tree : trees) {
        new EnumCollector(enums).scan(tree, null);
      }
      List<String> found = new ArrayList<>();
      SourcePositions positions = Trees.instance(task).getSourcePositions();
      for (CompilationUnitTree tree : trees) {
        String name = root.relativize(Paths.get(tree.getSourceFile().toUri())).toString();
        new SwitchFinder(tree, name, positions, enums, found).scan(tree, null);
      }
      return found;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot parse the sources under " + root, e);
    }
  }

  /** An enum of the project's and the names of its constants. */
  private record EnumConstants(String name, Set<String> constants) {}

  /** Collects every enum declaration's constants. */
  private static final class EnumCollector extends TreeScanner<Void, Void> {
    private final List<EnumConstants> enums;

    EnumCollector(List<EnumConstants> enums) {
      this.enums = enums;
    }

    @Override
    public Void visitClass(ClassTree type, Void unused) {
      if (type.getKind() == Tree.Kind.ENUM) {
        Set<String> constants = new HashSet<>();
        for (Tree member : type.getMembers()) {
          if (isEnumConstant(member, type.getSimpleName().toString())) {
            constants.add(((VariableTree) member).getName().toString());
          }
        }
        enums.add(new EnumConstants(type.getSimpleName().toString(), constants));
      }
      return super.visitClass(type, unused);
    }
  }

  /** In the parse tree an enum constant is a field initialized by {@code new TheEnum(...)}. */
  private static boolean isEnumConstant(Tree member, String enumName) {
    return member instanceof VariableTree variable
        && variable.getInitializer() instanceof NewClassTree creation
        && creation.getIdentifier() instanceof IdentifierTree type
        && type.getName().contentEquals(enumName);
  }

  /** Finds the switches whose labels are all one enum's constants and that have a default. */
  private static final class SwitchFinder extends TreeScanner<Void, Void> {
    private final CompilationUnitTree unit;
    private final String name;
    private final SourcePositions positions;
    private final List<EnumConstants> enums;
    private final List<String> found;
    private final Set<String> fileConstants = new HashSet<>();

    SwitchFinder(
        CompilationUnitTree unit,
        String name,
        SourcePositions positions,
        List<EnumConstants> enums,
        List<String> found) {
      this.unit = unit;
      this.name = name;
      this.positions = positions;
      this.enums = enums;
      this.found = found;
      for (ImportTree imported : unit.getImports()) {
        if (imported.isStatic() && imported.getQualifiedIdentifier() instanceof MemberSelectTree) {
          fileConstants.add(
              ((MemberSelectTree) imported.getQualifiedIdentifier()).getIdentifier().toString());
        }
      }
      new TreeScanner<Void, Void>() {
        @Override
        public Void visitClass(ClassTree type, Void unused) {
          for (Tree member : type.getMembers()) {
            if (member instanceof VariableTree field
                && field.getModifiers().getFlags().contains(Modifier.STATIC)
                && !isEnumConstant(member, type.getSimpleName().toString())) {
              fileConstants.add(field.getName().toString());
            }
          }
          return super.visitClass(type, unused);
        }
      }.scan(unit, null);
    }

    @Override
    public Void visitSwitch(SwitchTree tree, Void unused) {
      check(tree, tree.getCases());
      return super.visitSwitch(tree, unused);
    }

    @Override
    public Void visitSwitchExpression(SwitchExpressionTree tree, Void unused) {
      check(tree, tree.getCases());
      return super.visitSwitchExpression(tree, unused);
    }

    private void check(Tree tree, List<? extends CaseTree> cases) {
      boolean hasDefault = false;
      Set<String> labels = new HashSet<>();
      for (CaseTree caseTree : cases) {
        if (caseTree.getExpressions().isEmpty()) {
          hasDefault = true;
        }
        for (ExpressionTree label : caseTree.getExpressions()) {
          if (!(label instanceof IdentifierTree identifier)) {
            return; // a literal or a qualified constant: not an enum label
          }
          labels.add(identifier.getName().toString());
        }
      }
      if (!hasDefault || labels.isEmpty() || labels.stream().anyMatch(fileConstants::contains)) {
        return;
      }
      for (EnumConstants candidate : enums) {
        if (candidate.constants().containsAll(labels)) {
          long line = unit.getLineMap().getLineNumber(positions.getStartPosition(unit, tree));
          String missing =
              candidate.constants().stream()
                  .filter(constant -> !labels.contains(constant))
                  .sorted()
                  .collect(Collectors.joining(", "));
          found.add(
              String.format(
                  "%s:%d: a switch over %s with a default (leaves out %s)",
                  name, line, candidate.name(), missing.isEmpty() ? "nothing" : missing));
          return;
        }
      }
    }
  }
}
