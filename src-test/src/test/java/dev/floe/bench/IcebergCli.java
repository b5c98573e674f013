package dev.floe.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.rest.PlanStatus;
import org.apache.iceberg.rest.responses.PlanTableScanResponse;
import org.apache.iceberg.rest.responses.PlanTableScanResponseParser;
import org.apache.iceberg.shaded.com.fasterxml.jackson.core.JsonGenerator;
import org.apache.iceberg.util.JsonUtil;

/**
 * "Iceberg's CLI" for the CLI benchmark ({@link CliPlanningBenchmark}): Iceberg has no command
 * line, so this is the smallest main that does what {@code bin/floe plan} does with iceberg-core:
 * load the table from its path ({@code HadoopTables}, as the in-process planning benchmark does),
 * plan {@code newScan().planFiles()} and print what it planned.
 *
 * <pre>{@code
 * java -cp <iceberg-core and its runtime> dev.floe.bench.IcebergCli /tmp/bench/m1000-... [--verbose]
 * }</pre>
 *
 * <p>Standard output gets one line, {@code files <n> bytes <sum of file sizes> records <sum of
 * record counts>}; {@code --verbose} adds the time spent in main on standard error, in the form
 * {@code bin/floe plan --verbose} uses, so the benchmark can tell JVM start from planning.
 */
public final class IcebergCli {
  private IcebergCli() {}

  public static void main(String[] arguments) {
    long start = System.nanoTime();
    List<String> options =
        List.of(arguments).subList(Math.min(1, arguments.length), arguments.length);
    if (arguments.length < 1 || !List.of("--json", "--verbose").containsAll(options)) {
      System.err.println("Usage: IcebergCli <table> [--json] [--verbose]");
      System.exit(2);
    }
    String location = arguments[0];
    boolean json = options.contains("--json");
    boolean verbose = options.contains("--verbose");
    Table table = new HadoopTables(new Configuration()).load(location);
    long loaded = System.nanoTime();
    long files = 0;
    long planned;
    if (json) {
      List<FileScanTask> tasks = planFiles(table.newScan().includeColumnStats(), location);
      files = tasks.size();
      planned = System.nanoTime();
      writeJson(table, tasks);
    } else {
      long bytes = 0;
      long records = 0;
      try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
        for (FileScanTask task : tasks) {
          files++;
          bytes += task.file().fileSizeInBytes();
          records += task.file().recordCount();
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot close Iceberg's plan of " + location, e);
      }
      planned = System.nanoTime();
      System.out.printf(Locale.ROOT, "files %d bytes %d records %d%n", files, bytes, records);
    }
    System.out.flush();
    if (verbose) {
      long end = System.nanoTime();
      System.err.printf(
          Locale.ROOT,
          "iceberg: main took %d ms: table loaded in %d ms, %d tasks planned in %d ms,"
              + " output written in %d ms%n",
          millis(end - start),
          millis(loaded - start),
          files,
          millis(planned - loaded),
          millis(end - planned));
    }
  }

  private static List<FileScanTask> planFiles(TableScan scan, String location) {
    List<FileScanTask> tasks = new ArrayList<>();
    try (CloseableIterable<FileScanTask> planned = scan.planFiles()) {
      planned.forEach(tasks::add);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close Iceberg's plan of " + location, e);
    }
    return tasks;
  }

  private static void writeJson(Table table, List<FileScanTask> tasks) {
    Map<String, DeleteFile> deletes = new LinkedHashMap<>();
    for (FileScanTask task : tasks) {
      for (DeleteFile delete : task.deletes()) {
        deletes.putIfAbsent(delete.location(), delete);
      }
    }
    PlanTableScanResponse.Builder builder =
        PlanTableScanResponse.builder()
            .withPlanStatus(PlanStatus.COMPLETED)
            .withFileScanTasks(tasks);
    // Iceberg 1.10 (the Spark 3.5 line, where the benchmark runs) takes the delete files and
    // specs; 1.12 (the Spark 4 lines, which only compile this) has neither as a public method
    callIfPublic(builder, "withDeleteFiles", List.class, new ArrayList<>(deletes.values()));
    callIfPublic(builder, "withSpecsById", Map.class, table.specs());
    PlanTableScanResponse response = builder.build();
    Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
    try {
      JsonGenerator generator = JsonUtil.factory().createGenerator(out);
      generator.useDefaultPrettyPrinter();
      PlanTableScanResponseParser.toJson(response, generator);
      generator.flush();
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the plan to standard output", e);
    }
  }

  private static void callIfPublic(
      PlanTableScanResponse.Builder builder, String method, Class<?> parameter, Object argument) {
    try {
      builder.getClass().getMethod(method, parameter).invoke(builder, argument);
    } catch (NoSuchMethodException absent) {
      // not in this Iceberg version
    } catch (ReflectiveOperationException failure) {
      throw new IllegalStateException(
          "Cannot call " + method + " on Iceberg's plan builder", failure);
    }
  }

  private static long millis(long nanos) {
    return nanos / 1_000_000;
  }
}
