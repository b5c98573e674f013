package dev.floe.spark.read.parquet;

import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
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
 * Files from older writers (imported into Iceberg): two-level lists whose repeated field is the
 * element, repeated groups named {@code array} or {@code <list>_tuple}, maps annotated {@code
 * MAP_KEY_VALUE}; and files without rows, and columns of type unknown.
 */
class TestParquetLegacyLayouts {
  @TempDir Path directory;

  private static final MessageType LEGACY =
      Types.buildMessage()
          .optionalGroup()
          .as(LogicalTypeAnnotation.listType())
          .id(1)
          .repeated(INT32)
          .id(2)
          .named("array")
          .named("numbers")
          .optionalGroup()
          .as(LogicalTypeAnnotation.listType())
          .id(3)
          .repeatedGroup()
          .id(4)
          .required(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(5)
          .named("name")
          .optional(INT32)
          .id(6)
          .named("size")
          .named("bag")
          .named("pairs")
          .optionalGroup()
          .as(LogicalTypeAnnotation.listType())
          .id(7)
          .repeatedGroup()
          .id(8)
          .optional(INT32)
          .id(9)
          .named("only")
          .named("singles_tuple")
          .named("singles")
          .optionalGroup()
          .as(LogicalTypeAnnotation.mapType())
          .id(10)
          .repeatedGroup()
          .as(LogicalTypeAnnotation.MapKeyValueTypeAnnotation.getInstance())
          .required(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(11)
          .named("key")
          .optional(INT32)
          .id(12)
          .named("value")
          .named("map")
          .named("counts")
          .named("table");

  private static final Schema TABLE =
      new Schema(
          0,
          List.of(
              NestedField.optional(
                  1,
                  "numbers",
                  new ListType(NestedField.required(2, "element", PrimitiveType.of(TypeId.INT)))),
              NestedField.optional(
                  3,
                  "pairs",
                  new ListType(
                      NestedField.required(
                          4,
                          "element",
                          new StructType(
                              List.of(
                                  NestedField.required(5, "name", PrimitiveType.of(TypeId.STRING)),
                                  NestedField.optional(
                                      6, "size", PrimitiveType.of(TypeId.INT))))))),
              NestedField.optional(
                  7,
                  "singles",
                  new ListType(
                      NestedField.required(
                          8,
                          "element",
                          new StructType(
                              List.of(
                                  NestedField.optional(
                                      9, "only", PrimitiveType.of(TypeId.INT))))))),
              NestedField.optional(
                  10,
                  "counts",
                  new MapType(
                      NestedField.required(11, "key", PrimitiveType.of(TypeId.STRING)),
                      NestedField.optional(12, "value", PrimitiveType.of(TypeId.INT))))),
          Set.of());

  @Test
  void readsTwoLevelListsAndLegacyMaps() throws IOException {
    SimpleGroupFactory factory = new SimpleGroupFactory(LEGACY);
    List<Group> groups = new ArrayList<>();
    List<List<Object>> expected = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      Group group = factory.newGroup();
      List<Object> numbers = null;
      if (i % 4 != 0) {
        numbers = new ArrayList<>();
        Group list = group.addGroup("numbers");
        for (int k = 0; k < i % 3; k++) {
          list.add("array", i + k);
          numbers.add(i + k);
        }
      }
      List<Object> pairs = new ArrayList<>();
      Group pairList = group.addGroup("pairs");
      for (int k = 0; k < i % 2 + 1; k++) {
        Group bag = pairList.addGroup("bag").append("name", "n" + k);
        if (k == 0) {
          bag.add("size", i);
        }
        pairs.add(Arrays.asList("n" + k, k == 0 ? i : null));
      }
      List<Object> singles = new ArrayList<>();
      Group singleList = group.addGroup("singles");
      Group single = singleList.addGroup("singles_tuple");
      if (i % 5 != 0) {
        single.add("only", -i);
      }
      singles.add(Arrays.asList(i % 5 != 0 ? -i : null));
      Map<Object, Object> counts = null;
      if (i % 3 != 1) {
        counts = new LinkedHashMap<>();
        Group map = group.addGroup("counts");
        for (int k = 0; k < i % 3; k++) {
          map.addGroup("map").append("key", "k" + k).append("value", i * k);
          counts.put("k" + k, i * k);
        }
      }
      groups.add(group);
      expected.add(Arrays.asList(numbers, pairs, singles, counts));
    }
    Path file = ParquetFiles.write(directory.resolve("legacy.parquet"), LEGACY, groups, b -> b);

    List<List<Object>> rows =
        ParquetFiles.readRows(
            ParquetFiles.request(file, TABLE, Map.of(), null, 0, Long.MAX_VALUE, 50));

    assertThat(rows).as("legacy layouts read as lists and maps").isEqualTo(expected);
  }

  @Test
  void aFileWithoutRowsHasNoBatches() throws IOException {
    Path file = ParquetFiles.write(directory.resolve("empty.parquet"), LEGACY, List.of(), b -> b);

    assertThat(ParquetFiles.batchSizes(ParquetFiles.request(file, TABLE)))
        .as("no row groups, no batches")
        .isEmpty();
  }

  @Test
  void unknownColumnsAreNull() throws IOException {
    Path file =
        ParquetFiles.write(
            directory.resolve("empty.parquet"), LEGACY, List.of(factoryRow()), b -> b);
    Schema projection =
        new Schema(
            0,
            List.of(NestedField.optional(40, "nothing", PrimitiveType.of(TypeId.UNKNOWN))),
            Set.of());

    List<Boolean> nulls = new ArrayList<>();
    try (ParquetColumnarReader reader =
        ParquetColumnarReader.open(
            new dev.floe.io.LocalFileIO(), ParquetFiles.request(file, projection))) {
      while (reader.hasNext()) {
        org.apache.spark.sql.vectorized.ColumnarBatch batch = reader.next();
        for (int row = 0; row < batch.numRows(); row++) {
          nulls.add(batch.column(0).isNullAt(row));
        }
      }
    }

    assertThat(nulls).as("one row, null").containsExactly(true);
  }

  private static Group factoryRow() {
    return new SimpleGroupFactory(LEGACY).newGroup();
  }
}
