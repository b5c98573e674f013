package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Structured Streaming reads of tables Iceberg writes, by Floe ({@code readStream.format("floe")}
 * and a Floe catalog's tables) and by Iceberg's own streaming source on the same tables: the same
 * rows in the same micro-batches under the admission limits, Iceberg's start, skip and refusal
 * rules, and exactly-once delivery across a query stopped and restarted from its checkpoint.
 */
class TestFloeStreamsLikeIceberg {
  private static final String NAMESPACE = "stream";
  private static final String FLOE_CATALOG = "floe_stream";
  private static final AtomicInteger TABLES = new AtomicInteger();

  private final SparkSession spark = SharedSpark.get().session();

  @BeforeAll
  static void catalogs() {
    SharedSpark.get().addFloeCatalog(FLOE_CATALOG, 30_000);
    SharedSpark.get().session().sql("CREATE NAMESPACE IF NOT EXISTS ice." + NAMESPACE);
  }

  /** A new table {@code ice.stream.<name>N} (id BIGINT, data STRING), optionally partitioned. */
  private String newTable(String name, String partitioning) {
    String table = name + TABLES.incrementAndGet();
    spark.sql(
        "CREATE TABLE ice."
            + NAMESPACE
            + "."
            + table
            + " (id BIGINT, data STRING, p INT) USING iceberg "
            + partitioning);
    return table;
  }

  /** Appends ids {@code [from, to)} as one commit of {@code files} data files. */
  private void append(String table, long from, long to, int files) {
    try {
      spark
          .range(from, to)
          .selectExpr("id", "concat('r', id) AS data", "CAST(id % 2 AS INT) AS p")
          .repartition(files)
          .writeTo("ice." + NAMESPACE + "." + table)
          .append();
    } catch (Exception e) {
      throw new IllegalStateException("Cannot append to " + table, e);
    }
  }

  private List<String> tableRows(String table) {
    List<String> rows = StreamRuns.rows(spark.table("ice." + NAMESPACE + "." + table));
    rows.sort(null);
    return rows;
  }

  /** The table's snapshots, oldest first: id, operation, commit time in ms. */
  /** Spins until the clock is past the table's last commit, as FixtureTable.commit does. */
  private void awaitClockPastLastCommit(String table) {
    List<Row> commits = snapshots(table);
    long last = commits.get(commits.size() - 1).getLong(2);
    while (System.currentTimeMillis() <= last) {
      Thread.onSpinWait();
    }
  }

  private List<Row> snapshots(String table) {
    return spark
        .sql(
            "SELECT snapshot_id, operation, CAST(unix_millis(committed_at) AS BIGINT) FROM ice."
                + NAMESPACE
                + "."
                + table
                + ".snapshots ORDER BY committed_at")
        .collectAsList();
  }

  private StreamRuns.Source floe(String table) {
    return new StreamRuns.Source(
        "floe", SharedSpark.get().tableLocation(NAMESPACE, table).toString(), false);
  }

  private StreamRuns.Source floeCatalog(String table) {
    return new StreamRuns.Source("floe", FLOE_CATALOG + "." + NAMESPACE + "." + table, true);
  }

  private StreamRuns.Source iceberg(String table) {
    return new StreamRuns.Source("iceberg", "ice." + NAMESPACE + "." + table, true);
  }

  private static Path checkpoint() throws Exception {
    return Files.createTempDirectory("floe-stream-checkpoint");
  }

  private StreamRuns.Delivered run(
      StreamRuns.Source source, Map<String, String> options, Trigger trigger) throws Exception {
    return StreamRuns.runToEnd(spark, source, options, trigger, checkpoint());
  }

  static Stream<Arguments> limits() {
    return Stream.of(
        Arguments.of("no limit", Map.of()),
        Arguments.of("1 file a batch", Map.of("streaming-max-files-per-micro-batch", "1")),
        Arguments.of("2 files a batch", Map.of("streaming-max-files-per-micro-batch", "2")),
        Arguments.of("7 rows a batch", Map.of("streaming-max-rows-per-micro-batch", "7")),
        Arguments.of(
            "2 files or 5 rows a batch",
            Map.of(
                "streaming-max-files-per-micro-batch", "2",
                "streaming-max-rows-per-micro-batch", "5")));
  }

  /**
   * The same batches as Iceberg under each limit (processing-time triggers), by path and by catalog
   * table; and under {@code Trigger.AvailableNow}, the same batches again, as Spark means that
   * trigger to respect the limits. Iceberg 1.10 for Spark 3.5 does not support it and reads
   * everything in one batch there (Spark's fallback), so its rows are compared as a whole.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("limits")
  void limitsGiveIcebergsBatches(String name, Map<String, String> options) throws Exception {
    String table = newTable("limits", "");
    append(table, 0, 9, 3);
    append(table, 9, 20, 3);
    append(table, 20, 24, 2);

    StreamRuns.Delivered expected = caughtUp(iceberg(table), options);
    StreamRuns.Delivered byPath = caughtUp(floe(table), options);
    StreamRuns.Delivered byCatalog = caughtUp(floeCatalog(table), options);
    StreamRuns.Delivered availableNow = run(floe(table), options, Trigger.AvailableNow());
    StreamRuns.Delivered icebergAvailableNow = run(iceberg(table), options, Trigger.AvailableNow());

    assertThat(expected.union()).as("Iceberg streams the table's rows").isEqualTo(tableRows(table));
    assertThat(byPath.nonEmptyBatches())
        .as("Floe's batches by path, %s", name)
        .isEqualTo(expected.nonEmptyBatches());
    assertThat(byCatalog.nonEmptyBatches())
        .as("Floe's batches by catalog table, %s", name)
        .isEqualTo(expected.nonEmptyBatches());
    assertThat(availableNow.nonEmptyBatches())
        .as("Floe's batches under AvailableNow, %s", name)
        .isEqualTo(expected.nonEmptyBatches());
    assertThat(availableNow.union()).isEqualTo(icebergAvailableNow.union());
    if (icebergSupportsAvailableNow()) {
      assertThat(availableNow.nonEmptyBatches())
          .as("Floe's batches under AvailableNow are Iceberg's, %s", name)
          .isEqualTo(icebergAvailableNow.nonEmptyBatches());
    }
  }

  /** Whether the oracle's source cuts batches under AvailableNow (Iceberg 1.12 does, 1.10 not). */
  private static boolean icebergSupportsAvailableNow() throws ClassNotFoundException {
    return org.apache.spark.sql.connector.read.streaming.SupportsTriggerAvailableNow.class
        .isAssignableFrom(Class.forName("org.apache.iceberg.spark.source.SparkMicroBatchStream"));
  }

  private StreamRuns.Delivered caughtUp(StreamRuns.Source source, Map<String, String> options)
      throws Exception {
    return StreamRuns.runUntilCaughtUp(spark, source, options, checkpoint());
  }

  @Test
  void triggerOnceReadsEverythingInOneBatch() throws Exception {
    String table = newTable("once", "PARTITIONED BY (p)");
    append(table, 0, 10, 2);
    append(table, 10, 30, 3);
    Map<String, String> options = Map.of("streaming-max-files-per-micro-batch", "1");

    StreamRuns.Delivered expected = run(iceberg(table), options, Trigger.Once());
    StreamRuns.Delivered actual = run(floeCatalog(table), options, Trigger.Once());

    assertThat(expected.nonEmptyBatches()).as("Iceberg: one batch of every row").hasSize(1);
    assertThat(actual.nonEmptyBatches()).isEqualTo(expected.nonEmptyBatches());
    assertThat(actual.union()).isEqualTo(tableRows(table));
  }

  @Test
  void streamFromTimestampStartsAtTheFirstSnapshotAtOrAfterIt() throws Exception {
    String table = newTable("from", "");
    append(table, 0, 5, 1);
    awaitClockPastLastCommit(table); // each commit its own millisecond
    append(table, 5, 10, 2);
    awaitClockPastLastCommit(table);
    append(table, 10, 15, 1);
    long second = snapshots(table).get(1).getLong(2);
    Map<String, String> options = Map.of("stream-from-timestamp", Long.toString(second));

    StreamRuns.Delivered expected = run(iceberg(table), options, Trigger.AvailableNow());
    StreamRuns.Delivered actual = run(floe(table), options, Trigger.AvailableNow());

    assertThat(expected.union()).as("Iceberg skips the first commit").hasSize(10);
    assertThat(actual.nonEmptyBatches()).isEqualTo(expected.nonEmptyBatches());
    StreamRuns.Delivered afterAll =
        run(
            floe(table),
            Map.of("stream-from-timestamp", Long.toString(System.currentTimeMillis() + 60_000)),
            Trigger.AvailableNow());
    assertThat(afterAll.union()).as("a start after the last commit reads nothing yet").isEmpty();
  }

  @Test
  void overwriteStopsTheStreamNamingItUnlessSkipped() throws Exception {
    String table = newTable("overwrite", "");
    append(table, 0, 6, 2);
    spark.sql("DELETE FROM ice." + NAMESPACE + "." + table + " WHERE id = 1");
    append(table, 6, 9, 1);
    Row overwrite = snapshots(table).get(1);
    assertThat(overwrite.getString(1)).as("a copy-on-write delete commits").isEqualTo("overwrite");

    assertThatThrownBy(() -> run(floe(table), Map.of(), Trigger.AvailableNow()))
        .isInstanceOf(StreamingQueryException.class)
        .hasMessageContaining(
            "Cannot process overwrite snapshot "
                + overwrite.getLong(0)
                + " of table "
                + SharedSpark.get().tableLocation(NAMESPACE, table))
        .hasMessageContaining("set the read option streaming-skip-overwrite-snapshots=true");

    Map<String, String> skip = Map.of("streaming-skip-overwrite-snapshots", "true");
    StreamRuns.Delivered expected = run(iceberg(table), skip, Trigger.AvailableNow());
    StreamRuns.Delivered actual = run(floe(table), skip, Trigger.AvailableNow());
    assertThat(expected.union()).as("appended rows, the deleted one too").hasSize(9);
    assertThat(actual.nonEmptyBatches()).isEqualTo(expected.nonEmptyBatches());
  }

  @Test
  void deleteStopsTheStreamNamingItUnlessSkipped() throws Exception {
    String table = newTable("delete", "PARTITIONED BY (p)");
    append(table, 0, 6, 2);
    spark.sql("DELETE FROM ice." + NAMESPACE + "." + table + " WHERE p = 0");
    append(table, 6, 9, 1);
    Row delete = snapshots(table).get(1);
    assertThat(delete.getString(1)).as("a whole-partition delete commits").isEqualTo("delete");

    assertThatThrownBy(() -> run(floeCatalog(table), Map.of(), Trigger.AvailableNow()))
        .isInstanceOf(StreamingQueryException.class)
        .hasMessageContaining("Cannot process delete snapshot " + delete.getLong(0))
        .hasMessageContaining("set the read option streaming-skip-delete-snapshots=true");

    Map<String, String> skip = Map.of("streaming-skip-delete-snapshots", "true");
    StreamRuns.Delivered expected = run(iceberg(table), skip, Trigger.AvailableNow());
    StreamRuns.Delivered actual = run(floeCatalog(table), skip, Trigger.AvailableNow());
    assertThat(expected.union()).hasSize(9);
    assertThat(actual.nonEmptyBatches()).isEqualTo(expected.nonEmptyBatches());
  }

  @Test
  void compactionIsPassedOver() throws Exception {
    String table = newTable("compact", "");
    append(table, 0, 6, 3);
    append(table, 6, 12, 3);
    spark.sql(
        "CALL ice.system.rewrite_data_files(table => '"
            + NAMESPACE
            + "."
            + table
            + "', options => map('min-input-files', '2'))");
    append(table, 12, 15, 1);
    assertThat(snapshots(table).get(2).getString(1)).isEqualTo("replace");
    Map<String, String> options = Map.of("streaming-max-files-per-micro-batch", "2");

    StreamRuns.Delivered expected = caughtUp(iceberg(table), options);
    StreamRuns.Delivered actual = caughtUp(floe(table), options);

    assertThat(expected.union()).as("no row twice").isEqualTo(tableRows(table));
    assertThat(actual.nonEmptyBatches()).isEqualTo(expected.nonEmptyBatches());
  }

  @Test
  void restartResumesInTheMiddleOfASnapshot() throws Exception {
    String table = newTable("resume", "");
    append(table, 0, 12, 3);
    StreamRuns.Source source = floe(table);
    Path checkpoint = checkpoint();
    String sink = "resume@" + checkpoint;
    StreamRuns.Delivered delivered = StreamRuns.sink(sink);
    Map<String, String> options = Map.of("streaming-max-files-per-micro-batch", "1");

    StreamingQuery first =
        StreamRuns.start(spark, source, options, Trigger.ProcessingTime(60_000), sink, checkpoint);
    // the first trigger's one batch; the next is a minute away
    String offset =
        StreamRuns.firstProgressWithRows(spark, first, Duration.ofMinutes(2))
            .sources()[0]
            .endOffset();
    first.stop();
    assertThat(offset)
        .as("the checkpoint's offset after one file of three")
        .contains("\"snapshot-id\":" + snapshots(table).get(0).getLong(0))
        .contains("\"position\":1");
    assertThat(delivered.union()).hasSize(4);

    StreamingQuery second =
        StreamRuns.start(spark, source, options, Trigger.AvailableNow(), sink, checkpoint);
    second.awaitTermination();
    assertThat(delivered.union()).as("every row once").isEqualTo(tableRows(table));
    assertThat(delivered.size()).as("one batch a file").isEqualTo(3);
  }

  static Stream<Arguments> sources() {
    return Stream.of(Arguments.of("floe"), Arguments.of("iceberg"));
  }

  /**
   * Appends while a stream runs, stops it (possibly in the middle of a batch), restarts it from its
   * checkpoint and finishes: every batch id's rows, taken once, are the table's rows, no row twice
   * and none missing; a batch Spark delivers again after the restart holds the same rows.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("sources")
  void exactlyOnceAcrossAStopAndRestart(String format) throws Exception {
    String table = newTable("exactly_once_" + format, "");
    append(table, 0, 10, 2);
    StreamRuns.Source source = format.equals("floe") ? floe(table) : iceberg(table);
    Path checkpoint = checkpoint();
    String sink = "exactly-once@" + checkpoint;
    StreamRuns.Delivered delivered = StreamRuns.sink(sink);
    Map<String, String> options = Map.of("streaming-max-files-per-micro-batch", "1");

    StreamingQuery running =
        StreamRuns.start(spark, source, options, Trigger.ProcessingTime(50), sink, checkpoint);
    long next = 10;
    for (int commit = 0; commit < 4; commit++) {
      append(table, next, next + 5, 2);
      next += 5;
      // the stream has read a batch since this append began, so appends and batches interleave
      delivered.awaitSize(commit + 1, Duration.ofMinutes(2));
    }
    running.stop();
    int beforeRestart = delivered.size();
    append(table, next, next + 5, 2);

    StreamingQuery restarted =
        StreamRuns.start(spark, source, options, Trigger.AvailableNow(), sink, checkpoint);
    restarted.awaitTermination();

    assertThat(beforeRestart).as("batches before the stop").isPositive();
    assertThat(delivered.union())
        .as("%s: the union of the batches is the table, no row twice", format)
        .isEqualTo(tableRows(table));
    delivered.deliveries.forEach(
        (batchId, deliveries) ->
            assertThat(new HashSet<>(deliveries))
                .as("batch %s delivered again holds the same rows", batchId)
                .hasSize(1));
  }

  @Test
  void aSnapshotSelectorCannotStream() {
    String table = newTable("selector", "");
    append(table, 0, 3, 1);
    long snapshot = snapshots(table).get(0).getLong(0);

    assertThatThrownBy(
            () ->
                run(
                    floe(table),
                    Map.of("snapshot-id", Long.toString(snapshot)),
                    Trigger.AvailableNow()))
        .isInstanceOf(StreamingQueryException.class)
        .hasMessageContaining("Cannot stream table ")
        .hasMessageContaining("at snapshot-id=" + snapshot)
        .hasMessageContaining("drop the snapshot selector");
    append(table, 3, 6, 1); // a range with an append, which a batch read would plan
    assertThatThrownBy(
            () ->
                run(
                    floe(table),
                    Map.of("start-snapshot-id", Long.toString(snapshot)),
                    Trigger.AvailableNow()))
        .isInstanceOf(StreamingQueryException.class)
        .hasMessageContaining("at appends (" + snapshot + ", current]")
        .hasMessageContaining("an incremental batch read");
  }
}
