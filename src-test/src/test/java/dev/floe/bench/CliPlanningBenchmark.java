package dev.floe.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.IcebergBuild;

/**
 * The CLI benchmark: {@code bin/floe plan <table>} against "Iceberg's CLI" ({@link IcebergCli}),
 * each a fresh JVM per plan, wall-clock time from process start to exit. Run it with {@code
 * bin/bench-planning --cli} (docs/benchmarks.md, "Planning: Floe against iceberg-core").
 *
 * <p>The table is the planning benchmark's base table (1000 manifests x 100 files), built with
 * {@link SyntheticTableWriter} or reused from {@code bench.dir}. Iceberg's side runs on
 * iceberg-core and what it needs at run time only: the classes of iceberg-core and the libraries it
 * bundles, taken out of the Spark runtime jar without Spark's integration and the file formats
 * planning never reads, plus Hadoop's client jars (HadoopFileIO, the local file system) and SLF4J.
 * It runs twice per round: at the JVM's defaults, and with the JVM options bin/floe gives itself
 * and a class-data sharing archive of its own, so the ratio is not won by JVM flags Iceberg could
 * use too.
 *
 * <p>Every run's output is checked: both sides must plan the same number of files, bytes and
 * records, those the table was built with, or the run fails.
 *
 * <pre>
 * bench.size       full (default) or smoke (10 manifests x 10 files)
 * bench.manifests, bench.filesPerManifest, bench.partitions   the table (1000, 100, 20)
 * bench.warmup     warm-up rounds, not counted (1)
 * bench.runs       measured rounds; the median is reported (7)
 * bench.dir        where the table is built and kept; a temporary directory when absent
 * bench.cli.json   false leaves out the JSON plans (bin/floe plan, IcebergCli --json)
 * bench.cli.baseline  another bin/floe run beside it (a path relative to the repository, or
 *                  absolute), e.g. that of a checkout of an earlier commit, built: before and
 *                  after in the same rounds
 * bench.output     cli-planning.md is written beside this file (none when absent)
 * </pre>
 */
public final class CliPlanningBenchmark {
  /**
   * The JVM options bin/floe starts its JVM with (see its FLOE_STARTUP_OPTS), given to Iceberg's
   * side in its "same flags" case; the class-data sharing archive is each side's own.
   */
  static final List<String> FLOE_STARTUP_OPTIONS =
      List.of(
          "-XX:TieredStopAtLevel=1",
          "-XX:+UseSerialGC",
          "-Xshare:auto",
          "-Xlog:disable",
          "-Xlog:all=error:stderr");

  private static final Pattern ICEBERG_OUTPUT =
      Pattern.compile("^files (\\d+) bytes (\\d+) records (\\d+)$", Pattern.MULTILINE);
  private static final Pattern EXPLAIN_RESULT =
      Pattern.compile(
          "^result +(\\d+) data files, (\\d+) bytes, (\\d+) records", Pattern.MULTILINE);
  private static final Path TIME = Path.of("/usr/bin/time");
  private static final Pattern MAIN_MILLIS = Pattern.compile("main took (\\d+) ms");

  /** Packages of the Spark runtime jar that iceberg-core neither is nor needs. */
  private static final List<String> NOT_ICEBERG_CORE =
      List.of(
          "org/apache/iceberg/spark/",
          "org/apache/spark/",
          "org/apache/iceberg/arrow/",
          "org/apache/iceberg/parquet/",
          "org/apache/iceberg/InternalParquet",
          "org/apache/iceberg/orc/",
          "org/apache/iceberg/data/",
          "org/apache/iceberg/actions/",
          "org/apache/iceberg/aws/",
          "org/apache/iceberg/gcp/",
          "org/apache/iceberg/azure/",
          "org/apache/iceberg/nessie/",
          "org/apache/iceberg/shaded/org/apache/parquet/",
          "org/apache/iceberg/shaded/org/apache/arrow/",
          "org/apache/iceberg/shaded/org/apache/orc/",
          "org/apache/iceberg/shaded/io/netty/",
          "org/eclipse/collections/",
          "org/locationtech/",
          "org/projectnessie/",
          "org/eclipse/microprofile/");

  private CliPlanningBenchmark() {}

  /** How a side prints what it planned. */
  private enum Output {
    /** {@link IcebergCli}'s one line: {@code files <n> bytes <b> records <r>}. */
    SUMMARY_LINE,
    /** {@code bin/floe explain}: its {@code result} line. */
    EXPLAIN,
    /** REST PlanTableScan JSON: {@code bin/floe plan}, {@code IcebergCli --json}. */
    JSON
  }

  /**
   * One side of a round: a name, the command that plans the table in a fresh JVM, and the group of
   * sides doing the same work (the first side of a group is Floe's, the ratios' numerator).
   */
  private record Side(
      String group,
      String name,
      List<String> command,
      Map<String, String> environment,
      Output output) {}

  /** What one run took and planned. */
  private record Run(long wallMillis, long mainMillis, long cpuMillis, PlanCount count) {}

  /** What a CLI printed that it planned. */
  record PlanCount(long files, long bytes, long records) {}

  public static void main(String[] arguments) throws Exception {
    PrintStream out = System.out;
    boolean smoke = "smoke".equals(System.getProperty("bench.size", "full"));
    TableShape shape =
        TableShape.dataOnly(
            Integer.getInteger("bench.manifests", smoke ? 10 : 1000),
            Integer.getInteger("bench.filesPerManifest", smoke ? 10 : 100),
            Integer.getInteger("bench.partitions", smoke ? 4 : 20));
    int warmup = Integer.getInteger("bench.warmup", 1);
    int runs = Integer.getInteger("bench.runs", smoke ? 3 : 7);
    boolean json = Boolean.parseBoolean(System.getProperty("bench.cli.json", "true"));
    String directory = System.getProperty("bench.dir", "");
    Path work =
        directory.isEmpty()
            ? Files.createTempDirectory("floe-cli-bench")
            : Files.createDirectories(Path.of(directory).toAbsolutePath());
    Path root = repositoryRoot();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    String location = work.resolve(PlanningBenchmark.directoryName(shape)).toString();
    out.printf("table '%s' at %s%n", shape.name(), location);
    PlanningBenchmark.build(new SyntheticTableWriter(new Configuration()), shape, location, out);

    Path icebergDirectory = Files.createDirectories(work.resolve("iceberg-cli"));
    String icebergClasspath = icebergClasspath(icebergDirectory);
    Path icebergArchive = icebergDirectory.resolve("iceberg-cli.jsa");
    Files.deleteIfExists(icebergArchive);
    List<String> defaults = List.of(java, "-cp", icebergClasspath, IcebergCli.class.getName());
    List<String> sameOptions = new ArrayList<>(List.of(java));
    sameOptions.addAll(FLOE_STARTUP_OPTIONS);
    sameOptions.add("-XX:SharedArchiveFile=" + icebergArchive);
    sameOptions.addAll(List.of("-cp", icebergClasspath, IcebergCli.class.getName()));
    // the archive is made once, by a JSON run (it loads what a summary run loads and more), as
    // bin/floe makes its own on its first run
    List<String> dump = new ArrayList<>(sameOptions);
    dump.set(
        dump.indexOf("-XX:SharedArchiveFile=" + icebergArchive),
        "-XX:ArchiveClassesAtExit=" + icebergArchive);
    dump.addAll(List.of(location, "--json", "--verbose"));
    runOnce(new Side("", "Iceberg archive dump", dump, Map.of(), Output.JSON), work);

    Map<String, String> floe = Map.of("JAVA_HOME", System.getProperty("java.home"));
    String script = root.resolve("bin/floe").toString();
    // bin/floe's first run after a build writes its archive: that run is not one of the rounds
    Files.deleteIfExists(root.resolve("planning/target/floe-cli.jsa"));
    runOnce(
        new Side(
            "",
            "Floe archive dump",
            List.of(script, "explain", location, "--verbose"),
            floe,
            Output.EXPLAIN),
        work);
    String baseline = System.getProperty("bench.cli.baseline", "");
    String baselineScript = baseline.isEmpty() ? null : root.resolve(baseline).toString();
    String summary = "summary: files, bytes, records";
    String plan = "plan as REST JSON, with metrics";
    List<Side> sides = new ArrayList<>();
    sides.add(
        new Side(
            summary,
            "Floe, bin/floe explain",
            List.of(script, "explain", location, "--verbose"),
            floe,
            Output.EXPLAIN));
    if (baselineScript != null) {
      sides.add(
          new Side(
              summary,
              "Floe before, " + baseline + " explain",
              List.of(baselineScript, "explain", location, "--verbose"),
              floe,
              Output.EXPLAIN));
    }
    sides.add(
        new Side(
            summary,
            "Iceberg, JVM defaults",
            with(defaults, location, "--verbose"),
            Map.of(),
            Output.SUMMARY_LINE));
    sides.add(
        new Side(
            summary,
            "Iceberg, bin/floe's JVM options + CDS",
            with(sameOptions, location, "--verbose"),
            Map.of(),
            Output.SUMMARY_LINE));
    if (json) {
      sides.add(
          new Side(
              plan,
              "Floe, bin/floe plan",
              List.of(script, "plan", location, "--verbose"),
              floe,
              Output.JSON));
      if (baselineScript != null) {
        sides.add(
            new Side(
                plan,
                "Floe before, " + baseline + " plan",
                List.of(baselineScript, "plan", location, "--verbose"),
                floe,
                Output.JSON));
      }
      sides.add(
          new Side(
              plan,
              "Iceberg --json, JVM defaults",
              with(defaults, location, "--json", "--verbose"),
              Map.of(),
              Output.JSON));
      sides.add(
          new Side(
              plan,
              "Iceberg --json, bin/floe's JVM options + CDS",
              with(sameOptions, location, "--json", "--verbose"),
              Map.of(),
              Output.JSON));
    }

    List<List<Run>> measured = new ArrayList<>();
    for (int i = 0; i < sides.size(); i++) {
      measured.add(new ArrayList<>());
    }
    PlanCount expected = null;
    for (int round = 0; round < warmup + runs; round++) {
      boolean counted = round >= warmup;
      for (int k = 0; k < sides.size(); k++) {
        // the sides take turns going first
        int index = (round + k) % sides.size();
        Side side = sides.get(index);
        Run run = runOnce(side, work);
        if (expected == null) {
          expected = run.count();
          requireBuiltCount(expected, shape);
        } else if (!run.count().equals(expected)) {
          throw new IllegalStateException(
              side.name()
                  + " planned "
                  + run.count()
                  + " but another side planned "
                  + expected
                  + ": a benchmark of a wrong plan is worthless");
        }
        out.printf(
            Locale.ROOT,
            "  %s round %d: %s %d ms (main %d ms, CPU %d ms)%n",
            counted ? "measured" : "warm-up",
            round + 1,
            side.name(),
            run.wallMillis(),
            run.mainMillis(),
            run.cpuMillis());
        if (counted) {
          measured.get(index).add(run);
        }
      }
    }
    String report = report(shape, sides, measured, expected, warmup, runs);
    out.println();
    out.print(report);
    String output = System.getProperty("bench.output", "");
    if (!output.isEmpty()) {
      // beside the planning benchmark's report, as the other modes of bin/bench-planning do
      Path file = Path.of(output).toAbsolutePath().resolveSibling("cli-planning.md");
      Files.createDirectories(file.getParent());
      Files.writeString(file, report);
      out.println();
      out.println("Markdown report written to " + file);
    }
  }

  private static String report(
      TableShape shape,
      List<Side> sides,
      List<List<Run>> measured,
      PlanCount count,
      int warmup,
      int runs) {
    StringBuilder text = new StringBuilder();
    text.append("Run at ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append('\n');
    text.append(
        String.format(
            Locale.ROOT,
            "Java %s (%s), %d available processors, load average %.2f before the report;"
                + " iceberg-core %s%n",
            System.getProperty("java.runtime.version"),
            System.getProperty("java.vm.name"),
            Runtime.getRuntime().availableProcessors(),
            java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                .getSystemLoadAverage(),
            IcebergBuild.version()));
    text.append(
        String.format(
            Locale.ROOT,
            "Table %s: %d files, %d bytes, %d records planned by every side; %d warm-up and %d"
                + " measured rounds, sides interleaved%n%n",
            shape.name(),
            count.files(),
            count.bytes(),
            count.records(),
            warmup,
            runs));
    text.append(
        "| work | side | wall ms, median [min, max] | in main ms, median | JVM start + exit ms |"
            + " CPU ms (user + sys), median | Floe/this (wall) |\n");
    text.append("|---|---|---:|---:|---:|---:|---:|\n");
    long[] medians = new long[sides.size()];
    for (int i = 0; i < sides.size(); i++) {
      long[] wall = measured.get(i).stream().mapToLong(Run::wallMillis).sorted().toArray();
      long[] main = measured.get(i).stream().mapToLong(Run::mainMillis).sorted().toArray();
      long[] cpu = measured.get(i).stream().mapToLong(Run::cpuMillis).sorted().toArray();
      medians[i] = median(wall);
      Side side = sides.get(i);
      // the first side of a group is Floe's
      int floe = i;
      while (floe > 0 && sides.get(floe - 1).group().equals(side.group())) {
        floe--;
      }
      text.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d [%d, %d] | %s | %s | %s | %s |%n",
              side.group(),
              side.name(),
              medians[i],
              wall[0],
              wall[wall.length - 1],
              main[0] < 0 ? "n/a" : Long.toString(median(main)),
              main[0] < 0 ? "n/a" : Long.toString(medians[i] - median(main)),
              cpu[0] < 0 ? "n/a" : Long.toString(median(cpu)),
              floe == i
                  ? ""
                  : String.format(Locale.ROOT, "%.2f", (double) medians[floe] / medians[i])));
    }
    return text.toString();
  }

  private static List<String> with(List<String> command, String... arguments) {
    List<String> full = new ArrayList<>(command);
    full.addAll(List.of(arguments));
    return full;
  }

  private static long median(long[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static Run runOnce(Side side, Path work) throws IOException, InterruptedException {
    Path stdout = work.resolve("cli-stdout.txt");
    Path stderr = work.resolve("cli-stderr.txt");
    Path times = work.resolve("cli-cpu.txt");
    List<String> command = new ArrayList<>();
    boolean timed = Files.isExecutable(TIME);
    if (timed) {
      // CPU time tells more than wall time on a busy machine; every side pays this wrapper
      command.addAll(List.of(TIME.toString(), "-f", "%U %S", "-o", times.toString()));
    }
    command.addAll(side.command());
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
    builder.environment().remove("FLOE_JAVA_OPTS");
    builder.environment().putAll(side.environment());
    long start = System.nanoTime();
    Process process = builder.start();
    int exit = process.waitFor();
    long wall = (System.nanoTime() - start) / 1_000_000;
    String errors = Files.readString(stderr);
    if (exit != 0) {
      throw new IllegalStateException(
          side.name() + " failed with exit code " + exit + ": " + errors + "\n" + side.command());
    }
    // a baseline from before --verbose printed timings has none: -1, reported as n/a
    Matcher main = MAIN_MILLIS.matcher(errors);
    long mainMillis = main.find() ? Long.parseLong(main.group(1)) : -1;
    PlanCount count =
        switch (side.output()) {
          case SUMMARY_LINE -> countLine(ICEBERG_OUTPUT, stdout, side);
          case EXPLAIN -> countLine(EXPLAIN_RESULT, stdout, side);
          case JSON -> countJsonPlan(stdout);
        };
    long cpu = -1;
    if (timed) {
      String[] seconds = Files.readString(times).trim().split("\\s+");
      cpu = Math.round((Double.parseDouble(seconds[0]) + Double.parseDouble(seconds[1])) * 1000);
    }
    return new Run(wall, mainMillis, cpu, count);
  }

  private static PlanCount countLine(Pattern line, Path stdout, Side side) throws IOException {
    String text = Files.readString(stdout);
    Matcher matcher = line.matcher(text);
    if (!matcher.find()) {
      throw new IllegalStateException(side.name() + " printed no line like " + line + ": " + text);
    }
    return new PlanCount(
        Long.parseLong(matcher.group(1)),
        Long.parseLong(matcher.group(2)),
        Long.parseLong(matcher.group(3)));
  }

  /** Counts the tasks of a REST PlanTableScan JSON plan and sums their data files' sizes. */
  static PlanCount countJsonPlan(Path json) throws IOException {
    long files = 0;
    long bytes = 0;
    long records = 0;
    try (JsonParser parser = new JsonFactory().createParser(json.toFile())) {
      // depth 4 is a data file's own fields: root, file-scan-tasks, task, data-file
      int depth = 0;
      boolean inTasks = false;
      boolean inDataFile = false;
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        switch (token) {
          case START_OBJECT, START_ARRAY -> {
            depth++;
            if (depth == 2 && "file-scan-tasks".equals(parser.currentName())) {
              inTasks = true;
            } else if (inTasks && depth == 4 && "data-file".equals(parser.currentName())) {
              inDataFile = true;
              files++;
            }
          }
          case END_OBJECT, END_ARRAY -> {
            if (depth == 4) {
              inDataFile = false;
            } else if (depth == 2) {
              inTasks = false;
            }
            depth--;
          }
          case VALUE_NUMBER_INT -> {
            if (inDataFile && depth == 4) {
              if ("file-size-in-bytes".equals(parser.currentName())) {
                bytes += parser.getLongValue();
              } else if ("record-count".equals(parser.currentName())) {
                records += parser.getLongValue();
              }
            }
          }
          default -> {}
        }
      }
    }
    return new PlanCount(files, bytes, records);
  }

  private static void requireBuiltCount(PlanCount count, TableShape shape) {
    PlanOutcome expected = shape.expectedOutcome();
    if (count.files() != expected.dataFiles() || count.records() != expected.records()) {
      throw new IllegalStateException(
          "The CLIs planned "
              + count
              + " but the table was built with "
              + expected
              + ": a benchmark of a wrong plan is worthless");
    }
  }

  /**
   * iceberg-core's run time classpath as a list of jars: the Iceberg classes of the Spark runtime
   * jar this build has (iceberg-core, -api, -common and the libraries they bundle: Guava, Avro,
   * Jackson, Caffeine), with this main; Hadoop's client jars; Commons Logging and SLF4J, silent.
   */
  private static String icebergClasspath(Path directory)
      throws IOException, URISyntaxException, ClassNotFoundException {
    Path icebergJar = directory.resolve("iceberg-core-and-cli.jar");
    Path runtime = jarOf(IcebergBuild.class);
    try (JarFile source = new JarFile(runtime.toFile());
        JarOutputStream target = new JarOutputStream(Files.newOutputStream(icebergJar))) {
      Set<String> copied = new HashSet<>();
      for (JarEntry entry : source.stream().toList()) {
        String name = entry.getName();
        // the runtime jar holds a few names twice (LICENSE, NOTICE): the first one is kept
        if (entry.isDirectory()
            || NOT_ICEBERG_CORE.stream().anyMatch(name::startsWith)
            || !copied.add(name)) {
          continue;
        }
        target.putNextEntry(new JarEntry(name));
        try (InputStream in = source.getInputStream(entry)) {
          in.transferTo(target);
        }
        target.closeEntry();
      }
      String main = IcebergCli.class.getName().replace('.', '/') + ".class";
      target.putNextEntry(new JarEntry(main));
      try (InputStream in = IcebergCli.class.getClassLoader().getResourceAsStream(main)) {
        in.transferTo(target);
      }
      target.closeEntry();
    }
    List<Path> jars = new ArrayList<>();
    jars.add(icebergJar);
    jars.add(jarOf(Configuration.class)); // hadoop-client-api
    jars.add(jarOf(Class.forName("org.apache.hadoop.shaded.com.ctc.wstx.api.WstxInputProperties")));
    // Hadoop's FileSystem logs through Commons Logging: the bridge to SLF4J this build has
    jars.add(jarOf(Class.forName("org.apache.commons.logging.LogFactory")));
    jars.add(jarOf(org.slf4j.LoggerFactory.class));
    jars.add(jarOf(Class.forName("org.slf4j.nop.NOPServiceProvider")));
    return jars.stream().map(Path::toString).collect(Collectors.joining(":"));
  }

  private static Path jarOf(Class<?> type) throws URISyntaxException {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static Path repositoryRoot() {
    Path directory = Path.of(System.getProperty("user.dir")).toAbsolutePath();
    for (Path candidate = directory; candidate != null; candidate = candidate.getParent()) {
      if (Files.isExecutable(candidate.resolve("bin/floe"))) {
        return candidate;
      }
    }
    throw new IllegalStateException("No bin/floe above " + directory + ": run from the repository");
  }
}
