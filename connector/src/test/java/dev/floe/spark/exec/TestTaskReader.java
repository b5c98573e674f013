package dev.floe.spark.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.expr.ResidualEvaluator;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.task.ReadTask;
import dev.floe.scan.task.ScanContext;
import dev.floe.spark.deletes.DeleteCache;
import dev.floe.spark.deletes.DeleteFiles;
import dev.floe.spark.deletes.DeleteLoader;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The four stages together on a real Parquet data file with real delete files. */
class TestTaskReader {
  private static final String TABLE = "db.events";
  private static final int BATCH_SIZE = 4;
  private static final int ROWS = 20;

  private static final NestedField ID =
      NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG));
  private static final NestedField NAME =
      NestedField.optional(2, "name", PrimitiveType.of(TypeId.STRING));
  private static final Schema READ_SCHEMA = new Schema(1, List.of(ID, NAME), Set.of());
  private static final PartitionSpec BY_NAME =
      new PartitionSpec(1, List.of(new PartitionField(2, 1000, "name", "identity")));

  private static final MessageType DATA_SCHEMA =
      Types.buildMessage()
          .required(PrimitiveTypeName.INT64)
          .id(1)
          .named("id")
          .optional(PrimitiveTypeName.BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(2)
          .named("name")
          .named("table");

  private static final MessageType POSITION_SCHEMA =
      Types.buildMessage()
          .required(PrimitiveTypeName.BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(DeleteFiles.FILE_PATH_ID)
          .named("file_path")
          .required(PrimitiveTypeName.INT64)
          .id(DeleteFiles.POS_ID)
          .named("pos")
          .named("delete");

  private static final MessageType NAME_DELETE_SCHEMA =
      Types.buildMessage()
          .optional(PrimitiveTypeName.BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(2)
          .named("name")
          .named("delete");

  @TempDir Path directory;

  private Path dataPath;
  private DataFile dataFile;
  private DeleteFile positionDeletes;
  private DeleteFile nameDeletes;
  private DeleteFile everyThird;

  /** Row i: id i, name "n<i>" except null at row 13. */
  @BeforeEach
  void writeFiles() throws IOException {
    SimpleGroupFactory groups = new SimpleGroupFactory(DATA_SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (int row = 0; row < ROWS; row++) {
      Group group = groups.newGroup().append("id", (long) row);
      if (row != 13) {
        group.append("name", "n" + row);
      }
      rows.add(group);
    }
    dataPath =
        DeleteFiles.writeParquet(directory.resolve("data.parquet"), DATA_SCHEMA, rows, b -> b);
    dataFile = DeleteFiles.dataFile(dataPath.toString(), ROWS, Files.size(dataPath));

    // positions 4..7 are one whole batch; 1 and 18 single rows
    SimpleGroupFactory positions = new SimpleGroupFactory(POSITION_SCHEMA);
    List<Group> positionRows = new ArrayList<>();
    for (long position : new long[] {1, 4, 5, 6, 7, 18}) {
      positionRows.add(
          positions.newGroup().append("file_path", dataPath.toString()).append("pos", position));
    }
    positionDeletes =
        DeleteFiles.positionDeletes(
            DeleteFiles.writeParquet(
                directory.resolve("pos.parquet"), POSITION_SCHEMA, positionRows, b -> b),
            FileFormat.PARQUET,
            positionRows.size());

    // name n10 and null: deletes rows 10 and 13
    SimpleGroupFactory names = new SimpleGroupFactory(NAME_DELETE_SCHEMA);
    nameDeletes =
        DeleteFiles.equalityDeletes(
            DeleteFiles.writeParquet(
                directory.resolve("eq.parquet"),
                NAME_DELETE_SCHEMA,
                List.of(names.newGroup().append("name", "n10"), names.newGroup()),
                b -> b),
            FileFormat.PARQUET,
            2,
            List.of(2));
  }

  private TaskReader open(Schema projection, List<DeleteFile> deletes) {
    return open(projection, deletes, 0, dataFile.fileSizeInBytes());
  }

  private TaskReader open(Schema projection, List<DeleteFile> deletes, long start, long length) {
    return open(projection, deletes, Expression.alwaysTrue(), start, length);
  }

  private TaskReader open(
      Schema projection, List<DeleteFile> deletes, Expression residual, long start, long length) {
    ScanContext context =
        new ScanContext(TABLE, READ_SCHEMA, projection, null, BATCH_SIZE, 1 << 20);
    DeleteLoader loader =
        new DeleteLoader(
            new LocalFileIO(), TABLE, READ_SCHEMA, null, new DeleteCache(1 << 20), BATCH_SIZE);
    ReadTask task =
        new ReadTask(
            new FileScanTask(
                dataFile, deletes, Binder.bind(READ_SCHEMA, residual, true), start, length),
            Map.of());
    return TaskReader.open(new LocalFileIO(), context, null, loader, task, false);
  }

  /**
   * A reader of the whole file of an unpartitioned table whose scan filters by {@code rowFilter}:
   * planning leaves the whole filter as the task's residual.
   */
  private TaskReader openFiltered(
      Schema projection, List<DeleteFile> deletes, Expression rowFilter) {
    return open(projection, deletes, rowFilter, 0, dataFile.fileSizeInBytes());
  }

  /** A reader of the whole file as a task of the partition {@code name = partitionName}. */
  private TaskReader openInPartition(String partitionName, Expression filter) {
    ResidualEvaluator residuals =
        ResidualEvaluator.of(BY_NAME, READ_SCHEMA, Binder.bind(READ_SCHEMA, filter, true));
    Expression residual = residuals.residualFor(PartitionValues.of(partitionName));
    ScanContext context =
        new ScanContext(
            TABLE, READ_SCHEMA, new Schema(1, List.of(ID), Set.of()), null, BATCH_SIZE, 1 << 20);
    ReadTask task =
        new ReadTask(
            new FileScanTask(dataFile, List.of(), residual, 0, dataFile.fileSizeInBytes()),
            Map.of());
    return TaskReader.open(new LocalFileIO(), context, null, loader(READ_SCHEMA), task, false);
  }

  private static DeleteLoader loader(Schema readSchema) {
    return new DeleteLoader(
        new LocalFileIO(), TABLE, readSchema, null, new DeleteCache(1 << 20), BATCH_SIZE);
  }

  /** Each batch's rows as lists of the columns' values (longs and booleans). */
  private static List<List<List<Object>>> read(TaskReader reader) {
    List<List<List<Object>>> batches = new ArrayList<>();
    try (reader) {
      while (reader.hasNext()) {
        ColumnarBatch batch = reader.next();
        List<List<Object>> rows = new ArrayList<>();
        for (int row = 0; row < batch.numRows(); row++) {
          List<Object> values = new ArrayList<>();
          for (int column = 0; column < batch.numCols(); column++) {
            var vector = batch.column(column);
            values.add(
                vector.dataType() instanceof org.apache.spark.sql.types.BooleanType
                    ? (Object) vector.getBoolean(row)
                    : (Object) vector.getLong(row));
          }
          rows.add(values);
        }
        batches.add(rows);
      }
    }
    return batches;
  }

  private static List<Long> firstColumn(List<List<List<Object>>> batches) {
    return batches.stream()
        .flatMap(List::stream)
        .map(row -> (Long) row.get(0))
        .collect(Collectors.toList());
  }

  @Test
  void readsOnlyLiveRowsWithoutHelperColumnsAndSkipsEmptyBatches() {
    Schema projection = new Schema(1, List.of(ID), Set.of());
    TaskReader reader = open(projection, List.of(positionDeletes, nameDeletes));

    List<List<List<Object>>> batches = read(reader);
    long deletedRows = reader.deletedRows();

    assertThat(firstColumn(batches))
        .as("ids without positions 1, 4..7, 18 and names n10, null")
        .containsExactly(0L, 2L, 3L, 8L, 9L, 11L, 12L, 14L, 15L, 16L, 17L, 19L);
    assertThat(batches).as("the batch of rows 4..7 is skipped").hasSize(4);
    assertThat(batches).as("no empty batch").allSatisfy(batch -> assertThat(batch).isNotEmpty());
    assertThat(batches.get(0).get(0))
        .as("only the projected column: _pos and name dropped")
        .hasSize(1);
    assertThat(deletedRows).as("rows removed").isEqualTo(8);
  }

  @Test
  void deletedColumnKeepsEveryRowAndMarksTheDeleted() {
    Schema projection =
        new Schema(
            1, List.of(ID, MetadataColumns.ROW_POSITION, MetadataColumns.IS_DELETED), Set.of());

    List<List<Object>> rows =
        read(open(projection, List.of(positionDeletes, nameDeletes))).stream()
            .flatMap(List::stream)
            .toList();

    assertThat(rows).as("every row").hasSize(ROWS);
    Set<Long> deleted = Set.of(1L, 4L, 5L, 6L, 7L, 10L, 13L, 18L);
    for (List<Object> row : rows) {
      long id = (Long) row.get(0);
      assertThat(row.get(1)).as("_pos of row %s", id).isEqualTo(id);
      assertThat(row.get(2)).as("_deleted of row %s", id).isEqualTo(deleted.contains(id));
    }
  }

  @Test
  void rowFilterDropsFailingRowsAndDecodesItsColumnWithoutProjectingIt() {
    Schema projection = new Schema(1, List.of(ID), Set.of());
    // name > 'n15' in UTF-8 order: n16..n19, n2..n9 (n13 is null, n10..n15 fail)
    Expression filter = Expression.greaterThan("name", "n15");

    List<List<List<Object>>> batches = read(openFiltered(projection, List.of(), filter));

    assertThat(firstColumn(batches))
        .as("ids whose name sorts after n15, null name excluded")
        .containsExactly(2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 16L, 17L, 18L, 19L);
    assertThat(batches.get(0).get(0)).as("the filter's name column is dropped").hasSize(1);
    assertThat(batches).as("rows 12..15 all fail: no empty batch").hasSize(4);
  }

  @Test
  void rowFilterAndDeletesBothDropRows() {
    Schema projection = new Schema(1, List.of(ID), Set.of());
    Expression filter = Expression.lessThan("id", 12L);

    TaskReader reader = openFiltered(projection, List.of(positionDeletes, nameDeletes), filter);
    List<Long> ids = firstColumn(read(reader));

    assertThat(ids)
        .as("live rows below 12: deletes remove 1, 4..7, 10")
        .containsExactly(0L, 2L, 3L, 8L, 9L, 11L);
    assertThat(reader.deletedRows()).as("deleted rows are counted regardless").isEqualTo(8);
  }

  @Test
  void deletedColumnKeepsDeletedRowsThatPassTheFilterAndDropsFailingOnes() {
    Schema projection = new Schema(1, List.of(ID, MetadataColumns.IS_DELETED), Set.of());
    Expression filter = Expression.or(Expression.lessThan("id", 6L), Expression.isNull("name"));

    List<List<Object>> rows =
        read(openFiltered(projection, List.of(positionDeletes, nameDeletes), filter)).stream()
            .flatMap(List::stream)
            .toList();

    assertThat(rows)
        .as("ids 0..5 and 13 (null name), deleted ones marked")
        .containsExactly(
            List.of(0L, false),
            List.of(1L, true),
            List.of(2L, false),
            List.of(3L, false),
            List.of(4L, true),
            List.of(5L, true),
            List.of(13L, true));
  }

  @Test
  void falseRowFilterDoesNotOpenTheFile() throws IOException {
    Files.delete(dataPath);
    Schema projection = new Schema(1, List.of(ID), Set.of());

    assertThat(read(openFiltered(projection, List.of(), Expression.alwaysFalse())))
        .as("no batch, and no failure for the missing file")
        .isEmpty();
  }

  /**
   * The row filter evaluates the task's residual as planning settled it for the task's partition,
   * and nothing else: {@code name = 'eu'} holds for every row of the partition eu, so no row is
   * checked against it (the file's names, n0..n19, would all fail it).
   */
  @Test
  void aTaskWhosePartitionSettlesTheFilterReadsWithoutARowFilter() {
    Expression filter = Expression.equal("name", "eu");

    assertThat(firstColumn(read(openInPartition("eu", filter))))
        .as("every row: the partition settles the filter")
        .containsExactlyElementsOf(LongStream.range(0, ROWS).boxed().toList());
  }

  @Test
  void aTaskWhosePartitionSettlesOneConjunctEvaluatesTheOther() {
    Expression filter =
        Expression.and(Expression.equal("name", "eu"), Expression.lessThan("id", 3L));

    assertThat(firstColumn(read(openInPartition("eu", filter))))
        .as("the residual id < 3 alone")
        .containsExactly(0L, 1L, 2L);
  }

  @Test
  void aTaskWhosePartitionFailsTheFilterOpensNoFile() throws IOException {
    Files.delete(dataPath);
    Expression filter = Expression.equal("name", "eu");

    assertThat(read(openInPartition("us", filter)))
        .as("residual false: no batch, and no failure for the missing file")
        .isEmpty();
  }

  /**
   * A conjunct the row filter cannot evaluate exactly (a comparison on a double column: the pruning
   * form of a predicate Spark evaluates after the scan) is skipped, the others still evaluated; a
   * count, after which Spark evaluates nothing, refuses such a residual.
   */
  @Test
  void aConjunctTheRowFilterCannotEvaluateIsLeftToSpark() throws IOException {
    MessageType withScore =
        Types.buildMessage()
            .required(PrimitiveTypeName.INT64)
            .id(1)
            .named("id")
            .optional(PrimitiveTypeName.DOUBLE)
            .id(3)
            .named("score")
            .named("table");
    SimpleGroupFactory groups = new SimpleGroupFactory(withScore);
    List<Group> rows = new ArrayList<>();
    for (int row = 0; row < ROWS; row++) {
      rows.add(groups.newGroup().append("id", (long) row).append("score", (double) row));
    }
    Path scored =
        DeleteFiles.writeParquet(directory.resolve("scored.parquet"), withScore, rows, b -> b);
    DataFile scoredFile = DeleteFiles.dataFile(scored.toString(), ROWS, Files.size(scored));
    NestedField score = NestedField.optional(3, "score", PrimitiveType.of(TypeId.DOUBLE));
    Schema readSchema = new Schema(1, List.of(ID, score), Set.of());
    Expression residual =
        Binder.bind(
            readSchema,
            Expression.and(
                Expression.greaterThanOrEqual("score", 1.0), Expression.lessThan("id", 3L)),
            true);
    ScanContext context =
        new ScanContext(
            TABLE, readSchema, new Schema(1, List.of(ID), Set.of()), null, BATCH_SIZE, 1 << 20);
    ReadTask task =
        new ReadTask(
            new FileScanTask(scoredFile, List.of(), residual, 0, scoredFile.fileSizeInBytes()),
            Map.of());

    assertThat(
            firstColumn(
                read(
                    TaskReader.open(
                        new LocalFileIO(), context, null, loader(readSchema), task, false))))
        .as("id < 3 evaluated; score >= 1.0 left to Spark, so row 0 (score 0.0) stays")
        .containsExactly(0L, 1L, 2L);
    assertThatThrownBy(
            () -> TaskReader.open(new LocalFileIO(), context, null, loader(readSchema), task, true))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Cannot evaluate the whole residual")
        .hasMessageContaining(scoredFile.location())
        .hasMessageContaining("(table " + TABLE + ")")
        .hasMessageContaining("its rows cannot be counted");
  }

  @Test
  void positionColumnOfLiveRowsIsTheFilePosition() {
    Schema projection = new Schema(1, List.of(MetadataColumns.ROW_POSITION), Set.of());

    assertThat(firstColumn(read(open(projection, List.of(positionDeletes)))))
        .as("positions of live rows")
        .containsExactly(0L, 2L, 3L, 8L, 9L, 10L, 11L, 12L, 13L, 14L, 15L, 16L, 17L, 19L);
  }

  @Test
  void withoutDeletesTheReaderPassesEveryRow() {
    Schema projection = new Schema(1, List.of(ID), Set.of());

    assertThat(firstColumn(read(open(projection, List.of()))))
        .as("every id")
        .containsExactlyElementsOf(LongStream.range(0, ROWS).boxed().toList());
  }

  /**
   * Replaces the data file by 3000 rows (id = position) in several row groups and returns their
   * footer entries; {@link #everyThird} deletes every third position.
   */
  private List<BlockMetaData> writeBigFile() throws IOException {
    // many rows in several row groups; delete every third position
    SimpleGroupFactory groups = new SimpleGroupFactory(DATA_SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (int row = 0; row < 3000; row++) {
      rows.add(groups.newGroup().append("id", (long) row).append("name", "n" + row));
    }
    dataPath =
        DeleteFiles.writeParquet(
            directory.resolve("big.parquet"),
            DATA_SCHEMA,
            rows,
            builder -> builder.withRowGroupSize(8 * 1024L).withPageRowCountLimit(100));
    dataFile = DeleteFiles.dataFile(dataPath.toString(), 3000, Files.size(dataPath));
    SimpleGroupFactory positions = new SimpleGroupFactory(POSITION_SCHEMA);
    List<Group> positionRows = new ArrayList<>();
    for (long position = 0; position < 3000; position += 3) {
      positionRows.add(
          positions.newGroup().append("file_path", dataPath.toString()).append("pos", position));
    }
    everyThird =
        DeleteFiles.positionDeletes(
            DeleteFiles.writeParquet(
                directory.resolve("pos-big.parquet"), POSITION_SCHEMA, positionRows, b -> b),
            FileFormat.PARQUET,
            positionRows.size());
    List<BlockMetaData> rowGroups;
    try (ParquetFileReader footer =
        ParquetFileReader.open(
            HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(dataPath.toUri()),
                new org.apache.hadoop.conf.Configuration()))) {
      rowGroups = footer.getRowGroups();
    }
    assertThat(rowGroups).as("several row groups").hasSizeGreaterThan(2);
    return rowGroups;
  }

  @Test
  void splitStartingAtALaterRowGroupAppliesFilePositions() throws IOException {
    List<BlockMetaData> rowGroups = writeBigFile();
    long splitStart = rowGroups.get(1).getStartingPos();
    long firstRow = rowGroups.get(0).getRowCount();

    List<Long> ids =
        firstColumn(
            read(
                open(
                    new Schema(1, List.of(ID), Set.of()),
                    List.of(everyThird),
                    splitStart,
                    dataFile.fileSizeInBytes() - splitStart)));

    assertThat(ids).as("rows from the second row group on").isNotEmpty();
    assertThat(ids.get(0)).as("first live row of the split").isGreaterThanOrEqualTo(firstRow);
    assertThat(ids)
        .as("no id at a deleted position (ids equal file positions)")
        .allSatisfy(id -> assertThat(id % 3).isNotZero());
    assertThat(ids)
        .as("every live row after the first row group")
        .hasSize((int) LongStream.range(firstRow, 3000).filter(id -> id % 3 != 0).count());
  }

  @Test
  void rowGroupsSkippedByTheResidualKeepFilePositions() throws IOException {
    List<BlockMetaData> rowGroups = writeBigFile();
    long secondGroupStart = rowGroups.get(0).getRowCount();
    long thirdGroupStart = secondGroupStart + rowGroups.get(1).getRowCount();

    List<Long> ids =
        firstColumn(
            read(
                open(
                    new Schema(1, List.of(ID), Set.of()),
                    List.of(everyThird),
                    Expression.greaterThanOrEqual("id", thirdGroupStart),
                    0,
                    dataFile.fileSizeInBytes())));

    assertThat(ids.get(0))
        .as("the first two row groups are skipped by their statistics")
        .isGreaterThanOrEqualTo(thirdGroupStart);
    assertThat(ids)
        .as("deleted positions removed after skipped row groups (ids equal file positions)")
        .allSatisfy(id -> assertThat(id % 3).isNotZero());
    assertThat(ids)
        .as("every live row from the third row group on")
        .hasSize((int) LongStream.range(thirdGroupStart, 3000).filter(id -> id % 3 != 0).count());
  }

  /**
   * Regression: the Avro reader took each projected column's value from the record at the column's
   * index in the projection, while it decodes records with the file's field order. An equality
   * column the query did not select is decoded after the projected ones, so with two string columns
   * the query's column showed the other column's values and the delete check read the wrong column.
   */
  @Test
  void avroDataFileWithAnUnselectedEqualityColumnBeforeTheProjectedOne() throws IOException {
    NestedField code = NestedField.optional(3, "code", PrimitiveType.of(TypeId.STRING));
    NestedField label = NestedField.optional(4, "label", PrimitiveType.of(TypeId.STRING));
    Schema readSchema = new Schema(1, List.of(code, label), Set.of());
    String schemaJson =
        """
        {"type": "record", "name": "row", "fields": [
          {"name": "code", "type": ["null", "string"], "default": null, "field-id": 3},
          {"name": "label", "type": ["null", "string"], "default": null, "field-id": 4}
        ]}""";
    org.apache.avro.Schema avroSchema = new org.apache.avro.Schema.Parser().parse(schemaJson);
    List<org.apache.avro.generic.GenericRecord> records = new ArrayList<>();
    for (String[] values : new String[][] {{"c1", "one"}, {"c2", "two"}, {"c3", "three"}}) {
      var record = new org.apache.avro.generic.GenericData.Record(avroSchema);
      record.put("code", values[0]);
      record.put("label", values[1]);
      records.add(record);
    }
    Path data = DeleteFiles.writeAvro(directory.resolve("data.avro"), schemaJson, records);
    DataFile avroData =
        new DataFile(
            data.toString(),
            FileFormat.AVRO,
            0,
            dev.floe.manifest.PartitionValues.EMPTY,
            3,
            Files.size(data),
            dev.floe.manifest.ColumnMetrics.EMPTY,
            null,
            null,
            null,
            null,
            1L,
            1L);
    String deleteJson =
        """
        {"type": "record", "name": "delete", "fields": [
          {"name": "code", "type": ["null", "string"], "default": null, "field-id": 3}
        ]}""";
    var deleteRecord =
        new org.apache.avro.generic.GenericData.Record(
            new org.apache.avro.Schema.Parser().parse(deleteJson));
    deleteRecord.put("code", "c2");
    DeleteFile byCode =
        DeleteFiles.equalityDeletes(
            DeleteFiles.writeAvro(directory.resolve("eq.avro"), deleteJson, List.of(deleteRecord)),
            FileFormat.AVRO,
            1,
            List.of(3));
    Schema projection = new Schema(1, List.of(label), Set.of());
    ScanContext context = new ScanContext(TABLE, readSchema, projection, null, BATCH_SIZE, 1 << 20);
    DeleteLoader loader =
        new DeleteLoader(
            new LocalFileIO(), TABLE, readSchema, null, new DeleteCache(1 << 20), BATCH_SIZE);
    ReadTask task =
        new ReadTask(
            new FileScanTask(
                avroData, List.of(byCode), Expression.alwaysTrue(), 0, avroData.fileSizeInBytes()),
            Map.of());

    List<String> labels = new ArrayList<>();
    try (TaskReader reader =
        TaskReader.open(new LocalFileIO(), context, null, loader, task, false)) {
      while (reader.hasNext()) {
        ColumnarBatch batch = reader.next();
        assertThat(batch.numCols()).as("only label").isEqualTo(1);
        for (int row = 0; row < batch.numRows(); row++) {
          labels.add(batch.column(0).getUTF8String(row).toString());
        }
      }
    }

    assertThat(labels)
        .as("labels of the rows whose code is not c2")
        .containsExactly("one", "three");
  }
}
