package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Incremental reads through Spark ({@code start-snapshot-id}, {@code end-snapshot-id}) return
 * Iceberg's rows for every range of a table whose history mixes appends with a merge-on-read
 * delete, a copy-on-write update, an overwrite and a compaction, by path and through Floe's
 * catalog, with filters and projections; the refusals say what Iceberg's say.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestFloeReadsAppendsLikeIceberg {
  private static final String NAME = "incremental_appends";
  private static final String FLOE_CATALOG = "floe_incremental";

  private final SparkSession spark = SharedSpark.get().session();
  private ReadFixture table;
  private List<Long> snapshots;

  @BeforeAll
  void writeHistory() {
    FixtureWriter writer = new FixtureWriter(SharedSpark.get());
    writer.sql(
        "", "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE);
    writer.sql(
        NAME,
        "DROP TABLE IF EXISTS {t}",
        "CREATE TABLE {t} (id bigint, part int, tag string) USING iceberg PARTITIONED BY (part)"
            + " TBLPROPERTIES ('format-version'='2', 'write.delete.mode'='merge-on-read',"
            + " 'write.update.mode'='copy-on-write')",
        "INSERT INTO {t} SELECT id, CAST(id % 3 AS INT), 'first' FROM range(0, 30)",
        "INSERT INTO {t} SELECT id, CAST(id % 3 AS INT), 'second' FROM range(30, 60)",
        "DELETE FROM {t} WHERE id % 7 = 0",
        "INSERT INTO {t} SELECT id, CAST(id % 3 AS INT), 'third' FROM range(60, 90)",
        "UPDATE {t} SET tag = 'updated' WHERE part = 1",
        "INSERT OVERWRITE {t} PARTITION (part = 2) SELECT id, 'overwritten' FROM range(90, 95)",
        "INSERT INTO {t} SELECT id, CAST(id % 3 AS INT), 'fourth' FROM range(100, 130)",
        "CALL "
            + SharedSpark.CATALOG
            + ".system.rewrite_data_files(table => '"
            + FixtureWriter.DATABASE
            + "."
            + NAME
            + "', options => map('rewrite-all', 'true'))",
        "INSERT INTO {t} SELECT id, CAST(id % 3 AS INT), 'fifth' FROM range(130, 140)");
    table = writer.fixture(NAME, -1);
    snapshots = new ArrayList<>();
    for (Row row :
        spark
            .sql(
                "SELECT snapshot_id FROM "
                    + table.identifier()
                    + ".snapshots ORDER BY committed_at")
            .collectAsList()) {
      snapshots.add(row.getLong(0));
    }
    SharedSpark.get().addFloeCatalog(FLOE_CATALOG, 0);
  }

  @Test
  void everyRangeReturnsIcebergsRows() {
    assertThat(snapshots).as("one snapshot per statement").hasSize(9);
    int compared = 0;
    for (int start = 0; start < snapshots.size(); start++) {
      for (int end = start + 1; end <= snapshots.size(); end++) {
        if (start == snapshots.size() - 1 && end == snapshots.size()) {
          continue; // after the current snapshot up to it: refused, see refusalsSayWhatIcebergsSay
        }
        Map<String, String> options = new LinkedHashMap<>();
        options.put("start-snapshot-id", Long.toString(snapshots.get(start)));
        if (end < snapshots.size()) {
          options.put("end-snapshot-id", Long.toString(snapshots.get(end)));
        }
        List<String> iceberg = SortedRows.of(iceberg(options).load(table.identifier()));
        assertThat(SortedRows.of(floe(options).load(table.location().toString())))
            .as("Floe by path, %s", options)
            .isEqualTo(iceberg);
        if (end == snapshots.size()) {
          assertThat(SortedRows.of(floe(options).table(floeIdentifier())))
              .as("Floe's catalog, %s", options)
              .isEqualTo(iceberg);
        }
        compared++;
      }
    }
    assertThat(compared).isEqualTo(44);
  }

  @Test
  void filtersProjectionsAndCountsReturnIcebergsAnswers() {
    Map<String, String> options = Map.of("start-snapshot-id", Long.toString(snapshots.get(0)));
    List<String> appended = SortedRows.of(iceberg(options).load(table.identifier()));
    assertThat(appended).as("the appends after the first commit hold rows").hasSizeGreaterThan(50);
    for (String filter : List.of("part = 1", "id >= 100", "tag = 'third'", "id < 0")) {
      assertThat(SortedRows.of(floe(options).load(table.location().toString()).filter(filter)))
          .as("where %s", filter)
          .isEqualTo(SortedRows.of(iceberg(options).load(table.identifier()).filter(filter)));
    }
    assertThat(SortedRows.of(floe(options).load(table.location().toString()).select("tag")))
        .as("one column")
        .isEqualTo(SortedRows.of(iceberg(options).load(table.identifier()).select("tag")));
    assertThat(floe(options).load(table.location().toString()).count())
        .as("COUNT(*)")
        .isEqualTo(iceberg(options).load(table.identifier()).count());
    assertThat(explain(floe(options).load(table.location().toString())))
        .as("EXPLAIN names the range")
        .contains("appends=(" + snapshots.get(0) + ", current]");
  }

  @Test
  void refusalsSayWhatIcebergsSay() {
    String first = Long.toString(snapshots.get(0));
    String third = Long.toString(snapshots.get(2));
    assertSameRefusal(
        Map.of("end-snapshot-id", third), "Cannot set only end-snapshot-id for incremental scans");
    Map<String, String> timeTravel = Map.of("start-snapshot-id", first, "snapshot-id", third);
    String incrementalWithTimeTravel =
        "Cannot set start-snapshot-id and end-snapshot-id for incremental scans when either";
    Throwable icebergTimeTravel =
        catchThrowable(() -> iceberg(timeTravel).load(table.identifier()).collect());
    if (icebergTimeTravel != null
        && icebergTimeTravel.getMessage().contains("no longer supported")) {
      // Iceberg 1.12 refuses the option snapshot-id itself; Floe keeps it, and refuses the mix
      assertThat(
              FailureChain.trace(catchThrowable(() -> floe(timeTravel).load(location()).collect())))
          .contains(incrementalWithTimeTravel);
    } else {
      assertSameRefusal(timeTravel, incrementalWithTimeTravel);
    }
    assertSameRefusal(
        Map.of("start-snapshot-id", third, "end-snapshot-id", first),
        "is not a parent ancestor of");
    assertSameRefusal(
        Map.of("start-snapshot-id", third, "end-snapshot-id", third),
        "is not a parent ancestor of");
    assertSameRefusal(Map.of("start-snapshot-id", first, "end-snapshot-id", "42"), "42");
    Map<String, String> timestamps = Map.of("start-timestamp", "0");
    if (catchThrowable(() -> iceberg(timestamps).load(table.identifier()).collect()) == null) {
      // Iceberg 1.12 ignores the changelog options on a batch read; Floe refuses them, as 1.10 does
      assertThat(
              FailureChain.trace(catchThrowable(() -> floe(timestamps).load(location()).collect())))
          .contains("start-timestamp or end-timestamp");
    } else {
      assertSameRefusal(timestamps, "start-timestamp or end-timestamp");
    }
  }

  private void assertSameRefusal(Map<String, String> options, String substance) {
    Throwable iceberg = catchThrowable(() -> iceberg(options).load(table.identifier()).collect());
    Throwable floe =
        catchThrowable(() -> floe(options).load(table.location().toString()).collect());
    assertThat(iceberg).as("Iceberg refuses %s", options).isNotNull();
    // Iceberg 1.12 quotes option names in backticks, 1.10 does not
    assertThat(iceberg.getMessage().replace("`", "")).as("Iceberg's refusal").contains(substance);
    assertThat(floe).as("Floe refuses %s", options).isNotNull();
    assertThat(FailureChain.trace(floe)).as("Floe's refusal").contains(substance);
  }

  private DataFrameReader floe(Map<String, String> options) {
    return spark.read().format("floe").options(options);
  }

  private DataFrameReader iceberg(Map<String, String> options) {
    return spark.read().format("iceberg").options(options);
  }

  private String location() {
    return table.location().toString();
  }

  private String floeIdentifier() {
    return FLOE_CATALOG + "." + FixtureWriter.DATABASE + "." + NAME;
  }

  private static String explain(Dataset<Row> query) {
    return query
        .queryExecution()
        .explainString(org.apache.spark.sql.execution.ExtendedMode$.MODULE$);
  }
}
