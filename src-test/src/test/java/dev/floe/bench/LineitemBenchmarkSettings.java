package dev.floe.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * What the issue-8 read suite ({@link LineitemBenchmark}) writes and how often it reads it, from
 * {@code bench.lineitem.*} system properties over a preset ({@code bench.lineitem.size}: {@code
 * full}, {@code smoke} or {@code scale60}, {@link LineitemSize}).
 *
 * @param deletes the lineitem rows ({@code bench.lineitem.rows}), the nested, wide and strings
 *     tables' data files ({@code .files}), runs ({@code .warmup}, {@code .runs}), report ({@code
 *     .output}), kept directory ({@code .dir}), deleted fractions ({@code .percents}), delete kinds
 *     ({@code .kinds}) and Iceberg's executor cache ({@code .icebergExecutorCache})
 * @param nestedRows rows of the nested-column table ({@code bench.lineitem.nestedRows})
 * @param deleteRows rows of the lineitem table the merge-on-read tables copy ({@code
 *     bench.lineitem.deleteRows}); by default the lineitem table itself
 * @param chartOutput the SVG chart of the ratios ({@code bench.lineitem.chart}); by default {@code
 *     lineitem-ratios.svg} beside the Markdown report, none without a report
 * @param checksumCost whether the suite also measures what Floe's page CRC-32 checks cost ({@code
 *     bench.lineitem.checksumCost}, off by default): a reader column "Floe (no CRC)" (Floe with
 *     {@code verify-checksums=false}) on the tables without deletes, and the difference in percent
 *     under the table
 * @param comet whether Iceberg's reader is also timed under Apache DataFusion Comet's native
 *     Iceberg scan ({@code bench.lineitem.comet}; by default whenever Comet is on the classpath, as
 *     on the Spark 3.5 line under the suite's profile): a reader column "Comet"
 * @param floeUnderComet whether Floe is also timed with Comet's native operators above its scan
 *     ({@code bench.lineitem.floeComet}; on by default whenever Comet is timed, and only then): a
 *     reader column "Floe + Comet exec" on the aggregates
 * @param inMemory whether the in-memory floor is timed ({@code bench.lineitem.inMemory}, on by
 *     default): a reader column "In memory", the queries over the tables without deletes cached
 * @param rowsToSpark whether Floe is also timed with aggregate pushdown off ({@code
 *     bench.lineitem.rowsToSpark}, on by default): a reader column "Floe (rows)" on the aggregates
 * @param tables the tables written and read, and the sizes of the wide, strings and small-files
 *     tables ({@code bench.lineitem.tables}, {@code .wideRows}, {@code .stringRows}, {@code
 *     .smallFiles}, {@code .smallFileRows})
 */
record LineitemBenchmarkSettings(
    DeleteBenchmarkSettings deletes,
    long nestedRows,
    long deleteRows,
    Path chartOutput,
    boolean checksumCost,
    boolean comet,
    boolean floeUnderComet,
    boolean inMemory,
    boolean rowsToSpark,
    SuiteTableSettings tables) {
  static final String PREFIX = "bench.lineitem";
  static final String CHART_FILE = "lineitem-ratios.svg";

  LineitemBenchmarkSettings {
    Objects.requireNonNull(deletes, "deletes");
    Objects.requireNonNull(tables, "tables");
    if (nestedRows < 1 || deleteRows < 4 || deletes.sizes().rows() < 4) {
      throw new IllegalArgumentException(
          String.format(
              "Lineitem benchmark settings out of range: rows %d (>= 4), deleteRows %d (>= 4),"
                  + " nestedRows %d (>= 1)",
              deletes.sizes().rows(), deleteRows, nestedRows));
    }
  }

  static LineitemBenchmarkSettings from(Properties properties) {
    return from(properties, Comet.onClassPath());
  }

  /**
   * The settings, given whether Comet is on the classpath.
   *
   * @throws IllegalArgumentException for a setting out of range, or Comet asked for without it
   */
  static LineitemBenchmarkSettings from(Properties properties, boolean cometOnClassPath) {
    LineitemSize size =
        LineitemSize.named(PREFIX + ".size", properties.getProperty(PREFIX + ".size", "full"));
    // The preset is resolved here, so the shared parsers below see no size and take it whole
    Properties refined = new Properties();
    properties
        .stringPropertyNames()
        .forEach(key -> refined.setProperty(key, properties.getProperty(key)));
    refined.remove(PREFIX + ".size");
    String percents = refined.getProperty(PREFIX + ".percents");
    if (percents == null || percents.isBlank()) {
      refined.setProperty(PREFIX + ".percents", size.deletedPercents());
    }
    DeleteBenchmarkSettings deletes =
        DeleteBenchmarkSettings.from(refined, PREFIX, size.sizes(), size.sizes());
    long nestedRows =
        ReadBenchmarkSettings.longProperty(properties, PREFIX + ".nestedRows", size.nestedRows());
    long deleteRows =
        ReadBenchmarkSettings.longProperty(
            properties, PREFIX + ".deleteRows", deletes.sizes().rows());
    String chart = properties.getProperty(PREFIX + ".chart");
    Path output = deletes.sizes().markdownOutput();
    Path chartOutput =
        chart != null && !chart.isBlank()
            ? Path.of(chart.trim())
            : output == null ? null : output.resolveSibling(CHART_FILE);
    boolean comet = booleanProperty(properties, PREFIX + ".comet", cometOnClassPath);
    if (comet && !cometOnClassPath) {
      throw new IllegalArgumentException(
          PREFIX
              + ".comet=true, but DataFusion Comet is not on the classpath: only the Spark 3.5"
              + " line has it, under the bench-lineitem profile (bin/bench-lineitem)");
    }
    return new LineitemBenchmarkSettings(
        deletes,
        nestedRows,
        deleteRows,
        chartOutput,
        booleanProperty(properties, PREFIX + ".checksumCost", false),
        comet,
        comet && booleanProperty(properties, PREFIX + ".floeComet", true),
        booleanProperty(properties, PREFIX + ".inMemory", true),
        booleanProperty(properties, PREFIX + ".rowsToSpark", true),
        size.tables().refinedBy(properties, PREFIX));
  }

  private static boolean booleanProperty(Properties properties, String name, boolean otherwise) {
    String value = properties.getProperty(name, Boolean.toString(otherwise)).trim();
    if (!value.equals("true") && !value.equals("false")) {
      throw new IllegalArgumentException(name + " must be true or false, not '" + value + "'");
    }
    return Boolean.parseBoolean(value);
  }

  /**
   * The readers timed, in the report's column order: the three compared, then Comet, the in-memory
   * floor, Floe without its checks, Floe handing rows to Spark and Floe under Comet's operators
   * where asked.
   */
  List<BenchmarkReader> readers() {
    List<BenchmarkReader> readers = new ArrayList<>(BenchmarkReader.COMPARED);
    if (comet) {
      readers.add(BenchmarkReader.COMET);
    }
    if (inMemory) {
      readers.add(BenchmarkReader.IN_MEMORY);
    }
    if (checksumCost) {
      readers.add(BenchmarkReader.FLOE_WITHOUT_CHECKSUMS);
    }
    if (rowsToSpark) {
      readers.add(BenchmarkReader.FLOE_ROWS);
    }
    if (floeUnderComet) {
      readers.add(BenchmarkReader.FLOE_COMET);
    }
    return List.copyOf(readers);
  }

  /** What the shared Spark session starts with: Comet's plugin and memory when it is timed. */
  Map<String, String> sessionSettings() {
    return comet ? Comet.sessionSettings() : Map.of();
  }

  ReadBenchmarkSettings sizes() {
    return deletes.sizes();
  }

  /** Whether the merge-on-read tables copy the lineitem table itself rather than a smaller one. */
  boolean deletesOnLineitem() {
    return deleteRows == sizes().rows();
  }
}
