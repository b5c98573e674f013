package dev.floe.spark.deletes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.deletes.PositionIndex;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

class TestDeleteFilter {
  private static final NestedField ID = NestedField.optional(1, "id", PrimitiveType.of(TypeId.INT));
  private static final NestedField NAME =
      NestedField.optional(2, "name", PrimitiveType.of(TypeId.STRING));
  private static final Schema DECODED =
      new Schema(0, List.of(ID, NAME, MetadataColumns.ROW_POSITION), Set.of());
  private static final String WHERE = "of file:/t/data/a.parquet (table db.t)";
  private static final int BATCH_SIZE = 16;

  /**
   * A decoded batch of {@code ids} and {@code names} whose rows start at file position {@code
   * first}.
   */
  private static ColumnarBatch batch(long first, Integer[] ids, String[] names) {
    int rows = ids.length;
    OnHeapColumnVector idVector = new OnHeapColumnVector(BATCH_SIZE, DataTypes.IntegerType);
    OnHeapColumnVector nameVector = new OnHeapColumnVector(BATCH_SIZE, DataTypes.StringType);
    OnHeapColumnVector positionVector = new OnHeapColumnVector(BATCH_SIZE, DataTypes.LongType);
    for (int row = 0; row < rows; row++) {
      if (ids[row] == null) {
        idVector.putNull(row);
      } else {
        idVector.putInt(row, ids[row]);
      }
      if (names[row] == null) {
        nameVector.putNull(row);
      } else {
        nameVector.putByteArray(row, names[row].getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
      positionVector.putLong(row, first + row);
    }
    return new ColumnarBatch(new ColumnVector[] {idVector, nameVector, positionVector}, rows);
  }

  private static ColumnarBatch positionsOnly(long first, int rows) {
    Integer[] ids = new Integer[rows];
    String[] names = new String[rows];
    Arrays.fill(ids, 0);
    Arrays.fill(names, "x");
    return batch(first, ids, names);
  }

  private static PositionIndex positions(long... deleted) {
    var builder = PositionIndex.builder();
    for (long position : deleted) {
      builder.add(position);
    }
    return builder.build();
  }

  /** A set of boxed keys, as the loader builds for keys that do not pack into longs. */
  private static EqualityDeleteSet set(List<NestedField> fields, Object... keys) {
    return EqualityDeleteSet.ofObjects(
        fields, new HashSet<>(Arrays.asList(keys)), 64L * keys.length);
  }

  /** A set of int keys ({@code null} for a null id) packed into longs, as the loader builds it. */
  private static EqualityDeleteSet packedIds(Integer... ids) {
    LongKeySet keys = new LongKeySet(1);
    for (Integer id : ids) {
      keys.add(new long[] {id == null ? 0 : id}, id == null ? 1 : 0);
    }
    return EqualityDeleteSet.ofLongs(List.of(ID), keys);
  }

  private static List<Integer> deletedRows(RowSelection selection) {
    List<Integer> deleted = new ArrayList<>();
    for (int row = 0; row < selection.rowCount(); row++) {
      if (selection.isDeleted(row)) {
        deleted.add(row);
      }
    }
    return deleted;
  }

  private static List<Integer> liveRows(RowSelection selection) {
    List<Integer> live = new ArrayList<>();
    for (int index = 0; index < selection.keptCount(); index++) {
      live.add(selection.keepsEveryRow() ? index : selection.keptRows()[index]);
    }
    return live;
  }

  /** A delete filter with the one selection a task's reader resets for each batch. */
  private record Narrowing(DeleteFilter filter, RowSelection selection) {
    Narrowing(DeleteFilter filter) {
      this(filter, new RowSelection(BATCH_SIZE, false));
    }

    RowSelection select(ColumnarBatch batch) {
      selection.reset(batch.numRows());
      filter.narrow(batch, selection);
      return selection;
    }
  }

  private static Narrowing filter(PositionIndex positions, EqualityDeleteSet... sets) {
    return new Narrowing(
        DeleteFilter.of(new TaskDeletes(positions, List.of(sets)), DECODED, WHERE));
  }

  @Test
  void batchStartingAtZeroDropsItsDeletedPositions() {
    RowSelection selection = filter(positions(0, 3, 4, 9)).select(positionsOnly(0, 10));

    assertThat(selection.hasDeletedRows()).as("rows are deleted").isTrue();
    assertThat(deletedRows(selection)).as("deleted rows").containsExactly(0, 3, 4, 9);
    assertThat(liveRows(selection)).as("live rows").containsExactly(1, 2, 5, 6, 7, 8);
    assertThat(selection.keptCount()).as("live count").isEqualTo(6);
    assertThat(selection.rowCount()).as("row count").isEqualTo(10);
  }

  @Test
  void batchStartingMidFileAppliesFilePositionsNotBatchRows() {
    // positions 3 and 4 belong to an earlier batch; 100..102 and 109 to this one
    RowSelection selection =
        filter(positions(3, 4, 100, 101, 102, 109, 110)).select(positionsOnly(100, 10));

    assertThat(deletedRows(selection))
        .as("rows of file positions 100, 101, 102, 109")
        .containsExactly(0, 1, 2, 9);
  }

  @Test
  void runsCrossingBatchEdgesAreCutAtEachBatch() {
    var index = PositionIndex.builder().addRange(5, 13).build();
    Narrowing filter = filter(index);

    RowSelection first = filter.select(positionsOnly(0, 8));
    assertThat(deletedRows(first)).as("first batch keeps 0..4").containsExactly(5, 6, 7);

    RowSelection second = filter.select(positionsOnly(8, 8));
    assertThat(deletedRows(second))
        .as("second batch: positions 8..12 deleted, flags of the first batch cleared")
        .containsExactly(0, 1, 2, 3, 4);
    assertThat(liveRows(second)).as("live rows of the second batch").containsExactly(5, 6, 7);
  }

  @Test
  void positionsAboveTwoToThe32AreApplied() {
    long base = (1L << 32) - 3;
    var index = PositionIndex.builder().add(base + 1).addRange(base + 3, base + 5).build();

    RowSelection selection = filter(index).select(positionsOnly(base, 8));

    assertThat(deletedRows(selection))
        .as("positions on both sides of 2^32")
        .containsExactly(1, 3, 4);
  }

  @Test
  void batchWithoutDeletedRowsIsUntouched() {
    RowSelection selection = filter(positions(2, 50)).select(positionsOnly(10, 10));

    assertThat(selection.hasDeletedRows()).as("no row of this batch is deleted").isFalse();
    assertThat(selection.keptCount()).as("all rows live").isEqualTo(10);
    assertThat(deletedRows(selection)).as("no flag set").isEmpty();
  }

  @Test
  void allDeletedBatchHasNoLiveRows() {
    var index = PositionIndex.builder().addRange(0, 100).build();

    RowSelection selection = filter(index).select(positionsOnly(20, 10));

    assertThat(selection.keptCount()).as("no live row").isZero();
    assertThat(selection.hasDeletedRows()).as("rows deleted").isTrue();
  }

  @Test
  void emptyBatchSelectsNothing() {
    RowSelection selection = filter(positions(0)).select(positionsOnly(0, 0));

    assertThat(selection.rowCount()).as("rows").isZero();
    assertThat(selection.hasDeletedRows()).as("nothing deleted").isFalse();
  }

  @Test
  void equalityDeletesOnOneColumnMatchNullToNull() {
    EqualityDeleteSet byId = set(List.of(ID), 2, null);

    RowSelection selection =
        filter(PositionIndex.empty(), byId)
            .select(
                batch(0, new Integer[] {1, 2, null, 3, 2}, new String[] {"a", "b", "c", "d", "e"}));

    assertThat(deletedRows(selection))
        .as("rows with id 2 and the row with a null id")
        .containsExactly(1, 2, 4);
  }

  @Test
  void packedEqualityDeletesMatchAsBoxedOnesDo() {
    ColumnarBatch batch =
        batch(0, new Integer[] {1, 2, null, 3, 2, 0}, new String[] {"a", "b", "c", "d", "e", "f"});

    RowSelection packed = filter(PositionIndex.empty(), packedIds(2, null)).select(batch);
    List<Integer> packedDeleted = deletedRows(packed);
    RowSelection boxed = filter(PositionIndex.empty(), set(List.of(ID), 2, null)).select(batch);

    assertThat(packedDeleted)
        .as("rows with id 2 and the row with a null id, not the row with id 0")
        .containsExactly(1, 2, 4)
        .isEqualTo(deletedRows(boxed));
  }

  @Test
  void equalityDeletesOnTwoColumnsWithNulls() {
    EqualityDeleteSet byIdAndName =
        set(
            List.of(ID, NAME),
            Arrays.asList(1, UTF8String.fromString("a")),
            Arrays.asList(null, UTF8String.fromString("b")),
            Arrays.asList(3, null));

    RowSelection selection =
        filter(PositionIndex.empty(), byIdAndName)
            .select(
                batch(
                    0,
                    new Integer[] {1, 1, null, null, 3, 3},
                    new String[] {"a", "b", "b", null, null, "c"}));

    assertThat(deletedRows(selection))
        .as("(1,a), (null,b) and (3,null) deleted; (1,b), (null,null), (3,c) kept")
        .containsExactly(0, 2, 4);
  }

  @Test
  void severalEqualitySetsAndPositionsOnOneBatch() {
    EqualityDeleteSet byId = set(List.of(ID), 7);
    EqualityDeleteSet byName = set(List.of(NAME), UTF8String.fromString("z"));

    RowSelection selection =
        filter(positions(50, 51), byId, byName)
            .select(
                batch(
                    50,
                    new Integer[] {7, 1, 7, 2, 3, 4},
                    new String[] {"a", "b", "c", "z", "e", "z"}));

    assertThat(deletedRows(selection))
        .as("positions 50, 51; id 7 at row 2; name z at rows 3 and 5")
        .containsExactly(0, 1, 2, 3, 5);
    assertThat(selection.keptCount()).as("one live row").isEqualTo(1);
    assertThat(liveRows(selection)).as("the live row").containsExactly(4);
  }

  @Test
  void selectionIsReusedAcrossBatchesWithFlagsCleared() {
    EqualityDeleteSet byId = set(List.of(ID), 5);
    Narrowing filter = filter(PositionIndex.empty(), byId);

    RowSelection first =
        filter.select(batch(0, new Integer[] {5, 5, 5, 1}, new String[] {"a", "b", "c", "d"}));
    assertThat(deletedRows(first)).as("first batch").containsExactly(0, 1, 2);

    RowSelection second =
        filter.select(batch(4, new Integer[] {1, 2, 3, 5}, new String[] {"a", "b", "c", "d"}));
    assertThat(second).as("the reader reuses its selection").isSameAs(first);
    assertThat(deletedRows(second)).as("only the last row of the second batch").containsExactly(3);
    assertThat(liveRows(second)).as("live rows of the second batch").containsExactly(0, 1, 2);

    RowSelection third = filter.select(batch(8, new Integer[] {1, 2}, new String[] {"a", "b"}));
    assertThat(third.hasDeletedRows()).as("third batch has no deleted row").isFalse();
    assertThat(deletedRows(third)).as("no stale flag").isEmpty();
  }

  @Test
  void nonConsecutivePositionsAreRefused() {
    ColumnarBatch batch = positionsOnly(0, 4);
    ((OnHeapColumnVector) batch.column(2)).putLong(3, 10);

    assertThatThrownBy(() -> filter(positions(1)).select(batch))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("consecutive rows: positions 0 to 10 in 4 rows");
  }

  @Test
  void missingPositionColumnIsRefused() {
    Schema withoutPositions = new Schema(0, List.of(ID, NAME), Set.of());

    assertThatThrownBy(
            () ->
                DeleteFilter.of(new TaskDeletes(positions(1), List.of()), withoutPositions, WHERE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("No _pos column to apply position deletes to " + WHERE);
  }

  @Test
  void undecodedEqualityColumnIsRefused() {
    Schema withoutName = new Schema(0, List.of(ID, MetadataColumns.ROW_POSITION), Set.of());
    EqualityDeleteSet byName = set(List.of(NAME), UTF8String.fromString("z"));

    assertThatThrownBy(
            () ->
                DeleteFilter.of(
                    new TaskDeletes(PositionIndex.empty(), List.of(byName)), withoutName, WHERE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Equality column name not decoded for " + WHERE);
  }

  @Test
  void equalityOnlyFilterNeedsNoPositionColumn() {
    Schema withoutPositions = new Schema(0, List.of(ID, NAME), Set.of());
    EqualityDeleteSet byId = set(List.of(ID), 1);
    Narrowing filter =
        new Narrowing(
            DeleteFilter.of(
                new TaskDeletes(PositionIndex.empty(), List.of(byId)), withoutPositions, WHERE));
    OnHeapColumnVector ids = new OnHeapColumnVector(4, DataTypes.IntegerType);
    OnHeapColumnVector names = new OnHeapColumnVector(4, DataTypes.StringType);
    ids.putInt(0, 1);
    ids.putInt(1, 2);
    names.putNulls(0, 2);

    RowSelection selection = filter.select(new ColumnarBatch(new ColumnVector[] {ids, names}, 2));

    assertThat(deletedRows(selection)).as("row with id 1").containsExactly(0);
  }

  @Test
  void deletedRowsAreMarkedAndKeptWhenTheScanReadsDeleted() {
    Narrowing filter =
        new Narrowing(
            DeleteFilter.of(new TaskDeletes(positions(1, 3), List.of()), DECODED, WHERE),
            new RowSelection(BATCH_SIZE, true));

    RowSelection selection = filter.select(positionsOnly(0, 5));

    assertThat(deletedRows(selection)).as("deleted rows, marked").containsExactly(1, 3);
    assertThat(selection.deletedCount()).as("deleted count").isEqualTo(2);
    assertThat(selection.keepsEveryRow()).as("for _deleted, every row stays").isTrue();
    assertThat(selection.keptCount()).as("kept rows").isEqualTo(5);
  }

  @Test
  void aSelectionNotResetForTheBatchIsRefused() {
    DeleteFilter filter = DeleteFilter.of(new TaskDeletes(positions(1), List.of()), DECODED, WHERE);
    RowSelection selection = new RowSelection(BATCH_SIZE, false);
    selection.reset(3);

    assertThatThrownBy(() -> filter.narrow(positionsOnly(0, 4), selection))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "The delete filter narrows a selection reset for its batch of 4 rows, not one of 3"
                + " rows with 3 kept");
  }
}
