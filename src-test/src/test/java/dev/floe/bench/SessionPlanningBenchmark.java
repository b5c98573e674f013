package dev.floe.bench;

import dev.floe.aggregate.Aggregate;
import dev.floe.aggregate.AggregatePlanner;
import dev.floe.cache.MetadataCache;
import dev.floe.catalog.PathTables;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.ManifestFile;
import dev.floe.metadata.MetadataTable;
import dev.floe.scan.ScanPlan;
import dev.floe.table.LoadedTable;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.DataTask;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.MetadataTableType;
import org.apache.iceberg.MetadataTableUtils;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.CloseableIterable;

/**
 * A notebook session's planning: ten queries in a row on one table (five filters, the first
 * snapshot, a COUNT(*), the {@code files} metadata table), each loading the table and planning it,
 * as a driver does per query. Four sides, each starting its session cold: Floe without and with its
 * metadata cache, Iceberg without and with its manifest cache ({@code io.manifest.cache-enabled} on
 * a Hadoop catalog, whose one FileIO keeps the cache across loads).
 *
 * <p>Run with {@code bin/bench-planning --session}; sized by the settings of {@link
 * BenchmarkSettings} (the table is the 1,000-manifest table with delete files, which has a snapshot
 * per delete commit, all sharing the data manifests). Before any figure, every side's answer to
 * every query is checked against Iceberg's: the same data files with the same delete files, the
 * same number of metadata rows.
 */
public final class SessionPlanningBenchmark {
  private SessionPlanningBenchmark() {}

  /** What a query asks of the planner. */
  enum Kind {
    FILES,
    COUNT,
    METADATA_FILES
  }

  /**
   * One query of the session: {@code filter} for the planners' APIs, and the same as Spark SQL in
   * {@code sparkFilter} (null for none), for {@link SparkSessionPlanningBenchmark}, which asks the
   * same questions through Spark.
   */
  record Query(
      String name, Kind kind, boolean firstSnapshot, PlanFilter filter, String sparkFilter) {}

  /** One query's answer, compared between sides, and the metadata bytes Floe read for it. */
  private record Answer(PlanFingerprint files, long rows, long metadataBytes) {}

  /** One way of planning a session: makes a fresh, cold session per round. */
  private interface Side {
    String name();

    Session open();
  }

  private interface Session {
    Answer run(Query query);
  }

  public static void main(String[] arguments) throws IOException {
    BenchmarkSettings settings = BenchmarkSettings.from(System.getProperties());
    PrintStream out = System.out;
    Path root =
        settings.workDirectory() == null
            ? Files.createTempDirectory("floe-session-bench")
            : Files.createDirectories(settings.workDirectory());
    TableShape shape = shape(settings);
    Configuration hadoop = new Configuration();
    Path table = table(root, shape, hadoop, out);
    String report = run(shape, table, hadoop, settings, out);
    out.println();
    out.print(report);
    if (settings.markdownOutput() != null) {
      Path output =
          settings.markdownOutput().toAbsolutePath().resolveSibling("planning-session.md");
      Files.createDirectories(output.getParent());
      Files.writeString(output, report);
      out.println("Markdown report written to " + output);
    }
  }

  /** The session's table: the one with delete files, unless the settings build no deletes. */
  static TableShape shape(BenchmarkSettings settings) {
    List<TableShape> shapes = settings.shapes();
    return shapes.size() > 1 ? shapes.get(1) : shapes.get(0);
  }

  /**
   * The table's directory under {@code root}, the planning benchmark's for this shape (so that a
   * shared {@code bench.dir} reuses it); built unless an earlier run left it there.
   */
  static Path table(Path root, TableShape shape, Configuration hadoop, PrintStream out) {
    Path table = root.resolve(PlanningBenchmark.directoryName(shape)).toAbsolutePath();
    if (!Files.exists(table.resolve("metadata").resolve("version-hint.text"))) {
      out.printf("building table '%s' at %s%n", shape.name(), table);
      new SyntheticTableWriter(hadoop).write(shape, table.toString());
    }
    return table;
  }

  private static String run(
      TableShape shape,
      Path table,
      Configuration hadoop,
      BenchmarkSettings settings,
      PrintStream out) {
    String location = table.toString();
    List<Query> queries = queries(shape);
    List<Side> sides =
        List.of(
            floe("Floe, cache off", () -> MetadataCache.disabled(), location),
            floe(
                "Floe, metadata cache",
                () -> MetadataCache.withMaxBytes(MetadataCache.defaultMaxBytes()),
                location),
            iceberg("Iceberg", hadoop, table, false),
            iceberg("Iceberg, manifest cache", hadoop, table, true));

    // every side's answers first: a benchmark of a wrong plan is worthless
    List<Answer> oracle = session(sides.get(2), queries, null);
    for (Side side : sides) {
      List<Answer> answers = session(side, queries, null);
      for (int query = 0; query < queries.size(); query++) {
        Answer expected = oracle.get(query);
        Answer actual = answers.get(query);
        actual.files().requireSameAs(expected.files(), side.name(), "Iceberg", location);
        if (actual.rows() != expected.rows()) {
          throw new IllegalStateException(
              side.name()
                  + " answers "
                  + queries.get(query).name()
                  + " with "
                  + actual.rows()
                  + " rows, Iceberg with "
                  + expected.rows());
        }
      }
    }
    out.println("every side's answers match Iceberg's; measuring");

    int rounds = settings.warmupRuns() + settings.measuredRuns();
    long[][][] nanos = new long[sides.size()][queries.size()][settings.measuredRuns()];
    long[] floeBytes = new long[queries.size()];
    for (int round = 0; round < rounds; round++) {
      for (int turn = 0; turn < sides.size(); turn++) {
        int side = (turn + round) % sides.size(); // every side goes first in some round
        System.gc();
        long[] times = new long[queries.size()];
        List<Answer> answers = session(sides.get(side), queries, times);
        if (round >= settings.warmupRuns()) {
          for (int query = 0; query < queries.size(); query++) {
            nanos[side][query][round - settings.warmupRuns()] = times[query];
            if (side == 1) {
              floeBytes[query] = answers.get(query).metadataBytes();
            }
          }
        }
      }
      out.printf("round %d of %d done%n", round + 1, rounds);
    }
    return markdown(shape, queries, sides, nanos, floeBytes, settings);
  }

  private static List<Answer> session(Side side, List<Query> queries, long[] times) {
    Session session = side.open();
    List<Answer> answers = new ArrayList<>();
    for (int query = 0; query < queries.size(); query++) {
      long start = System.nanoTime();
      answers.add(session.run(queries.get(query)));
      if (times != null) {
        times[query] = System.nanoTime() - start;
      }
    }
    return answers;
  }

  /**
   * The session's ten queries: five filters on the current snapshot, the first snapshot twice, a
   * {@code COUNT(*)}, the {@code files} metadata table.
   */
  static List<Query> queries(TableShape shape) {
    int last = shape.partitions() - 1;
    long middle = shape.dataFiles() / 2 * SyntheticTableWriter.IDS_PER_FILE;
    long tenFiles = 10 * SyntheticTableWriter.IDS_PER_FILE;
    PlanFilter lastPartition = PlanFilter.lastPartition(shape);
    String lastPartitionSql = "part >= " + last;
    PlanFilter tenById = PlanFilter.tenFilesById(shape);
    String tenByIdSql =
        "id >= " + middle + " AND id < " + (middle + 10 * SyntheticTableWriter.IDS_PER_FILE);
    PlanFilter onePartition =
        filter("part = 3", dev.floe.expr.Expression.equal("part", 3), Expressions.equal("part", 3));
    PlanFilter firstFiles =
        filter(
            "id < " + tenFiles,
            dev.floe.expr.Expression.lessThan("id", tenFiles),
            Expressions.lessThan("id", tenFiles));
    PlanFilter combined =
        filter(
            "part >= " + last + " and id >= " + middle,
            dev.floe.expr.Expression.and(
                dev.floe.expr.Expression.greaterThanOrEqual("part", last),
                dev.floe.expr.Expression.greaterThanOrEqual("id", middle)),
            Expressions.and(
                Expressions.greaterThanOrEqual("part", last),
                Expressions.greaterThanOrEqual("id", middle)));
    PlanFilter none = PlanFilter.none();
    return List.of(
        new Query("1. all files", Kind.FILES, false, none, null),
        new Query("2. " + lastPartition.name(), Kind.FILES, false, lastPartition, lastPartitionSql),
        new Query("3. " + tenById.name(), Kind.FILES, false, tenById, tenByIdSql),
        new Query("4. where part = 3", Kind.FILES, false, onePartition, "part = 3"),
        new Query(
            "5. where " + firstFiles.name(), Kind.FILES, false, firstFiles, "id < " + tenFiles),
        new Query(
            "6. where " + combined.name(),
            Kind.FILES,
            false,
            combined,
            "part >= " + last + " AND id >= " + middle),
        new Query("7. first snapshot, all files", Kind.FILES, true, none, null),
        new Query("8. first snapshot, " + tenById.name(), Kind.FILES, true, tenById, tenByIdSql),
        new Query("9. COUNT(*)", Kind.COUNT, false, none, null),
        new Query("10. the files metadata table", Kind.METADATA_FILES, false, none, null));
  }

  private static PlanFilter filter(
      String name,
      dev.floe.expr.Expression floe,
      org.apache.iceberg.expressions.Expression iceberg) {
    return new PlanFilter(name, floe, iceberg, file -> true);
  }

  private static Side floe(
      String name, java.util.function.Supplier<MetadataCache> caches, String location) {
    Aggregate countStar =
        new Aggregate(List.of(new Aggregate.Function(Aggregate.Kind.COUNT_STAR, null)));
    return new Side() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Session open() {
        MetadataCache cache = caches.get();
        return query -> {
          LoadedTable table = PathTables.load(location, new LocalFileIO());
          if (query.kind() == Kind.METADATA_FILES) {
            MetadataTable files =
                MetadataTable.of(
                        table,
                        dev.floe.metadata.MetadataTableType.FILES,
                        table.metadata().currentSnapshot())
                    .withCache(cache);
            long rows = 0;
            for (ManifestFile manifest : files.manifests()) {
              try (var iterator = files.rows(manifest)) {
                while (iterator.hasNext()) {
                  iterator.next();
                  rows++;
                }
              }
            }
            return new Answer(new PlanFingerprint(), rows, 0);
          }
          dev.floe.scan.TableScan scan = dev.floe.scan.TableScan.of(table).metadataCache(cache);
          if (query.firstSnapshot()) {
            scan = scan.useSnapshot(firstSnapshot(table));
          }
          if (!query.filter().isNone()) {
            scan = scan.filter(query.filter().floe());
          }
          ScanPlan plan = scan.plan();
          PlanFingerprint fingerprint = new PlanFingerprint();
          for (dev.floe.scan.FileScanTask task : plan.files()) {
            List<String> deletes = new ArrayList<>();
            for (DeleteFile delete : task.deletes()) {
              deletes.add(delete.location());
            }
            fingerprint.add(task.file().location(), deletes);
          }
          if (query.kind() == Kind.COUNT
              && AggregatePlanner.plan(countStar, plan.files()).isEmpty()) {
            throw new IllegalStateException("Floe does not answer COUNT(*) of " + location);
          }
          return new Answer(fingerprint, 0, plan.report().metadataReads().bytesRead());
        };
      }
    };
  }

  private static long firstSnapshot(LoadedTable table) {
    return table.metadata().snapshots().stream()
        .mapToLong(dev.floe.table.Snapshot::snapshotId)
        .findFirst()
        .orElseThrow();
  }

  private static Side iceberg(
      String name, Configuration hadoop, Path table, boolean manifestCache) {
    return new Side() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Session open() {
        java.util.function.Supplier<Table> load;
        if (manifestCache) {
          // one catalog per session: its FileIO holds the manifest cache across loads
          HadoopCatalog catalog = new HadoopCatalog();
          catalog.setConf(hadoop);
          catalog.initialize(
              "bench",
              Map.of(
                  CatalogProperties.WAREHOUSE_LOCATION,
                  table.getParent().getParent().toString(),
                  CatalogProperties.IO_MANIFEST_CACHE_ENABLED,
                  "true"));
          TableIdentifier identifier =
              TableIdentifier.of(
                  Namespace.of(table.getParent().getFileName().toString()),
                  table.getFileName().toString());
          load = () -> catalog.loadTable(identifier);
        } else {
          HadoopTables tables = new HadoopTables(hadoop);
          load = () -> tables.load(table.toString());
        }
        return query -> {
          Table loaded = load.get();
          if (query.kind() == Kind.METADATA_FILES) {
            Table files =
                MetadataTableUtils.createMetadataTableInstance(loaded, MetadataTableType.FILES);
            long rows = 0;
            try (CloseableIterable<FileScanTask> tasks = files.newScan().planFiles()) {
              for (FileScanTask task : tasks) {
                try (CloseableIterable<?> taskRows = ((DataTask) task).rows()) {
                  for (Object row : taskRows) {
                    rows++;
                  }
                }
              }
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
            return new Answer(new PlanFingerprint(), rows, 0);
          }
          TableScan scan = loaded.newScan();
          if (query.firstSnapshot()) {
            long first = loaded.history().get(0).snapshotId();
            scan = scan.useSnapshot(first);
          }
          if (!query.filter().isNone()) {
            scan = scan.filter(query.filter().iceberg());
          }
          PlanFingerprint fingerprint = new PlanFingerprint();
          try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
            for (FileScanTask task : tasks) {
              List<String> deletes = new ArrayList<>();
              for (org.apache.iceberg.DeleteFile delete : task.deletes()) {
                deletes.add(delete.location());
              }
              fingerprint.add(task.file().location(), deletes);
            }
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
          return new Answer(fingerprint, 0, 0);
        };
      }
    };
  }

  private static String markdown(
      TableShape shape,
      List<Query> queries,
      List<Side> sides,
      long[][][] nanos,
      long[] floeBytes,
      BenchmarkSettings settings) {
    StringBuilder text = new StringBuilder();
    text.append("## Ten queries in one session: the metadata cache\n\n");
    text.append(
        String.format(
            Locale.ROOT,
            "Table '%s': %d data manifests x %d files, %d partitions, %d delete files per"
                + " partition (one snapshot per delete commit, all sharing the data manifests)."
                + " Median of %d sessions after %d warm-up sessions, each side's session cold;"
                + " each query loads the table from its path and plans it. Java %s, %d"
                + " processors.%n%n",
            shape.name(),
            shape.dataManifests(),
            shape.filesPerManifest(),
            shape.partitions(),
            shape.deleteFilesPerPartition(),
            settings.measuredRuns(),
            settings.warmupRuns(),
            System.getProperty("java.version"),
            Runtime.getRuntime().availableProcessors()));
    text.append("| query |");
    for (Side side : sides) {
      text.append(' ').append(side.name()).append(" (ms) |");
    }
    text.append(" Floe cached: metadata bytes read |\n|---|");
    text.append("---:|".repeat(sides.size() + 1)).append('\n');
    double[] totals = new double[sides.size()];
    double[][] medians = new double[sides.size()][queries.size()];
    for (int query = 0; query < queries.size(); query++) {
      text.append("| ").append(queries.get(query).name()).append(" |");
      for (int side = 0; side < sides.size(); side++) {
        medians[side][query] = median(nanos[side][query]) / 1e6;
        totals[side] += medians[side][query];
        text.append(String.format(Locale.ROOT, " %.1f |", medians[side][query]));
      }
      text.append(
          queries.get(query).kind() == Kind.METADATA_FILES
              ? " (not reported) |\n"
              : String.format(Locale.ROOT, " %,d |%n", floeBytes[query]));
    }
    text.append("| **total** |");
    for (double total : totals) {
      text.append(String.format(Locale.ROOT, " **%.1f** |", total));
    }
    text.append(" |\n\n");
    double laterCached = 0;
    for (int query = 1; query < 6; query++) {
      laterCached = Math.max(laterCached, medians[1][query] / medians[1][0]);
    }
    text.append(
        String.format(
            Locale.ROOT,
            "Session total: Floe with its cache %.2fx Floe without, %.2fx Iceberg, %.2fx Iceberg"
                + " with its manifest cache. Queries 2-6 of the current snapshot, Floe cached:"
                + " at most %.2fx the first query's time.%n",
            totals[1] / totals[0],
            totals[1] / totals[2],
            totals[1] / totals[3],
            laterCached));
    return text.toString();
  }

  private static double median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0;
  }
}
