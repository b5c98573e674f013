package dev.floe.spark.read.avro;

import static dev.floe.spark.read.BatchRows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.InvalidRequestException;
import dev.floe.expr.Expression;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.FileFormat;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.read.FileReaders;
import dev.floe.table.ListType;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Columns found by field id or name mapping; promotions; missing columns as constants, defaults or
 * nulls; metadata columns; and the errors that name the file.
 */
class TestAvroColumnResolution {
  private static final int ROWS = 20;
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private static final String NARROW_AVRO =
      """
      {"type": "record", "name": "table", "fields": [
        {"name": "count", "type": "int", "field-id": 1},
        {"name": "ratio", "type": ["null", "float"], "default": null, "field-id": 2},
        {"name": "amount", "type": {"type": "fixed", "name": "fixed_4", "size": 4,
         "logicalType": "decimal", "precision": 9, "scale": 2}, "field-id": 3},
        {"name": "day", "type": {"type": "int", "logicalType": "date"}, "field-id": 4},
        {"name": "unused", "type": "string", "field-id": 9},
        {"name": "location", "type": {"type": "record", "name": "r10", "fields": [
          {"name": "lat", "type": "double", "field-id": 11}]}, "field-id": 10}
      ]}
      """;

  private static final StructType LOCATION =
      new StructType(
          List.of(
              NestedField.required(11, "lat", PrimitiveType.of(TypeId.DOUBLE)),
              new NestedField(12, "lon", false, PrimitiveType.of(TypeId.DOUBLE), null, 2.5, null),
              NestedField.optional(13, "alt", PrimitiveType.of(TypeId.DOUBLE))));

  /** The table after promotions and added columns, read from a file written before them. */
  private static final Schema EVOLVED =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "count", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "ratio", PrimitiveType.of(TypeId.DOUBLE)),
              NestedField.required(3, "amount", PrimitiveType.decimal(20, 2)),
              NestedField.required(4, "day", PrimitiveType.of(TypeId.TIMESTAMP)),
              NestedField.optional(5, "added", PrimitiveType.of(TypeId.STRING)),
              new NestedField(
                  6, "defaulted", false, PrimitiveType.of(TypeId.STRING), null, "dflt", null),
              NestedField.optional(7, "region", PrimitiveType.of(TypeId.STRING)),
              NestedField.required(10, "location", LOCATION),
              MetadataColumns.FILE_PATH,
              MetadataColumns.ROW_POSITION,
              MetadataColumns.SPEC_ID,
              NestedField.optional(14, "unknown", PrimitiveType.of(TypeId.UNKNOWN))),
          Set.of());

  @TempDir Path directory;

  @Test
  void promotionsMissingColumnsAndMetadataColumns() throws IOException {
    org.apache.avro.Schema avro = AvroFiles.schema(NARROW_AVRO);
    org.apache.avro.Schema location = avro.getField("location").schema();
    List<GenericRecord> records = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      GenericRecord record = new GenericData.Record(avro);
      record.put("count", i * 7);
      record.put("ratio", i % 4 == 0 ? null : i / 4.0f);
      record.put(
          "amount",
          new GenericData.Fixed(
              avro.getField("amount").schema(),
              TestAvroColumnarReaderTypes.unscaled(BigDecimal.valueOf(-i * 1001L, 2), 4)));
      record.put("day", 18_000 + i);
      record.put("unused", "ignored");
      GenericRecord place = new GenericData.Record(location);
      place.put("lat", i * 0.5);
      record.put("location", place);
      records.add(record);
    }
    Path file = AvroFiles.write(directory.resolve("narrow.avro"), avro, records, 100);
    Map<Integer, Object> constants = new HashMap<>();
    constants.put(7, "emea");
    constants.put(MetadataColumns.FILE_PATH_ID, file.toString());
    constants.put(MetadataColumns.SPEC_ID_ID, 3);

    List<List<Object>> rows =
        AvroFiles.readRows(
            AvroFiles.request(file, EVOLVED, constants, null, 0, Files.size(file), 6));

    List<List<Object>> expected = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      List<Object> values =
          row(
              i * 7L,
              i % 4 == 0 ? null : (double) (i / 4.0f),
              BigDecimal.valueOf(-i * 1001L, 2),
              (18_000L + i) * MICROS_PER_DAY,
              null,
              "dflt",
              "emea",
              row(i * 0.5, 2.5, null),
              file.toString(),
              (long) i,
              3);
      expected.add(values);
    }
    assertThat(rows)
        .extracting(values -> values.subList(0, 11))
        .as("int->long, float->double, decimal widening, date->timestamp, constants, defaults")
        .isEqualTo(expected);
    assertThat(rows)
        .extracting(values -> values.get(11))
        .as("a column of unknown type is null")
        .containsOnlyNulls();
  }

  @Test
  void filesWithoutIdsResolveThroughTheNameMapping() throws IOException {
    org.apache.avro.Schema avro =
        AvroFiles.schema(
            """
            {"type": "record", "name": "imported", "fields": [
              {"name": "record_id", "type": "long"},
              {"name": "labels", "type": {"type": "array", "items": {"type": "record",
               "name": "label", "fields": [{"name": "text", "type": "string"}]}}},
              {"name": "unmapped", "type": "int"}]}
            """);
    org.apache.avro.Schema label = avro.getField("labels").schema().getElementType();
    List<GenericRecord> records = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      GenericRecord record = new GenericData.Record(avro);
      record.put("record_id", 1000L + i);
      GenericRecord text = new GenericData.Record(label);
      text.put("text", "l" + i);
      record.put("labels", List.of(text));
      record.put("unmapped", i);
      records.add(record);
    }
    Path file = AvroFiles.write(directory.resolve("imported.avro"), avro, records, 100);
    NameMapping mapping =
        NameMapping.parse(
            """
            [{"field-id": 1, "names": ["id", "record_id"]},
             {"field-id": 2, "names": ["labels"], "fields": [
               {"field-id": 3, "names": ["element"], "fields": [
                 {"field-id": 4, "names": ["text"]}]}]}]
            """,
            "test");
    Schema table =
        new Schema(
            0,
            List.of(
                NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
                NestedField.optional(
                    2,
                    "labels",
                    new ListType(
                        NestedField.required(
                            3,
                            "element",
                            new StructType(
                                List.of(
                                    NestedField.optional(
                                        4, "text", PrimitiveType.of(TypeId.STRING))))))),
                NestedField.optional(5, "unmapped", PrimitiveType.of(TypeId.INT))),
            Set.of());

    List<List<Object>> rows =
        AvroFiles.readRows(
            AvroFiles.request(file, table, Map.of(), mapping, 0, Files.size(file), 7));

    assertThat(rows).as("mapped by name; an unmapped column reads as null").hasSize(ROWS);
    for (int i = 0; i < ROWS; i++) {
      assertThat(rows.get(i))
          .as("row %s", i)
          .isEqualTo(Arrays.asList(1000L + i, List.of(row("l" + i)), null));
    }
  }

  @Test
  void aRequiredColumnMissingWithoutDefaultMakesTheFileUnreadable() throws IOException {
    Path file = narrowFile();
    Schema table =
        new Schema(
            0, List.of(NestedField.required(8, "needed", PrimitiveType.of(TypeId.INT))), Set.of());

    assertThatThrownBy(() -> AvroFiles.readRows(AvroFiles.request(file, table, 10)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("required column needed (id 8) is missing from the file");
  }

  @Test
  void aFileTypeThatDoesNotConvertIsCorrupt() throws IOException {
    Path file = narrowFile();
    Schema table =
        new Schema(
            0, List.of(NestedField.required(9, "unused", PrimitiveType.of(TypeId.INT))), Set.of());

    assertThatThrownBy(() -> AvroFiles.readRows(AvroFiles.request(file, table, 10)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read column unused (id 9, int) of " + file)
        .hasMessageContaining("does not convert to int");
  }

  @Test
  void aFileThatIsNotAvroIsCorrupt() throws IOException {
    Path file = Files.write(directory.resolve("text.avro"), "not an avro file at all".getBytes());

    assertThatThrownBy(() -> AvroFiles.readRows(AvroFiles.request(file, EVOLVED, 10)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessage(
            "Cannot read Avro data file "
                + file
                + ": not an Avro file: it does not start with the Avro magic bytes");
  }

  @Test
  void aTruncatedFileIsCorruptRatherThanShort() throws IOException {
    Path file = narrowFile();
    byte[] bytes = Files.readAllBytes(file);
    Path truncated =
        Files.write(directory.resolve("truncated.avro"), Arrays.copyOf(bytes, bytes.length - 30));
    Schema counts =
        new Schema(
            0, List.of(NestedField.required(1, "count", PrimitiveType.of(TypeId.INT))), Set.of());

    assertThatThrownBy(() -> AvroFiles.readRows(AvroFiles.request(truncated, counts, 10)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read Avro data file " + truncated + ": truncated");
  }

  @Test
  void aDamagedBlockIsCorruptNamingTheFile() throws IOException {
    Path file = narrowFile();
    byte[] bytes = Files.readAllBytes(file);
    // the last block's trailing sync marker no longer matches the header's
    bytes[bytes.length - 1] ^= 0x5A;
    Path damaged = Files.write(directory.resolve("damaged.avro"), bytes);
    Schema counts =
        new Schema(
            0, List.of(NestedField.required(1, "count", PrimitiveType.of(TypeId.INT))), Set.of());

    assertThatThrownBy(() -> AvroFiles.readRows(AvroFiles.request(damaged, counts, 10)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read Avro data file " + damaged)
        .hasMessageContaining("damaged");
  }

  @Test
  void aMissingFileIsAReadFailureNamingIt() {
    String missing = directory.resolve("missing.avro").toString();
    FileReadRequest request =
        new FileReadRequest(
            missing,
            FileFormat.AVRO,
            0,
            100,
            100,
            EVOLVED,
            Map.of(),
            null,
            Expression.alwaysTrue(),
            10);

    assertThatThrownBy(() -> FileReaders.open(new LocalFileIO(), request))
        .isInstanceOf(FileReadException.class)
        .hasMessageContaining(missing);
  }

  @Test
  void orcFilesAreRejectedByName() {
    FileReadRequest orc =
        new FileReadRequest(
            "/data/f.orc",
            FileFormat.ORC,
            0,
            100,
            100,
            EVOLVED,
            Map.of(),
            null,
            Expression.alwaysTrue(),
            10);

    assertThatThrownBy(() -> FileReaders.open(new LocalFileIO(), orc))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("ORC data files are not supported: /data/f.orc");
  }

  private Path narrowFile() throws IOException {
    org.apache.avro.Schema avro = AvroFiles.schema(NARROW_AVRO);
    List<GenericRecord> records = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      GenericRecord record = new GenericData.Record(avro);
      record.put("count", i);
      record.put("ratio", null);
      record.put(
          "amount",
          new GenericData.Fixed(avro.getField("amount").schema(), new byte[] {0, 0, 0, 1}));
      record.put("day", i);
      record.put("unused", "u" + i);
      GenericRecord place = new GenericData.Record(avro.getField("location").schema());
      place.put("lat", 1.0);
      record.put("location", place);
      records.add(record);
    }
    return AvroFiles.write(directory.resolve("small.avro"), avro, records, 100);
  }
}
