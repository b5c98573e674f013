package dev.floe.spark.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.expr.Expression;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import dev.floe.spark.deletes.TaskDeletes;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;

class TestRowLineage {
  private static final int BATCH_SIZE = 4;
  private static final long FIRST_ROW_ID = 100;
  private static final long DATA_SEQUENCE_NUMBER = 7;
  private static final long FILE_SEQUENCE_NUMBER = 9;
  private static final NestedField ID = NestedField.optional(1, "id", PrimitiveType.of(TypeId.INT));
  private static final Schema DECODED =
      new Schema(
          0,
          List.of(
              ID,
              MetadataColumns.ROW_ID,
              MetadataColumns.LAST_UPDATED_SEQUENCE_NUMBER,
              MetadataColumns.ROW_POSITION),
          Set.of());

  /** A file whose first row id is {@code 100}, data sequence number 7, file sequence number 9. */
  private static final DataFile FILE_A = file(FIRST_ROW_ID);

  /** A file added before its table was upgraded to v3: no first row id yet. */
  private static final DataFile FILE_WITHOUT_ROW_IDS = file(null);

  @Test
  void fillsNullsFromTheFileAndKeepsStoredValues() {
    try (RowLineage stage = RowLineage.of(DECODED, FILE_A, BATCH_SIZE)) {
      ColumnarBatch completed =
          stage.complete(
              batch(
                  new Long[] {42L, null, 5L, null},
                  new Long[] {null, 3L, null, 1L},
                  new long[] {0, 1, 2, 3}));
      assertThat(longs(completed, 1))
          .as("stored ids kept, nulls are first_row_id + _pos")
          .containsExactly(42L, 101L, 5L, 103L);
      assertThat(longs(completed, 2))
          .as("stored sequence numbers kept, nulls are the data sequence number (not the file's)")
          .containsExactly(DATA_SEQUENCE_NUMBER, 3L, DATA_SEQUENCE_NUMBER, 1L);
      assertThat(completed.column(0).getInt(2)).as("other columns pass through").isEqualTo(2);
      assertThat(completed.numRows()).isEqualTo(4);
    }
  }

  @Test
  void aSplitStartingMidFileNumbersRowsByTheirFilePositions() {
    try (RowLineage stage = RowLineage.of(DECODED, FILE_A, BATCH_SIZE)) {
      ColumnarBatch completed =
          stage.complete(
              batch(new Long[] {null, null, null}, new Long[3], new long[] {5000, 5001, 5002}));
      assertThat(longs(completed, 1)).containsExactly(5100L, 5101L, 5102L);
    }
  }

  @Test
  void aFileWithoutFirstRowIdReadsNullLineage() {
    try (RowLineage stage = RowLineage.of(DECODED, FILE_WITHOUT_ROW_IDS, BATCH_SIZE)) {
      ColumnarBatch completed =
          stage.complete(batch(new Long[] {null, 8L}, new Long[] {null, 2L}, new long[] {0, 1}));
      assertThat(longs(completed, 1)).as("row ids, as Iceberg reads them").containsOnlyNulls();
      assertThat(longs(completed, 2))
          .as("sequence numbers, as Iceberg reads them")
          .containsOnlyNulls();
    }
  }

  @Test
  void aDecodersConstantNullColumnStaysNullAcrossBatches() {
    // a file without the stored columns: the decoder writes its null constants once and reuses them
    OnHeapColumnVector storedIds = nulls(BATCH_SIZE);
    OnHeapColumnVector storedSequences = nulls(BATCH_SIZE);
    OnHeapColumnVector ids = new OnHeapColumnVector(BATCH_SIZE, DataTypes.IntegerType);
    OnHeapColumnVector positions = new OnHeapColumnVector(BATCH_SIZE, DataTypes.LongType);
    ColumnarBatch decoded =
        new ColumnarBatch(new ColumnVector[] {ids, storedIds, storedSequences, positions});
    try (RowLineage stage = RowLineage.of(DECODED, FILE_A, BATCH_SIZE)) {
      List<Long> seen = new ArrayList<>();
      for (long first = 0; first < 12; first += BATCH_SIZE) {
        for (int row = 0; row < BATCH_SIZE; row++) {
          positions.putLong(row, first + row);
        }
        decoded.setNumRows(BATCH_SIZE);
        seen.addAll(longs(stage.complete(decoded), 1));
      }
      assertThat(seen).as("ids of three batches").hasSize(12).doesNotHaveDuplicates();
      assertThat(seen.get(11)).isEqualTo(FIRST_ROW_ID + 11);
      assertThat(storedIds.isNullAt(0)).as("the decoder's vector is left alone").isTrue();
    }
  }

  @Test
  void aScanWithoutLineageColumnsHasNoStage() {
    Schema plain = new Schema(0, List.of(ID, MetadataColumns.ROW_POSITION), Set.of());
    assertThat(RowLineage.of(plain, FILE_A, BATCH_SIZE)).isNull();
  }

  @Test
  void rowIdsNeedPositions() {
    Schema withoutPositions = new Schema(0, List.of(ID, MetadataColumns.ROW_ID), Set.of());
    assertThatThrownBy(() -> RowLineage.of(withoutPositions, FILE_A, BATCH_SIZE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Completing _row_id needs _pos among the decoded columns");
  }

  @Test
  void theDecoderReadsPositionsForRowIdsOnly() {
    Schema projection = new Schema(0, List.of(ID, MetadataColumns.ROW_ID), Set.of());
    Schema decoded =
        TaskReader.decodedSchema(
            projection, projection, TaskDeletes.none(), Expression.alwaysTrue());
    assertThat(decoded.columnIndex(MetadataColumns.ROW_POSITION_ID))
        .as("_pos decoded as a helper for _row_id")
        .isEqualTo(2);
    Schema sequenceOnly =
        new Schema(0, List.of(ID, MetadataColumns.LAST_UPDATED_SEQUENCE_NUMBER), Set.of());
    assertThat(
            TaskReader.decodedSchema(
                    sequenceOnly, sequenceOnly, TaskDeletes.none(), Expression.alwaysTrue())
                .columns())
        .as("no helper for the sequence number alone")
        .hasSize(2);
  }

  private static ColumnarBatch batch(Long[] storedIds, Long[] storedSequences, long[] positions) {
    int rows = positions.length;
    OnHeapColumnVector ids = new OnHeapColumnVector(BATCH_SIZE, DataTypes.IntegerType);
    OnHeapColumnVector rowIds = new OnHeapColumnVector(BATCH_SIZE, DataTypes.LongType);
    OnHeapColumnVector sequences = new OnHeapColumnVector(BATCH_SIZE, DataTypes.LongType);
    OnHeapColumnVector positionVector = new OnHeapColumnVector(BATCH_SIZE, DataTypes.LongType);
    for (int row = 0; row < rows; row++) {
      ids.putInt(row, row);
      put(rowIds, row, storedIds[row]);
      put(sequences, row, storedSequences[row]);
      positionVector.putLong(row, positions[row]);
    }
    return new ColumnarBatch(new ColumnVector[] {ids, rowIds, sequences, positionVector}, rows);
  }

  private static void put(OnHeapColumnVector vector, int row, Long value) {
    if (value == null) {
      vector.putNull(row);
    } else {
      vector.putLong(row, value);
    }
  }

  private static OnHeapColumnVector nulls(int rows) {
    OnHeapColumnVector vector = new OnHeapColumnVector(rows, DataTypes.LongType);
    vector.putNulls(0, rows);
    return vector;
  }

  /** The values of a column of a batch, null where null. */
  private static List<Long> longs(ColumnarBatch batch, int column) {
    ColumnVector vector = batch.column(column);
    List<Long> values = new ArrayList<>();
    for (int row = 0; row < batch.numRows(); row++) {
      values.add(vector.isNullAt(row) ? null : vector.getLong(row));
    }
    return values;
  }

  private static DataFile file(Long firstRowId) {
    return new DataFile(
        "file:/t/data/a.parquet",
        FileFormat.PARQUET,
        0,
        PartitionValues.EMPTY,
        10_000,
        1024,
        ColumnMetrics.EMPTY,
        null,
        null,
        firstRowId,
        null,
        DATA_SEQUENCE_NUMBER,
        FILE_SEQUENCE_NUMBER);
  }
}
