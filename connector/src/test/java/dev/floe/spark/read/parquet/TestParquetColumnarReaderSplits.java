package dev.floe.spark.read.parquet;

import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.io.LocalFileIO;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
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
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Types;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Splits read exactly the row groups that start in them; _pos counts rows of the whole file. */
class TestParquetColumnarReaderSplits {
  private static final int ROWS = 5000;
  private static final MessageType FILE_SCHEMA =
      Types.buildMessage()
          .required(INT32)
          .id(1)
          .named("id")
          .optional(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(2)
          .named("category")
          .named("table");
  private static final Schema PROJECTION =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.INT)),
              MetadataColumns.ROW_POSITION,
              NestedField.optional(2, "category", PrimitiveType.of(TypeId.STRING))),
          Set.of());

  @TempDir Path directory;
  private Path file;
  private List<Long> rowGroupStarts;

  @BeforeEach
  void writeFile() throws IOException {
    SimpleGroupFactory factory = new SimpleGroupFactory(FILE_SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      Group group = factory.newGroup().append("id", i);
      if (i % 13 != 0) {
        group.add("category", "c" + (i % 17));
      }
      rows.add(group);
    }
    file =
        ParquetFiles.write(
            directory.resolve("split.parquet"),
            FILE_SCHEMA,
            rows,
            builder -> builder.withRowGroupSize(8 * 1024L).withPageRowCountLimit(200));
    rowGroupStarts = new ArrayList<>();
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()),
                new org.apache.hadoop.conf.Configuration()))) {
      for (BlockMetaData block : reader.getRowGroups()) {
        rowGroupStarts.add(block.getStartingPos());
      }
    }
  }

  @Test
  void splitsPartitionTheRowsAndPositionsCountFromTheFileStart() throws IOException {
    long size = Files.size(file);
    long splitSize = size / 7 + 1;
    List<List<Object>> all = new ArrayList<>();
    int splitsWithRows = 0;

    for (long start = 0; start < size; start += splitSize) {
      List<List<Object>> split =
          ParquetFiles.readRows(
              ParquetFiles.request(file, PROJECTION, Map.of(), null, start, splitSize, 300));
      long first = start;
      long expectedGroups =
          rowGroupStarts.stream().filter(s -> s >= first && s < first + splitSize).count();
      assertThat(split.isEmpty())
          .as("split at %s has rows iff a row group starts in it", start)
          .isEqualTo(expectedGroups == 0);
      splitsWithRows += split.isEmpty() ? 0 : 1;
      all.addAll(split);
    }

    assertThat(rowGroupStarts.size()).as("the file has several row groups").isGreaterThan(3);
    assertThat(splitsWithRows).as("several splits have rows").isGreaterThan(1);
    assertThat(all).as("every row once, in file order").hasSize(ROWS);
    for (int i = 0; i < ROWS; i++) {
      assertThat(all.get(i))
          .as("row %s with its position", i)
          .isEqualTo(java.util.Arrays.asList(i, (long) i, i % 13 == 0 ? null : "c" + (i % 17)));
    }
  }

  @Test
  void batchesNeverSpanRowGroupsNorExceedTheBatchSize() {
    List<Integer> sizes =
        ParquetFiles.batchSizes(
            ParquetFiles.request(file, PROJECTION, Map.of(), null, 0, Long.MAX_VALUE, 1000));

    assertThat(sizes).as("batch sizes").allMatch(size -> size > 0 && size <= 1000);
    assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).as("all rows").isEqualTo(ROWS);
    assertThat(sizes.size())
        .as("at least one batch per row group")
        .isGreaterThanOrEqualTo(rowGroupStarts.size());
  }

  @Test
  void keepsDictionaryIdsForFullyDictionaryEncodedStrings() {
    FileReadRequest request =
        ParquetFiles.request(file, PROJECTION, Map.of(), null, 0, Long.MAX_VALUE, 512);
    try (ParquetColumnarReader reader = ParquetColumnarReader.open(new LocalFileIO(), request)) {
      ColumnarBatch batch = reader.next();
      WritableColumnVector category = (WritableColumnVector) batch.column(2);

      assertThat(category.hasDictionary()).as("strings keep their dictionary").isTrue();
      assertThat(category.getUTF8String(1).toString())
          .as("decoded through the dictionary")
          .isEqualTo("c1");
      assertThat(category.isNullAt(0)).as("nulls stay nulls").isTrue();
    }
  }
}
