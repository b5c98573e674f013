package dev.floe.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import dev.floe.io.FileIO;
import dev.floe.io.InputFile;
import dev.floe.table.LoadedTable;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.Snapshot;
import dev.floe.table.SnapshotLogEntry;
import dev.floe.table.SnapshotRef;
import dev.floe.table.SnapshotRef.RefType;
import dev.floe.table.StructType;
import dev.floe.table.TableMetadata;
import dev.floe.table.TypeId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Snapshot and schema selection; planning itself is covered against Iceberg in floe-it. */
class TestTableScan {
  private static final Schema SCHEMA_V0 =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "name", PrimitiveType.of(TypeId.STRING))),
          Set.of());
  private static final Schema SCHEMA_V1 =
      new Schema(
          1,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "full_name", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(
                  3,
                  "location",
                  new StructType(
                      List.of(
                          NestedField.optional(4, "lat", PrimitiveType.of(TypeId.DOUBLE)),
                          NestedField.optional(5, "lon", PrimitiveType.of(TypeId.DOUBLE)))))),
          Set.of(1));

  private static final Snapshot FIRST = snapshot(100, null, 1, 1_000, 0);
  private static final Snapshot SECOND = snapshot(200, 100L, 2, 2_000, 1);
  private static final Snapshot ON_BRANCH = snapshot(300, 100L, 3, 3_000, 0);

  /** No test here reads a file: selection happens before any manifest is opened. */
  private static final FileIO NO_FILES =
      new FileIO() {
        @Override
        public InputFile newInputFile(String location) {
          throw new AssertionError("unexpected read of " + location);
        }

        @Override
        public List<String> listDirectory(String location) {
          throw new AssertionError("unexpected listing of " + location);
        }
      };

  private static Snapshot snapshot(
      long id, Long parent, long sequence, long timestamp, int schemaId) {
    return new Snapshot(
        id,
        parent,
        sequence,
        timestamp,
        "file:/t/metadata/snap-" + id + ".avro",
        List.of(),
        Map.of("operation", "append"),
        schemaId,
        null,
        null,
        null);
  }

  private static LoadedTable table(boolean written) {
    return table(written, Map.of("read.split.target-size", "1048576"));
  }

  private static LoadedTable table(boolean written, Map<String, String> properties) {
    Map<String, SnapshotRef> refs = new LinkedHashMap<>();
    if (written) {
      refs.put("main", new SnapshotRef(200, RefType.BRANCH, null, null, null));
      refs.put("audit", new SnapshotRef(300, RefType.BRANCH, null, null, null));
      refs.put("v1", new SnapshotRef(100, RefType.TAG, null, null, null));
    }
    TableMetadata metadata =
        TableMetadata.builder()
            .location("file:/t")
            .formatVersion(2)
            .schemas(List.of(SCHEMA_V0, SCHEMA_V1))
            .currentSchemaId(1)
            .specs(List.of(PartitionSpec.unpartitioned(0)))
            .currentSnapshotId(written ? 200L : null)
            .snapshots(written ? List.of(FIRST, SECOND, ON_BRANCH) : List.of())
            .snapshotLog(
                written
                    ? List.of(new SnapshotLogEntry(1_000, 100), new SnapshotLogEntry(2_000, 200))
                    : List.of())
            .refs(refs)
            .properties(properties)
            .build();
    return new LoadedTable("db.t", metadata, NO_FILES);
  }

  @Test
  void currentSnapshotReadsWithTheCurrentSchema() {
    TableScan scan = TableScan.of(table(true));

    assertThat(scan.snapshot()).contains(SECOND);
    assertThat(scan.schema()).isEqualTo(SCHEMA_V1);
  }

  @Test
  void snapshotIdTagAndTimestampReadWithTheSnapshotSchema() {
    LoadedTable table = table(true);

    assertThat(TableScan.of(table).useSnapshot(100).schema())
        .as("snapshot id -> the snapshot's schema")
        .isEqualTo(SCHEMA_V0);
    assertThat(TableScan.of(table).useRef("v1").schema())
        .as("tag -> the tagged snapshot's schema")
        .isEqualTo(SCHEMA_V0);
    assertThat(TableScan.of(table).asOfTime(1_500).snapshot()).contains(FIRST);
    assertThat(TableScan.of(table).asOfTime(1_500).schema()).isEqualTo(SCHEMA_V0);
  }

  @Test
  void branchReadsWithTheCurrentSchema() {
    TableScan scan = TableScan.of(table(true)).useRef("audit");

    assertThat(scan.snapshot()).contains(ON_BRANCH);
    assertThat(scan.schema())
        .as("a branch reads with the table's current schema, although its head used schema 0")
        .isEqualTo(SCHEMA_V1);
  }

  @Test
  void asOfTimeTakesTheSnapshotCurrentAtThatInstant() {
    LoadedTable table = table(true);

    assertThat(TableScan.of(table).asOfTime(2_000).snapshot()).as("at the commit").contains(SECOND);
    assertThat(TableScan.of(table).asOfTime(1_999).snapshot()).as("just before").contains(FIRST);
    assertThat(TableScan.of(table).asOfTime(9_999).snapshot()).as("after").contains(SECOND);
  }

  @Test
  void timestampBeforeTheFirstSnapshotIsAnError() {
    assertThatThrownBy(() -> TableScan.of(table(true)).asOfTime(999).snapshot())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot find a snapshot of table db.t as of")
        .hasMessageContaining("(999 ms)")
        .hasMessageContaining("its first snapshot is from 1970-01-01T00:00:01Z (1000 ms)");
  }

  @Test
  void unknownSnapshotAndRefAreErrors() {
    assertThatThrownBy(() -> TableScan.of(table(true)).useSnapshot(42).planFiles())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot find snapshot 42 (selected by snapshot id 42) in table db.t")
        .hasMessageContaining(
            "valid snapshot ids nearest to it: 100 (1970-01-01T00:00:01Z),"
                + " 200 (1970-01-01T00:00:02Z), 300 (1970-01-01T00:00:03Z)");
    assertThatThrownBy(() -> TableScan.of(table(true)).useRef("nightly").planFiles())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Cannot find branch or tag 'nightly' in table db.t; it has main, audit, v1");
  }

  @Test
  void onlyOneSnapshotSelector() {
    TableScan scan = TableScan.of(table(true)).useSnapshot(100);

    assertThatThrownBy(() -> scan.useRef("v1"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Cannot select ref 'v1' of table db.t: this scan already reads snapshot id 100;"
                + " choose one of snapshot id, branch or tag, timestamp, or a range of appends");
  }

  @Test
  void refinementsLeaveTheOriginalScanUnchanged() {
    TableScan original = TableScan.of(table(true));
    TableScan refined = original.useSnapshot(100).splitSize(10).caseSensitive(false);

    assertThat(original.snapshot()).contains(SECOND);
    assertThat(original.effectiveSplitSize()).as("from the table property").isEqualTo(1_048_576);
    assertThat(original.isCaseSensitive()).isTrue();
    assertThat(refined.snapshot()).contains(FIRST);
    assertThat(refined.effectiveSplitSize()).isEqualTo(10);
    assertThat(refined.isCaseSensitive()).isFalse();
  }

  @Test
  void tablePropertiesInBytesAcceptWhatTheScanSettingsAccept() {
    LoadedTable noOpenCost = table(true, Map.of("read.split.open-file-cost", "0"));
    assertThat(TableScan.of(noOpenCost).effectiveOpenFileCost())
        .as("an open-file cost of 0, as the file-open-cost option allows")
        .isZero();

    LoadedTable negativeOpenCost = table(true, Map.of("read.split.open-file-cost", "-1"));
    assertThatThrownBy(() -> TableScan.of(negativeOpenCost).effectiveOpenFileCost())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Table db.t has an invalid read.split.open-file-cost: '-1';"
                + " expected a number of bytes, at least 0");
    LoadedTable noSplitSize = table(true, Map.of("read.split.target-size", "0"));
    assertThatThrownBy(() -> TableScan.of(noSplitSize).effectiveSplitSize())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Table db.t has an invalid read.split.target-size: '0';"
                + " expected a number of bytes, at least 1");
  }

  @Test
  void splitSettingsResolveFromTheScanThenTheTableThenIcebergsDefaults() {
    assertThat(TableScan.of(table(true, Map.of())).splitSettings())
        .as("Iceberg's defaults")
        .isEqualTo(new SplitSettings(128L << 20, 4L << 20, 10, true));
    LoadedTable tuned =
        table(
            true,
            Map.of(
                "read.split.target-size", "1000",
                "read.split.open-file-cost", "10",
                "read.split.planning-lookback", "3",
                "read.split.adaptive-size.enabled", "false"));
    assertThat(TableScan.of(tuned).splitSettings())
        .as("the table properties")
        .isEqualTo(new SplitSettings(1000, 10, 3, false));
    assertThat(
            TableScan.of(tuned)
                .openFileCost(20)
                .planningLookback(5)
                .adaptiveSplitSize(true)
                .splitSettings())
        .as("the scan's own, over the table's")
        .isEqualTo(new SplitSettings(1000, 20, 5, true));
    assertThat(TableScan.of(table(true, Map.of())).splitSize(64).splitSettings())
        .as("a split size given to the scan is kept as given: no adaptive shrink")
        .isEqualTo(new SplitSettings(64, 4L << 20, 10, false));
  }

  @Test
  void invalidSplitTableProperties() {
    LoadedTable lookback = table(true, Map.of("read.split.planning-lookback", "0"));
    assertThatThrownBy(() -> TableScan.of(lookback).splitSettings())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Table db.t has an invalid read.split.planning-lookback: '0';"
                + " expected a number of task groups, at least 1");
    LoadedTable adaptive = table(true, Map.of("read.split.adaptive-size.enabled", "yes"));
    assertThatThrownBy(() -> TableScan.of(adaptive).splitSettings())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Table db.t has an invalid read.split.adaptive-size.enabled: 'yes';"
                + " expected true or false");
    assertThatThrownBy(() -> TableScan.of(adaptive).planningLookback(0))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("lookback must be at least 1: 0");
  }

  @Test
  void neverWrittenTablePlansNothingAndHasASchema() {
    LoadedTable empty = table(false);

    assertThat(TableScan.of(empty).planFiles()).isEmpty();
    assertThat(TableScan.of(empty).planGroups(4)).isEmpty();
    assertThat(TableScan.of(empty).planGroups()).isEmpty();
    assertThat(TableScan.of(empty).schema()).isEqualTo(SCHEMA_V1);
    assertThat(TableScan.of(empty).useRef("main").planFiles())
        .as("main of a table without snapshots reads as empty")
        .isEmpty();
  }

  @Test
  void projectionKeepsSelectedNestedFields() {
    Schema projected = TableScan.of(table(true)).select(List.of("id", "location.lat")).projection();

    assertThat(projected.findField("location.lat")).isNotNull();
    assertThat(projected.findField("location.lon")).as("unselected sibling").isNull();
    assertThat(projected.findField("full_name")).isNull();
    assertThat(projected.identifierFieldIds()).containsExactly(1);
  }

  @Test
  void projectionResolvesNamesIgnoringCaseWhenAsked() {
    Schema projected =
        TableScan.of(table(true)).caseSensitive(false).select(List.of("FULL_NAME")).projection();

    assertThat(projected.columns()).extracting(NestedField::name).containsExactly("full_name");
  }

  @Test
  void unknownColumnIsAnErrorNamingIt() {
    assertThatThrownBy(() -> TableScan.of(table(true)).select(List.of("nope")).planFiles())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Cannot find column 'nope' in table db.t (schema 1, case-sensitive); columns are: id,"
                + " full_name, location");
  }

  @Test
  void invalidSizesAreRejected() {
    assertThatThrownBy(() -> TableScan.of(table(true)).splitSize(0))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("split-size must be a positive number of bytes: 0");
    assertThatThrownBy(() -> TableScan.of(table(true)).openFileCost(-1))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("file-open-cost must not be negative: -1");
  }
}
