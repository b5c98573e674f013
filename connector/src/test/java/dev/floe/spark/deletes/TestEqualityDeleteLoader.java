package dev.floe.spark.deletes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.InvalidRequestException;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileFormat;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The delete loader on equality delete files (Parquet and Avro), and its refusals. */
class TestEqualityDeleteLoader {
  private static final String TABLE = "db.events";
  private static final String FILE_A = "file:/t/data/a.parquet";
  private static final String FILE_B = "file:/t/data/b.parquet";

  /** The table's columns as the scan reads them: id was an int, promoted to long. */
  private static final NestedField ID =
      NestedField.optional(1, "id", PrimitiveType.of(TypeId.LONG));

  private static final NestedField NAME =
      NestedField.optional(2, "name", PrimitiveType.of(TypeId.STRING));
  private static final NestedField POINT =
      NestedField.optional(
          3,
          "point",
          new StructType(List.of(NestedField.optional(4, "x", PrimitiveType.of(TypeId.INT)))));
  private static final Schema READ_SCHEMA = new Schema(1, List.of(ID, NAME, POINT), Set.of());

  @TempDir Path directory;

  private DeleteCache cache = new DeleteCache(DeleteCache.DEFAULT_MAX_BYTES);

  private DeleteLoader loader() {
    return new DeleteLoader(new LocalFileIO(), TABLE, READ_SCHEMA, null, cache, 64);
  }

  /** An equality delete file written before id's promotion: id is an int there. */
  private static final MessageType EQUALITY_SCHEMA =
      Types.buildMessage()
          .optional(PrimitiveTypeName.INT32)
          .id(1)
          .named("id")
          .optional(PrimitiveTypeName.BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(2)
          .named("name")
          .named("delete");

  private static final String AVRO_EQUALITY_SCHEMA =
      """
      {"type": "record", "name": "delete", "fields": [
        {"name": "id", "type": ["null", "int"], "default": null, "field-id": 1},
        {"name": "name", "type": ["null", "string"], "default": null, "field-id": 2}
      ]}""";

  private static List<Group> equalityRows(Object... idsAndNames) {
    SimpleGroupFactory groups = new SimpleGroupFactory(EQUALITY_SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (int index = 0; index < idsAndNames.length; index += 2) {
      Group row = groups.newGroup();
      if (idsAndNames[index] != null) {
        row.append("id", (Integer) idsAndNames[index]);
      }
      if (idsAndNames[index + 1] != null) {
        row.append("name", (String) idsAndNames[index + 1]);
      }
      rows.add(row);
    }
    return rows;
  }

  private static List<GenericRecord> avroEqualityRows(Object... idsAndNames) {
    org.apache.avro.Schema schema = new org.apache.avro.Schema.Parser().parse(AVRO_EQUALITY_SCHEMA);
    List<GenericRecord> records = new ArrayList<>();
    for (int index = 0; index < idsAndNames.length; index += 2) {
      GenericRecord record = new GenericData.Record(schema);
      record.put("id", idsAndNames[index]);
      record.put("name", idsAndNames[index + 1]);
      records.add(record);
    }
    return records;
  }

  private static List<Object> key(Long id, String name) {
    return Arrays.asList(id, name == null ? null : UTF8String.fromString(name));
  }

  @Test
  void parquetEqualityDeletesOnTwoColumnsWithNullsReadAsTheTablesTypes() throws IOException {
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("eq.parquet"),
            EQUALITY_SCHEMA,
            equalityRows(1, "a", null, "b", 3, null, null, null),
            builder -> builder);

    TaskDeletes deletes =
        loader()
            .load(
                DeleteFiles.dataFile(FILE_A, 10),
                List.of(DeleteFiles.equalityDeletes(file, FileFormat.PARQUET, 4, List.of(1, 2))));

    assertThat(deletes.equalityDeletes()).as("one set").hasSize(1);
    EqualityDeleteSet set = deletes.equalityDeletes().get(0);
    assertThat(set.fields()).as("typed as the table reads them").containsExactly(ID, NAME);
    assertThat(set.keys())
        .as("int ids read as longs, nulls kept")
        .containsExactlyInAnyOrder(key(1L, "a"), key(null, "b"), key(3L, null), key(null, null));
    assertThat(set.sizeInBytes()).as("size estimate").isPositive();
    assertThat(deletes.needsPositions()).as("no positions").isFalse();
    assertThat(deletes.equalityFieldIds()).as("ids to decode").containsExactly(1, 2);
  }

  @Test
  void avroEqualityDeletesOnOneColumnWithNull() throws IOException {
    Path file =
        DeleteFiles.writeAvro(
            directory.resolve("eq.avro"),
            AVRO_EQUALITY_SCHEMA,
            avroEqualityRows(7, "x", null, "y"));

    TaskDeletes deletes =
        loader()
            .load(
                DeleteFiles.dataFile(FILE_A, 10),
                List.of(DeleteFiles.equalityDeletes(file, FileFormat.AVRO, 2, List.of(1))));

    assertThat(deletes.equalityDeletes().get(0).keys())
        .as("promoted ids, null among them")
        .containsExactlyInAnyOrder(7L, null);
  }

  @Test
  void avroEqualityDeletesOnTwoColumnsWithNulls() throws IOException {
    Path file =
        DeleteFiles.writeAvro(
            directory.resolve("eq2.avro"),
            AVRO_EQUALITY_SCHEMA,
            avroEqualityRows(1, "a", null, "b", 3, null, null, null));

    TaskDeletes deletes =
        loader()
            .load(
                DeleteFiles.dataFile(FILE_A, 10),
                List.of(DeleteFiles.equalityDeletes(file, FileFormat.AVRO, 4, List.of(2, 1))));

    EqualityDeleteSet set = deletes.equalityDeletes().get(0);
    assertThat(set.fields()).as("in equality_ids order").containsExactly(NAME, ID);
    assertThat(set.keys())
        .as("name first, promoted ids, nulls kept")
        .containsExactlyInAnyOrder(
            Arrays.asList(UTF8String.fromString("a"), 1L),
            Arrays.asList(UTF8String.fromString("b"), null),
            Arrays.asList(null, 3L),
            Arrays.asList(null, null));
  }

  @Test
  void parquetEqualityColumnsInAnotherOrderThanTheFile() throws IOException {
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("eq-reordered.parquet"),
            EQUALITY_SCHEMA,
            equalityRows(1, "a", null, "b"),
            builder -> builder);

    TaskDeletes deletes =
        loader()
            .load(
                DeleteFiles.dataFile(FILE_A, 10),
                List.of(DeleteFiles.equalityDeletes(file, FileFormat.PARQUET, 2, List.of(2, 1))));

    assertThat(deletes.equalityDeletes().get(0).keys())
        .as("name first, then id")
        .containsExactlyInAnyOrder(
            Arrays.asList(UTF8String.fromString("a"), 1L),
            Arrays.asList(UTF8String.fromString("b"), null));
  }

  @Test
  void equalityIdMissingFromTheReadSchemaIsRefused() throws IOException {
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("eq.parquet"),
            EQUALITY_SCHEMA,
            equalityRows(1, "a"),
            builder -> builder);
    DeleteFile delete = DeleteFiles.equalityDeletes(file, FileFormat.PARQUET, 1, List.of(99));

    assertThatThrownBy(() -> loader().load(DeleteFiles.dataFile(FILE_A, 10), List.of(delete)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(
            "Cannot apply equality delete file "
                + file
                + " to "
                + FILE_A
                + " of table "
                + TABLE
                + ": equality field id 99 is not a column of the schema the scan reads with");
  }

  @Test
  void nestedEqualityIdIsRefused() throws IOException {
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("eq.parquet"),
            EQUALITY_SCHEMA,
            equalityRows(1, "a"),
            builder -> builder);
    DeleteFile delete = DeleteFiles.equalityDeletes(file, FileFormat.PARQUET, 1, List.of(4));

    assertThatThrownBy(() -> loader().load(DeleteFiles.dataFile(FILE_A, 10), List.of(delete)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(
            "equality field id 4 is a nested field, which Floe does not apply equality deletes on"
                + " yet");
  }

  @Test
  void equalityDeleteFileWithoutIdsIsCorrupt() throws IOException {
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("eq.parquet"),
            EQUALITY_SCHEMA,
            equalityRows(1, "a"),
            builder -> builder);
    DeleteFile delete = DeleteFiles.equalityDeletes(file, FileFormat.PARQUET, 1, List.of());

    assertThatThrownBy(() -> loader().load(DeleteFiles.dataFile(FILE_A, 10), List.of(delete)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "Equality delete file " + file + " of table " + TABLE + " has no equality_ids");
  }

  @Test
  void cacheSharesOneEqualityFileBetweenDataFiles() throws IOException {
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("eq.parquet"),
            EQUALITY_SCHEMA,
            equalityRows(1, "a", 2, "b"),
            builder -> builder);
    DeleteFile delete = DeleteFiles.equalityDeletes(file, FileFormat.PARQUET, 2, List.of(1));

    TaskDeletes forA = loader().load(DeleteFiles.dataFile(FILE_A, 10), List.of(delete));
    TaskDeletes forB = loader().load(DeleteFiles.dataFile(FILE_B, 10), List.of(delete));

    assertThat(cache.loads()).as("loaded once for both data files").isEqualTo(1);
    assertThat(forB.equalityDeletes().get(0))
        .as("the same loaded set")
        .isSameAs(forA.equalityDeletes().get(0));
    assertThat(forA.equalityDeletes().get(0).keys()).as("ids").containsExactlyInAnyOrder(1L, 2L);
  }

  @Test
  void boundZeroLoadsEveryTime() throws IOException {
    cache = new DeleteCache(0);
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("eq.parquet"),
            EQUALITY_SCHEMA,
            equalityRows(1, "a"),
            builder -> builder);
    DeleteFile delete = DeleteFiles.equalityDeletes(file, FileFormat.PARQUET, 1, List.of(2));

    loader().load(DeleteFiles.dataFile(FILE_A, 10), List.of(delete));
    loader().load(DeleteFiles.dataFile(FILE_B, 10), List.of(delete));

    assertThat(cache.loads()).as("no caching under bound 0").isEqualTo(2);
  }
}
