package dev.floe.scan;

import static dev.floe.scan.ScanFixtures.BOOKS;
import static dev.floe.scan.ScanFixtures.GAMES;
import static dev.floe.scan.ScanFixtures.SCHEMA;
import static dev.floe.scan.ScanFixtures.SPECS;
import static dev.floe.scan.ScanFixtures.categoryCounts;
import static dev.floe.scan.ScanFixtures.categoryDeletes;
import static dev.floe.scan.ScanFixtures.dataFile;
import static dev.floe.scan.ScanFixtures.deletionVector;
import static dev.floe.scan.ScanFixtures.equalityDeletes;
import static dev.floe.scan.ScanFixtures.fileScopedPositionDeletes;
import static dev.floe.scan.ScanFixtures.idMetrics;
import static dev.floe.scan.ScanFixtures.positionDeletes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.PartitionValues;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.SingleValueBinary;
import dev.floe.table.TypeId;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TestDeleteFileIndex {
  private static final DataFile FILE_A = dataFile("a.parquet", 1, BOOKS, 5);
  private static final DataFile FILE_B = dataFile("b.parquet", 1, GAMES, 5);

  private static DeleteFileIndex index(DeleteFile... files) {
    DeleteFileIndex.Builder builder = DeleteFileIndex.builder(SPECS, SCHEMA, "db.t");
    for (DeleteFile file : files) {
      builder.add(file);
    }
    return builder.build();
  }

  @Test
  void positionDeletesApplyAtTheSameSequenceNumberAndAfter() {
    DeleteFile older = positionDeletes("pos-4.parquet", 1, BOOKS, 4);
    DeleteFile same = positionDeletes("pos-5.parquet", 1, BOOKS, 5);
    DeleteFile newer = positionDeletes("pos-6.parquet", 1, BOOKS, 6);

    assertThat(index(older, same, newer).forDataFile(FILE_A))
        .as("data_seq <= delete_seq: a delete committed with the data applies to it")
        .containsExactly(same, newer);
  }

  @Test
  void dataFilesOfAPartitionShareOneListOfItsPositionDeletes() {
    DeleteFile first = positionDeletes("pos-6.parquet", 1, BOOKS, 6);
    DeleteFile second = positionDeletes("pos-7.parquet", 1, BOOKS, 7);
    DeleteFileIndex index = index(first, second);

    List<DeleteFile> forA = index.forDataFile(FILE_A);
    List<DeleteFile> forA2 = index.forDataFile(dataFile("a2.parquet", 1, BOOKS, 5));

    assertThat(forA).containsExactly(first, second);
    assertThat(forA2)
        .as("100,000 files x 50 deletes must not become 100,000 copies of the list")
        .isSameAs(forA);
    assertThatThrownBy(() -> forA.add(first))
        .as("a shared list is immutable")
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void equalityDeletesApplyOnlyToOlderData() {
    DeleteFile same = equalityDeletes("eq-5.parquet", 1, BOOKS, 5, ColumnMetrics.EMPTY);
    DeleteFile newer = equalityDeletes("eq-6.parquet", 1, BOOKS, 6, ColumnMetrics.EMPTY);

    assertThat(index(same, newer).forDataFile(FILE_A))
        .as("data_seq < delete_seq: an equality delete never removes rows of its own commit")
        .containsExactly(newer);
  }

  @Test
  void partitionScopedDeletesStayInTheirPartitionAndSpec() {
    DeleteFile otherPartition = positionDeletes("pos-games.parquet", 1, GAMES, 6);
    DeleteFile otherSpec = positionDeletes("pos-spec0.parquet", 0, BOOKS, 6);
    DeleteFile otherSpecEquality =
        equalityDeletes("eq-other.parquet", 1, GAMES, 6, ColumnMetrics.EMPTY);

    assertThat(index(otherPartition, otherSpec, otherSpecEquality).forDataFile(FILE_A))
        .as("deletes of another partition, or the same tuple under another spec, do not apply")
        .isEmpty();
    assertThat(index(otherPartition).forDataFile(FILE_B)).containsExactly(otherPartition);
  }

  @Test
  void unpartitionedEqualityDeletesApplyToEveryPartition() {
    DeleteFile global =
        equalityDeletes("eq-global.parquet", 0, PartitionValues.EMPTY, 6, ColumnMetrics.EMPTY);

    DeleteFileIndex index = index(global);

    assertThat(index.forDataFile(FILE_A)).as("books").containsExactly(global);
    assertThat(index.forDataFile(FILE_B)).as("games").containsExactly(global);
  }

  @Test
  void globalEqualityDeletesFollowTheSequenceNumberRuleToo() {
    DeleteFile older =
        equalityDeletes("eq-global-4.parquet", 0, PartitionValues.EMPTY, 4, ColumnMetrics.EMPTY);
    DeleteFile same =
        equalityDeletes("eq-global-5.parquet", 0, PartitionValues.EMPTY, 5, ColumnMetrics.EMPTY);

    assertThat(index(older, same).forDataFile(FILE_A))
        .as("global equality deletes of sequence number <= the data file's do not apply")
        .isEmpty();
  }

  @Test
  void equalityDeletesOfASpecWithOnlyVoidFieldsAreGlobal() {
    PartitionSpec voided =
        new PartitionSpec(2, List.of(new PartitionField(2, 1000, "category", "void")));
    Map<Integer, PartitionSpec> specs =
        Map.of(0, ScanFixtures.UNPARTITIONED, 1, ScanFixtures.BY_CATEGORY, 2, voided);
    DeleteFile underVoid =
        equalityDeletes(
            "eq-void.parquet", 2, PartitionValues.of((Object) null), 6, ColumnMetrics.EMPTY);

    DeleteFileIndex index = DeleteFileIndex.builder(specs, SCHEMA, "db.t").add(underVoid).build();

    assertThat(index.forDataFile(FILE_A))
        .as("a spec whose fields are all void partitions nothing: its deletes apply everywhere")
        .containsExactly(underVoid);
  }

  @Test
  void fileScopedPositionDeletesApplyOnlyToTheirDataFile() {
    DeleteFile byReference = fileScopedPositionDeletes("pos-a-ref.parquet", FILE_A, 6, true);
    DeleteFile byBounds = fileScopedPositionDeletes("pos-a-bounds.parquet", FILE_A, 6, false);
    DataFile sameParttion = dataFile("a2.parquet", 1, BOOKS, 5);

    DeleteFileIndex index = index(byReference, byBounds);

    assertThat(index.forDataFile(FILE_A)).containsExactlyInAnyOrder(byReference, byBounds);
    assertThat(index.forDataFile(sameParttion))
        .as("file-scoped deletes of a neighbour in the same partition do not apply")
        .isEmpty();
  }

  @Test
  void deletionVectorSupersedesPositionDeleteFiles() {
    DeleteFile positions = positionDeletes("pos-6.parquet", 1, BOOKS, 6);
    DeleteFile fileScoped = fileScopedPositionDeletes("pos-a.parquet", FILE_A, 6, true);
    DeleteFile equality = equalityDeletes("eq-7.parquet", 1, BOOKS, 7, ColumnMetrics.EMPTY);
    DeleteFile dv = deletionVector("dv.puffin", FILE_A, 7, 4);

    assertThat(index(positions, fileScoped, equality, dv).forDataFile(FILE_A))
        .as("the DV replaces position deletes; equality deletes still apply")
        .containsExactly(equality, dv);
    assertThat(index(positions, fileScoped, equality, dv).forDataFile(FILE_B))
        .as("a DV applies only to the data file it references")
        .isEmpty();
  }

  @Test
  void deletionVectorOlderThanItsDataFileIsAnError() {
    DeleteFile staleDv = deletionVector("dv.puffin", FILE_A, 4, 4);

    assertThatThrownBy(() -> index(staleDv).forDataFile(FILE_A))
        .isInstanceOf(CorruptTableException.class)
        .hasMessage(
            "Deletion vector file:/t/data/dv.puffin at offset 4 (sequence number 4) of data file"
                + " file:/t/data/a.parquet is older than the data file (sequence number 5); a"
                + " deletion vector must not precede the rows it deletes");
  }

  @Test
  void equalityDeletesOnFloatingColumnsAreNotPrunedByRangeWhenBothMayHoldNaN() {
    Schema withScore =
        new Schema(
            0,
            List.of(
                NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
                NestedField.optional(2, "score", PrimitiveType.of(TypeId.DOUBLE))),
            Set.of());
    DataFile scores =
        dataFile("s.parquet", 1, BOOKS, 5, 1000, List.of(), scoreMetrics(1.0, 2.0, 1L));
    DeleteFile nanAndHigh = categoryDeletes("eq-nan.parquet", 6, scoreMetrics(50.0, 60.0, 1L));
    DeleteFile highNoNaN = categoryDeletes("eq-high.parquet", 6, scoreMetrics(50.0, 60.0, 0L));

    DeleteFileIndex index =
        DeleteFileIndex.builder(SPECS, withScore, "db.t").add(nanAndHigh).add(highNoNaN).build();

    assertThat(index.forDataFile(scores))
        .as("NaN = NaN deletes a row though bounds exclude NaN; without NaN the ranges decide")
        .containsExactly(nanAndHigh);
  }

  private static ColumnMetrics scoreMetrics(double lower, double upper, long nans) {
    PrimitiveType type = PrimitiveType.of(TypeId.DOUBLE);
    return new ColumnMetrics(
        Map.of(),
        Map.of(2, 10L),
        Map.of(2, 0L),
        Map.of(2, nans),
        Map.of(2, SingleValueBinary.toBytes(type, lower)),
        Map.of(2, SingleValueBinary.toBytes(type, upper)));
  }

  @Test
  void malformedBoundsAreACorruptTableNamingTheFile() {
    DataFile ids =
        dataFile("ids.parquet", 1, BOOKS, 5, 1000, List.of(), idMetrics(100, 0, 0L, 99L));
    ColumnMetrics threeByteBound =
        new ColumnMetrics(
            Map.of(),
            Map.of(1, 3L),
            Map.of(1, 0L),
            Map.of(),
            Map.of(1, java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3})),
            Map.of(1, java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3})));
    DeleteFile broken = equalityDeletes("eq-broken.parquet", 1, BOOKS, 6, threeByteBound);

    assertThatThrownBy(() -> index(broken).forDataFile(ids))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "Cannot read the bound of column 1 (long) recorded for file:/t/data/eq-broken.parquet");
  }

  @Test
  void twoDeletionVectorsForOneDataFileAreAnError() {
    DeleteFile first = deletionVector("dv1.puffin", FILE_A, 6, 4);
    DeleteFile second = deletionVector("dv2.puffin", FILE_A, 7, 4);

    assertThatThrownBy(() -> index(first, second))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "Table db.t has two deletion vectors for data file file:/t/data/a.parquet")
        .hasMessageContaining("dv1.puffin")
        .hasMessageContaining("dv2.puffin");
  }

  @Test
  void equalityDeletesWhoseRangeMissesTheDataFileDoNotApply() {
    DataFile ids0To99 =
        dataFile("ids.parquet", 1, BOOKS, 5, 1000, List.of(), idMetrics(100, 0, 0L, 99L));
    DeleteFile ids200To300 =
        equalityDeletes("eq-high.parquet", 1, BOOKS, 6, idMetrics(3, 0, 200L, 300L));
    DeleteFile ids50To60 =
        equalityDeletes("eq-mid.parquet", 1, BOOKS, 6, idMetrics(3, 0, 50L, 60L));
    DeleteFile noBounds =
        equalityDeletes("eq-nobounds.parquet", 1, BOOKS, 6, idMetrics(3, 0, null, null));

    assertThat(index(ids200To300, ids50To60, noBounds).forDataFile(ids0To99))
        .as("disjoint ranges cannot match; absent bounds are no evidence")
        .containsExactlyInAnyOrder(ids50To60, noBounds);
  }

  @Test
  void equalityDeletesAndDataThatDisagreeOnNullsDoNotApply() {
    DataFile onlyNulls =
        dataFile("nulls.parquet", 1, BOOKS, 5, 1000, List.of(), categoryCounts(10, 10));
    DataFile noNulls =
        dataFile("values.parquet", 1, BOOKS, 5, 1000, List.of(), categoryCounts(10, 0));
    DataFile someNulls =
        dataFile("mixed.parquet", 1, BOOKS, 5, 1000, List.of(), categoryCounts(10, 3));
    DeleteFile deletesNulls = categoryDeletes("eq-null.parquet", 6, categoryCounts(1, 1));
    DeleteFile deletesValues = categoryDeletes("eq-values.parquet", 6, categoryCounts(2, 0));

    DeleteFileIndex index = index(deletesNulls, deletesValues);

    assertThat(index.forDataFile(onlyNulls))
        .as("a column of only nulls is hit only by deletes of null")
        .containsExactly(deletesNulls);
    assertThat(index.forDataFile(noNulls))
        .as("deletes of only null cannot hit a column without nulls")
        .containsExactly(deletesValues);
    assertThat(index.forDataFile(someNulls)).containsExactly(deletesNulls, deletesValues);
  }

  @Test
  void uuidRangesPruneOnlyWhenSignedAndUnsignedOrdersAgree() {
    UUID low = UUID.fromString("00000000-0000-0000-0000-000000000001");
    UUID high = UUID.fromString("f0000000-0000-0000-0000-000000000000");
    UUID middle = UUID.fromString("10000000-0000-0000-0000-000000000000");
    // Signed, "f0..." is negative and sorts first; unsigned (byte order) it sorts last.
    DataFile unsignedBounds =
        dataFile("u.parquet", 1, BOOKS, 5, 1000, List.of(), uuidMetrics(3, low, high));
    DeleteFile insideUnsigned = categoryDeletes("eq-u.parquet", 6, uuidMetrics(3, middle, middle));
    DeleteFile outsideBoth =
        categoryDeletes(
            "eq-out.parquet",
            6,
            uuidMetrics(
                3,
                UUID.fromString("00000000-0000-0000-0000-000000000000"),
                UUID.fromString("00000000-0000-0000-0000-000000000000")));

    DeleteFileIndex index =
        DeleteFileIndex.builder(SPECS, UUID_SCHEMA, "db.t")
            .add(insideUnsigned)
            .add(outsideBoth)
            .build();

    assertThat(index.forDataFile(unsignedBounds))
        .as("a delete inside the byte-ordered range must apply even if signed order disagrees")
        .containsExactly(insideUnsigned);
  }

  private static final Schema UUID_SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.required(2, "category", PrimitiveType.of(TypeId.UUID))),
          Set.of());

  private static ColumnMetrics uuidMetrics(long values, UUID lower, UUID upper) {
    return new ColumnMetrics(
        Map.of(),
        Map.of(2, values),
        Map.of(2, 0L),
        Map.of(),
        Map.of(2, SingleValueBinary.toBytes(PrimitiveType.of(TypeId.UUID), lower)),
        Map.of(2, SingleValueBinary.toBytes(PrimitiveType.of(TypeId.UUID), upper)));
  }

  @Test
  void partitionValuesWrittenBeforeATypePromotionStillMatch() {
    // identity(category) over a column promoted from int to long: old manifests hold an Integer
    DataFile oldFile = dataFile("old.parquet", 1, PartitionValues.of(5), 5);
    DeleteFile newDeletes = positionDeletes("pos-new.parquet", 1, PartitionValues.of(5L), 6);
    DeleteFile newEqualityDeletes =
        equalityDeletes("eq-new.parquet", 1, PartitionValues.of(5L), 6, ColumnMetrics.EMPTY);

    assertThat(index(newDeletes, newEqualityDeletes).forDataFile(oldFile))
        .as("5 (int, before the promotion) and 5L (after) are the same partition")
        .containsExactlyInAnyOrder(newDeletes, newEqualityDeletes);
  }

  @Test
  void resultsAreOrderedBySequenceNumberThenLocation() {
    DeleteFile late = positionDeletes("pos-a.parquet", 1, BOOKS, 9);
    DeleteFile earlyB = positionDeletes("pos-b.parquet", 1, BOOKS, 6);
    DeleteFile earlyA = positionDeletes("pos-c.parquet", 1, BOOKS, 6);

    assertThat(index(late, earlyB, earlyA).forDataFile(FILE_A))
        .containsExactly(earlyB, earlyA, late);
  }
}
