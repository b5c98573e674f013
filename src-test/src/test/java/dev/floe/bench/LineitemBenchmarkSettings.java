package dev.floe.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 *     {@code verify-checksums=false}) on the tables without deletes, a lineitem full scan of every
 *     column, and the difference in percent under the table
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
    String checksumCost = properties.getProperty(PREFIX + ".checksumCost", "false").trim();
    if (!checksumCost.equals("true") && !checksumCost.equals("false")) {
      throw new IllegalArgumentException(
          PREFIX + ".checksumCost must be true or false, not '" + checksumCost + "'");
    }
    return new LineitemBenchmarkSettings(
        deletes,
        nestedRows,
        deleteRows,
        chartOutput,
        Boolean.parseBoolean(checksumCost),
        size.tables().refinedBy(properties, PREFIX));
  }

  /** The readers timed: the three compared, and Floe without its checks when its cost is asked. */
  List<BenchmarkReader> readers() {
    if (!checksumCost) {
      return BenchmarkReader.COMPARED;
    }
    List<BenchmarkReader> readers = new ArrayList<>(BenchmarkReader.COMPARED);
    readers.add(BenchmarkReader.FLOE_WITHOUT_CHECKSUMS);
    return List.copyOf(readers);
  }

  ReadBenchmarkSettings sizes() {
    return deletes.sizes();
  }

  /** Whether the merge-on-read tables copy the lineitem table itself rather than a smaller one. */
  boolean deletesOnLineitem() {
    return deleteRows == sizes().rows();
  }
}
