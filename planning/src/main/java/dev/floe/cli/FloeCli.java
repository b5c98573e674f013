package dev.floe.cli;

import dev.floe.FloeException;
import dev.floe.catalog.PathTables;
import dev.floe.io.FileIOFactory;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.PlanJsonWriter;
import dev.floe.scan.TableScan;
import dev.floe.table.LoadedTable;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The {@code bin/floe} command line: shows what Floe plans for a table, without Spark.
 *
 * <pre>{@code
 * bin/floe plan /lake/db/events --ref first
 * bin/floe plan file:/lake/db/events/metadata/v3.metadata.json --split-size 33554432
 * bin/floe explain /lake/db/events --filter-json '{"type":"eq","term":"region","value":"eu"}'
 * }</pre>
 *
 * <p>Exit codes: 0 on success; 1 when Floe fails on the table (the message goes to standard error
 * as {@code floe: <message>}, with the stack trace only under {@code --verbose}); 2 when the
 * command line is wrong (the usage text follows the complaint on standard error).
 */
public final class FloeCli {
  static final String USAGE =
      """
      Usage:
        floe plan <table> [--snapshot-id N | --ref NAME | --as-of-timestamp MS]
                          [--filter-json JSON|FILE] [--split-size BYTES] [--verbose]
        floe explain <table> [the options of plan] [--max-skipped N]
        floe help

      plan     prints the scan plan of <table> as Iceberg REST PlanTableScan JSON
               (plan-status, delete-files, file-scan-tasks)
      explain  prints what each hop of planning read and pruned, and the first pruned
               manifests and files with the part of the filter that pruned each

      <table>              a table directory or URI (metadata/ inside it), or a metadata JSON file
      --snapshot-id N      plan snapshot N instead of the current snapshot
      --ref NAME           plan the snapshot a branch or tag points at
      --as-of-timestamp MS plan the snapshot that was current at MS milliseconds since the epoch
      --filter-json F      plan only what may match the filter F, an Iceberg REST expression
                           ({"type":"eq","term":"id","value":5}) given inline or in a file
      --split-size BYTES   split data files into tasks of about BYTES (row group boundaries)
                           instead of one task per file
      --max-skipped N      explain lists at most N pruned manifests and files (default 20)
      --verbose            print stack traces on failure, and where the time went

      Environment:
        FLOE_JAVA_OPTS     options for the JVM that bin/floe starts, e.g. -Xmx4g
        FLOE_CLASS_ARCHIVE the class-data sharing archive bin/floe keeps to start faster
                           (default planning/target/floe-cli.jsa), or none
        JAVA_HOME          the Java to run (else java on the PATH)
      """;

  static final int EXIT_OK = 0;
  static final int EXIT_FAILED = 1;
  static final int EXIT_USAGE = 2;

  private static final Pattern URI_SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+:.*");

  private FloeCli() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Runs one command line and returns its exit code; writes only to {@code out} and {@code err}.
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    long start = System.nanoTime();
    List<String> arguments = Arrays.asList(args);
    CliCommand command;
    try {
      command = CommandLineParser.parse(arguments);
    } catch (UsageException e) {
      err.println("floe: " + e.getMessage());
      err.println();
      err.print(USAGE);
      return EXIT_USAGE;
    }
    if (!(command instanceof PlanCommand plan)) {
      out.print(USAGE);
      return EXIT_OK;
    }
    boolean verbose = arguments.contains(CommandLineParser.VERBOSE);
    PlanTimings timings;
    try {
      timings = plan(plan, out);
    } catch (FloeException e) {
      err.println("floe: " + e.getMessage());
      if (verbose) {
        e.printStackTrace(err);
      }
      return EXIT_FAILED;
    } catch (IOException e) {
      err.println("floe: cannot write the plan to standard output: " + e.getMessage());
      return EXIT_FAILED;
    } catch (RuntimeException e) {
      // Not a failure Floe anticipated: report it as a bug rather than die with a bare trace.
      err.println("floe: internal error (please report it): " + e);
      if (verbose) {
        e.printStackTrace(err);
      }
      return EXIT_FAILED;
    }
    // PrintStream hides its own write failures behind this flag.
    if (out.checkError()) {
      err.println("floe: cannot write the plan to standard output");
      return EXIT_FAILED;
    }
    if (verbose) {
      err.println(timings.describe(start, System.nanoTime()));
    }
    return EXIT_OK;
  }

  private static PlanTimings plan(PlanCommand command, PrintStream out) throws IOException {
    long start = System.nanoTime();
    String location = absoluteLocation(command.table());
    LoadedTable table = PathTables.load(location, FileIOFactory.forLocation(location));
    long loaded = System.nanoTime();
    TableScan scan = command.select(TableScan.of(table));
    if (command.filterJson() != null) {
      scan = scan.filter(FilterArgument.read(command.filterJson()));
    }
    if (command.mode() == PlanCommand.Mode.EXPLAIN) {
      ExplainText.write(scan.reportSkipped(command.skippedListLimit()).plan().report(), out);
      long written = System.nanoTime();
      return new PlanTimings(start, loaded, -1, written, written);
    }
    // the JSON plan shows every file's metrics, as the manifests record them
    scan = scan.includeColumnStats();
    List<FileScanTask> tasks =
        command.splitSize() == null
            ? scan.planFiles()
            : scan.splitSize(command.splitSize()).planTasks();
    long planned = System.nanoTime();
    // bytes straight to the stream, in large writes: standard output's own buffer is 8 KB
    PlanJsonWriter.write(scan.table().metadata(), tasks, new BufferedOutputStream(out, 1 << 16));
    return new PlanTimings(start, loaded, tasks.size(), planned, System.nanoTime());
  }

  /** A URI stays as given; a local path is made absolute, so messages name the full path. */
  static String absoluteLocation(String table) {
    if (URI_SCHEME.matcher(table).matches()) {
      return table;
    }
    return Path.of(table).toAbsolutePath().normalize().toString();
  }
}
