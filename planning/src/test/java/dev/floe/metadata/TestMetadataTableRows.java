package dev.floe.metadata;

import static dev.floe.metadata.MetadataFixtures.BOOKS_DV;
import static dev.floe.metadata.MetadataFixtures.BOOKS_FILE;
import static dev.floe.metadata.MetadataFixtures.GAMES_DAY_FILE;
import static dev.floe.metadata.MetadataFixtures.ROLLBACK;
import static dev.floe.metadata.MetadataFixtures.S1;
import static dev.floe.metadata.MetadataFixtures.S2;
import static dev.floe.metadata.MetadataFixtures.S3;
import static dev.floe.metadata.MetadataFixtures.T1;
import static dev.floe.metadata.MetadataFixtures.T2;
import static dev.floe.metadata.MetadataFixtures.T3;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import dev.floe.manifest.EntryStatus;
import dev.floe.manifest.ManifestEntry;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TableMetadata;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestMetadataTableRows {
  private final TableMetadata metadata = MetadataFixtures.metadata();

  @Test
  void metadataTableNamesAreIcebergsInAnyCase() {
    assertThat(MetadataTableType.fromName("DATA_FILES"))
        .as("names are case-insensitive")
        .isEqualTo(MetadataTableType.DATA_FILES);
    assertThat(MetadataTableType.METADATA_LOG_ENTRIES.tableName())
        .isEqualTo("metadata_log_entries");
    assertThatThrownBy(() -> MetadataTableType.fromName("all_files"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Unknown metadata table 'all_files'")
        .hasMessageContaining("snapshots, history, refs, manifests, files, data_files");
  }

  @Test
  void snapshotsKeepTheOperationOutOfTheSummaryAndCountMicroseconds() {
    List<List<Object>> rows = TableRows.snapshots(metadata);
    assertThat(rows).as("one row per snapshot").hasSize(3);
    assertThat(rows.get(1))
        .as("committed_at in micros, parent, operation, manifest list, summary")
        .containsExactly(
            T2 * 1000,
            S2,
            S1,
            "delete",
            "file:/t/metadata/snap-102.avro",
            Map.of("added-records", "10"));
  }

  @Test
  void historyMarksTheSnapshotsARollbackLeftBehind() {
    List<List<Object>> rows = TableRows.history(metadata);
    assertThat(rows)
        .as("S3 was rolled back: not an ancestor of the current snapshot S2")
        .containsExactly(
            row(T1 * 1000, S1, null, true),
            row(T2 * 1000, S2, S1, true),
            row(T3 * 1000, S3, S2, false),
            row(ROLLBACK * 1000, S2, S1, true));
  }

  @Test
  void refsListBranchesAndTagsWithTheirRetention() {
    assertThat(TableRows.refs(metadata))
        .containsExactlyInAnyOrder(
            row("main", "BRANCH", S2, null, null, null),
            row("first", "TAG", S1, 86_400_000L, null, null));
  }

  @Test
  void metadataLogEntriesNameTheSnapshotCurrentWhenEachFileWasWritten() {
    assertThat(TableRows.metadataLogEntries(metadata))
        .as("v1 predates the first snapshot; the current file comes last")
        .containsExactly(
            row((T1 - 1000) * 1000, "file:/t/metadata/v1.metadata.json", null, null, null),
            row(T1 * 1000, "file:/t/metadata/v2.metadata.json", S1, 0, 1L),
            row(T3 * 1000, "file:/t/metadata/v3.metadata.json", S3, 0, 3L),
            row(ROLLBACK * 1000, "file:/t/metadata/v4.metadata.json", S2, 0, 2L));
  }

  @Test
  void partitionTypeJoinsEverySpecByFieldId() {
    StructType partitionType = MetadataSchemas.partitionType(metadata);
    assertThat(partitionType.fields())
        .extracting(NestedField::name)
        .as("fields of both specs, ordered by field id")
        .containsExactly("category", "ts_day");
    assertThat(MetadataSchemas.of(MetadataTableType.FILES, metadata).findField("partition"))
        .as("the files table's partition column")
        .isNotNull();
  }

  @Test
  void unpartitionedTablesHaveNoPartitionColumns() {
    TableMetadata unpartitioned = withSpecs(List.of(PartitionSpec.unpartitioned(0)));
    Schema files = MetadataSchemas.of(MetadataTableType.FILES, unpartitioned);
    Schema partitions = MetadataSchemas.of(MetadataTableType.PARTITIONS, unpartitioned);
    assertThat(files.findField("partition")).as("files without partition").isNull();
    assertThat(partitions.columns())
        .extracting(NestedField::name)
        .as("partitions without partition and spec_id")
        .startsWith("record_count", "file_count");
  }

  @Test
  void aDroppedFieldTakesTheTypeOfItsLiveTransform() {
    PartitionSpec dropped =
        new PartitionSpec(
            2,
            List.of(
                new PartitionField(2, 1000, "category", "identity"),
                new PartitionField(3, 1001, "ts_day", "void")));
    TableMetadata evolved =
        withSpecs(
            List.of(MetadataFixtures.BY_CATEGORY, MetadataFixtures.BY_CATEGORY_AND_DAY, dropped));
    NestedField day = MetadataSchemas.partitionType(evolved).field(1001);
    assertThat(day.type().toString())
        .as("the void spec is newest, yet day(ts) gives the type")
        .isEqualTo("date");
  }

  @Test
  void fileRowsLayPartitionsOutInTheTablesPartitionType() {
    ContentFileRows rows =
        new ContentFileRows(
            MetadataSchemas.partitionType(metadata),
            metadata.specsById(),
            ReadableMetrics.of(metadata.schema(), 0));
    List<Object> books = rows.fileRow(BOOKS_FILE);
    assertThat(books.subList(0, 5))
        .as("content, path, format, spec, partition with a null day: spec 0 has none")
        .containsExactly(0, BOOKS_FILE.location(), "PARQUET", 0, Arrays.asList("books", null));
    assertThat(books.get(10)).as("an empty nan_value_counts of a data file").isEqualTo(Map.of());
    assertThat(books).as("one value per column, readable_metrics last").hasSize(22);
    assertThat((List<?>) books.get(21))
        .as("readable_metrics: category, id, ts by name; id's size, counts and decoded bounds")
        .hasSize(3)
        .element(1)
        .isEqualTo(row(40L, 10L, 0L, null, 1L, 9L));

    List<Object> vector = rows.fileRow(BOOKS_DV);
    assertThat(vector.get(7)).as("a deletion vector records no metrics").isNull();
    assertThat(vector.subList(17, 21))
        .as("first_row_id, referenced_data_file, content_offset, content_size_in_bytes")
        .containsExactly(null, BOOKS_FILE.location(), 4L, 40L);

    List<Object> entry = rows.entryRow(new ManifestEntry(EntryStatus.DELETED, S3, GAMES_DAY_FILE));
    assertThat(entry.subList(0, 4))
        .as("status, snapshot, data and file sequence numbers")
        .containsExactly(2, S3, 1L, 1L);
  }

  @Test
  void partitionsTotalLiveFilesPerTupleAndKeepTheLatestCommit() {
    StructType partitionType = MetadataSchemas.partitionType(metadata);
    PartitionsAggregation first = new PartitionsAggregation();
    first.add(new ManifestEntry(EntryStatus.ADDED, S1, BOOKS_FILE), metadata, partitionType);
    first.add(new ManifestEntry(EntryStatus.ADDED, S1, GAMES_DAY_FILE), metadata, partitionType);
    PartitionsAggregation second = new PartitionsAggregation();
    second.add(new ManifestEntry(EntryStatus.ADDED, S2, BOOKS_DV), metadata, partitionType);

    PartitionsAggregation merged = PartitionsAggregation.fromPartialRows(first.partialRows());
    merged.merge(PartitionsAggregation.fromPartialRows(second.partialRows()));

    assertThat(merged.rows(true))
        .as("books: a data file and a deletion vector; games: one data file")
        .containsExactlyInAnyOrder(
            row(Arrays.asList("books", null), 0, 10L, 1, 1000L, 3L, 1, 0L, 0, T2 * 1000, S2),
            row(Arrays.asList("games", 19_700), 1, 10L, 1, 1000L, 0L, 0, 0L, 0, T1 * 1000, S1));
  }

  @Test
  void partitionSummaryBoundsPrintAsIcebergPrintsThem() {
    PartitionField day = new PartitionField(3, 1001, "ts_day", "day");
    PartitionField hour = new PartitionField(3, 1002, "ts_hour", "hour");
    PartitionField month = new PartitionField(3, 1003, "ts_month", "month");
    assertThat(HumanPartitionValues.boundText(day, type("date"), intBytes(19_700)))
        .isEqualTo("2023-12-09");
    assertThat(HumanPartitionValues.boundText(hour, type("int"), intBytes(472_800)))
        .isEqualTo("2023-12-09-00");
    assertThat(HumanPartitionValues.boundText(month, type("int"), intBytes(647)))
        .isEqualTo("2023-12");
    assertThat(HumanPartitionValues.boundText(day, type("date"), null))
        .as("a missing bound")
        .isEqualTo("null");
  }

  private static dev.floe.table.Type type(String name) {
    return name.equals("date")
        ? dev.floe.table.PrimitiveType.of(dev.floe.table.TypeId.DATE)
        : dev.floe.table.PrimitiveType.of(dev.floe.table.TypeId.INT);
  }

  private static java.nio.ByteBuffer intBytes(int value) {
    return java.nio.ByteBuffer.allocate(4).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(0, value);
  }

  private TableMetadata withSpecs(List<PartitionSpec> specs) {
    return TableMetadata.builder()
        .formatVersion(2)
        .location("file:/t")
        .schemas(List.of(MetadataFixtures.SCHEMA))
        .currentSchemaId(0)
        .specs(specs)
        .sortOrders(List.of())
        .properties(Map.of())
        .snapshots(List.of())
        .refs(Map.of())
        .snapshotLog(List.of())
        .metadataLog(List.of())
        .statistics(List.of())
        .partitionStatistics(List.of())
        .encryptionKeys(List.of())
        .build();
  }

  private static List<Object> row(Object... values) {
    return Arrays.asList(values);
  }
}
