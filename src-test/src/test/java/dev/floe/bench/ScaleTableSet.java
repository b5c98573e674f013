package dev.floe.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;

/**
 * The scale benchmark's three metadata-only tables under one directory, each built once and reused
 * by later runs: a table counts as built when its {@value #BUILT} marker exists, which is written
 * only after its last commit, so a build that was interrupted is started over.
 */
record ScaleTableSet(Path large, Path medium, Path small, String buildTimes) {
  static final String BUILT = "BUILT";

  static ScaleTableSet build(
      ScaleBenchmarkSettings.ScaleTables sizes, Path root, Configuration hadoop, PrintStream out)
      throws IOException {
    List<String> times = new ArrayList<>();
    Path large = buildOne(sizes.large(), sizes.fileBytes(), root, hadoop, out, times);
    Path medium = buildOne(sizes.medium(), sizes.fileBytes(), root, hadoop, out, times);
    Path small = buildOne(sizes.small(), sizes.smallFileBytes(), root, hadoop, out, times);
    return new ScaleTableSet(large, medium, small, String.join("; ", times));
  }

  private static Path buildOne(
      TableShape shape,
      long fileBytes,
      Path root,
      Configuration hadoop,
      PrintStream out,
      List<String> times)
      throws IOException {
    Path location =
        root.resolve(
                String.format(
                    Locale.ROOT,
                    "scale-m%d-f%d-p%d-b%d-rg1",
                    shape.dataManifests(),
                    shape.filesPerManifest(),
                    shape.partitions(),
                    fileBytes))
            .toAbsolutePath();
    if (Files.exists(location.resolve(BUILT))) {
      out.printf(
          "table '%s' at %s: reusing the table an earlier run built%n", shape.name(), location);
      times.add(shape.name() + " reused");
      return location;
    }
    if (Files.exists(location)) {
      deleteRecursively(location); // an interrupted build
    }
    out.printf("table '%s' at %s: building ...%n", shape.name(), location);
    long start = System.nanoTime();
    new SyntheticTableWriter(hadoop, SyntheticTableWriter.FileLayout.fixed(fileBytes, 1))
        .write(shape, location.toString());
    Files.writeString(location.resolve(BUILT), shape.name() + "\n");
    double seconds = (System.nanoTime() - start) / 1e9;
    out.printf(Locale.ROOT, "  built in %.1f s%n", seconds);
    times.add(String.format(Locale.ROOT, "%s built in %.1f s", shape.name(), seconds));
    return location;
  }

  /** The commit the benchmark runs on, as git describes it, or "commit unknown". */
  static String commit() {
    try {
      Process process =
          new ProcessBuilder("git", "log", "-1", "--format=commit %h (%s)")
              .redirectErrorStream(true)
              .start();
      String text = new String(process.getInputStream().readAllBytes()).strip();
      Process status =
          new ProcessBuilder("git", "status", "--porcelain", "--untracked-files=no").start();
      boolean dirty = !new String(status.getInputStream().readAllBytes()).isBlank();
      return process.waitFor() == 0 && status.waitFor() == 0
          ? text + (dirty ? " with uncommitted changes" : "")
          : "commit unknown";
    } catch (IOException e) {
      return "commit unknown";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "commit unknown";
    }
  }

  private static void deleteRecursively(Path directory) throws IOException {
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
