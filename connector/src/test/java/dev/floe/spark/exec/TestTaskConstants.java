package dev.floe.spark.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.expr.Expression;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.task.TaskConstants;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
import dev.floe.table.Schema;
import dev.floe.table.TableMetadata;
import dev.floe.table.TableMetadataParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestTaskConstants {
  /** Spec 0 partitions by identity(bucket_id) when it was an int, spec 1 by category too. */
  static final TableMetadata METADATA =
      TableMetadataParser.parse(
          "/t/metadata/v1.metadata.json",
          """
          {"format-version": 2, "table-uuid": "9c12d441-03fe-4693-9a96-a0705ddf69c1",
           "location": "/t", "last-sequence-number": 0, "last-updated-ms": 1,
           "last-column-id": 3, "current-schema-id": 0,
           "schemas": [{"type": "struct", "schema-id": 0, "fields": [
             {"id": 1, "name": "bucket_id", "required": false, "type": "long"},
             {"id": 2, "name": "category", "required": false, "type": "string"},
             {"id": 3, "name": "value", "required": false, "type": "double"}]}],
           "default-spec-id": 1,
           "partition-specs": [
             {"spec-id": 0, "fields": [
               {"source-id": 1, "field-id": 1000, "name": "bucket_id", "transform": "identity"}]},
             {"spec-id": 1, "fields": [
               {"source-id": 1, "field-id": 1000, "name": "bucket_id", "transform": "identity"},
               {"source-id": 2, "field-id": 1001, "name": "category_trunc",
                "transform": "truncate[2]"}]}],
           "last-partition-id": 1001, "default-sort-order-id": 0,
           "sort-orders": [{"order-id": 0, "fields": []}], "properties": {},
           "current-snapshot-id": -1, "snapshots": [], "metadata-log": []}
          """);

  static DataFile file(int specId, Object... partition) {
    return new DataFile(
        "/t/data/f" + specId + ".parquet",
        FileFormat.PARQUET,
        specId,
        PartitionValues.of(partition),
        10,
        100,
        ColumnMetrics.EMPTY,
        List.of(),
        null,
        null,
        null,
        1,
        1L);
  }

  static Schema projection(NestedField... extra) {
    List<NestedField> columns = new ArrayList<>(METADATA.schema().columns());
    columns.addAll(List.of(extra));
    return new Schema(0, columns, Set.of());
  }

  @Test
  void identitySourcesAreWidenedToTheCurrentType() {
    Map<Integer, Object> constants = new TaskConstants(METADATA, projection()).of(file(0, 7));
    assertThat(constants)
        .as("an int partition value of a column now long reads as a long")
        .containsExactly(Map.entry(1, 7L));
  }

  @Test
  void onlyIdentityFieldsAreConstants() {
    Map<Integer, Object> constants = new TaskConstants(METADATA, projection()).of(file(1, 7, "ab"));
    assertThat(constants).as("truncate is not a constant of category").containsOnlyKeys(1);
  }

  @Test
  void unprojectedSourcesAreLeftOut() {
    Schema onlyValue = new Schema(0, List.of(METADATA.schema().findField(3)), Set.of());
    assertThat(new TaskConstants(METADATA, onlyValue).of(file(0, 7))).isEmpty();
  }

  @Test
  void equalityDeletesBringIdentitySourcesTheScanDoesNotProject() {
    Schema onlyValue = new Schema(0, List.of(METADATA.schema().findField(3)), Set.of());
    DeleteFile onBucket =
        new DeleteFile(
            FileContent.EQUALITY_DELETES,
            "/t/data/eq.parquet",
            FileFormat.PARQUET,
            0,
            PartitionValues.of(7),
            1,
            50,
            ColumnMetrics.EMPTY,
            List.of(1),
            null,
            null,
            null,
            List.of(),
            null,
            null,
            2,
            2L);
    TaskConstants constants = new TaskConstants(METADATA, onlyValue);
    FileScanTask withDeletes =
        new FileScanTask(file(0, 7), List.of(onBucket), Expression.alwaysTrue(), 0, 100);
    FileScanTask withoutDeletes =
        new FileScanTask(file(0, 7), List.of(), Expression.alwaysTrue(), 0, 100);
    assertThat(constants.of(withDeletes, METADATA.schema()))
        .as("the delete stage may decode bucket_id for the equality check")
        .containsExactly(Map.entry(1, 7L));
    assertThat(constants.of(withoutDeletes, METADATA.schema()))
        .as("without equality deletes only projected columns")
        .isEmpty();
  }

  @Test
  void metadataColumnsAreConstants() {
    Schema projection =
        projection(
            MetadataColumns.FILE_PATH,
            MetadataColumns.SPEC_ID,
            MetadataColumns.partition(TaskConstants.partitionType(METADATA)));
    Map<Integer, Object> constants = new TaskConstants(METADATA, projection).of(file(0, 7));
    List<Object> partition = java.util.Arrays.asList(7L, null);
    assertThat(constants.get(MetadataColumns.FILE_PATH_ID)).isEqualTo("/t/data/f0.parquet");
    assertThat(constants.get(MetadataColumns.SPEC_ID_ID)).isEqualTo(0);
    assertThat(constants.get(MetadataColumns.PARTITION_ID))
        .as("values in the order of the table's partition type; spec 0 has no category_trunc")
        .isEqualTo(partition);
  }
}
