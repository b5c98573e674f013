package dev.floe.bench;

import dev.floe.it.spark.SharedSpark;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A read benchmark's local Spark session ({@code local[2]}) and the warehouse its tables live in: a
 * directory that is kept for a later run when one is given, or else a temporary one deleted when
 * the workspace closes.
 */
final class BenchmarkWorkspace implements AutoCloseable {
  private final SharedSpark spark;
  private final Path temporaryRoot;

  private BenchmarkWorkspace(SharedSpark spark, Path temporaryRoot) {
    this.spark = spark;
    this.temporaryRoot = temporaryRoot;
  }

  /**
   * Starts a session on the warehouse under {@code workDirectory}, or under a new temporary
   * directory named with this prefix when it is null.
   */
  static BenchmarkWorkspace open(Path workDirectory, String temporaryPrefix) throws IOException {
    return open(workDirectory, temporaryPrefix, Map.of());
  }

  /** The same, the session started with these settings too (static ones, such as plugins). */
  static BenchmarkWorkspace open(
      Path workDirectory, String temporaryPrefix, Map<String, String> sessionSettings)
      throws IOException {
    Path root =
        workDirectory == null
            ? Files.createTempDirectory(temporaryPrefix)
            : Files.createDirectories(workDirectory);
    return new BenchmarkWorkspace(
        SharedSpark.start(root.resolve("warehouse"), "local[2]", sessionSettings),
        workDirectory == null ? root : null);
  }

  SharedSpark spark() {
    return spark;
  }

  /** Prints the report and, when an output file is given, writes it there too. */
  static void publish(String report, Path output, PrintStream out) throws IOException {
    out.println();
    out.print(report);
    if (output != null) {
      Path absolute = output.toAbsolutePath();
      Files.createDirectories(absolute.getParent());
      Files.writeString(absolute, report);
      out.println("Markdown report written to " + absolute);
    }
  }

  @Override
  public void close() {
    spark.session().stop();
    if (temporaryRoot != null) {
      try (Stream<Path> paths = Files.walk(temporaryRoot)) {
        paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot delete " + temporaryRoot, e);
      }
    }
  }

  /**
   * Ends a benchmark run with status 1 when it had problems, listing them under {@code headline}
   * (with a warning when an answer was wrong), so that a run with a missing or wrong figure never
   * passes for a complete one.
   */
  static void exitOnProblems(String headline, List<String> problems, String wrongAnswerWarning) {
    if (problems.isEmpty()) {
      return;
    }
    System.err.println();
    System.err.println("=".repeat(78));
    System.err.println(headline + (wrongAnswerWarning == null ? "" : ", " + wrongAnswerWarning));
    problems.forEach(problem -> System.err.println("  " + problem));
    System.err.println("=".repeat(78));
    System.exit(1);
  }
}
