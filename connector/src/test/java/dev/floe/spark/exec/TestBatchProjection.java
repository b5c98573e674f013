package dev.floe.spark.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.deletes.PositionIndex;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.spark.convert.SparkSchemas;
import dev.floe.spark.deletes.DeleteFilter;
import dev.floe.spark.deletes.RowSelection;
import dev.floe.spark.deletes.TaskDeletes;
import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.junit.jupiter.api.Test;

class TestBatchProjection {
  private static final int BATCH_SIZE = 8;
  private static final int ROWS = 6;
  private static final String WHERE = "of file:/t/data/a.parquet (table db.t)";

  private static final NestedField ID = NestedField.optional(1, "id", PrimitiveType.of(TypeId.INT));
  private static final NestedField NAME =
      NestedField.optional(2, "name", PrimitiveType.of(TypeId.STRING));
  private static final NestedField PRICE =
      NestedField.optional(3, "price", PrimitiveType.decimal(10, 2));
  private static final NestedField BIG =
      NestedField.optional(4, "big", PrimitiveType.decimal(25, 3));
  private static final NestedField SCORE =
      NestedField.optional(5, "score", PrimitiveType.of(TypeId.DOUBLE));
  private static final NestedField POINT =
      NestedField.optional(
          6,
          "point",
          new StructType(
              List.of(
                  NestedField.optional(7, "x", PrimitiveType.of(TypeId.LONG)),
                  NestedField.optional(
                      8,
                      "label",
                      new StructType(
                          List.of(
                              NestedField.optional(
                                  9, "text", PrimitiveType.of(TypeId.STRING))))))));
  private static final NestedField TAGS =
      NestedField.optional(
          10,
          "tags",
          new ListType(NestedField.optional(11, "element", PrimitiveType.of(TypeId.INT))));
  private static final NestedField ATTRIBUTES =
      NestedField.optional(
          12,
          "attributes",
          new MapType(
              NestedField.required(13, "key", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(14, "value", PrimitiveType.of(TypeId.LONG))));

  private static final Schema DECODED =
      new Schema(
          0,
          List.of(
              ID, NAME, PRICE, BIG, SCORE, POINT, TAGS, ATTRIBUTES, MetadataColumns.ROW_POSITION),
          Set.of());
  private static final Schema PROJECTION =
      new Schema(0, List.of(NAME, ID, PRICE, BIG, SCORE, POINT, TAGS, ATTRIBUTES), Set.of());

  /**
   * Row r (file position 100 + r): id r, name "n<r>" (null at 4), price r.25, big r*10^20 + 0.5,
   * score r/2 (null at 1 and 2), point (r, ("p<r>")), tags [r, r+1, ..] of r elements, attributes
   * {k<r>: r}.
   */
  private static ColumnarBatch decodedBatch() {
    var sparkSchema = SparkSchemas.toSpark(DECODED);
    WritableColumnVector[] vectors = new WritableColumnVector[sparkSchema.fields().length];
    for (int index = 0; index < vectors.length; index++) {
      vectors[index] = new OnHeapColumnVector(BATCH_SIZE, sparkSchema.fields()[index].dataType());
    }
    // 0 + 1 + .. + 5 tag elements
    vectors[6].arrayData().reserve(16);
    int tagOffset = 0;
    for (int row = 0; row < ROWS; row++) {
      vectors[0].putInt(row, row);
      if (row == 4) {
        vectors[1].putNull(row);
      } else {
        vectors[1].putByteArray(row, ("n" + row).getBytes(StandardCharsets.UTF_8));
      }
      vectors[2].putDecimal(row, Decimal.apply(new BigDecimal(row + ".25")), 10);
      Decimal big =
          Decimal.apply(
              new BigDecimal(BigDecimal.TEN.pow(20).multiply(BigDecimal.valueOf(row)) + ".500"));
      big.changePrecision(25, 3);
      vectors[3].putDecimal(row, big, 25);
      if (row == 1 || row == 2) {
        vectors[4].putNull(row);
      } else {
        vectors[4].putDouble(row, row / 2.0);
      }
      vectors[5].getChild(0).putLong(row, row);
      vectors[5]
          .getChild(1)
          .getChild(0)
          .putByteArray(row, ("p" + row).getBytes(StandardCharsets.UTF_8));
      vectors[6].putArray(row, tagOffset, row);
      for (int element = 0; element < row; element++) {
        vectors[6].arrayData().putInt(tagOffset + element, row + element);
      }
      tagOffset += row;
      vectors[7].putArray(row, row, 1);
      vectors[7].getChild(0).putByteArray(row, ("k" + row).getBytes(StandardCharsets.UTF_8));
      vectors[7].getChild(1).putLong(row, row);
      vectors[8].putLong(row, 100 + row);
    }
    return new ColumnarBatch(vectors, ROWS);
  }

  private static RowSelection deleting(
      ColumnarBatch decoded, Schema decodedSchema, long... positions) {
    return deleting(decoded, decodedSchema, false, positions);
  }

  /** The selection of {@code decoded} after the delete filter of {@code positions}. */
  private static RowSelection deleting(
      ColumnarBatch decoded, Schema decodedSchema, boolean keepsDeletedRows, long... positions) {
    var builder = PositionIndex.builder();
    for (long position : positions) {
      builder.add(position);
    }
    RowSelection selection = new RowSelection(BATCH_SIZE, keepsDeletedRows);
    selection.reset(decoded.numRows());
    DeleteFilter.of(new TaskDeletes(builder.build(), List.of()), decodedSchema, WHERE)
        .narrow(decoded, selection);
    return selection;
  }

  /** The selection of every row of {@code decoded}: nothing deleted or filtered. */
  private static RowSelection everyRow(ColumnarBatch decoded) {
    RowSelection selection = new RowSelection(BATCH_SIZE, false);
    selection.reset(decoded.numRows());
    return selection;
  }

  private static List<Integer> ids(ColumnarBatch batch, int column) {
    List<Integer> ids = new ArrayList<>();
    for (int row = 0; row < batch.numRows(); row++) {
      ids.add(batch.column(column).getInt(row));
    }
    return ids;
  }

  @Test
  void deletedRowsAreHiddenAndHelperColumnsDropped() {
    ColumnarBatch decoded = decodedBatch();
    RowSelection selection = deleting(decoded, DECODED, 100, 102, 103);

    ColumnarBatch out;
    try (BatchProjection projection = BatchProjection.of(PROJECTION, DECODED, BATCH_SIZE)) {
      out = projection.project(decoded, selection);
    }

    assertThat(out.numCols()).as("the scan's columns, _pos dropped").isEqualTo(8);
    assertThat(out.numRows()).as("live rows").isEqualTo(3);
    assertThat(ids(out, 1)).as("ids of the live rows, in order").containsExactly(1, 4, 5);
    assertThat(out.column(0).getUTF8String(0).toString()).as("name of row 1").isEqualTo("n1");
    assertThat(out.column(0).isNullAt(1)).as("name of row 4 is null").isTrue();
    assertThat(out.column(0).getUTF8String(2).toString()).as("name of row 5").isEqualTo("n5");
    assertThat(out.column(2).getDecimal(2, 10, 2).toJavaBigDecimal())
        .as("small decimal of row 5")
        .isEqualByComparingTo("5.25");
    assertThat(out.column(3).getDecimal(1, 25, 3).toJavaBigDecimal())
        .as("large decimal of row 4")
        .isEqualByComparingTo("400000000000000000000.5");
    assertThat(out.column(4).getDouble(2)).as("score of row 5").isEqualTo(2.5);
    assertThat(out.getRow(1).getInt(1)).as("row access through ColumnarBatchRow").isEqualTo(4);
  }

  @Test
  void numNullsCountsOnlySelectedRows() {
    ColumnarBatch decoded = decodedBatch();
    // score is null at rows 1 and 2; deleting row 1 leaves one null
    RowSelection selection = deleting(decoded, DECODED, 101);

    ColumnarBatch out;
    try (BatchProjection projection = BatchProjection.of(PROJECTION, DECODED, BATCH_SIZE)) {
      out = projection.project(decoded, selection);
    }

    assertThat(decoded.column(4).numNulls()).as("nulls in the decoded batch").isEqualTo(2);
    assertThat(out.column(4).numNulls()).as("nulls among the live rows").isEqualTo(1);
    assertThat(out.column(1).numNulls()).as("id has no null").isZero();
    assertThat(out.column(4).isNullAt(1)).as("row 2's null score is at output row 1").isTrue();
  }

  @Test
  void structChildrenAreViewsOfViews() {
    ColumnarBatch decoded = decodedBatch();
    RowSelection selection = deleting(decoded, DECODED, 100, 101, 103);

    ColumnarBatch out;
    try (BatchProjection projection = BatchProjection.of(PROJECTION, DECODED, BATCH_SIZE)) {
      out = projection.project(decoded, selection);
    }

    ColumnVector point = out.column(5);
    assertThat(point.getChild(0).getLong(0)).as("point.x of row 2").isEqualTo(2);
    assertThat(point.getChild(1).getChild(0).getUTF8String(1).toString())
        .as("point.label.text of row 4")
        .isEqualTo("p4");
    assertThat(point.getChild(1)).as("children are cached").isSameAs(point.getChild(1));
    assertThat(point.getStruct(2).getLong(0)).as("getStruct of row 5").isEqualTo(5);
    assertThat(point.getStruct(2).getStruct(1, 1).getUTF8String(0).toString())
        .as("nested getStruct of row 5")
        .isEqualTo("p5");
  }

  @Test
  void arraysAndMapsOfSelectedRows() {
    ColumnarBatch decoded = decodedBatch();
    RowSelection selection = deleting(decoded, DECODED, 100, 101, 102);

    ColumnarBatch out;
    try (BatchProjection projection = BatchProjection.of(PROJECTION, DECODED, BATCH_SIZE)) {
      out = projection.project(decoded, selection);
    }

    assertThat(out.column(6).getArray(0).toIntArray()).as("tags of row 3").containsExactly(3, 4, 5);
    assertThat(out.column(6).getArray(2).toIntArray())
        .as("tags of row 5")
        .containsExactly(5, 6, 7, 8, 9);
    ColumnarMap attributes = out.column(7).getMap(1);
    assertThat(attributes.numElements()).as("one entry").isEqualTo(1);
    assertThat(attributes.keyArray().getUTF8String(0).toString())
        .as("key of row 4")
        .isEqualTo("k4");
    assertThat(attributes.valueArray().getLong(0)).as("value of row 4").isEqualTo(4);
  }

  @Test
  void deletedColumnKeepsAndMarksEveryRow() {
    Schema projected = new Schema(0, List.of(ID, MetadataColumns.IS_DELETED), Set.of());
    ColumnarBatch decoded = decodedBatch();
    RowSelection selection = deleting(decoded, DECODED, true, 101, 104);

    try (BatchProjection projection = BatchProjection.of(projected, DECODED, BATCH_SIZE)) {
      assertThat(projection.keepsDeletedRows()).as("marks rather than drops").isTrue();
      ColumnarBatch out = projection.project(decoded, selection);

      assertThat(out.numRows()).as("every row kept").isEqualTo(ROWS);
      assertThat(ids(out, 0)).as("ids in file order").containsExactly(0, 1, 2, 3, 4, 5);
      List<Boolean> flags = new ArrayList<>();
      for (int row = 0; row < ROWS; row++) {
        flags.add(out.column(1).getBoolean(row));
      }
      assertThat(flags).as("_deleted").containsExactly(false, true, false, false, true, false);

      RowSelection clean = new RowSelection(BATCH_SIZE, true);
      clean.reset(decoded.numRows());
      ColumnarBatch cleanBatch = projection.project(decoded, clean);
      List<Boolean> cleared = new ArrayList<>();
      for (int row = 0; row < ROWS; row++) {
        cleared.add(cleanBatch.column(1).getBoolean(row));
      }
      assertThat(cleared).as("flags of a batch without deletes are all false").containsOnly(false);
    }
  }

  /**
   * With {@code _deleted} selected, the one selection keeps deleted rows and marks them, but the
   * row filter still drops every row that fails it, deleted or not.
   */
  @Test
  void deletedColumnKeepsDeletedRowsButNotThoseTheRowFilterDrops() {
    Schema projected = new Schema(0, List.of(ID, MetadataColumns.IS_DELETED), Set.of());
    ColumnarBatch decoded = decodedBatch();
    // rows 1 and 4 deleted; the row filter keeps ids 0, 1, 2
    RowSelection selection = deleting(decoded, DECODED, true, 101, 104);
    RowFilter.of(Binder.bind(DECODED, Expression.lessThan("id", 3), true), DECODED, BATCH_SIZE)
        .narrow(decoded, selection);

    try (BatchProjection projection = BatchProjection.of(projected, DECODED, BATCH_SIZE)) {
      ColumnarBatch out = projection.project(decoded, selection);

      assertThat(ids(out, 0))
          .as("ids below 3, deleted row 1 kept, deleted row 4 dropped by the filter")
          .containsExactly(0, 1, 2);
      List<Boolean> flags = new ArrayList<>();
      for (int row = 0; row < out.numRows(); row++) {
        flags.add(out.column(1).getBoolean(row));
      }
      assertThat(flags).as("_deleted of the kept rows").containsExactly(false, true, false);
    }
  }

  @Test
  void rowFilterAndDeletesNarrowOneSelection() {
    ColumnarBatch decoded = decodedBatch();
    RowSelection selection = deleting(decoded, DECODED, 100, 103);
    RowFilter.of(Binder.bind(DECODED, Expression.notEqual("id", 5), true), DECODED, BATCH_SIZE)
        .narrow(decoded, selection);

    try (BatchProjection projection = BatchProjection.of(PROJECTION, DECODED, BATCH_SIZE)) {
      ColumnarBatch out = projection.project(decoded, selection);

      assertThat(ids(out, 1))
          .as("rows 0 and 3 deleted, row 5 filtered out")
          .containsExactly(1, 2, 4);
      assertThat(selection.deletedCount()).as("deleted rows counted once").isEqualTo(2);
    }
  }

  @Test
  void aSelectionOfAnotherBatchIsRefused() {
    ColumnarBatch decoded = decodedBatch();
    RowSelection other = new RowSelection(BATCH_SIZE, false);
    other.reset(ROWS - 1);

    try (BatchProjection projection = BatchProjection.of(PROJECTION, DECODED, BATCH_SIZE)) {
      assertThatThrownBy(() -> projection.project(decoded, other))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("A selection of 5 rows cannot project a batch of 6");
    }
  }

  @Test
  void passThroughReturnsTheDecodedBatchItself() {
    ColumnarBatch decoded = decodedBatch();
    RowSelection nothingDeleted = deleting(decoded, DECODED, 7);
    assertThat(nothingDeleted.hasDeletedRows()).as("position 7 is not in this batch").isFalse();

    try (BatchProjection projection = BatchProjection.of(DECODED, DECODED, BATCH_SIZE)) {
      assertThat(projection.project(decoded, everyRow(decoded))).as("no deletes").isSameAs(decoded);
      assertThat(projection.project(decoded, nothingDeleted))
          .as("a selection without deleted rows")
          .isSameAs(decoded);
      ColumnarBatch filtered = projection.project(decoded, deleting(decoded, DECODED, 100));
      assertThat(filtered).as("deleted rows need views").isNotSameAs(decoded);
      assertThat(filtered.numRows()).as("one row less").isEqualTo(ROWS - 1);
    }
  }

  @Test
  void reorderingWithoutDeletesUsesTheDecodedVectors() {
    ColumnarBatch decoded = decodedBatch();

    try (BatchProjection projection = BatchProjection.of(PROJECTION, DECODED, BATCH_SIZE)) {
      ColumnarBatch out = projection.project(decoded, everyRow(decoded));

      assertThat(out.column(0)).as("name is the decoded vector").isSameAs(decoded.column(1));
      assertThat(out.column(1)).as("id is the decoded vector").isSameAs(decoded.column(0));
      assertThat(out.numCols()).as("_pos dropped").isEqualTo(8);
    }
  }

  @Test
  void viewsFollowTheNextBatchOfTheSameDecoder() {
    ColumnarBatch decoded = decodedBatch();
    try (BatchProjection projection = BatchProjection.of(PROJECTION, DECODED, BATCH_SIZE)) {
      ColumnarBatch first = projection.project(decoded, deleting(decoded, DECODED, 100));
      assertThat(ids(first, 1)).as("first batch").containsExactly(1, 2, 3, 4, 5);

      // the decoder overwrites its vectors with the next rows (positions 106..111)
      for (int row = 0; row < ROWS; row++) {
        ((WritableColumnVector) decoded.column(0)).putInt(row, 10 + row);
        ((WritableColumnVector) decoded.column(8)).putLong(row, 106 + row);
      }
      ColumnarBatch second = projection.project(decoded, deleting(decoded, DECODED, 107, 111));
      assertThat(ids(second, 1)).as("second batch").containsExactly(10, 12, 13, 14);
    }
  }

  @Test
  void projectedColumnMustBeDecoded() {
    Schema decoded = new Schema(0, List.of(ID), Set.of());
    Schema projected = new Schema(0, List.of(ID, NAME), Set.of());

    assertThatThrownBy(() -> BatchProjection.of(projected, decoded, BATCH_SIZE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Column id 2 is not decoded");
  }

  @Test
  void decodedSchemaAddsPositionsAndDropsDeletedFlag() {
    Schema projected = new Schema(3, List.of(NAME, MetadataColumns.IS_DELETED), Set.of());
    TaskDeletes positions = new TaskDeletes(PositionIndex.builder().add(3).build(), List.of());

    Schema decoded =
        TaskReader.decodedSchema(projected, DECODED, positions, Expression.alwaysTrue());

    assertThat(decoded.columns())
        .as("name, then _pos for the position deletes; no _deleted")
        .containsExactly(NAME, MetadataColumns.ROW_POSITION);
    assertThat(
            TaskReader.decodedSchema(
                    projected, DECODED, TaskDeletes.none(), Expression.alwaysTrue())
                .columns())
        .as("no helper without deletes")
        .containsExactly(NAME);
  }
}
