package dev.floe.spark.read.parquet;

import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptFileException;
import dev.floe.InvalidRequestException;
import dev.floe.io.LocalFileIO;
import dev.floe.spark.compat.SparkLine;
import dev.floe.spark.read.parquet.variant.VariantValueWriter;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Types;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shredded variant as VariantShredding.md lays it out, written by hand: a shredded object with a
 * primitive field and an array of strings, a partially shredded row, a row that does not fit the
 * shredding, a missing value and a null variant; and a file whose shredding breaks the spec. On
 * Spark 3.5, which has no variant type, the read is refused by name.
 */
class TestParquetColumnarReaderVariants {
  /** Dictionary ["a", "tags", "z"]. */
  private static final byte[] METADATA = {0x01, 3, 0, 1, 5, 6, 'a', 't', 'a', 'g', 's', 'z'};

  private static final MessageType FILE_SCHEMA =
      Types.buildMessage()
          .required(INT32)
          .id(1)
          .named("id")
          .optionalGroup()
          .id(2)
          .required(BINARY)
          .named("metadata")
          .optional(BINARY)
          .named("value")
          .optionalGroup()
          .requiredGroup()
          .optional(BINARY)
          .named("value")
          .optional(INT32)
          .named("typed_value")
          .named("a")
          .requiredGroup()
          .optional(BINARY)
          .named("value")
          .optionalList()
          .requiredGroupElement()
          .optional(BINARY)
          .named("value")
          .optional(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .named("typed_value")
          .named("typed_value")
          .named("tags")
          .named("typed_value")
          .named("v")
          .named("table");

  private static final Schema PROJECTION =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.INT)),
              NestedField.optional(2, "v", PrimitiveType.of(TypeId.VARIANT))),
          Set.of());

  @TempDir Path directory;

  @Test
  void readsEachShreddedLayoutAsTheSpecDefinesIt() throws IOException {
    SimpleGroupFactory factory = new SimpleGroupFactory(FILE_SCHEMA);
    List<Group> rows = new ArrayList<>();
    rows.add(factory.newGroup().append("id", 0));
    // {"a": 5, "tags": ["x", "y"]}, fully shredded
    Group full = variant(factory, 1, null);
    Group typed = full.getGroup("v", 0).addGroup("typed_value");
    typed.addGroup("a").append("typed_value", 5);
    Group tags = typed.addGroup("tags").addGroup("typed_value");
    tags.addGroup("list").addGroup("element").append("typed_value", "x");
    tags.addGroup("list").addGroup("element").append("typed_value", "y");
    rows.add(full);
    // {"a": 7, "z": true}: z left in value, tags missing
    Group partial = variant(factory, 2, object(new int[] {2}, VariantValueWriter.bool(true)));
    Group partialTyped = partial.getGroup("v", 0).addGroup("typed_value");
    partialTyped.addGroup("a").append("typed_value", 7);
    partialTyped.addGroup("tags");
    rows.add(partial);
    // 42: not an object, all in value
    rows.add(variant(factory, 3, VariantValueWriter.integer(3, 42)));
    // neither value nor typed_value: the variant null
    rows.add(variant(factory, 4, null));
    Path file =
        ParquetFiles.write(directory.resolve("shredded.parquet"), FILE_SCHEMA, rows, b -> b);

    if (SparkLine.variantType().isEmpty()) {
      assertThatThrownBy(() -> read(file))
          .isInstanceOf(InvalidRequestException.class)
          .hasMessageContaining("variant column v (id 2) on Spark 3.5");
      return;
    }
    List<byte[]> values = new ArrayList<>();
    List<byte[]> metadata = new ArrayList<>();
    read(file, values, metadata);

    assertThat(values.get(0)).as("a null variant").isNull();
    assertThat(values.get(1))
        .isEqualTo(
            object(
                new int[] {0, 1},
                VariantValueWriter.integer(5, 5),
                VariantValueWriter.array(
                    List.of(VariantValueWriter.string("x"), VariantValueWriter.string("y")))));
    assertThat(values.get(2))
        .isEqualTo(
            object(
                new int[] {0, 2}, VariantValueWriter.integer(5, 7), VariantValueWriter.bool(true)));
    assertThat(values.get(3)).isEqualTo(VariantValueWriter.integer(3, 42));
    assertThat(values.get(4)).isEqualTo(VariantValueWriter.variantNull());
    for (int row = 1; row < 5; row++) {
      assertThat(metadata.get(row)).as("metadata of row %s", row).isEqualTo(METADATA);
    }
  }

  @Test
  void aFieldInBothColumnsIsACorruptFile() throws IOException {
    SimpleGroupFactory factory = new SimpleGroupFactory(FILE_SCHEMA);
    Group row = variant(factory, 1, null);
    Group a = row.getGroup("v", 0).addGroup("typed_value").addGroup("a");
    a.append("value", Binary.fromConstantByteArray(VariantValueWriter.string("x")));
    a.append("typed_value", 1);
    row.getGroup("v", 0).getGroup("typed_value", 0).addGroup("tags");
    Path file =
        ParquetFiles.write(directory.resolve("broken.parquet"), FILE_SCHEMA, List.of(row), b -> b);
    if (SparkLine.variantType().isEmpty()) {
      return; // refused before any value is read, as the test above shows
    }

    assertThatThrownBy(() -> read(file))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("variant column v (id 2)")
        .hasMessageContaining(file.toString())
        .hasMessageContaining("field 'a' is in both value and typed_value");
  }

  private static Group variant(SimpleGroupFactory factory, int id, byte[] value) {
    Group row = factory.newGroup().append("id", id);
    Group variant = row.addGroup("v");
    variant.append("metadata", Binary.fromConstantByteArray(METADATA));
    if (value != null) {
      variant.append("value", Binary.fromConstantByteArray(value));
    }
    return row;
  }

  private static byte[] object(int[] ids, byte[]... values) {
    return VariantValueWriter.object(ids, Arrays.asList(values));
  }

  private static void read(Path file) {
    read(file, new ArrayList<>(), new ArrayList<>());
  }

  /** Each row's value and metadata bytes: the variant vector's children 0 and 1. */
  private static void read(Path file, List<byte[]> values, List<byte[]> metadata) {
    try (var batches =
        ParquetColumnarReader.open(new LocalFileIO(), ParquetFiles.request(file, PROJECTION))) {
      while (batches.hasNext()) {
        ColumnarBatch batch = batches.next();
        ColumnVector variant = batch.column(1);
        for (int row = 0; row < batch.numRows(); row++) {
          boolean isNull = variant.isNullAt(row);
          values.add(isNull ? null : variant.getChild(0).getBinary(row));
          metadata.add(isNull ? null : variant.getChild(1).getBinary(row));
        }
      }
    }
  }
}
