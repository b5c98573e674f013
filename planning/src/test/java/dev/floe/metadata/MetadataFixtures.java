package dev.floe.metadata;

import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.EntryStatus;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.ManifestEntry;
import dev.floe.manifest.PartitionValues;
import dev.floe.table.MetadataLogEntry;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.Snapshot;
import dev.floe.table.SnapshotLogEntry;
import dev.floe.table.SnapshotRef;
import dev.floe.table.TableMetadata;
import dev.floe.table.TypeId;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A hand-built table (id long, category string, ts timestamptz): spec 0 by category, spec 1 adds
 * day(ts); three snapshots, where S3 was rolled back so that S2 is current again; a tag on S1.
 */
final class MetadataFixtures {
  static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "category", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(3, "ts", PrimitiveType.of(TypeId.TIMESTAMPTZ))),
          Set.of());
  static final PartitionSpec BY_CATEGORY =
      new PartitionSpec(0, List.of(new PartitionField(2, 1000, "category", "identity")));
  static final PartitionSpec BY_CATEGORY_AND_DAY =
      new PartitionSpec(
          1,
          List.of(
              new PartitionField(2, 1000, "category", "identity"),
              new PartitionField(3, 1001, "ts_day", "day")));

  static final long S1 = 101;
  static final long S2 = 102;
  static final long S3 = 103;
  static final long T1 = 1_700_000_000_000L;
  static final long T2 = T1 + 60_000;
  static final long T3 = T1 + 120_000;
  static final long ROLLBACK = T1 + 180_000;

  static final DataFile BOOKS_FILE = dataFile("books.parquet", 0, PartitionValues.of("books"));
  static final DataFile GAMES_DAY_FILE =
      dataFile("games-day.parquet", 1, PartitionValues.of("games", 19_700));
  static final DeleteFile BOOKS_DV =
      new DeleteFile(
          FileContent.POSITION_DELETES,
          "file:/t/data/books-dv.puffin",
          FileFormat.PUFFIN,
          0,
          PartitionValues.of("books"),
          3,
          90,
          ColumnMetrics.EMPTY,
          null,
          BOOKS_FILE.location(),
          4L,
          40L,
          null,
          null,
          null,
          2,
          2L);

  private MetadataFixtures() {}

  static TableMetadata metadata() {
    Map<String, SnapshotRef> refs = new LinkedHashMap<>();
    refs.put("main", new SnapshotRef(S2, SnapshotRef.RefType.BRANCH, null, null, null));
    refs.put("first", new SnapshotRef(S1, SnapshotRef.RefType.TAG, null, null, 86_400_000L));
    return TableMetadata.builder()
        .metadataFileLocation("file:/t/metadata/v4.metadata.json")
        .formatVersion(2)
        .location("file:/t")
        .lastSequenceNumber(3)
        .lastUpdatedMillis(ROLLBACK)
        .lastColumnId(3)
        .schemas(List.of(SCHEMA))
        .currentSchemaId(0)
        .specs(List.of(BY_CATEGORY, BY_CATEGORY_AND_DAY))
        .defaultSpecId(1)
        .lastPartitionId(1001)
        .sortOrders(List.of())
        .defaultSortOrderId(0)
        .properties(Map.of())
        .currentSnapshotId(S2)
        .snapshots(
            List.of(
                snapshot(S1, null, 1, T1, "append"),
                snapshot(S2, S1, 2, T2, "delete"),
                snapshot(S3, S2, 3, T3, "append")))
        .refs(refs)
        .snapshotLog(
            List.of(
                new SnapshotLogEntry(T1, S1),
                new SnapshotLogEntry(T2, S2),
                new SnapshotLogEntry(T3, S3),
                new SnapshotLogEntry(ROLLBACK, S2)))
        .metadataLog(
            List.of(
                new MetadataLogEntry(T1 - 1000, "file:/t/metadata/v1.metadata.json"),
                new MetadataLogEntry(T1, "file:/t/metadata/v2.metadata.json"),
                new MetadataLogEntry(T3, "file:/t/metadata/v3.metadata.json")))
        .statistics(List.of())
        .partitionStatistics(List.of())
        .encryptionKeys(List.of())
        .build();
  }

  static Snapshot snapshot(long id, Long parent, long sequence, long millis, String operation) {
    return new Snapshot(
        id,
        parent,
        sequence,
        millis,
        "file:/t/metadata/snap-" + id + ".avro",
        List.of(),
        Map.of("operation", operation, "added-records", "10"),
        0,
        null,
        null,
        null);
  }

  static DataFile dataFile(String name, int specId, PartitionValues partition) {
    return new DataFile(
        "file:/t/data/" + name,
        FileFormat.PARQUET,
        specId,
        partition,
        10,
        1000,
        new ColumnMetrics(
            Map.of(1, 40L),
            Map.of(1, 10L),
            Map.of(1, 0L),
            Map.of(),
            Map.of(1, ByteBuffer.wrap(new byte[] {1, 0, 0, 0, 0, 0, 0, 0})),
            Map.of(1, ByteBuffer.wrap(new byte[] {9, 0, 0, 0, 0, 0, 0, 0})),
            // as Iceberg's writers record a data file's metrics: every map, nan_value_counts empty
            EnumSet.allOf(ColumnMetrics.Kind.class)),
        List.of(4L),
        0,
        null,
        null,
        1,
        1L);
  }

  static ManifestEntry entry(
      EntryStatus status, long snapshotId, dev.floe.manifest.ContentFile file) {
    return new ManifestEntry(status, snapshotId, file);
  }
}
