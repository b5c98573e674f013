package dev.floe.spark.deletes;

import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import dev.floe.spark.read.parquet.LocalParquetOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.roaringbitmap.RoaringBitmap;

/**
 * Delete files written as Iceberg writes them: Parquet with parquet-java and Avro with the Avro
 * library, field ids in the file schema; deletion vectors as a Puffin blob written by hand after
 * the Puffin spec. Also the manifest entries that describe them. Public for the reader's tests in
 * {@code dev.floe.spark}.
 */
public final class DeleteFiles {
  /** The spec's reserved field ids of a position delete file's columns. */
  public static final int FILE_PATH_ID = Integer.MAX_VALUE - 101;

  public static final int POS_ID = Integer.MAX_VALUE - 102;

  /** A position delete file's Parquet schema, with the spec's reserved field ids. */
  public static final MessageType POSITION_SCHEMA =
      Types.buildMessage()
          .required(PrimitiveTypeName.BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(FILE_PATH_ID)
          .named("file_path")
          .required(PrimitiveTypeName.INT64)
          .id(POS_ID)
          .named("pos")
          .named("delete");

  /** A position delete file's Avro schema, with the spec's reserved field ids. */
  public static final String AVRO_POSITION_SCHEMA =
      """
      {"type": "record", "name": "delete", "fields": [
        {"name": "file_path", "type": "string", "field-id": 2147483546},
        {"name": "pos", "type": "long", "field-id": 2147483545}
      ]}""";

  private DeleteFiles() {}

  public static Path writeParquet(
      Path file,
      MessageType schema,
      List<Group> rows,
      UnaryOperator<ExampleParquetWriter.Builder> configure)
      throws IOException {
    ExampleParquetWriter.Builder builder =
        ExampleParquetWriter.builder(new LocalParquetOutput(file)).withType(schema);
    try (ParquetWriter<Group> writer = configure.apply(builder).build()) {
      for (Group row : rows) {
        writer.write(row);
      }
    }
    return file;
  }

  public static Path writeAvro(Path file, String schemaJson, List<GenericRecord> records)
      throws IOException {
    org.apache.avro.Schema schema = new org.apache.avro.Schema.Parser().parse(schemaJson);
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema))) {
      writer.create(schema, file.toFile());
      for (GenericRecord record : records) {
        writer.append(record);
      }
    }
    return file;
  }

  public static DataFile dataFile(String location, long recordCount) {
    return dataFile(location, recordCount, 1024);
  }

  public static DataFile dataFile(String location, long recordCount, long size) {
    return new DataFile(
        location,
        FileFormat.PARQUET,
        0,
        PartitionValues.EMPTY,
        recordCount,
        size,
        ColumnMetrics.EMPTY,
        null,
        null,
        null,
        null,
        1L,
        1L);
  }

  public static DeleteFile positionDeletes(Path file, FileFormat format, long recordCount)
      throws IOException {
    return deleteFile(
        FileContent.POSITION_DELETES,
        file.toString(),
        format,
        recordCount,
        Files.size(file),
        List.of());
  }

  public static DeleteFile equalityDeletes(
      Path file, FileFormat format, long recordCount, List<Integer> equalityIds)
      throws IOException {
    return deleteFile(
        FileContent.EQUALITY_DELETES,
        file.toString(),
        format,
        recordCount,
        Files.size(file),
        equalityIds);
  }

  public static DeleteFile deleteFile(
      FileContent content,
      String location,
      FileFormat format,
      long recordCount,
      long size,
      List<Integer> equalityIds) {
    return new DeleteFile(
        content,
        location,
        format,
        0,
        PartitionValues.EMPTY,
        recordCount,
        size,
        ColumnMetrics.EMPTY,
        equalityIds,
        null,
        null,
        null,
        List.of(),
        null,
        null,
        2L,
        2L);
  }

  /**
   * Writes a Puffin file holding one {@code deletion-vector-v1} blob of {@code positions} for
   * {@code dataFile}, and returns its manifest entry.
   */
  public static DeleteFile writeDeletionVector(Path file, String dataFile, long... positions)
      throws IOException {
    TreeMap<Integer, RoaringBitmap> bitmaps = new TreeMap<>();
    for (long position : positions) {
      bitmaps
          .computeIfAbsent((int) (position >>> 32), key -> new RoaringBitmap())
          .add((int) position);
    }
    int bitmapSize = 8;
    for (RoaringBitmap bitmap : bitmaps.values()) {
      bitmap.runOptimize();
      bitmapSize += 4 + bitmap.serializedSizeInBytes();
    }
    ByteBuffer bitmap = ByteBuffer.allocate(bitmapSize).order(ByteOrder.LITTLE_ENDIAN);
    bitmap.putLong(bitmaps.size());
    for (Map.Entry<Integer, RoaringBitmap> entry : bitmaps.entrySet()) {
      bitmap.putInt(entry.getKey());
      entry.getValue().serialize(bitmap);
    }
    // blob: length, magic, bitmap, CRC-32 of magic and bitmap (all big-endian but the bitmap)
    ByteBuffer blob = ByteBuffer.allocate(4 + 4 + bitmapSize + 4);
    blob.putInt(4 + bitmapSize);
    blob.put(new byte[] {(byte) 0xD1, (byte) 0xD3, 0x39, 0x64});
    blob.put(bitmap.array());
    CRC32 crc = new CRC32();
    crc.update(blob.array(), 4, 4 + bitmapSize);
    blob.putInt((int) crc.getValue());
    byte[] magic = "PFA1".getBytes(StandardCharsets.US_ASCII);
    try (OutputStream out = Files.newOutputStream(file)) {
      out.write(magic);
      out.write(blob.array());
      out.write(magic);
    }
    return new DeleteFile(
        FileContent.POSITION_DELETES,
        file.toString(),
        FileFormat.PUFFIN,
        0,
        PartitionValues.EMPTY,
        positions.length,
        Files.size(file),
        ColumnMetrics.EMPTY,
        List.of(),
        dataFile,
        (long) magic.length,
        (long) blob.capacity(),
        List.of(),
        null,
        null,
        3L,
        3L);
  }
}
