package dev.floe.spark.read.parquet;

import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.FLOAT;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptFileException;
import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.InvalidRequestException;
import dev.floe.expr.Expression;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.read.FileReaders;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NameMapping;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which file column feeds which table column: field ids, name mapping, missing columns (constants,
 * defaults, nulls), metadata columns, type promotion, and the errors of a file that does not fit.
 */
class TestParquetColumnResolution {
  private static final int ROWS = 50;

  @TempDir Path directory;

  private static final MessageType WITH_IDS =
      Types.buildMessage()
          .required(INT32)
          .id(1)
          .named("a")
          .optional(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(2)
          .named("b")
          .optional(FLOAT)
          .id(3)
          .named("c")
          .optional(INT32)
          .as(LogicalTypeAnnotation.decimalType(2, 5))
          .id(4)
          .named("d")
          .optional(INT32)
          .as(LogicalTypeAnnotation.dateType())
          .id(5)
          .named("e")
          .named("table");

  private static final MessageType WITHOUT_IDS =
      Types.buildMessage()
          .required(INT32)
          .named("a")
          .optional(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .named("old_b")
          .named("table");

  private Path write(MessageType schema) throws IOException {
    SimpleGroupFactory factory = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      Group group = factory.newGroup();
      group.add(0, i);
      group.add(1, "b" + i);
      if (schema.getFieldCount() > 2) {
        group.add(2, i + 0.25f);
        group.add(3, i * 100 + 1);
        group.add(4, i);
      }
      rows.add(group);
    }
    return ParquetFiles.write(directory.resolve("file.parquet"), schema, rows, b -> b);
  }

  private static Schema schema(NestedField... fields) {
    return new Schema(0, List.of(fields), Set.of());
  }

  private static NestedField optional(int id, String name, TypeId type) {
    return NestedField.optional(id, name, PrimitiveType.of(type));
  }

  @Test
  void resolvesColumnsByIdWhateverTheirNameAndOrder() throws IOException {
    Path file = write(WITH_IDS);
    Schema renamed = schema(optional(2, "renamed_b", TypeId.STRING), optional(1, "x", TypeId.INT));

    List<List<Object>> rows = ParquetFiles.readRows(ParquetFiles.request(file, renamed));

    assertThat(rows.get(7)).as("columns found by id").isEqualTo(Arrays.asList("b7", 7));
  }

  @Test
  void promotesIntFloatDecimalAndDate() throws IOException {
    Path file = write(WITH_IDS);
    Schema promoted =
        schema(
            optional(1, "a", TypeId.LONG),
            optional(3, "c", TypeId.DOUBLE),
            NestedField.optional(4, "d", PrimitiveType.decimal(12, 2)),
            optional(5, "e", TypeId.TIMESTAMP));
    Schema wideDecimal = schema(NestedField.optional(4, "d", PrimitiveType.decimal(25, 2)));

    List<List<Object>> rows = ParquetFiles.readRows(ParquetFiles.request(file, promoted));
    List<List<Object>> wide = ParquetFiles.readRows(ParquetFiles.request(file, wideDecimal));

    assertThat(rows.get(9))
        .as("int to long, float to double, decimal(5,2) to decimal(12,2), date to timestamp")
        .isEqualTo(Arrays.asList(9L, 9.25, new BigDecimal("9.01"), 9 * 86_400_000_000L));
    assertThat(wide.get(9))
        .as("decimal(5,2) to decimal(25,2)")
        .isEqualTo(List.of(new BigDecimal("9.01")));
  }

  @Test
  void missingColumnsReadAsConstantDefaultOrNull() throws IOException {
    Path file = write(WITH_IDS);
    NestedField withDefault =
        new NestedField(10, "with_default", false, PrimitiveType.of(TypeId.INT), null, 42, 42);
    NestedField partitionSource = optional(11, "region", TypeId.STRING);
    NestedField plain = optional(12, "plain", TypeId.LONG);
    Schema projection =
        schema(
            NestedField.required(1, "a", PrimitiveType.of(TypeId.INT)),
            withDefault,
            partitionSource,
            plain);

    List<List<Object>> rows =
        ParquetFiles.readRows(
            ParquetFiles.request(
                file, projection, Map.of(11, "emea"), null, 0, Long.MAX_VALUE, 16));

    assertThat(rows).as("rows across batches of 16").hasSize(ROWS);
    assertThat(rows.get(33))
        .as("initial default, constant, null")
        .isEqualTo(Arrays.asList(33, 42, "emea", null));
  }

  @Test
  void aRequiredColumnMissingWithoutDefaultIsCorrupt() throws IOException {
    Path file = write(WITH_IDS);
    Schema projection = schema(NestedField.required(13, "needed", PrimitiveType.of(TypeId.INT)));

    assertThatThrownBy(() -> ParquetFiles.readRows(ParquetFiles.request(file, projection)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("required column needed (id 13) is missing from the file")
        .hasMessageContaining(file.toString());
  }

  @Test
  void metadataColumnsComeFromConstantsAndPositions() throws IOException {
    Path file = write(WITH_IDS);
    NestedField partition =
        MetadataColumns.partition(
            new StructType(
                List.of(
                    optional(1000, "a_bucket", TypeId.INT), optional(1001, "day", TypeId.DATE))));
    Schema projection =
        schema(
            MetadataColumns.FILE_PATH,
            MetadataColumns.ROW_POSITION,
            MetadataColumns.SPEC_ID,
            partition,
            NestedField.required(1, "a", PrimitiveType.of(TypeId.INT)));
    Map<Integer, Object> constants =
        Map.of(
            MetadataColumns.FILE_PATH_ID, file.toString(),
            MetadataColumns.SPEC_ID_ID, 3,
            MetadataColumns.PARTITION_ID, PartitionValues.of(5, null));

    List<List<Object>> rows =
        ParquetFiles.readRows(
            ParquetFiles.request(file, projection, constants, null, 0, Long.MAX_VALUE, 7));

    for (int i = 0; i < ROWS; i++) {
      assertThat(rows.get(i))
          .as("row %s", i)
          .isEqualTo(Arrays.asList(file.toString(), (long) i, 3, Arrays.asList(5, null), i));
    }
  }

  @Test
  void filesWithoutIdsResolveThroughTheNameMapping() throws IOException {
    Path file = write(WITHOUT_IDS);
    NameMapping mapping =
        new NameMapping(
            List.of(
                new NameMapping.MappedField(1, List.of("a"), null),
                new NameMapping.MappedField(2, List.of("b", "old_b"), null)));
    Schema projection = schema(optional(2, "b", TypeId.STRING), optional(1, "a", TypeId.INT));

    List<List<Object>> mapped =
        ParquetFiles.readRows(
            ParquetFiles.request(file, projection, Map.of(), mapping, 0, Long.MAX_VALUE, 100));
    List<List<Object>> unmapped = ParquetFiles.readRows(ParquetFiles.request(file, projection));

    assertThat(mapped.get(4)).as("columns found by mapped names").isEqualTo(Arrays.asList("b4", 4));
    assertThat(unmapped.get(4))
        .as("without ids or mapping, top-level columns take ids by position (Iceberg's fallback)")
        .isEqualTo(Arrays.asList("b4", 4));
  }

  @Test
  void aFileTypeThatCannotBecomeTheTableTypeIsCorrupt() throws IOException {
    Path file = write(WITH_IDS);
    Schema projection = schema(optional(2, "b", TypeId.INT));

    assertThatThrownBy(() -> ParquetFiles.readRows(ParquetFiles.request(file, projection)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read column b (id 2) of " + file)
        .hasMessageContaining("does not convert to table type int");
  }

  @Test
  void readsSmallDecimalsStoredAsBytes() throws IOException {
    MessageType schema =
        Types.buildMessage()
            .optional(
                org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
            .length(5)
            .as(LogicalTypeAnnotation.decimalType(2, 10))
            .id(1)
            .named("fixed")
            .optional(BINARY)
            .as(LogicalTypeAnnotation.decimalType(3, 7))
            .id(2)
            .named("binary")
            .named("table");
    SimpleGroupFactory factory = new SimpleGroupFactory(schema);
    List<Group> rows = new ArrayList<>();
    List<List<Object>> expected = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      long unscaled = (i % 2 == 0 ? 1 : -1) * (i * 123_456_789L % 9_999_999_999L);
      byte[] fixed = new byte[5];
      for (int index = 0; index < 5; index++) {
        fixed[index] = (byte) (unscaled >> (8 * (4 - index)));
      }
      long small = -i * 1001L;
      rows.add(
          factory
              .newGroup()
              .append("fixed", org.apache.parquet.io.api.Binary.fromConstantByteArray(fixed))
              .append(
                  "binary",
                  org.apache.parquet.io.api.Binary.fromConstantByteArray(
                      java.math.BigInteger.valueOf(small).toByteArray())));
      expected.add(Arrays.asList(BigDecimal.valueOf(unscaled, 2), BigDecimal.valueOf(small, 3)));
    }
    Path file = ParquetFiles.write(directory.resolve("decimals.parquet"), schema, rows, b -> b);
    Schema projection =
        schema(
            NestedField.optional(1, "fixed", PrimitiveType.decimal(10, 2)),
            NestedField.optional(2, "binary", PrimitiveType.decimal(7, 3)));

    List<List<Object>> read = ParquetFiles.readRows(ParquetFiles.request(file, projection));

    assertThat(read).as("decimals of up to 18 digits held as longs and ints").isEqualTo(expected);
  }

  @Test
  void readsThroughHadoopFileIO() throws IOException {
    Path file = write(WITH_IDS);
    FileReadRequest request =
        ParquetFiles.request(
            file, schema(optional(2, "b", TypeId.STRING)), Map.of(), null, 0, Long.MAX_VALUE, 20);
    FileReadRequest viaUri =
        new FileReadRequest(
            file.toUri().toString(),
            FileFormat.PARQUET,
            0,
            Long.MAX_VALUE,
            0,
            request.projection(),
            Map.of(),
            null,
            Expression.alwaysTrue(),
            20);

    List<String> values = new ArrayList<>();
    try (ParquetColumnarReader reader =
        ParquetColumnarReader.open(new dev.floe.io.HadoopFileIO(Map.of()), viaUri)) {
      while (reader.hasNext()) {
        org.apache.spark.sql.vectorized.ColumnarBatch batch = reader.next();
        for (int row = 0; row < batch.numRows(); row++) {
          values.add(batch.column(0).getUTF8String(row).toString());
        }
      }
    }

    assertThat(values)
        .as("all rows through Hadoop's file system")
        .hasSize(ROWS)
        .startsWith("b0", "b1");
  }

  @Test
  void orcFilesAreRejectedByName() {
    FileReadRequest orc = request("/data/f.orc", FileFormat.ORC);

    assertThatThrownBy(() -> FileReaders.open(new LocalFileIO(), orc))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("ORC data files are not supported: /data/f.orc");
  }

  @Test
  void aMissingFileIsAReadFailureNamingIt() {
    String missing = directory.resolve("missing.parquet").toString();

    assertThatThrownBy(
            () ->
                ParquetColumnarReader.open(new LocalFileIO(), request(missing, FileFormat.PARQUET)))
        .isInstanceOf(FileReadException.class)
        .hasMessageContaining(missing);
  }

  @Test
  void aFileThatIsNotParquetIsCorrupt() throws IOException {
    Path file =
        Files.write(directory.resolve("text.parquet"), "not a parquet file at all".getBytes());

    assertThatThrownBy(
            () ->
                ParquetColumnarReader.open(
                    new LocalFileIO(), request(file.toString(), FileFormat.PARQUET)))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining(
            "Cannot read Parquet file " + file + ": it does not end with the magic PAR1");
  }

  private static FileReadRequest request(String location, FileFormat format) {
    return new FileReadRequest(
        location,
        format,
        0,
        100,
        0,
        schema(optional(1, "a", TypeId.INT)),
        Map.of(),
        null,
        Expression.alwaysTrue(),
        10);
  }
}
