package dev.floe.spark.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import dev.floe.table.TableMetadata;
import dev.floe.table.TableMetadataParser;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spark's {@code versionAsOf} and {@code timestampAsOf} as Floe's read options, and a scan that
 * repeats or changes the snapshot its table was loaded at.
 */
class TestSparkTimeTravelOptions {
  private static final ZoneId PARIS = ZoneId.of("Europe/Paris");

  /** Snapshot 1, tag {@code v1} and branch {@code audit} at it. */
  private static final TableMetadata REFS =
      TableMetadataParser.parse(
          "/t/metadata/v1.metadata.json",
          """
          {"format-version": 2, "table-uuid": "9c12d441-03fe-4693-9a96-a0705ddf69c1",
           "location": "/t", "last-sequence-number": 1, "last-updated-ms": 1700000001000,
           "last-column-id": 1, "current-schema-id": 0,
           "schemas": [{"type": "struct", "schema-id": 0, "fields": [
               {"id": 1, "name": "id", "required": true, "type": "long"}]}],
           "default-spec-id": 0, "partition-specs": [{"spec-id": 0, "fields": []}],
           "last-partition-id": 999, "default-sort-order-id": 0,
           "sort-orders": [{"order-id": 0, "fields": []}],
           "properties": {}, "current-snapshot-id": 1,
           "snapshots": [
             {"snapshot-id": 1, "sequence-number": 1, "timestamp-ms": 1700000001000,
              "manifest-list": "/t/metadata/snap-1.avro", "summary": {"operation": "append"},
              "schema-id": 0}],
           "snapshot-log": [{"snapshot-id": 1, "timestamp-ms": 1700000001000}],
           "refs": {"main": {"snapshot-id": 1, "type": "branch"},
                    "audit": {"snapshot-id": 1, "type": "branch"},
                    "v1": {"snapshot-id": 1, "type": "tag"}},
           "metadata-log": []}
          """);

  @Test
  void versionAsOfIsASnapshotIdATagOrABranch() {
    assertThat(SparkTimeTravelOptions.translate(Map.of("versionasof", "42"), REFS, PARIS))
        .isEqualTo(Map.of("snapshot-id", "42"));
    assertThat(SparkTimeTravelOptions.translate(Map.of("versionAsOf", "v1"), REFS, PARIS))
        .isEqualTo(Map.of("tag", "v1"));
    assertThat(SparkTimeTravelOptions.translate(Map.of("versionAsOf", "audit"), REFS, PARIS))
        .isEqualTo(Map.of("branch", "audit"));
    assertThat(SparkTimeTravelOptions.translate(Map.of("versionAsOf", "nope"), REFS, PARIS))
        .as("unknown: planning names it, listing the refs")
        .isEqualTo(Map.of("branch", "nope"));
    assertThat(
            SparkTimeTravelOptions.translate(Map.of("path", "/t", "split-size", "1"), REFS, PARIS))
        .as("no Spark option: unchanged")
        .isEqualTo(Map.of("path", "/t", "split-size", "1"));
  }

  @Test
  void timestampAsOfIsMillisOrATimestampInTheSessionZone() {
    assertThat(
            SparkTimeTravelOptions.translate(
                Map.of("timestampAsOf", "2026-01-01 00:00:00", "path", "/t"), REFS, PARIS))
        .as("midnight in Paris is 23:00 UTC the day before")
        .isEqualTo(Map.of("as-of-timestamp", "1767222000000", "path", "/t"));
    assertThat(
            SparkTimeTravelOptions.translate(
                Map.of("timestampasof", "2026-01-01T00:00:00.5Z"), REFS, PARIS))
        .as("an explicit zone wins")
        .isEqualTo(Map.of("as-of-timestamp", "1767225600500"));
    assertThat(
            SparkTimeTravelOptions.translate(Map.of("timestampAsOf", "1767225600000"), REFS, PARIS))
        .isEqualTo(Map.of("as-of-timestamp", "1767225600000"));
    assertThatThrownBy(
            () ->
                SparkTimeTravelOptions.translate(Map.of("timestampAsOf", "yesterday"), REFS, PARIS))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Read option timestampAsOf must be a timestamp such as '2026-01-01 00:00:00' (session"
                + " time zone Europe/Paris) or ms since the epoch, not 'yesterday'");
  }

  @Test
  void oneSelectorAtMost() {
    assertThatThrownBy(
            () ->
                SparkTimeTravelOptions.translate(
                    Map.of("versionAsOf", "1", "snapshot-id", "1"), REFS, PARIS))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot read with more than one snapshot selector: versionAsOf=1")
        .hasMessageContaining("snapshot-id=1")
        .hasMessageContaining(
            "give at most one of snapshot-id, as-of-timestamp, branch, tag, versionAsOf,"
                + " timestampAsOf");
    assertThatThrownBy(
            () ->
                SparkTimeTravelOptions.translate(
                    Map.of("versionAsOf", "1", "timestampAsOf", "1"), REFS, PARIS))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("more than one snapshot selector");
  }

  @Test
  void aScanKeepsTheSnapshotItsTableWasLoadedAt() {
    Map<String, String> none = Map.of();
    FloeReadOptions atTag = FloeReadOptions.resolve(Map.of("tag", "v1"), none, none);
    FloeReadOptions scan = FloeReadOptions.resolve(Map.of("split-size", "64"), none, none);

    FloeReadOptions inherited = scan.atSelectionOf(atTag, "lake.db.t");
    assertThat(inherited.tag()).as("selection from the table").isEqualTo("v1");
    assertThat(inherited.splitSize()).as("tuning from the scan").isEqualTo(64L);
    assertThat(atTag.atSelectionOf(atTag, "lake.db.t").selection())
        .as("a path table repeats its selection")
        .isEqualTo(List.of("tag=v1"));
    assertThatThrownBy(
            () ->
                FloeReadOptions.resolve(Map.of("snapshot-id", "5"), none, none)
                    .atSelectionOf(atTag, "lake.db.t"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Cannot read table lake.db.t with snapshot-id=5: it was loaded at tag=v1, whose"
                + " schema it has; name the snapshot with the table instead:"
                + " lake.db.t.snapshot_id_5, VERSION AS OF or TIMESTAMP AS OF in SQL, or the read"
                + " options of load() for a table read by its location");
  }
}
