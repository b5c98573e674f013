package dev.floe.spark.read.parquet;

import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.MICROS;
import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.MILLIS;
import static org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit.NANOS;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BOOLEAN;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.DOUBLE;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.FLOAT;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT96;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.spark.read.BatchRows;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.NanoTime;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Iceberg primitive in each of its Parquet physical encodings, written by parquet-java with
 * each writer configuration (dictionary or not, page v1 or v2, byte stream split, every codec), in
 * several pages and row groups, with nulls; read back value by value.
 */
class TestParquetColumnarReaderTypes {
  private static final int ROWS = 2500;
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  @TempDir Path directory;

  static MessageType fileSchema() {
    return Types.buildMessage()
        .optional(BOOLEAN)
        .id(1)
        .named("bool")
        .optional(INT32)
        .id(2)
        .named("int")
        .required(INT64)
        .id(3)
        .named("long")
        .optional(FLOAT)
        .id(4)
        .named("float")
        .optional(DOUBLE)
        .id(5)
        .named("double")
        .optional(BINARY)
        .as(LogicalTypeAnnotation.stringType())
        .id(6)
        .named("string")
        .optional(BINARY)
        .as(LogicalTypeAnnotation.stringType())
        .id(7)
        .named("string_many")
        .optional(BINARY)
        .id(8)
        .named("bin")
        .optional(FIXED_LEN_BYTE_ARRAY)
        .length(3)
        .id(9)
        .named("fixed")
        .optional(INT32)
        .as(LogicalTypeAnnotation.dateType())
        .id(10)
        .named("date")
        .optional(INT32)
        .as(LogicalTypeAnnotation.decimalType(2, 9))
        .id(11)
        .named("dec_int")
        .optional(INT64)
        .as(LogicalTypeAnnotation.decimalType(4, 18))
        .id(12)
        .named("dec_long")
        .optional(FIXED_LEN_BYTE_ARRAY)
        .length(13)
        .as(LogicalTypeAnnotation.decimalType(5, 30))
        .id(13)
        .named("dec_fixed")
        .optional(BINARY)
        .as(LogicalTypeAnnotation.decimalType(3, 20))
        .id(14)
        .named("dec_bin")
        .optional(INT64)
        .as(LogicalTypeAnnotation.timestampType(true, MICROS))
        .id(15)
        .named("ts")
        .optional(INT64)
        .as(LogicalTypeAnnotation.timestampType(false, MILLIS))
        .id(16)
        .named("ts_millis")
        .optional(INT64)
        .as(LogicalTypeAnnotation.timestampType(true, NANOS))
        .id(17)
        .named("ts_nanos")
        .optional(INT96)
        .id(18)
        .named("ts_int96")
        .optional(FIXED_LEN_BYTE_ARRAY)
        .length(16)
        .as(LogicalTypeAnnotation.uuidType())
        .id(19)
        .named("uuid")
        .optional(INT64)
        .as(LogicalTypeAnnotation.timeType(false, MICROS))
        .id(20)
        .named("time")
        .named("table");
  }

  static Schema tableSchema() {
    return new Schema(
        0,
        List.of(
            NestedField.optional(1, "bool", PrimitiveType.of(TypeId.BOOLEAN)),
            NestedField.optional(2, "int", PrimitiveType.of(TypeId.INT)),
            NestedField.required(3, "long", PrimitiveType.of(TypeId.LONG)),
            NestedField.optional(4, "float", PrimitiveType.of(TypeId.FLOAT)),
            NestedField.optional(5, "double", PrimitiveType.of(TypeId.DOUBLE)),
            NestedField.optional(6, "string", PrimitiveType.of(TypeId.STRING)),
            NestedField.optional(7, "string_many", PrimitiveType.of(TypeId.STRING)),
            NestedField.optional(8, "bin", PrimitiveType.of(TypeId.BINARY)),
            NestedField.optional(9, "fixed", PrimitiveType.fixed(3)),
            NestedField.optional(10, "date", PrimitiveType.of(TypeId.DATE)),
            NestedField.optional(11, "dec_int", PrimitiveType.decimal(9, 2)),
            NestedField.optional(12, "dec_long", PrimitiveType.decimal(18, 4)),
            NestedField.optional(13, "dec_fixed", PrimitiveType.decimal(30, 5)),
            NestedField.optional(14, "dec_bin", PrimitiveType.decimal(20, 3)),
            NestedField.optional(15, "ts", PrimitiveType.of(TypeId.TIMESTAMPTZ)),
            NestedField.optional(16, "ts_millis", PrimitiveType.of(TypeId.TIMESTAMP)),
            NestedField.optional(17, "ts_nanos", PrimitiveType.of(TypeId.TIMESTAMPTZ_NS)),
            NestedField.optional(18, "ts_int96", PrimitiveType.of(TypeId.TIMESTAMPTZ)),
            NestedField.optional(19, "uuid", PrimitiveType.of(TypeId.UUID)),
            NestedField.optional(20, "time", PrimitiveType.of(TypeId.TIME))),
        Set.of());
  }

  /** The values of row {@code i}, as {@link BatchRows} gives them; null where the row has none. */
  static List<Object> expected(int i) {
    List<Object> values = new ArrayList<>();
    values.add(i % 3 == 0);
    values.add(i * 7 - 1000);
    values.add(i * 1_000_000_007L);
    values.add(i / 4f);
    values.add(i * 1.5 - 7);
    values.add("s" + (i % 40) + "é");
    values.add("value-" + i);
    values.add(ByteBuffer.wrap(new byte[] {(byte) i, (byte) (i >> 8)}));
    values.add(ByteBuffer.wrap(new byte[] {1, 2, (byte) i}));
    values.add(i - 1500);
    values.add(BigDecimal.valueOf(i * 37L - 5000, 2));
    values.add(BigDecimal.valueOf(i * 123_456_789L - 1, 4));
    values.add(new BigDecimal(bigUnscaled(i), 5));
    values.add(
        new BigDecimal(BigInteger.valueOf(i * 1_000_003L - 7).multiply(BigInteger.TEN.pow(10)), 3));
    values.add(1_600_000_000_000_000L + i * 1_000_001L);
    values.add((1_600_000_000_000L + i * 1001L) * 1000);
    values.add(Math.floorDiv(-1_600_000_000_000_000_123L + i * 999_999_999L, 1000L));
    values.add(
        (18_000L + i % 100) * MICROS_PER_DAY + (i * 1_000_000_123L) % 86_400_000_000_000L / 1000);
    values.add(new UUID(i, -i).toString());
    values.add(i * 1_000_003L);
    for (int column = 0; column < values.size(); column++) {
      if (column != 2 && (i + column) % 11 == 0) {
        values.set(column, null);
      }
    }
    return values;
  }

  private static BigInteger bigUnscaled(int i) {
    BigInteger magnitude = BigInteger.TEN.pow(24).add(BigInteger.valueOf(i));
    return i % 2 == 0 ? magnitude : magnitude.negate();
  }

  private static byte[] fixedTwosComplement(BigInteger value, int length) {
    byte[] minimal = value.toByteArray();
    byte[] padded = new byte[length];
    byte sign = (byte) (value.signum() < 0 ? 0xFF : 0);
    java.util.Arrays.fill(padded, sign);
    System.arraycopy(minimal, 0, padded, length - minimal.length, minimal.length);
    return padded;
  }

  static List<Group> rows() {
    SimpleGroupFactory factory = new SimpleGroupFactory(fileSchema());
    List<Group> rows = new ArrayList<>();
    for (int row = 0; row < ROWS; row++) {
      int i = row;
      List<Object> values = expected(i);
      Group group = factory.newGroup();
      add(values, 0, () -> group.add("bool", i % 3 == 0));
      add(values, 1, () -> group.add("int", i * 7 - 1000));
      add(values, 2, () -> group.add("long", i * 1_000_000_007L));
      add(values, 3, () -> group.add("float", i / 4f));
      add(values, 4, () -> group.add("double", i * 1.5 - 7));
      add(values, 5, () -> group.add("string", "s" + (i % 40) + "é"));
      add(values, 6, () -> group.add("string_many", "value-" + i));
      add(
          values,
          7,
          () ->
              group.add(
                  "bin", Binary.fromConstantByteArray(new byte[] {(byte) i, (byte) (i >> 8)})));
      add(
          values,
          8,
          () -> group.add("fixed", Binary.fromConstantByteArray(new byte[] {1, 2, (byte) i})));
      add(values, 9, () -> group.add("date", i - 1500));
      add(values, 10, () -> group.add("dec_int", i * 37 - 5000));
      add(values, 11, () -> group.add("dec_long", i * 123_456_789L - 1));
      add(
          values,
          12,
          () ->
              group.add(
                  "dec_fixed",
                  Binary.fromConstantByteArray(fixedTwosComplement(bigUnscaled(i), 13))));
      add(
          values,
          13,
          () ->
              group.add(
                  "dec_bin",
                  Binary.fromConstantByteArray(
                      BigInteger.valueOf(i * 1_000_003L - 7)
                          .multiply(BigInteger.TEN.pow(10))
                          .toByteArray())));
      add(values, 14, () -> group.add("ts", 1_600_000_000_000_000L + i * 1_000_001L));
      add(values, 15, () -> group.add("ts_millis", 1_600_000_000_000L + i * 1001L));
      add(values, 16, () -> group.add("ts_nanos", -1_600_000_000_000_000_123L + i * 999_999_999L));
      add(
          values,
          17,
          () ->
              group.add(
                  "ts_int96",
                  new NanoTime(
                      2_440_588 + 18_000 + i % 100, (i * 1_000_000_123L) % 86_400_000_000_000L)));
      add(
          values,
          18,
          () -> {
            ByteBuffer uuid = ByteBuffer.allocate(16).putLong(i).putLong(-i);
            group.add("uuid", Binary.fromConstantByteArray(uuid.array()));
          });
      add(values, 19, () -> group.add("time", i * 1_000_003L));
      rows.add(group);
    }
    return rows;
  }

  private static void add(List<Object> values, int column, Runnable writer) {
    if (values.get(column) != null) {
      writer.run();
    }
  }

  static Stream<Arguments> writers() {
    return Stream.of(
        writer(
            "v1, dictionary, uncompressed",
            builder ->
                builder
                    .withDictionaryEncoding(true)
                    .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)),
        writer(
            "v1, plain, snappy",
            builder ->
                builder
                    .withDictionaryEncoding(false)
                    .withCompressionCodec(CompressionCodecName.SNAPPY)),
        writer(
            "v1, byte stream split, gzip",
            builder ->
                builder
                    .withDictionaryEncoding(false)
                    .withByteStreamSplitEncoding(true)
                    .withCompressionCodec(CompressionCodecName.GZIP)),
        writer(
            "v2, dictionary, zstd",
            builder ->
                builder
                    .withWriterVersion(WriterVersion.PARQUET_2_0)
                    .withDictionaryEncoding(true)
                    .withCompressionCodec(CompressionCodecName.ZSTD)),
        writer(
            "v2, delta, lz4_raw",
            builder ->
                builder
                    .withWriterVersion(WriterVersion.PARQUET_2_0)
                    .withDictionaryEncoding(false)
                    .withCompressionCodec(CompressionCodecName.LZ4_RAW)),
        writer(
            "v2, byte stream split, snappy",
            builder ->
                builder
                    .withWriterVersion(WriterVersion.PARQUET_2_0)
                    .withDictionaryEncoding(false)
                    .withByteStreamSplitEncoding(true)
                    .withCompressionCodec(CompressionCodecName.SNAPPY)));
  }

  private static Arguments writer(
      String name, UnaryOperator<ExampleParquetWriter.Builder> configure) {
    UnaryOperator<ExampleParquetWriter.Builder> small =
        builder ->
            configure.apply(
                builder
                    .withPageRowCountLimit(300)
                    .withPageSize(4096)
                    .withDictionaryPageSize(2048)
                    .withRowGroupSize(64 * 1024L));
    return Arguments.of(name, small);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("writers")
  void readsEveryTypeAsWritten(String name, UnaryOperator<ExampleParquetWriter.Builder> configure)
      throws IOException {
    Path file =
        ParquetFiles.write(directory.resolve("types.parquet"), fileSchema(), rows(), configure);

    List<List<Object>> rows =
        ParquetFiles.readRows(
            ParquetFiles.request(
                file, tableSchema(), java.util.Map.of(), null, 0, Long.MAX_VALUE, 1000));

    assertThat(rowGroupCount(file)).as("the file has several row groups").isGreaterThan(1);
    assertThat(rows).as("row count").hasSize(ROWS);
    for (int i = 0; i < ROWS; i++) {
      assertThat(rows.get(i)).as("row %s written with %s", i, name).isEqualTo(expected(i));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("writers")
  void writerUsesTheEncodingsUnderTest(
      String name, UnaryOperator<ExampleParquetWriter.Builder> configure) throws IOException {
    Path file =
        ParquetFiles.write(directory.resolve("types.parquet"), fileSchema(), rows(), configure);

    Set<Encoding> encodings = encodings(file);

    if (name.contains("dictionary")) {
      assertThat(encodings)
          .as("dictionary pages")
          .containsAnyOf(Encoding.valueOf("PLAIN_DICTIONARY"), Encoding.RLE_DICTIONARY);
    }
    if (name.contains("delta")) {
      assertThat(encodings)
          .as("delta encodings")
          .contains(Encoding.DELTA_BINARY_PACKED, Encoding.DELTA_BYTE_ARRAY);
    }
    if (name.contains("byte stream split")) {
      assertThat(encodings).as("byte stream split").contains(Encoding.BYTE_STREAM_SPLIT);
    }
  }

  static int rowGroupCount(Path file) throws IOException {
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()),
                new org.apache.hadoop.conf.Configuration()))) {
      return reader.getRowGroups().size();
    }
  }

  static Set<Encoding> encodings(Path file) throws IOException {
    Set<Encoding> encodings = new java.util.HashSet<>();
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()),
                new org.apache.hadoop.conf.Configuration()))) {
      for (BlockMetaData block : reader.getRowGroups()) {
        for (ColumnChunkMetaData column : block.getColumns()) {
          encodings.addAll(column.getEncodings());
        }
      }
    }
    return encodings;
  }
}
