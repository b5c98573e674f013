package dev.floe.spark.read.parquet;

import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.MILLIS;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BOOLEAN;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.DOUBLE;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.FLOAT;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.io.CloseableIterator;
import dev.floe.io.LocalFileIO;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.read.BatchRows;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Types;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bulk decode paths: runs of values and of nulls that cross page and batch boundaries, pages
 * that hold only nulls, chunks whose writer fell back from dictionary to PLAIN mid-chunk, lazy
 * dictionaries of every type that has one (with the column's conversion applied to the entries),
 * and decimals in each storage width. Page sizes (37 rows) and batch sizes (50, 64, 1000) are
 * chosen so that no boundary lines up with another.
 */
class TestParquetBulkDecoding {
  private static final int ROWS = 3000;

  /**
   * Pages of this many rows hold each column's entries several times over: parquet-java's writer
   * drops the dictionary when its first page is no smaller with it than without.
   */
  private static final int FIRST_PAGE_KEEPS_DICTIONARY = 450;

  @TempDir Path directory;

  private static MessageType fileSchema() {
    return Types.buildMessage()
        .optional(INT32)
        .id(1)
        .named("int")
        .optional(INT64)
        .id(2)
        .named("long")
        .optional(DOUBLE)
        .id(3)
        .named("double")
        .optional(FLOAT)
        .id(4)
        .named("float_as_double")
        .optional(BINARY)
        .as(LogicalTypeAnnotation.stringType())
        .id(5)
        .named("string")
        .optional(BOOLEAN)
        .id(6)
        .named("bool")
        .optional(INT32)
        .as(LogicalTypeAnnotation.decimalType(2, 9))
        .id(7)
        .named("dec_int")
        .optional(INT64)
        .as(LogicalTypeAnnotation.decimalType(2, 10))
        .id(8)
        .named("dec_long")
        .optional(INT64)
        .as(LogicalTypeAnnotation.decimalType(3, 7))
        .id(9)
        .named("dec_long_narrow")
        .optional(INT32)
        .as(LogicalTypeAnnotation.decimalType(1, 9))
        .id(10)
        .named("dec_int_widened")
        .optional(INT64)
        .as(LogicalTypeAnnotation.decimalType(0, 18))
        .id(11)
        .named("dec_long_wide")
        .optional(INT32)
        .as(LogicalTypeAnnotation.dateType())
        .id(12)
        .named("date")
        .optional(INT64)
        .as(LogicalTypeAnnotation.timestampType(false, MILLIS))
        .id(13)
        .named("ts_millis")
        .optional(INT32)
        .id(14)
        .named("int_as_long")
        .optional(INT64)
        .id(15)
        .named("unique_long")
        .required(INT64)
        .id(16)
        .named("required_long")
        .optional(INT32)
        .id(17)
        .named("mostly_null")
        .optional(BINARY)
        .as(LogicalTypeAnnotation.stringType())
        .id(18)
        .named("unique_string")
        .named("table");
  }

  private static Schema tableSchema() {
    return new Schema(
        0,
        List.of(
            NestedField.optional(1, "int", PrimitiveType.of(TypeId.INT)),
            NestedField.optional(2, "long", PrimitiveType.of(TypeId.LONG)),
            NestedField.optional(3, "double", PrimitiveType.of(TypeId.DOUBLE)),
            NestedField.optional(4, "float_as_double", PrimitiveType.of(TypeId.DOUBLE)),
            NestedField.optional(5, "string", PrimitiveType.of(TypeId.STRING)),
            NestedField.optional(6, "bool", PrimitiveType.of(TypeId.BOOLEAN)),
            NestedField.optional(7, "dec_int", PrimitiveType.decimal(9, 2)),
            NestedField.optional(8, "dec_long", PrimitiveType.decimal(10, 2)),
            NestedField.optional(9, "dec_long_narrow", PrimitiveType.decimal(7, 3)),
            NestedField.optional(10, "dec_int_widened", PrimitiveType.decimal(12, 1)),
            NestedField.optional(11, "dec_long_wide", PrimitiveType.decimal(38, 0)),
            NestedField.optional(12, "date", PrimitiveType.of(TypeId.DATE)),
            NestedField.optional(13, "ts_millis", PrimitiveType.of(TypeId.TIMESTAMP)),
            NestedField.optional(14, "int_as_long", PrimitiveType.of(TypeId.LONG)),
            NestedField.optional(15, "unique_long", PrimitiveType.of(TypeId.LONG)),
            NestedField.required(16, "required_long", PrimitiveType.of(TypeId.LONG)),
            NestedField.optional(17, "mostly_null", PrimitiveType.of(TypeId.INT)),
            NestedField.optional(18, "unique_string", PrimitiveType.of(TypeId.STRING))),
        Set.of());
  }

  /**
   * Whether column {@code column} of row {@code i} is null: runs of nulls of growing length (1 to
   * 120 rows) at offsets that differ per column, so they start and end inside pages, across page
   * ends and across batch ends; {@code mostly_null} is null but for rows 1000 to 1099, so whole
   * pages hold nothing else.
   */
  private static boolean isNull(int column, int i) {
    if (column == 16) {
      return i < 1000 || i >= 1100;
    }
    if (column == 15) {
      return false;
    }
    int cycle = (i + column * 53) % 400;
    return cycle >= 300 && cycle < 300 + 1 + (i / 400) * 17;
  }

  /** The values of row {@code i}, as {@link BatchRows} gives them. */
  private static List<Object> expected(int i) {
    List<Object> values = new ArrayList<>();
    values.add(i % 50 - 25);
    values.add(i % 70 * 1_000_000_007L);
    values.add(i % 30 * 0.25);
    values.add((double) (i % 20 / 4f));
    values.add("s" + i % 45);
    values.add(i % 3 == 0);
    values.add(BigDecimal.valueOf(i % 60 * 37L - 900, 2));
    values.add(BigDecimal.valueOf(i % 60 * 12_345_678L - 1, 2));
    values.add(BigDecimal.valueOf(i % 60 * 1001L - 30_000, 3));
    values.add(BigDecimal.valueOf(i % 60 * 7L - 200, 1));
    values.add(BigDecimal.valueOf(i % 60 * 100_000_000_000_007L - 1));
    values.add(i % 90 + 18_000);
    values.add((1_600_000_000_000L + i % 80 * 1001L) * 1000);
    values.add((long) (i % 40 - 20));
    values.add(uniqueLong(i));
    values.add(i * 3L);
    values.add(i % 10);
    values.add("u" + uniqueLong(i));
    for (int column = 0; column < values.size(); column++) {
      if (isNull(column, i)) {
        values.set(column, null);
      }
    }
    return values;
  }

  /**
   * Few distinct values first, so that parquet-java's writer keeps its dictionary past the first
   * page, then only new ones, so that the dictionary outgrows its page and the writer falls back to
   * PLAIN within the chunk.
   */
  private static long uniqueLong(int i) {
    return i < 1000 ? i % 10 : i * 1_000_000_007L;
  }

  private static List<Group> rows() {
    SimpleGroupFactory factory = new SimpleGroupFactory(fileSchema());
    List<Group> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      Group group = factory.newGroup();
      int row = i;
      add(0, row, () -> group.add("int", row % 50 - 25));
      add(1, row, () -> group.add("long", row % 70 * 1_000_000_007L));
      add(2, row, () -> group.add("double", row % 30 * 0.25));
      add(3, row, () -> group.add("float_as_double", row % 20 / 4f));
      add(4, row, () -> group.add("string", "s" + row % 45));
      add(5, row, () -> group.add("bool", row % 3 == 0));
      add(6, row, () -> group.add("dec_int", row % 60 * 37 - 900));
      add(7, row, () -> group.add("dec_long", row % 60 * 12_345_678L - 1));
      add(8, row, () -> group.add("dec_long_narrow", row % 60 * 1001L - 30_000));
      add(9, row, () -> group.add("dec_int_widened", row % 60 * 7 - 200));
      add(10, row, () -> group.add("dec_long_wide", row % 60 * 100_000_000_000_007L - 1));
      add(11, row, () -> group.add("date", row % 90 + 18_000));
      add(12, row, () -> group.add("ts_millis", 1_600_000_000_000L + row % 80 * 1001L));
      add(13, row, () -> group.add("int_as_long", row % 40 - 20));
      add(14, row, () -> group.add("unique_long", uniqueLong(row)));
      group.add("required_long", row * 3L);
      add(16, row, () -> group.add("mostly_null", row % 10));
      add(17, row, () -> group.add("unique_string", "u" + uniqueLong(row)));
      rows.add(group);
    }
    return rows;
  }

  private static List<String> concat(List<String> columns, String column) {
    List<String> all = new ArrayList<>(columns);
    all.add(column);
    return all;
  }

  private static void add(int column, int i, Runnable writer) {
    if (!isNull(column, i)) {
      writer.run();
    }
  }

  static Stream<Arguments> layouts() {
    // zstd pages are decompressed into a reused buffer, uncompressed ones read in place, others
    // (gzip) copied: each layout crosses one of them
    return Stream.of(
        layout(
            "v1 dictionary, zstd",
            50,
            builder ->
                builder
                    .withDictionaryEncoding(true)
                    .withCompressionCodec(CompressionCodecName.ZSTD)),
        layout("v1 plain, uncompressed", 64, builder -> builder.withDictionaryEncoding(false)),
        layout(
            "v2 dictionary, zstd",
            1000,
            builder ->
                builder
                    .withWriterVersion(WriterVersion.PARQUET_2_0)
                    .withDictionaryEncoding(true)
                    .withCompressionCodec(CompressionCodecName.ZSTD)),
        layout(
            "v1 plain, gzip, one batch per row group",
            4096,
            builder ->
                builder
                    .withDictionaryEncoding(false)
                    .withCompressionCodec(CompressionCodecName.GZIP)));
  }

  private static Arguments layout(
      String name, int batchSize, UnaryOperator<ExampleParquetWriter.Builder> configure) {
    UnaryOperator<ExampleParquetWriter.Builder> small =
        builder ->
            configure.apply(
                builder
                    .withPageRowCountLimit(37)
                    .withPageSize(64 * 1024)
                    .withDictionaryPageSize(4096)
                    .withRowGroupSize(256 * 1024L)
                    .withCompressionCodec(CompressionCodecName.UNCOMPRESSED));
    return Arguments.of(name, batchSize, small);
  }

  @ParameterizedTest(name = "{0}, batches of {1}")
  @MethodSource("layouts")
  void readsRunsOfValuesAndNullsAcrossPagesAndBatches(
      String name, int batchSize, UnaryOperator<ExampleParquetWriter.Builder> configure)
      throws IOException {
    Path file =
        ParquetFiles.write(directory.resolve("runs.parquet"), fileSchema(), rows(), configure);

    List<List<Object>> rows =
        ParquetFiles.readRows(
            ParquetFiles.request(
                file, tableSchema(), Map.of(), null, 0, Long.MAX_VALUE, batchSize));

    assertThat(rows).as("row count").hasSize(ROWS);
    for (int i = 0; i < ROWS; i++) {
      assertThat(rows.get(i)).as("row %s, %s", i, name).isEqualTo(expected(i));
    }
  }

  @Test
  void dictionaryFallbackMidChunkDecodesBothHalves() throws IOException {
    Path file =
        ParquetFiles.write(
            directory.resolve("fallback.parquet"),
            fileSchema(),
            rows(),
            builder ->
                builder
                    .withDictionaryEncoding(true)
                    .withPageRowCountLimit(37)
                    .withDictionaryPageSize(4096)
                    .withRowGroupSize(64L * 1024 * 1024));

    List<String> fallingBack = List.of("unique_long", "unique_string");
    for (String column : fallingBack) {
      EncodingStats stats = encodingStats(file, column);
      assertThat(stats.hasDictionaryEncodedPages())
          .as("the writer started %s with a dictionary", column)
          .isTrue();
      assertThat(stats.hasNonDictionaryEncodedPages())
          .as("and fell back to PLAIN within the same chunk")
          .isTrue();
    }
    for (int batchSize : new int[] {50, 1000}) {
      FileReadRequest request =
          ParquetFiles.request(file, tableSchema(), Map.of(), null, 0, Long.MAX_VALUE, batchSize);
      StructType sparkSchema = dev.floe.spark.convert.SparkSchemas.toSpark(request.projection());
      List<List<Object>> rows = new ArrayList<>();
      List<Boolean> firstKeepsIds = new ArrayList<>();
      List<Boolean> lastKeepsIds = new ArrayList<>();
      try (CloseableIterator<ColumnarBatch> batches =
          ParquetColumnarReader.open(new LocalFileIO(), request)) {
        while (batches.hasNext()) {
          ColumnarBatch batch = batches.next();
          boolean first = rows.isEmpty();
          rows.addAll(BatchRows.rows(batch, sparkSchema));
          for (String column : fallingBack) {
            boolean keepsIds =
                ((org.apache.spark.sql.execution.vectorized.WritableColumnVector)
                        batch.column(sparkSchema.fieldIndex(column)))
                    .hasDictionary();
            if (first) {
              firstKeepsIds.add(keepsIds);
            }
            if (!batches.hasNext()) {
              lastKeepsIds.add(keepsIds);
            }
          }
        }
      }
      // the first batch lies in the dictionary-encoded pages, the last in the plain ones; the
      // batch that spans both decodes the ids it read before its first plain page
      assertThat(firstKeepsIds)
          .as("first batch keeps ids, batches of %s", batchSize)
          .containsOnly(true);
      assertThat(lastKeepsIds)
          .as("last batch holds values, batches of %s", batchSize)
          .containsOnly(false);
      assertThat(rows).as("row count").hasSize(ROWS);
      for (int i = 0; i < ROWS; i++) {
        assertThat(rows.get(i)).as("row %s, batches of %s", i, batchSize).isEqualTo(expected(i));
      }
    }
  }

  @Test
  void fullyDictionaryEncodedColumnsKeepIdsAndDecodeConvertedEntries() throws IOException {
    Path file =
        ParquetFiles.write(
            directory.resolve("lazy.parquet"),
            fileSchema(),
            rows(),
            builder ->
                builder
                    .withDictionaryEncoding(true)
                    .withPageRowCountLimit(FIRST_PAGE_KEEPS_DICTIONARY)
                    .withDictionaryPageSize(64 * 1024)
                    .withRowGroupSize(64L * 1024 * 1024));
    List<String> lazy =
        List.of(
            "int",
            "long",
            "double",
            "float_as_double",
            "string",
            "dec_int",
            "dec_long",
            "dec_long_narrow",
            "dec_int_widened",
            "dec_long_wide",
            "date",
            "ts_millis",
            "int_as_long");
    // nearly every entry of unique_string serves one row: cheaper copied than kept as ids
    String eager = "unique_string";
    for (String column : concat(lazy, eager)) {
      EncodingStats stats = encodingStats(file, column);
      assertThat(stats.hasNonDictionaryEncodedPages())
          .as("%s is dictionary encoded throughout", column)
          .isFalse();
    }
    FileReadRequest request =
        ParquetFiles.request(file, tableSchema(), Map.of(), null, 0, Long.MAX_VALUE, 64);
    StructType sparkSchema = dev.floe.spark.convert.SparkSchemas.toSpark(request.projection());
    List<List<Object>> rows = new ArrayList<>();
    try (CloseableIterator<ColumnarBatch> batches =
        ParquetColumnarReader.open(new LocalFileIO(), request)) {
      while (batches.hasNext()) {
        ColumnarBatch batch = batches.next();
        for (int index = 0; index < sparkSchema.fields().length; index++) {
          String column = sparkSchema.fields()[index].name();
          boolean hasDictionary =
              ((org.apache.spark.sql.execution.vectorized.WritableColumnVector) batch.column(index))
                  .hasDictionary();
          if (lazy.contains(column)) {
            assertThat(hasDictionary).as("%s keeps dictionary ids", column).isTrue();
          }
          if (column.equals("bool")) {
            assertThat(hasDictionary).as("booleans have no dictionary").isFalse();
          }
          if (column.equals(eager)) {
            assertThat(hasDictionary).as("%s holds values", column).isFalse();
          }
        }
        rows.addAll(BatchRows.rows(batch, sparkSchema));
      }
    }
    assertThat(rows).as("row count").hasSize(ROWS);
    for (int i = 0; i < ROWS; i++) {
      assertThat(rows.get(i)).as("row %s", i).isEqualTo(expected(i));
    }
  }

  @Test
  void nullRowsOfALazyColumnHoldAValidId() throws IOException {
    Path file =
        ParquetFiles.write(
            directory.resolve("nullids.parquet"),
            fileSchema(),
            rows(),
            builder ->
                builder
                    .withDictionaryEncoding(true)
                    .withPageRowCountLimit(FIRST_PAGE_KEEPS_DICTIONARY));
    FileReadRequest request =
        ParquetFiles.request(file, tableSchema(), Map.of(), null, 0, Long.MAX_VALUE, 100);
    int column = tableSchema().columnIndex(1);
    int nulls = 0;
    try (CloseableIterator<ColumnarBatch> batches =
        ParquetColumnarReader.open(new LocalFileIO(), request)) {
      while (batches.hasNext()) {
        ColumnarBatch batch = batches.next();
        assertThat(
                ((org.apache.spark.sql.execution.vectorized.WritableColumnVector)
                        batch.column(column))
                    .hasDictionary())
            .as("int keeps dictionary ids")
            .isTrue();
        for (int row = 0; row < batch.numRows(); row++) {
          if (batch.column(column).isNullAt(row)) {
            nulls++;
            // a reader that ignores the null flag gets some entry, never an exception
            assertThat(batch.column(column).getInt(row))
                .as("the value under a null")
                .isBetween(-25, 24);
          }
        }
      }
    }
    long expectedNulls =
        java.util.stream.IntStream.range(0, ROWS).filter(i -> isNull(0, i)).count();
    assertThat(nulls).as("null rows of int").isEqualTo(expectedNulls);
  }

  @Test
  void columnThatIsAllNullInAChunkReadsAsNulls() throws IOException {
    // row groups of ~150 rows: most of mostly_null's chunks hold no value at all
    Path file =
        ParquetFiles.write(
            directory.resolve("allnull.parquet"),
            fileSchema(),
            rows(),
            builder ->
                builder
                    .withDictionaryEncoding(true)
                    .withPageRowCountLimit(37)
                    .withRowGroupSize(1L));
    IntFunction<List<Object>> mostlyNull =
        i -> java.util.Collections.singletonList(expected(i).get(16));
    Schema projection = new Schema(0, List.of(tableSchema().column(17)), Set.of());

    List<List<Object>> rows =
        ParquetFiles.readRows(
            ParquetFiles.request(file, projection, Map.of(), null, 0, Long.MAX_VALUE, 64));

    assertThat(TestParquetColumnarReaderTypes.rowGroupCount(file))
        .as("many row groups")
        .isGreaterThan(2);
    assertThat(rows).as("row count").hasSize(ROWS);
    for (int i = 0; i < ROWS; i++) {
      assertThat(rows.get(i)).as("row %s", i).isEqualTo(mostlyNull.apply(i));
    }
  }

  private static EncodingStats encodingStats(Path file, String column) throws IOException {
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()),
                new org.apache.hadoop.conf.Configuration()))) {
      BlockMetaData block = reader.getRowGroups().get(0);
      for (ColumnChunkMetaData chunk : block.getColumns()) {
        if (chunk.getPath().toDotString().equals(column)) {
          return chunk.getEncodingStats();
        }
      }
    }
    throw new AssertionError("No column " + column + " in " + file);
  }
}
