package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TestLineitemBenchmarkSettings {
  @Test
  void fullIsIssueEightsSize() {
    LineitemBenchmarkSettings settings = LineitemBenchmarkSettings.from(new Properties(), false);

    assertThat(settings.sizes().rows()).as("at least 6 million rows").isEqualTo(6_000_000);
    assertThat(settings.sizes().measuredRuns()).as("median of at least 5").isEqualTo(5);
    assertThat(settings.sizes().warmupRuns()).as("after a warm-up").isEqualTo(1);
    assertThat(settings.nestedRows()).as("nested rows").isEqualTo(2_000_000);
    assertThat(settings.deletesOnLineitem()).as("deletes on lineitem itself").isTrue();
    assertThat(settings.deletes().deletedPercents()).as("10% and 50%").containsExactly(10, 50);
    assertThat(settings.deletes().kinds())
        .as("DVs, position and equality deletes")
        .containsExactly(
            DeleteKind.DELETION_VECTORS, DeleteKind.POSITION_DELETES, DeleteKind.EQUALITY_DELETES);
    assertThat(settings.deletes().icebergExecutorCache()).as("Iceberg at its defaults").isTrue();
    assertThat(settings.chartOutput()).as("no report, no chart").isNull();
    assertThat(settings.checksumCost()).as("no checksum-cost column unless asked").isFalse();
    assertThat(settings.inMemory()).as("the in-memory floor by default").isTrue();
    assertThat(settings.rowsToSpark())
        .as("Floe with aggregate pushdown off beside it by default")
        .isTrue();
    assertThat(settings.tables().tables())
        .as("every table, in the suite's order")
        .containsExactly(
            SuiteTable.LINEITEM,
            SuiteTable.NESTED,
            SuiteTable.WIDE,
            SuiteTable.STRINGS,
            SuiteTable.SMALL_FILES,
            SuiteTable.DELETES);
    assertThat(settings.tables().wideRows()).as("wide rows").isEqualTo(1_000_000);
    assertThat(settings.tables().stringRows()).as("string rows").isEqualTo(2_000_000);
    assertThat(settings.tables().smallFiles()).as("issue 26's 10,000 files").isEqualTo(10_000);
    assertThat(settings.tables().smallFileRows()).as("of 1,000 rows").isEqualTo(1_000);
  }

  @Test
  void scale60IsTenTimesLineitemWithItsDeleteTablesAtTenPercent() {
    LineitemBenchmarkSettings settings = settingsWith("bench.lineitem.size", "scale60");

    assertThat(settings.sizes().rows()).as("ten times issue 8's rows").isEqualTo(60_000_000);
    assertThat(settings.sizes().measuredRuns()).as("rounds as in full").isEqualTo(5);
    assertThat(settings.sizes().warmupRuns()).as("warm-up as in full").isEqualTo(1);
    assertThat(settings.deletesOnLineitem()).as("delete tables copy the 60M lineitem").isTrue();
    assertThat(settings.deletes().deletedPercents()).as("10 % only").containsExactly(10);
    assertThat(settings.tables().tables())
        .as("only the tables that grow with lineitem")
        .containsExactly(SuiteTable.LINEITEM, SuiteTable.DELETES);
  }

  @Test
  void scale60IsRefinedLikeAnyPreset() {
    Properties properties = new Properties();
    properties.setProperty("bench.lineitem.size", "scale60");
    properties.setProperty("bench.lineitem.percents", "10,50");
    properties.setProperty("bench.lineitem.deleteRows", "6000000");
    properties.setProperty("bench.lineitem.tables", "lineitem,wide,deletes");

    LineitemBenchmarkSettings settings = LineitemBenchmarkSettings.from(properties);

    assertThat(settings.sizes().rows()).isEqualTo(60_000_000);
    assertThat(settings.deletes().deletedPercents()).containsExactly(10, 50);
    assertThat(settings.deleteRows()).isEqualTo(6_000_000);
    assertThat(settings.deletesOnLineitem()).as("a smaller delete base").isFalse();
    assertThat(settings.tables().tables())
        .containsExactly(SuiteTable.LINEITEM, SuiteTable.WIDE, SuiteTable.DELETES);
  }

  @Test
  void aRunPicksItsTablesInTheSuitesOrder() {
    SuiteTableSettings tables =
        settingsWith("bench.lineitem.tables", " smallfiles, wide ,strings,wide").tables();

    assertThat(tables.tables())
        .as("suite order, each once")
        .containsExactly(SuiteTable.WIDE, SuiteTable.STRINGS, SuiteTable.SMALL_FILES);
    assertThat(tables.includes(SuiteTable.WIDE)).as("picked").isTrue();
    assertThat(tables.includes(SuiteTable.LINEITEM)).as("not picked").isFalse();
    assertThat(tables.includes(SuiteTable.DELETES)).as("not picked").isFalse();
    assertThat(settingsWith("bench.lineitem.tables", " ").tables().tables())
        .as("blank: every table")
        .hasSize(SuiteTable.values().length);
  }

  @Test
  void theNewTablesSizesAreSettings() {
    Properties properties = new Properties();
    properties.setProperty("bench.lineitem.size", "smoke");
    properties.setProperty("bench.lineitem.wideRows", "123");
    properties.setProperty("bench.lineitem.stringRows", "456");
    properties.setProperty("bench.lineitem.smallFiles", "7");
    properties.setProperty("bench.lineitem.smallFileRows", "8");

    SuiteTableSettings tables = LineitemBenchmarkSettings.from(properties).tables();

    assertThat(tables.wideRows()).isEqualTo(123);
    assertThat(tables.stringRows()).isEqualTo(456);
    assertThat(tables.smallFiles()).isEqualTo(7);
    assertThat(tables.smallFileRows()).isEqualTo(8);
  }

  @Test
  void smokeIsTinyAndPropertiesRefineIt() {
    Properties properties = new Properties();
    properties.setProperty("bench.lineitem.size", "smoke");
    properties.setProperty("bench.lineitem.deleteRows", "1000");
    properties.setProperty("bench.lineitem.kinds", "dv");
    properties.setProperty("bench.lineitem.output", "/tmp/out/lineitem.md");
    properties.setProperty("bench.lineitem.dir", "/tmp/lineitem");
    properties.setProperty("bench.deletes.rows", "7");

    LineitemBenchmarkSettings settings = LineitemBenchmarkSettings.from(properties, false);

    assertThat(settings.sizes().rows())
        .as("smoke rows; bench.deletes.* belongs to another benchmark")
        .isEqualTo(20_000);
    assertThat(settings.sizes().measuredRuns()).as("one run").isEqualTo(1);
    assertThat(settings.sizes().warmupRuns()).as("no warm-up").isZero();
    assertThat(settings.nestedRows()).as("smoke nested rows").isEqualTo(10_000);
    assertThat(settings.deleteRows()).as("a smaller delete base").isEqualTo(1000);
    assertThat(settings.deletesOnLineitem()).as("not lineitem itself").isFalse();
    assertThat(settings.deletes().kinds()).containsExactly(DeleteKind.DELETION_VECTORS);
    assertThat(settings.sizes().workDirectory()).isEqualTo(Path.of("/tmp/lineitem"));
    assertThat(settings.chartOutput())
        .as("chart beside the report")
        .isEqualTo(Path.of("/tmp/out/lineitem-ratios.svg"));
    assertThat(settings.tables().tables()).as("every table").hasSize(SuiteTable.values().length);
    assertThat(settings.tables().wideRows()).as("smoke wide rows").isEqualTo(10_000);
    assertThat(settings.tables().stringRows()).as("smoke string rows").isEqualTo(10_000);
    assertThat(settings.tables().smallFiles()).as("smoke small files").isEqualTo(50);
    assertThat(settings.tables().smallFileRows()).as("of 200 rows").isEqualTo(200);
  }

  @Test
  void anExplicitChartPathWins() {
    Properties properties = new Properties();
    properties.setProperty("bench.lineitem.output", "/tmp/out/lineitem.md");
    properties.setProperty("bench.lineitem.chart", "/tmp/chart.svg");

    assertThat(LineitemBenchmarkSettings.from(properties, false).chartOutput())
        .isEqualTo(Path.of("/tmp/chart.svg"));
  }

  @Test
  void rejectsWhatItCannotRun() {
    assertThatThrownBy(() -> settingsWith("bench.lineitem.nestedRows", "many"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bench.lineitem.nestedRows must be a whole number, not 'many'");
    assertThatThrownBy(() -> settingsWith("bench.lineitem.deleteRows", "2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("deleteRows 2 (>= 4)");
    assertThatThrownBy(() -> settingsWith("bench.lineitem.size", "huge"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Unknown bench.lineitem.size 'huge': use full, smoke, scale60");
    assertThatThrownBy(() -> settingsWith("bench.lineitem.tables", "lineitem,tiny"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Unknown table 'tiny' in bench.lineitem.tables: use lineitem, nested, wide, strings,"
                + " smallfiles, deletes");
    assertThatThrownBy(() -> settingsWith("bench.lineitem.tables", ", ,"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bench.lineitem.tables names no table: ', ,'");
    assertThatThrownBy(() -> settingsWith("bench.lineitem.smallFiles", "0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("smallFiles 0 (>= 1)");
    assertThatThrownBy(() -> settingsWith("bench.lineitem.smallFileRows", "many"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bench.lineitem.smallFileRows must be a whole number, not 'many'");
    assertThatThrownBy(() -> settingsWith("bench.lineitem.smallFiles", "3000000000"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bench.lineitem.smallFiles is too large: 3000000000");
    assertThatThrownBy(() -> settingsWith("bench.lineitem.wideRows", "0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("wideRows 0 (>= 1)");
    assertThatThrownBy(() -> settingsWith("bench.lineitem.percents", "30"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot delete 30% of the rows");
  }

  @Test
  void theChecksumCostIsMeasuredOnlyWhenAsked() {
    Properties onlyCompared = new Properties();
    onlyCompared.setProperty("bench.lineitem.inMemory", "false");
    onlyCompared.setProperty("bench.lineitem.rowsToSpark", "false");
    assertThat(LineitemBenchmarkSettings.from(onlyCompared, false).readers())
        .as("without Comet, the floor or Floe's rows, the three readers compared")
        .containsExactly(
            BenchmarkReader.FLOE, BenchmarkReader.ICEBERG, BenchmarkReader.SPARK_PARQUET);
    assertThat(settingsWith("bench.lineitem.checksumCost", "true").readers())
        .as("asked: Floe without its checks too, after the floor, so the columns keep their places")
        .containsExactly(
            BenchmarkReader.FLOE,
            BenchmarkReader.ICEBERG,
            BenchmarkReader.SPARK_PARQUET,
            BenchmarkReader.IN_MEMORY,
            BenchmarkReader.FLOE_WITHOUT_CHECKSUMS,
            BenchmarkReader.FLOE_ROWS);
    assertThatThrownBy(() -> settingsWith("bench.lineitem.checksumCost", "yes"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bench.lineitem.checksumCost must be true or false, not 'yes'");
    assertThatThrownBy(() -> settingsWith("bench.lineitem.inMemory", "no"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bench.lineitem.inMemory must be true or false, not 'no'");
  }

  @Test
  void cometIsTimedWheneverItIsOnTheClassPath() {
    LineitemBenchmarkSettings withComet = LineitemBenchmarkSettings.from(new Properties(), true);

    assertThat(withComet.comet()).as("on by default where Comet's jar is").isTrue();
    assertThat(withComet.readers())
        .as("Comet and the floor after the three compared")
        .containsExactly(
            BenchmarkReader.FLOE,
            BenchmarkReader.ICEBERG,
            BenchmarkReader.SPARK_PARQUET,
            BenchmarkReader.COMET,
            BenchmarkReader.IN_MEMORY,
            BenchmarkReader.FLOE_ROWS,
            BenchmarkReader.FLOE_COMET);
    assertThat(withComet.sessionSettings())
        .as("the session starts with Comet's plugin, off-heap memory and native Iceberg scan")
        .containsEntry("spark.plugins", "org.apache.spark.CometPlugin")
        .containsEntry("spark.memory.offHeap.enabled", "true")
        .containsEntry("spark.comet.scan.icebergNative.enabled", "true")
        .containsEntry("spark.comet.exec.enabled", "true")
        .as("Comet off for every query but its own")
        .containsEntry("spark.comet.enabled", "false");

    Properties off = new Properties();
    off.setProperty("bench.lineitem.comet", "false");
    LineitemBenchmarkSettings withoutComet = LineitemBenchmarkSettings.from(off, true);
    assertThat(withoutComet.readers())
        .as("turned off, and Floe under Comet's operators with it")
        .doesNotContain(BenchmarkReader.COMET, BenchmarkReader.FLOE_COMET);
    Properties floeAlone = new Properties();
    floeAlone.setProperty("bench.lineitem.floeComet", "false");
    assertThat(LineitemBenchmarkSettings.from(floeAlone, true).readers())
        .as("Comet without Floe under its operators")
        .contains(BenchmarkReader.COMET)
        .doesNotContain(BenchmarkReader.FLOE_COMET);
    assertThat(withoutComet.sessionSettings()).as("a session without Comet").isEmpty();
  }

  @Test
  void cometCannotBeAskedForWithoutItsJar() {
    assertThat(LineitemBenchmarkSettings.from(new Properties(), false).comet())
        .as("off by default without Comet's jar (Spark 4 lines)")
        .isFalse();
    Properties properties = new Properties();
    properties.setProperty("bench.lineitem.comet", "true");

    assertThatThrownBy(() -> LineitemBenchmarkSettings.from(properties, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bench.lineitem.comet=true, but DataFusion Comet is not on the")
        .hasMessageContaining("only the Spark 3.5 line has it");
  }

  @Test
  void lineitemDeletesByRowNumberAsTheEventsDeleteById() {
    LineitemTable table = new LineitemTable("lineitem", 11);

    assertThat(table.deletedCondition(10))
        .isEqualTo("pmod((l_orderkey - 1) * 4 + l_linenumber - 1, 10) = 0");
    assertThat(table.liveRows(10)).as("rows 0 and 10 deleted").isEqualTo(9);
    assertThat(table.layout()).as("layout names rows").contains("rows=11");
    assertThatThrownBy(() -> new LineitemTable("lineitem", 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 4 rows, not 3");
  }

  /** Settings of one property, as on a line without Comet's jar. */
  private static LineitemBenchmarkSettings settingsWith(String key, String value) {
    Properties properties = new Properties();
    properties.setProperty(key, value);
    return LineitemBenchmarkSettings.from(properties, false);
  }
}
