package dev.floe.spark.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import dev.floe.scan.PlanningMode;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestFloeReadOptions {
  private static final Map<String, String> NONE = Map.of();

  @Test
  void unknownOptionListsTheValidOnes() {
    assertThatThrownBy(() -> FloeReadOptions.resolve(Map.of("snapshotid", "1"), NONE, NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Unknown Floe read option 'snapshotid'")
        .hasMessageContaining(
            "valid options are adaptive-split-size-enabled, aggregate-push-down-enabled,"
                + " as-of-timestamp, batch-size, branch, data-planning-mode, delete-cache-size,"
                + " delete-planning-mode, end-snapshot-id, end-timestamp, file-open-cost,"
                + " lookback, metadata-cache-size, path, paths, snapshot-id, split-size,"
                + " start-snapshot-id, start-timestamp,"
                + " stream-from-timestamp, streaming-max-files-per-micro-batch,"
                + " streaming-max-rows-per-micro-batch, streaming-skip-delete-snapshots,"
                + " streaming-skip-overwrite-snapshots, tag,"
                + " timestampAsOf,"
                + " verify-checksums, versionAsOf");
  }

  @Test
  void anIncrementalReadIsAStartAndAnOptionalEnd() {
    FloeReadOptions open = FloeReadOptions.resolve(Map.of("start-snapshot-id", "7"), NONE, NONE);
    assertThat(open.appends()).isEqualTo(new IncrementalRange(7, null));
    assertThat(open.appends()).hasToString("(7, current]");
    FloeReadOptions closed =
        FloeReadOptions.resolve(
            Map.of("Start-Snapshot-Id", "7", "end-snapshot-id", "9"), NONE, NONE);
    assertThat(closed.appends()).isEqualTo(new IncrementalRange(7, 9L));
    assertThat(FloeReadOptions.resolve(NONE, NONE, NONE).appends()).isNull();

    assertThatThrownBy(
            () ->
                FloeReadOptions.resolve(
                    Map.of("start-snapshot-id", "7", "branch", "audit"), NONE, NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot set start-snapshot-id with branch or tag");
    assertThatThrownBy(
            () -> FloeReadOptions.resolve(Map.of("start-snapshot-id", "seven"), NONE, NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("start-snapshot-id");
  }

  @Test
  void aTableLoadedAtASnapshotHasNoIncrementalScan() {
    FloeReadOptions loaded = FloeReadOptions.resolve(Map.of("snapshot-id", "3"), NONE, NONE);
    FloeReadOptions scan = FloeReadOptions.resolve(Map.of("start-snapshot-id", "1"), NONE, NONE);
    assertThatThrownBy(() -> scan.atSelectionOf(loaded, "db.t"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Cannot read the appends (1, current] of table db.t: it was loaded at snapshot-id=3;"
                + " an incremental read starts from the table itself");
    FloeReadOptions current = FloeReadOptions.resolve(NONE, NONE, NONE);
    assertThat(scan.atSelectionOf(current, "db.t").appends())
        .isEqualTo(new IncrementalRange(1, null));
  }

  @Test
  void misspeltSessionSettingListsTheValidOnes() {
    assertThatThrownBy(
            () -> FloeReadOptions.resolve(NONE, Map.of("spark.floe.read.split-szie", "1024"), NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Unknown Floe session setting 'spark.floe.read.split-szie'; valid settings are"
                + " spark.floe.read.adaptive-split-size-enabled,"
                + " spark.floe.read.aggregate-push-down-enabled, spark.floe.read.batch-size,"
                + " spark.floe.read.data-planning-mode, spark.floe.read.delete-cache-size,"
                + " spark.floe.read.delete-planning-mode, spark.floe.read.file-open-cost,"
                + " spark.floe.read.lookback, spark.floe.read.metadata-cache-size,"
                + " spark.floe.read.split-size,"
                + " spark.floe.read.verify-checksums");
  }

  @Test
  void planningModesResolveFromTheOptionThenTheSessionThenIcebergsTablePropertyThenAuto() {
    FloeReadOptions defaults = FloeReadOptions.resolve(NONE, NONE, NONE);
    assertThat(defaults.dataPlanningMode()).isEqualTo(PlanningMode.AUTO);
    assertThat(defaults.deletePlanningMode()).isEqualTo(PlanningMode.AUTO);

    Map<String, String> table =
        Map.of("read.data-planning-mode", "local", "read.delete-planning-mode", "DISTRIBUTED");
    FloeReadOptions fromTable = FloeReadOptions.resolve(NONE, NONE, table);
    assertThat(fromTable.dataPlanningMode()).isEqualTo(PlanningMode.LOCAL);
    assertThat(fromTable.deletePlanningMode()).isEqualTo(PlanningMode.DISTRIBUTED);

    FloeReadOptions fromSession =
        FloeReadOptions.resolve(
            NONE, Map.of("spark.floe.read.data-planning-mode", "distributed"), table);
    assertThat(fromSession.dataPlanningMode()).isEqualTo(PlanningMode.DISTRIBUTED);
    assertThat(fromSession.deletePlanningMode()).isEqualTo(PlanningMode.DISTRIBUTED);

    FloeReadOptions fromOption =
        FloeReadOptions.resolve(
            Map.of("Data-Planning-Mode", "auto"),
            Map.of("spark.floe.read.data-planning-mode", "distributed"),
            table);
    assertThat(fromOption.dataPlanningMode()).isEqualTo(PlanningMode.AUTO);
  }

  @Test
  void anInvalidPlanningModeIsNamedWhereItWasGiven() {
    assertThatThrownBy(
            () -> FloeReadOptions.resolve(NONE, NONE, Map.of("read.delete-planning-mode", "x")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Invalid Table property read.delete-planning-mode: 'x'; expected one of local,"
                + " distributed, auto");
    assertThatThrownBy(
            () ->
                FloeReadOptions.resolve(
                    NONE, Map.of("spark.floe.read.data-planning-mode", "remote"), NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Invalid Session conf spark.floe.read.data-planning-mode: 'remote'; expected one of"
                + " local, distributed, auto");
  }

  @Test
  void aCatalogPropertySizesTheMetadataCacheUnlessTheSessionOrAnOptionDoes() {
    Map<String, String> properties = Map.of("metadata-cache-size", " 2048 ", "warehouse", "/w");
    Map<String, String> defaults = FloeReadOptions.catalogDefaults("lake", properties::get);
    assertThat(defaults)
        .as("only Floe's catalog settings, keyed as session settings")
        .isEqualTo(Map.of("spark.floe.read.metadata-cache-size", "2048"));
    assertThat(FloeReadOptions.catalogDefaults("lake", Map.<String, String>of()::get)).isEmpty();

    assertThatThrownBy(
            () ->
                FloeReadOptions.catalogDefaults("lake", Map.of("metadata-cache-size", "big")::get))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Catalog property spark.sql.catalog.lake.metadata-cache-size must be a whole number,"
                + " not 'big'");
    assertThatThrownBy(
            () -> FloeReadOptions.catalogDefaults("lake", Map.of("metadata-cache-size", "-1")::get))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Catalog property spark.sql.catalog.lake.metadata-cache-size must be 0 (no cache) or a"
                + " positive number of bytes: -1");
  }

  @Test
  void metadataCacheSizeResolvesFromTheOptionThenTheSessionThenTheDefault() {
    assertThat(FloeReadOptions.resolve(NONE, NONE, NONE).metadataCacheSize())
        .isEqualTo(dev.floe.cache.MetadataCache.defaultMaxBytes());
    assertThat(
            FloeReadOptions.resolve(
                    NONE, Map.of("spark.floe.read.metadata-cache-size", "1024"), NONE)
                .metadataCacheSize())
        .isEqualTo(1024);
    assertThat(
            FloeReadOptions.resolve(
                    Map.of("metadata-cache-size", "0"),
                    Map.of("spark.floe.read.metadata-cache-size", "1024"),
                    NONE)
                .metadataCacheSize())
        .isZero();
    assertThatThrownBy(
            () -> FloeReadOptions.resolve(Map.of("metadata-cache-size", "-1"), NONE, NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("metadata-cache-size must be 0 (no cache) or a positive number of bytes: -1");
  }

  @Test
  void twoSnapshotSelectorsAreAnError() {
    assertThatThrownBy(
            () -> FloeReadOptions.resolve(Map.of("snapshot-id", "1", "tag", "release"), NONE, NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("more than one snapshot selector: snapshot-id=1, tag=release")
        .hasMessageContaining("give at most one of snapshot-id, as-of-timestamp, branch, tag");
  }

  @Test
  void optionsAreCaseInsensitiveAndPathIsAllowed() {
    FloeReadOptions options =
        FloeReadOptions.resolve(
            Map.of("Snapshot-ID", "42", "path", "/tmp/t", "split-size", "1024"), NONE, NONE);
    assertThat(options.snapshotId()).isEqualTo(42L);
    assertThat(options.splitSize()).isEqualTo(1024L);
    assertThat(options.batchSize()).as("default batch size").isEqualTo(4096);
  }

  @Test
  void readOptionBeatsSessionConfBeatsTableProperty() {
    Map<String, String> session =
        Map.of("spark.floe.read.batch-size", "200", "spark.floe.read.split-size", "300");
    Map<String, String> table = Map.of("read.parquet.vectorization.batch-size", "100");
    assertThat(FloeReadOptions.resolve(NONE, NONE, table).batchSize())
        .as("table property over the default")
        .isEqualTo(100);
    assertThat(FloeReadOptions.resolve(NONE, session, table).batchSize())
        .as("session conf over the table property")
        .isEqualTo(200);
    assertThat(FloeReadOptions.resolve(Map.of("batch-size", "50"), session, table).batchSize())
        .as("read option over the session conf")
        .isEqualTo(50);
    assertThat(FloeReadOptions.resolve(NONE, session, table).splitSize()).isEqualTo(300L);
  }

  @Test
  void packingSettingsComeFromOptionThenSessionAndAreLeftToPlanningOtherwise() {
    FloeReadOptions none = FloeReadOptions.resolve(NONE, NONE, NONE);
    assertThat(none.lookback()).as("planning applies the table property or 10").isNull();
    assertThat(none.adaptiveSplitSize()).as("planning applies the table property or true").isNull();

    Map<String, String> session =
        Map.of(
            "spark.floe.read.lookback",
            "4",
            "spark.floe.read.adaptive-split-size-enabled",
            "false");
    FloeReadOptions fromSession = FloeReadOptions.resolve(NONE, session, NONE);
    assertThat(fromSession.lookback()).isEqualTo(4);
    assertThat(fromSession.adaptiveSplitSize()).isFalse();

    FloeReadOptions fromOption =
        FloeReadOptions.resolve(
            Map.of("lookback", "7", "adaptive-split-size-enabled", "TRUE"), session, NONE);
    assertThat(fromOption.lookback()).isEqualTo(7);
    assertThat(fromOption.adaptiveSplitSize()).isTrue();

    assertThatThrownBy(() -> FloeReadOptions.resolve(Map.of("lookback", "0"), NONE, NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("lookback must be a positive number of task groups: 0");
    assertThatThrownBy(
            () -> FloeReadOptions.resolve(Map.of("adaptive-split-size-enabled", "1"), NONE, NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Read option adaptive-split-size-enabled must be true or false, not '1'");
  }

  @Test
  void numbersAreChecked() {
    assertThatThrownBy(() -> FloeReadOptions.resolve(Map.of("split-size", "big"), NONE, NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Read option split-size must be a whole number, not 'big'");
    assertThatThrownBy(() -> FloeReadOptions.resolve(Map.of("batch-size", "0"), NONE, NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("batch-size must be a positive number of rows: 0");
  }

  @Test
  void deleteCacheSizeComesFromOptionThenSessionThenDefault() {
    assertThat(FloeReadOptions.resolve(NONE, NONE, NONE).deleteCacheSize())
        .as("default")
        .isEqualTo(128L << 20);
    Map<String, String> session = Map.of("spark.floe.read.delete-cache-size", "1000");
    assertThat(FloeReadOptions.resolve(NONE, session, NONE).deleteCacheSize())
        .as("session conf")
        .isEqualTo(1000);
    assertThat(
            FloeReadOptions.resolve(Map.of("delete-cache-size", "0"), session, NONE)
                .deleteCacheSize())
        .as("read option, 0 disables the cache")
        .isEqualTo(0);
    assertThatThrownBy(() -> FloeReadOptions.resolve(Map.of("delete-cache-size", "-1"), NONE, NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("delete-cache-size must be 0 (no cache) or a positive number");
  }

  @Test
  void aggregatePushDownComesFromOptionThenSessionThenDefault() {
    assertThat(FloeReadOptions.resolve(NONE, NONE, NONE).aggregatePushDown())
        .as("default")
        .isTrue();
    Map<String, String> session = Map.of("spark.floe.read.aggregate-push-down-enabled", "false");
    assertThat(FloeReadOptions.resolve(NONE, session, NONE).aggregatePushDown())
        .as("session conf")
        .isFalse();
    assertThat(
            FloeReadOptions.resolve(Map.of("aggregate-push-down-enabled", "TRUE"), session, NONE)
                .aggregatePushDown())
        .as("read option over session conf")
        .isTrue();
    assertThatThrownBy(
            () -> FloeReadOptions.resolve(Map.of("aggregate-push-down-enabled", "yes"), NONE, NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(
            "Read option aggregate-push-down-enabled must be true or false, not 'yes'");
  }

  @Test
  void aBadValueIsReportedWhereItWasGiven() {
    assertThatThrownBy(
            () -> FloeReadOptions.resolve(NONE, Map.of("spark.floe.read.split-size", "64m"), NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Session conf spark.floe.read.split-size must be a whole number, not '64m'");
    assertThatThrownBy(
            () ->
                FloeReadOptions.resolve(
                    NONE, NONE, Map.of("read.parquet.vectorization.batch-size", "many")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Table property read.parquet.vectorization.batch-size must be a whole number, not"
                + " 'many'");
    assertThatThrownBy(
            () ->
                FloeReadOptions.resolve(
                    NONE, Map.of("spark.floe.read.aggregate-push-down-enabled", "on"), NONE))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Session conf spark.floe.read.aggregate-push-down-enabled must be true or false, not"
                + " 'on'");
  }

  @Test
  void aBatchSizeBeyondAnIntIsAnError() {
    assertThatThrownBy(
            () ->
                FloeReadOptions.resolve(
                    NONE, NONE, Map.of("read.parquet.vectorization.batch-size", "4294967296")))
        .as("not an ArithmeticException from narrowing")
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Table property read.parquet.vectorization.batch-size is more rows than a batch can"
                + " hold: 4294967296");
  }
}
