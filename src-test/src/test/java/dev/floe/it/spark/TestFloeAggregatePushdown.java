package dev.floe.it.spark;

import static dev.floe.it.spark.SnapshotAggregates.COUNT_STAR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * COUNT, MIN and MAX pushed into Floe's scan, against Apache Iceberg's unpushed answers, on every
 * table of the delete matrix (position deletes file- and partition-scoped, in Parquet and Avro,
 * deletion vectors, equality deletes, copy-on-write, compaction) and on a table of evolved columns
 * and metrics modes, at its first, a middle and its last snapshot: a pushed {@code count(*)}, bare
 * and under filters on partition and other columns, equals Iceberg's count and Floe's own count of
 * the same scan's rows; {@code count(col)} counts the non-null values; MIN and MAX equal Iceberg's,
 * and are pushed where every file's bounds answer them. How the unfiltered count was answered must
 * follow from the snapshot's deletes: files without deletes or with only deletion vectors from
 * manifests, files with position delete files from those alone, and only files with equality
 * deletes by reading rows.
 */
class TestFloeAggregatePushdown {
  private static final String PUSHED_COUNT_STAR = "aggregate=[COUNT(*)";

  private final SparkSession spark = SharedSpark.get().session();

  @TestFactory
  Stream<DynamicNode> aggregatesEqualIcebergsAtFirstMiddleAndLastSnapshot() {
    List<DeleteFixture> fixtures = new ArrayList<>(DeleteFixtures.shared());
    fixtures.add(PushdownFixtures.compacted());
    fixtures.add(PushdownFixtures.evolved());
    return fixtures.stream()
        .map(
            fixture ->
                dynamicContainer(
                    fixture.name(),
                    SnapshotAggregates.sampled(fixture.snapshots()).stream()
                        .map(
                            snapshot ->
                                dynamicContainer(
                                    fixture + " " + snapshot,
                                    checks(new SnapshotAggregates(spark, fixture, snapshot))))));
  }

  private Stream<DynamicTest> checks(SnapshotAggregates table) {
    List<DynamicTest> checks = new ArrayList<>();
    checks.add(dynamicTest(table + ": count(*)", () -> countStar(table)));
    for (String filter : table.filters()) {
      checks.add(
          dynamicTest(table + ": count(*) where " + filter, () -> countWhere(table, filter)));
    }
    checks.add(dynamicTest(table + ": count(column)", () -> countColumns(table)));
    if (!table.summableColumns().isEmpty()) {
      checks.add(
          dynamicTest(
              table + ": sum and avg of " + table.summableColumns(), () -> sumsAndAverages(table)));
      for (String filter : table.filters()) {
        checks.add(dynamicTest(table + ": sums where " + filter, () -> sumsWhere(table, filter)));
      }
    }
    if (!table.stringColumns().isEmpty()) {
      checks.add(
          dynamicTest(
              table + ": lengths of " + table.stringColumns(), () -> lengthsOfStrings(table)));
    }
    checks.add(
        dynamicTest(
            table + ": min and max of " + table.boundedColumns(),
            () -> minimaAndMaximaOfBoundedColumns(table)));
    if (!table.otherOrderedColumns().isEmpty()) {
      checks.add(
          dynamicTest(
              table + ": min and max of " + table.otherOrderedColumns(),
              () -> minimaAndMaxima(table, table.otherOrderedColumns(), false)));
    }
    return checks.stream();
  }

  private void countStar(SnapshotAggregates table) {
    TableSnapshot snapshot = table.snapshot();
    Dataset<Row> pushed = table.floe(true).agg(functions.count("*"));
    long pushedCount = pushed.collectAsList().get(0).getLong(0);
    ScanDescription description = ScanDescription.ofExecuted(pushed, table.fixture().name());
    long ownCount = ownCount(table.floe(false), table);

    assertThat(table.iceberg(COUNT_STAR))
        .as("Iceberg's count(*) of %s: its generic reader's live rows", table)
        .isEqualTo(snapshot.rowCount());
    assertThat(pushedCount)
        .as("Floe's count(*) with pushdown enabled of %s", table)
        .isEqualTo(snapshot.rowCount());
    assertThat(ownCount).as("Floe's row-by-row count of %s", table).isEqualTo(snapshot.rowCount());
    assertThat(description.text()).as("Floe's scan of %s", table).contains(PUSHED_COUNT_STAR);
    answeredAsTheDeletesAllow(table, description.aggregateFiles());
  }

  /**
   * Files without deletes or with only deletion vectors answer from manifests; files with position
   * delete files need only those; only equality deletes need rows. Each data file answers once.
   */
  private static void answeredAsTheDeletesAllow(
      SnapshotAggregates table, ScanDescription.AggregateFiles files) {
    IcebergPlan plan = table.icebergPlan();
    String label = table + " " + files + ", Iceberg's plan " + plan;
    assertThat(files.total()).as("data files answered, %s", label).isEqualTo(plan.dataFiles());
    if (plan.liveEqualityDeleteFiles() == 0) {
      assertThat(files.read()).as("data files read without equality deletes, %s", label).isZero();
      if (plan.withPositionDeleteFiles() == 0) {
        assertThat(files.fromMetadata())
            .as("data files answered from manifests, %s", label)
            .isEqualTo(plan.dataFiles());
      } else {
        assertThat(files.fromDeleteFiles())
            .as("data files answered from their position delete files, %s", label)
            .isPositive();
      }
    }
    if (plan.withEqualityDeletes() > 0) {
      assertThat(files.read()).as("data files read for equality deletes, %s", label).isPositive();
    }
  }

  private void countWhere(SnapshotAggregates table, String filter) {
    Dataset<Row> pushed = table.floe(true).where(filter).agg(functions.count("*"));
    long pushedCount = pushed.collectAsList().get(0).getLong(0);
    ScanDescription description = ScanDescription.ofExecuted(pushed, table.fixture().name());
    long ownCount = ownCount(table.floe(false).where(filter), table);
    Object expected = table.iceberg(SnapshotAggregates.countWhere(filter));

    assertThat(pushedCount)
        .as("Floe's count(*) with pushdown enabled of %s where %s", table, filter)
        .isEqualTo(expected);
    assertThat(ownCount)
        .as("Floe's row-by-row count of %s where %s", table, filter)
        .isEqualTo(expected);
    assertThat(description.text())
        .as("Floe's scan of %s where %s", table, filter)
        .contains(PUSHED_COUNT_STAR);
  }

  /** Floe's count of the rows its scan returns: Spark counts, and the plan must show it did. */
  private static long ownCount(Dataset<Row> rows, SnapshotAggregates table) {
    Dataset<Row> counted = rows.agg(functions.count("*"));
    long count = counted.collectAsList().get(0).getLong(0);
    assertThat(ScanDescription.ofExecuted(counted, table.fixture().name()).hasAggregate())
        .as("Floe's scan of %s with aggregate pushdown disabled pushes no aggregate", table)
        .isFalse();
    return count;
  }

  private void countColumns(SnapshotAggregates table) {
    List<Column> counts =
        table.columns().stream()
            .map(column -> functions.count(functions.col(column)).as("count(" + column + ")"))
            .toList();
    Dataset<Row> pushed = SnapshotAggregates.aggregate(table.floe(true), counts);
    Row row = pushed.collectAsList().get(0);
    ScanDescription description = ScanDescription.ofExecuted(pushed, table.fixture().name());

    assertThat(description.hasAggregate())
        .as("Floe's scan of %s pushes count(column): %s", table, description)
        .isTrue();
    for (String column : table.columns()) {
      String name = "count(" + column + ")";
      assertThat((Object) row.getAs(name))
          .as("%s of %s", name, table)
          .isEqualTo(table.iceberg(name));
    }
    countOfAColumnWithoutNulls(table);
  }

  /**
   * A column with a value in every row (here {@code id}, where Iceberg counts as many values as
   * rows and every file records its metrics) is counted as rows: from manifests under deletion
   * vectors, where no file is read when no other delete applies, and on executors without reading
   * the column under other deletes (a scan of no column).
   */
  private void countOfAColumnWithoutNulls(SnapshotAggregates table) {
    IcebergPlan plan = table.icebergPlan();
    if (!plan.boundedInEveryFile().contains("id")
        || !table.iceberg("count(id)").equals(table.iceberg(SnapshotAggregates.COUNT_STAR))) {
      return;
    }
    Dataset<Row> pushed = table.floe(true).agg(functions.count(functions.col("id")));
    long count = pushed.collectAsList().get(0).getLong(0);
    ScanDescription description = ScanDescription.ofExecuted(pushed, table.fixture().name());
    assertThat(count).as("count(id) of %s", table).isEqualTo(table.iceberg("count(id)"));
    assertThat(description.hasAggregate()).as("count(id) of %s is pushed", table).isTrue();
    if (plan.withDeletionVectorsOnly() > 0
        && plan.withPositionDeleteFiles() == 0
        && plan.liveEqualityDeleteFiles() == 0) {
      assertThat(description.aggregateFiles().read())
          .as("files read for count(id) under deletion vectors of %s: %s", table, description)
          .isZero();
    }
  }

  /**
   * Sums of integer and decimal columns equal Iceberg's and are pushed (read from rows, through
   * every delete), unless a decimal has over 18 digits; averages equal Iceberg's too.
   */
  private void sumsAndAverages(SnapshotAggregates table) {
    List<Column> sums = new ArrayList<>();
    List<Column> averages = new ArrayList<>();
    for (String column : table.summableColumns()) {
      sums.add(functions.sum(column).as("sum(" + column + ")"));
      averages.add(functions.avg(column).as("avg(" + column + ")"));
    }
    Dataset<Row> pushed = SnapshotAggregates.aggregate(table.floe(true), sums);
    Row sumRow = pushed.collectAsList().get(0);
    ScanDescription description = ScanDescription.ofExecuted(pushed, table.fixture().name());
    Row averageRow =
        SnapshotAggregates.aggregate(table.floe(true), averages).collectAsList().get(0);

    for (String column : table.summableColumns()) {
      assertThat((Object) sumRow.getAs("sum(" + column + ")"))
          .as("sum(%s) of %s (%s)", column, table, description)
          .isEqualTo(table.iceberg("sum(" + column + ")"));
      assertThat((Object) averageRow.getAs("avg(" + column + ")"))
          .as("avg(%s) of %s", column, table)
          .isEqualTo(table.iceberg("avg(" + column + ")"));
    }
    assertThat(description.hasAggregate())
        .as("Floe's scan of %s pushes the sums: %s", table, description)
        .isEqualTo(table.sumsComputable());
    sumsBesideOtherFunctions(table);
  }

  /**
   * A sum beside functions the manifests may answer (a count, a non-null count, a bound): the files
   * read for the sum answer those from their entries where exact, and the answers still equal
   * Iceberg's.
   */
  private void sumsBesideOtherFunctions(SnapshotAggregates table) {
    String column = table.summableColumns().get(0);
    List<Column> mixed =
        List.of(
            functions.count("*").as(SnapshotAggregates.COUNT_STAR),
            functions.sum(column).as("sum(" + column + ")"),
            functions.count(functions.col(column)).as("count(" + column + ")"),
            functions.max(column).as("max(" + column + ")"),
            functions.min(column).as("min(" + column + ")"));
    Dataset<Row> pushed = SnapshotAggregates.aggregate(table.floe(true), mixed);
    Row row = pushed.collectAsList().get(0);
    ScanDescription description = ScanDescription.ofExecuted(pushed, table.fixture().name());

    for (String name :
        List.of(
            SnapshotAggregates.COUNT_STAR,
            "sum(" + column + ")",
            "count(" + column + ")",
            "max(" + column + ")",
            "min(" + column + ")")) {
      assertThat((Object) row.getAs(name))
          .as("%s beside a sum, of %s (%s)", name, table, description)
          .isEqualTo(table.iceberg(name));
    }
  }

  /**
   * Sums, minimums, maximums and averages of string columns' lengths equal Iceberg's and are pushed
   * (read from rows, through every delete).
   */
  private void lengthsOfStrings(SnapshotAggregates table) {
    List<Column> lengths = new ArrayList<>();
    for (String column : table.stringColumns()) {
      for (String function : SnapshotAggregates.LENGTH_AGGREGATES) {
        String name = function + "(length(" + column + "))";
        lengths.add(functions.expr(name).as(name));
      }
    }
    Dataset<Row> pushed = SnapshotAggregates.aggregate(table.floe(true), lengths);
    Row row = pushed.collectAsList().get(0);
    ScanDescription description = ScanDescription.ofExecuted(pushed, table.fixture().name());

    for (String column : table.stringColumns()) {
      for (String function : SnapshotAggregates.LENGTH_AGGREGATES) {
        String name = function + "(length(" + column + "))";
        assertThat((Object) row.getAs(name))
            .as("%s of %s (%s)", name, table, description)
            .isEqualTo(table.iceberg(name));
      }
    }
    assertThat(description.text())
        .as("Floe's scan of %s pushes the lengths", table)
        .contains("SUM(LENGTH(" + table.stringColumns().get(0) + "))");
  }

  private void sumsWhere(SnapshotAggregates table, String filter) {
    List<Column> sums = new ArrayList<>();
    for (String column : table.summableColumns()) {
      sums.add(functions.sum(column).as("sum(" + column + ")"));
    }
    Dataset<Row> pushed = SnapshotAggregates.aggregate(table.floe(true).where(filter), sums);
    Row row = pushed.collectAsList().get(0);
    ScanDescription description = ScanDescription.ofExecuted(pushed, table.fixture().name());

    for (String column : table.summableColumns()) {
      assertThat((Object) row.getAs("sum(" + column + ")"))
          .as("sum(%s) of %s where %s (%s)", column, table, filter, description)
          .isEqualTo(table.iceberg(SnapshotAggregates.sumWhere(column, filter)));
    }
    assertThat(description.hasAggregate())
        .as("Floe's scan of %s where %s pushes the sums: %s", table, filter, description)
        .isEqualTo(table.sumsComputable());
  }

  /**
   * Integers, dates, timestamps and decimals: those every planned file has bounds for in one query,
   * which must be pushed where no delete applies; the others (metrics mode {@code counts} or {@code
   * none}, or a column older files lack) in another.
   */
  private void minimaAndMaximaOfBoundedColumns(SnapshotAggregates table) {
    Set<String> boundedEverywhere = table.icebergPlan().boundedInEveryFile();
    List<String> bounded =
        table.boundedColumns().stream().filter(boundedEverywhere::contains).toList();
    List<String> unbounded =
        table.boundedColumns().stream()
            .filter(column -> !boundedEverywhere.contains(column))
            .toList();
    if (!bounded.isEmpty()) {
      minimaAndMaxima(table, bounded, true);
    }
    if (!unbounded.isEmpty()) {
      minimaAndMaxima(table, unbounded, false);
    }
  }

  private void minimaAndMaxima(SnapshotAggregates table, List<String> columns, boolean exact) {
    List<Column> aggregates = new ArrayList<>();
    for (String column : columns) {
      aggregates.add(functions.min(column).as("min(" + column + ")"));
      aggregates.add(functions.max(column).as("max(" + column + ")"));
    }
    Dataset<Row> pushed = SnapshotAggregates.aggregate(table.floe(true), aggregates);
    Row row = pushed.collectAsList().get(0);
    ScanDescription description = ScanDescription.ofExecuted(pushed, table.fixture().name());

    for (String column : columns) {
      for (String name : List.of("min(" + column + ")", "max(" + column + ")")) {
        assertThat((Object) row.getAs(name))
            .as("%s of %s (%s)", name, table, description)
            .isEqualTo(table.iceberg(name));
      }
    }
    IcebergPlan plan = table.icebergPlan();
    if (exact
        && plan.withoutAnyDeletes()
        && plan.liveEqualityDeleteFiles() == 0
        && plan.boundedInEveryFile().containsAll(columns)) {
      assertThat(description.hasAggregate())
          .as(
              "Floe's scan of %s pushes min and max: no deletes, bounds in every file (%s)",
              table, plan)
          .isTrue();
    }
  }

  /**
   * On tables partitioned by {@code category} whose last snapshot has no deletes, a filter the
   * identity partition answers leaves no residual: COUNT, MIN and MAX over the matching partitions
   * are pushed and equal Iceberg's.
   */
  @ParameterizedTest(name = "{0} where {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "cow_v2|category = 'red'",
        "cow_v2|category IS NULL",
        "pushdown_compacted|category IN ('green', 'blue')",
        "pushdown_compacted|category <> 'green'"
      })
  void aggregatesUnderAPartitionFilterEqualIcebergs(String name, String filter) {
    DeleteFixture fixture =
        Stream.concat(DeleteFixtures.shared().stream(), Stream.of(PushdownFixtures.compacted()))
            .filter(candidate -> candidate.name().equals(name))
            .findFirst()
            .orElseThrow();
    List<Column> aggregates = new ArrayList<>();
    aggregates.add(functions.count("*"));
    aggregates.add(functions.count("name"));
    for (String column : List.of("id", "n", "day", "amount")) {
      aggregates.add(functions.min(column));
      aggregates.add(functions.max(column));
    }
    Dataset<Row> floe =
        SnapshotAggregates.aggregate(
            spark.read().format("floe").load(fixture.location().toString()).where(filter),
            aggregates);
    ReadResult actual = ReadResult.of(floe);
    ScanDescription description = ScanDescription.ofExecuted(floe, name);
    // Iceberg's rows, filtered by Spark: Iceberg 1.11 (the Spark 4.0 runtime) crashes planning the
    // IN filter on pushdown_compacted, whose delete manifests hold a null partition value
    // (NullPointerException in its Evaluator.in over a CharSequenceSet)
    Dataset<Row> icebergRows =
        spark.read().format("iceberg").load(fixture.identifier()).localCheckpoint();
    ReadResult expected =
        ReadResult.of(SnapshotAggregates.aggregate(icebergRows.where(filter), aggregates));

    assertThat(actual.rowDifferences(expected))
        .as("aggregates of %s where %s (%s)", name, filter, description)
        .isEmpty();
    assertThat(description.text())
        .as("Floe's scan of %s where %s", name, filter)
        .contains("aggregate=[COUNT(*), COUNT(name), MIN(id), MAX(id)");
  }

  /** A count template: {@code %s} stands for the catalog, Iceberg's or Floe's. */
  static Stream<Arguments> timeTravelCounts() {
    String table = "%s." + CatalogFixture.TABLE;
    return Stream.of(
        count("current snapshot, position deletes", f -> table),
        count("VERSION AS OF <id>", f -> table + " VERSION AS OF " + f.first),
        count("VERSION AS OF <tag>", f -> table + " VERSION AS OF 'v1'"),
        count("VERSION AS OF <branch>", f -> table + " VERSION AS OF 'audit'"),
        count("identifier branch_", f -> table + ".branch_audit"),
        count(
            "TIMESTAMP AS OF the second commit",
            f -> table + " TIMESTAMP AS OF " + CatalogFixture.timestampLiteral(f.secondMillis)));
  }

  private static Arguments count(String name, Function<CatalogFixture, String> from) {
    return Arguments.of(name, from);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("timeTravelCounts")
  void timeTravelCountsThroughTheCatalogAsIcebergDoes(
      String name, Function<CatalogFixture, String> template) {
    String from = template.apply(CatalogFixture.get());
    long expected =
        icebergCount(String.format("SELECT count(*) FROM " + from, CatalogFixture.ICEBERG));
    Dataset<Row> pushed =
        spark.sql(String.format("SELECT count(*) FROM " + from, CatalogFixture.FLOE));
    long count = pushed.collectAsList().get(0).getLong(0);

    assertThat(expected).as("Iceberg's count of %s", from).isPositive();
    assertThat(count).as("Floe's count of %s", from).isEqualTo(expected);
    assertThat(ScanDescription.ofExecuted(pushed, "events").text())
        .as("Floe's scan of %s", from)
        .contains(PUSHED_COUNT_STAR);
  }

  @Test
  void neverWrittenTableCountsZero() {
    ReadFixture table = PushdownFixtures.neverWritten();
    CatalogFixture.get();
    Dataset<Row> byPath =
        spark.read().format("floe").load(table.location().toString()).agg(functions.count("*"));
    Dataset<Row> byCatalog =
        spark.sql(
            "SELECT count(*) FROM "
                + CatalogFixture.FLOE
                + "."
                + FixtureWriter.DATABASE
                + ".pushdown_never_written");

    assertThat(icebergCount("SELECT count(*) FROM " + table.identifier()))
        .as("Iceberg's count of the never-written table")
        .isZero();
    assertThat(byPath.collectAsList().get(0).getLong(0))
        .as("Floe's count of the never-written table by path")
        .isZero();
    assertThat(byCatalog.collectAsList().get(0).getLong(0))
        .as("Floe's count of the never-written table through its catalog")
        .isZero();
    assertThat(ScanDescription.ofExecuted(byPath, "pushdown_never_written").text())
        .as("Floe's scan of the never-written table")
        .contains(PUSHED_COUNT_STAR);
  }

  /** Iceberg's count with its own aggregate pushdown off: Spark counts Iceberg's rows. */
  private long icebergCount(String query) {
    String setting = "spark.sql.iceberg.aggregate-push-down.enabled";
    String before = spark.conf().get(setting, null);
    spark.conf().set(setting, "false");
    try {
      return spark.sql(query).collectAsList().get(0).getLong(0);
    } finally {
      if (before == null) {
        spark.conf().unset(setting);
      } else {
        spark.conf().set(setting, before);
      }
    }
  }
}
