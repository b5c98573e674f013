package dev.floe.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The timed rounds of the lineitem suite ({@link LineitemMeasurement#run}): each round runs every
 * case once with every reader, in another order each round ({@link #order}), and gathers the
 * measured rounds' single runs per case and reader. Comet's runs have Comet on; the floor's run on
 * the case's table in memory, cached outside the timed run ({@link MemoryFloor}).
 */
final class LineitemRounds {
  private static final ReadTimer ONCE = new ReadTimer(0, 1);
  private static final long ORDER_SEED = 267;
  private static final int MAX_SHUFFLES = 1_000;

  /** The readers that run Floe's own scan on the same table: Floe's order keeps apart from them. */
  static final Set<BenchmarkReader> TWINS =
      EnumSet.of(
          BenchmarkReader.FLOE_ROWS,
          BenchmarkReader.FLOE_COMET,
          BenchmarkReader.FLOE_WITHOUT_CHECKSUMS);

  private final SparkSession spark;
  private final List<LineitemCase> cases;
  private final List<BenchmarkReader> readers;
  private final List<Map<BenchmarkReader, ReadOutcome>> settled;
  private final List<Map<BenchmarkReader, ReadSeries>> series = new ArrayList<>();

  /**
   * @param settled per case, the outcomes known before any run ({@link CometPlanCheck}): those
   *     readers are not run on the case
   */
  LineitemRounds(
      SparkSession spark,
      List<LineitemCase> cases,
      List<BenchmarkReader> readers,
      List<Map<BenchmarkReader, ReadOutcome>> settled) {
    this.spark = spark;
    this.cases = List.copyOf(cases);
    this.readers = List.copyOf(readers);
    this.settled = List.copyOf(settled);
    if (this.settled.size() != this.cases.size()) {
      throw new IllegalArgumentException(
          "One settled map per case: " + this.settled.size() + " for " + this.cases.size());
    }
    this.cases.forEach(readCase -> series.add(new EnumMap<>(BenchmarkReader.class)));
  }

  /** Runs round {@code round} (0 first); a measured round's runs count, a warm-up's do not. */
  void run(int round, boolean measured) {
    try (MemoryFloor floor = new MemoryFloor(spark)) {
      for (int index = 0; index < cases.size(); index++) {
        LineitemCase suiteCase = cases.get(index);
        floor.keepOnly(suiteCase.table());
        ReadCase readCase = suiteCase.readCase();
        for (BenchmarkReader reader : order(round)) {
          if (!timed(index, reader)) {
            continue;
          }
          ReadOutcome outcome = time(suiteCase, readCase, reader, floor);
          if (measured) {
            series.get(index).computeIfAbsent(reader, key -> new ReadSeries()).add(outcome);
          }
        }
      }
    }
  }

  /**
   * The readers in round {@code round}'s order: shuffled by a seed of the round, and shuffled again
   * while Floe would run next to one of its {@link #TWINS}. A fixed rotation made one reader always
   * run just after another: Floe after "Floe (rows)", its twin on the same table, whose warm state
   * flattered Floe (docs/benchmarks.md). An order without Floe beside a twin exists whenever two
   * other readers are timed (Iceberg's and Spark's Parquet reader always are); the shuffles are
   * bounded all the same.
   */
  List<BenchmarkReader> order(int round) {
    Random random = new Random(ORDER_SEED + round);
    List<BenchmarkReader> order = new ArrayList<>(readers);
    for (int attempt = 0; attempt < MAX_SHUFFLES; attempt++) {
      Collections.shuffle(order, random);
      if (!floeBesideATwin(order)) {
        break;
      }
    }
    return order;
  }

  /** Whether Floe runs just before or just after one of its {@link #TWINS} in {@code order}. */
  static boolean floeBesideATwin(List<BenchmarkReader> order) {
    int floe = order.indexOf(BenchmarkReader.FLOE);
    return floe >= 0
        && (floe > 0 && TWINS.contains(order.get(floe - 1))
            || floe < order.size() - 1 && TWINS.contains(order.get(floe + 1)));
  }

  /**
   * Every reader's outcome on case {@code index}, unchecked: the measured series, what was settled
   * before the runs, or why the reader does not read the case.
   */
  Map<BenchmarkReader, ReadOutcome> outcomes(int index) {
    LineitemCase suiteCase = cases.get(index);
    Map<BenchmarkReader, ReadOutcome> outcomes = new EnumMap<>(BenchmarkReader.class);
    for (BenchmarkReader reader : readers) {
      ReadOutcome known = settled.get(index).get(reader);
      if (!suiteCase.readBy(reader)) {
        outcomes.put(reader, ReadOutcome.notApplicable(LineitemCase.notReadBy(reader)));
      } else if (known != null) {
        outcomes.put(reader, known);
      } else {
        outcomes.put(reader, series.get(index).get(reader).outcome());
      }
    }
    return outcomes;
  }

  private boolean timed(int index, BenchmarkReader reader) {
    return cases.get(index).readBy(reader) && !settled.get(index).containsKey(reader);
  }

  private ReadOutcome time(
      LineitemCase suiteCase, ReadCase readCase, BenchmarkReader reader, MemoryFloor floor) {
    DeleteBenchmarkTable table = suiteCase.table();
    return switch (reader) {
      case FLOE, ICEBERG, SPARK_PARQUET, FLOE_WITHOUT_CHECKSUMS, FLOE_ROWS ->
          ONCE.measure(readCase, () -> reader.load(spark, table.fixture(), table.dataFiles()));
      case COMET ->
          Comet.enabled(
              spark,
              () ->
                  ONCE.measure(
                      readCase, () -> reader.load(spark, table.fixture(), table.dataFiles())));
      case FLOE_COMET ->
          Comet.enabledAboveSparkScans(
              spark,
              () ->
                  ONCE.measure(
                      readCase, () -> reader.load(spark, table.fixture(), table.dataFiles())));
      case IN_MEMORY -> {
        Dataset<Row> rows;
        try {
          rows = floor.rows(table);
        } catch (RuntimeException e) {
          yield ReadOutcome.failed("cannot cache: " + ReadTimer.rootMessage(e));
        }
        yield ONCE.measure(readCase, () -> rows);
      }
    };
  }
}
