package dev.floe.scan;

import static dev.floe.scan.ScanFixtures.BOOKS;
import static dev.floe.scan.ScanFixtures.categoryDeletes;
import static dev.floe.scan.ScanFixtures.dataFile;
import static dev.floe.scan.ScanFixtures.deletionVector;
import static dev.floe.scan.ScanFixtures.fileScopedPositionDeletes;
import static dev.floe.scan.ScanFixtures.idMetrics;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class TestFileAggregates {
  private static final NestedField ID = ScanFixtures.SCHEMA.columns().get(0);
  private static final NestedField SCORE =
      NestedField.optional(3, "score", PrimitiveType.of(TypeId.DOUBLE));
  private static final NestedField CATEGORY = ScanFixtures.SCHEMA.columns().get(1);

  private static final DataFile FILE_A =
      dataFile("a.parquet", 1, BOOKS, 1, 1000, List.of(), idMetrics(100, 10, 5L, 90L));
  private static final DeleteFile FILE_A_DV = deletionVector("dv.puffin", FILE_A, 2, 4);
  private static final DeleteFile FILE_A_POSITIONS =
      fileScopedPositionDeletes("a-deletes.parquet", FILE_A, 2, true);
  private static final DeleteFile CATEGORY_DELETES =
      categoryDeletes("eq.parquet", 2, ColumnMetrics.EMPTY);

  private static FileScanTask task(DataFile file, Expression residual, DeleteFile... deletes) {
    return new FileScanTask(file, List.of(deletes), residual, 0, file.fileSizeInBytes());
  }

  private static FileScanTask task(DataFile file, DeleteFile... deletes) {
    return task(file, Expression.alwaysTrue(), deletes);
  }

  @Test
  void countsFromMetadataWhenNothingOrOnlyADeletionVectorApplies() {
    assertThat(FileAggregates.of(task(FILE_A)).countMethod()).isEqualTo(CountMethod.METADATA);
    assertThat(FileAggregates.of(task(FILE_A)).liveRowCount()).isEqualTo(100);
    assertThat(FileAggregates.of(task(FILE_A, FILE_A_DV)).countMethod())
        .isEqualTo(CountMethod.METADATA);
    assertThat(FileAggregates.of(task(FILE_A, FILE_A_DV)).liveRowCount())
        .as("record_count less the DV's cardinality")
        .isEqualTo(100 - FILE_A_DV.recordCount());
  }

  @Test
  void positionDeleteFilesAreReadAndEqualityDeletesOrResidualsNeedRows() {
    assertThat(FileAggregates.of(task(FILE_A, FILE_A_POSITIONS)).countMethod())
        .isEqualTo(CountMethod.DELETE_FILES);
    assertThat(FileAggregates.of(task(FILE_A, FILE_A_DV, CATEGORY_DELETES)).countMethod())
        .isEqualTo(CountMethod.ROWS);
    Expression residual = Binder.bind(ScanFixtures.SCHEMA, Expression.greaterThan("id", 5L), true);
    assertThat(FileAggregates.of(task(FILE_A, residual)).countMethod())
        .as("ids 5 to 90 with 10 nulls: some rows fail id > 5, the residual is evaluated on rows")
        .isEqualTo(CountMethod.ROWS);
    DataFile noNulls =
        dataFile("b.parquet", 1, BOOKS, 1, 1000, List.of(), idMetrics(100, 0, 6L, 90L));
    assertThat(FileAggregates.of(task(noNulls, residual)).countMethod())
        .as("ids 6 to 90, none null: the metrics prove every row passes id > 5")
        .isEqualTo(CountMethod.METADATA);
    assertThat(FileAggregates.of(task(noNulls, residual)).liveRowCount()).isEqualTo(100);
    assertThatThrownBy(() -> FileAggregates.of(task(FILE_A, FILE_A_POSITIONS)).liveRowCount())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot be counted from metadata");
  }

  @Test
  void refusesASplitOfAFile() {
    FileScanTask split = new FileScanTask(FILE_A, List.of(), Expression.alwaysTrue(), 0, 10);
    assertThatThrownBy(() -> FileAggregates.of(split))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("per whole data file");
  }

  @Test
  void aDeletionVectorLargerThanItsFileIsCorrupt() {
    DataFile tiny = withRecordCount(FILE_A, 2);
    DeleteFile dv = deletionVector("dv.puffin", tiny, 2, 4);
    assertThatThrownBy(() -> FileAggregates.of(task(tiny, dv)).liveRowCount())
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("delete 3 rows of data file file:/t/data/a.parquet, which holds 2");
  }

  @Test
  void nonNullCountNeedsBothCountsAndNoDeletes() {
    assertThat(FileAggregates.of(task(FILE_A)).nonNullCount(ID)).hasValue(90);
    assertThat(FileAggregates.of(task(FILE_A)).nonNullCount(CATEGORY))
        .as("no counts recorded for category")
        .isEqualTo(OptionalLong.empty());
    assertThat(FileAggregates.of(task(FILE_A, FILE_A_DV)).nonNullCount(ID))
        .as("a DV hides which values were deleted")
        .isEqualTo(OptionalLong.empty());
  }

  /**
   * Under a deletion vector, a column with a value in every row counts the live rows, and one with
   * only nulls counts none; counts that do not cover every row (a column older files lack values
   * for) stay unknown, and position delete files still hide how many rows live.
   */
  @Test
  void underADeletionVectorAColumnAlikeInEveryRowIsCounted() {
    DataFile noNulls =
        dataFile("b.parquet", 1, BOOKS, 1, 1000, List.of(), idMetrics(100, 0, 6L, 90L));
    DeleteFile dv = deletionVector("dv-b.puffin", noNulls, 2, 4);
    assertThat(FileAggregates.of(task(noNulls, dv)).nonNullCount(ID))
        .as("a value in every row: the live rows")
        .hasValue(100 - dv.recordCount());
    DataFile onlyNulls =
        dataFile("n.parquet", 1, BOOKS, 1, 1000, List.of(), idMetrics(100, 100, null, null));
    DeleteFile dvOfNulls = deletionVector("dv-n.puffin", onlyNulls, 2, 4);
    assertThat(FileAggregates.of(task(onlyNulls, dvOfNulls)).nonNullCount(ID)).hasValue(0);
    DataFile fewerValues =
        dataFile("f.parquet", 1, BOOKS, 1, 1000, List.of(), idMetrics(90, 0, 6L, 90L));
    assertThat(
            FileAggregates.of(task(fewerValues, deletionVector("dv-f.puffin", fewerValues, 2, 4)))
                .nonNullCount(ID))
        .as("values in 90 of 100 rows")
        .isEqualTo(OptionalLong.empty());
    assertThat(
            FileAggregates.of(
                    task(noNulls, fileScopedPositionDeletes("b-deletes.parquet", noNulls, 2, true)))
                .nonNullCount(ID))
        .as("position delete files: the live rows are not in the manifests")
        .isEqualTo(OptionalLong.empty());
  }

  @Test
  void boundsAreExactOnlyForUntruncatedTypesWithoutDeletes() {
    assertThat(FileAggregates.of(task(FILE_A)).bounds(ID)).hasValue(ColumnBounds.of(5L, 90L));
    assertThat(FileAggregates.of(task(FILE_A, FILE_A_DV)).bounds(ID))
        .as("a deleted row may hold the bound")
        .isEmpty();
    assertThat(FileAggregates.of(task(FILE_A)).bounds(CATEGORY))
        .as("string bounds may be truncated")
        .isEmpty();
    DataFile allNull =
        dataFile("n.parquet", 1, BOOKS, 1, 1000, List.of(), idMetrics(100, 100, null, null));
    assertThat(FileAggregates.of(task(allNull)).bounds(ID))
        .as("only nulls: no value to add")
        .hasValue(ColumnBounds.NO_VALUES);
    DataFile noBounds =
        dataFile("c.parquet", 1, BOOKS, 1, 1000, List.of(), idMetrics(100, 10, null, null));
    assertThat(FileAggregates.of(task(noBounds)).bounds(ID))
        .as("counts mode: values exist but their bounds are unknown")
        .isEmpty();
  }

  @Test
  void floatingPointBoundsNeedNoNaNAndNoZero() {
    assertThat(FileAggregates.of(task(scoreFile(0L, -2.5, 7.5))).bounds(SCORE))
        .hasValue(ColumnBounds.of(-2.5, 7.5));
    assertThat(FileAggregates.of(task(scoreFile(1L, -2.5, 7.5))).bounds(SCORE))
        .as("NaN sorts above every number in Spark")
        .isEmpty();
    assertThat(FileAggregates.of(task(scoreFile(null, -2.5, 7.5))).bounds(SCORE))
        .as("unknown NaN count")
        .isEmpty();
    assertThat(FileAggregates.of(task(scoreFile(0L, -0.0, 7.5))).bounds(SCORE))
        .as("a zero bound does not tell -0.0 from 0.0")
        .isEqualTo(Optional.empty());
  }

  private static DataFile scoreFile(Long nans, double lower, double upper) {
    ColumnMetrics metrics =
        new ColumnMetrics(
            Map.of(),
            Map.of(3, 100L),
            Map.of(3, 0L),
            nans == null ? Map.of() : Map.of(3, nans),
            Map.of(3, doubleBytes(lower)),
            Map.of(3, doubleBytes(upper)));
    return dataFile("s.parquet", 1, BOOKS, 1, 1000, List.of(), metrics);
  }

  private static ByteBuffer doubleBytes(double value) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(0, value);
  }

  private static DataFile withRecordCount(DataFile file, long records) {
    return new DataFile(
        file.location(),
        file.format(),
        file.specId(),
        file.partition(),
        records,
        file.fileSizeInBytes(),
        file.metrics(),
        file.splitOffsets(),
        file.sortOrderId(),
        file.firstRowId(),
        file.keyMetadata(),
        file.dataSequenceNumber(),
        file.fileSequenceNumber());
  }
}
