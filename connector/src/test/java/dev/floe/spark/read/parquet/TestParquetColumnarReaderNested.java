package dev.floe.spark.read.parquet;

import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.DOUBLE;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64;
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
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Structs, lists, maps, lists of structs, lists of lists and lists inside structs, with nulls and
 * empty collections at every level, across pages and batches, decoded columnar from levels.
 */
class TestParquetColumnarReaderNested {
  private static final int ROWS = 1200;

  @TempDir Path directory;

  static final MessageType FILE_SCHEMA =
      Types.buildMessage()
          .required(INT32)
          .id(1)
          .named("id")
          .optionalGroup()
          .id(2)
          .optional(DOUBLE)
          .id(3)
          .named("x")
          .required(DOUBLE)
          .id(4)
          .named("y")
          .named("point")
          .optionalList()
          .id(5)
          .optionalElement(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(6)
          .named("tags")
          .optionalMap()
          .id(7)
          .key(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(8)
          .optionalValue(INT32)
          .id(9)
          .named("props")
          .optionalList()
          .id(10)
          .optionalGroupElement()
          .id(11)
          .optional(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(12)
          .named("name")
          .optional(INT32)
          .id(13)
          .named("age")
          .named("people")
          .optionalList()
          .id(14)
          .optionalListElement()
          .id(15)
          .optionalElement(INT64)
          .id(16)
          .named("matrix")
          .optionalGroup()
          .id(17)
          .optionalGroup()
          .id(18)
          .optionalList()
          .id(19)
          .requiredElement(INT32)
          .id(20)
          .named("deep")
          .named("inner")
          .named("outer")
          .named("table");

  static final NestedField ID = NestedField.required(1, "id", PrimitiveType.of(TypeId.INT));
  static final NestedField POINT =
      NestedField.optional(
          2,
          "point",
          new StructType(
              List.of(
                  NestedField.optional(3, "x", PrimitiveType.of(TypeId.DOUBLE)),
                  NestedField.required(4, "y", PrimitiveType.of(TypeId.DOUBLE)))));
  static final NestedField TAGS =
      NestedField.optional(
          5,
          "tags",
          new ListType(NestedField.optional(6, "element", PrimitiveType.of(TypeId.STRING))));
  static final NestedField PROPS =
      NestedField.optional(
          7,
          "props",
          new MapType(
              NestedField.required(8, "key", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(9, "value", PrimitiveType.of(TypeId.INT))));
  static final NestedField PEOPLE =
      NestedField.optional(
          10,
          "people",
          new ListType(
              NestedField.optional(
                  11,
                  "element",
                  new StructType(
                      List.of(
                          NestedField.optional(12, "name", PrimitiveType.of(TypeId.STRING)),
                          NestedField.optional(13, "age", PrimitiveType.of(TypeId.INT)))))));
  static final NestedField MATRIX =
      NestedField.optional(
          14,
          "matrix",
          new ListType(
              NestedField.optional(
                  15,
                  "element",
                  new ListType(
                      NestedField.optional(16, "element", PrimitiveType.of(TypeId.LONG))))));
  static final NestedField OUTER =
      NestedField.optional(
          17,
          "outer",
          new StructType(
              List.of(
                  NestedField.optional(
                      18,
                      "inner",
                      new StructType(
                          List.of(
                              NestedField.optional(
                                  19,
                                  "deep",
                                  new ListType(
                                      NestedField.required(
                                          20, "element", PrimitiveType.of(TypeId.INT))))))))));

  static Schema schema(NestedField... fields) {
    return new Schema(0, List.of(fields), Set.of());
  }

  static List<Object> point(int i) {
    return i % 5 == 0 ? null : Arrays.asList(i % 3 == 0 ? null : i * 0.5, (double) -i);
  }

  static List<Object> tags(int i) {
    if (i % 7 == 0) {
      return null;
    }
    List<Object> tags = new ArrayList<>();
    int size = i % 7 == 1 ? 0 : i % 4 + 1;
    for (int j = 0; j < size; j++) {
      tags.add(j == 1 && i % 3 == 0 ? null : "t" + i + "_" + j);
    }
    return tags;
  }

  static Map<Object, Object> props(int i) {
    if (i % 6 == 0) {
      return null;
    }
    Map<Object, Object> props = new LinkedHashMap<>();
    int size = i % 6 == 1 ? 0 : i % 3 + 1;
    for (int j = 0; j < size; j++) {
      props.put("k" + j, j == 0 && i % 2 == 0 ? null : i * 10 + j);
    }
    return props;
  }

  static List<Object> people(int i) {
    if (i % 8 == 0) {
      return null;
    }
    List<Object> people = new ArrayList<>();
    int size = i % 8 == 1 ? 0 : i % 3 + 1;
    for (int j = 0; j < size; j++) {
      people.add(
          j == 0 && i % 5 == 2
              ? null
              : Arrays.asList(i % 4 == 0 ? null : "p" + j, j == 2 ? null : i + j));
    }
    return people;
  }

  static List<Object> matrix(int i) {
    if (i % 9 == 0) {
      return null;
    }
    List<Object> rows = new ArrayList<>();
    for (int j = 0; j < i % 3; j++) {
      if (j == 1 && i % 2 == 0) {
        rows.add(null);
        continue;
      }
      List<Object> row = new ArrayList<>();
      for (int k = 0; k < (i + j) % 3; k++) {
        row.add(k == 1 && i % 4 == 1 ? null : i * 100L + j * 10L + k);
      }
      rows.add(row);
    }
    return rows;
  }

  static List<Object> outer(int i) {
    return switch (i % 10) {
      case 0 -> null;
      case 1 -> Arrays.asList((Object) null);
      case 2 -> Arrays.asList(Arrays.asList((Object) null));
      default -> {
        List<Object> deep = new ArrayList<>();
        for (int k = 0; k < i % 3; k++) {
          deep.add(i + k);
        }
        yield Arrays.asList(Arrays.asList(deep));
      }
    };
  }

  static List<Object> expected(int i) {
    return Arrays.asList(i, point(i), tags(i), props(i), people(i), matrix(i), outer(i));
  }

  @SuppressWarnings("unchecked")
  static List<Group> rows() {
    SimpleGroupFactory factory = new SimpleGroupFactory(FILE_SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      Group group = factory.newGroup();
      group.add("id", i);
      List<Object> point = point(i);
      if (point != null) {
        Group struct = group.addGroup("point");
        if (point.get(0) != null) {
          struct.add("x", (Double) point.get(0));
        }
        struct.add("y", (Double) point.get(1));
      }
      List<Object> tags = tags(i);
      if (tags != null) {
        Group list = group.addGroup("tags");
        for (Object tag : tags) {
          Group element = list.addGroup("list");
          if (tag != null) {
            element.add("element", (String) tag);
          }
        }
      }
      Map<Object, Object> props = props(i);
      if (props != null) {
        Group map = group.addGroup("props");
        for (Map.Entry<Object, Object> entry : props.entrySet()) {
          Group keyValue = map.addGroup("key_value");
          keyValue.add("key", (String) entry.getKey());
          if (entry.getValue() != null) {
            keyValue.add("value", (Integer) entry.getValue());
          }
        }
      }
      List<Object> people = people(i);
      if (people != null) {
        Group list = group.addGroup("people");
        for (Object person : people) {
          Group element = list.addGroup("list");
          if (person != null) {
            List<Object> fields = (List<Object>) person;
            Group struct = element.addGroup("element");
            if (fields.get(0) != null) {
              struct.add("name", (String) fields.get(0));
            }
            if (fields.get(1) != null) {
              struct.add("age", (Integer) fields.get(1));
            }
          }
        }
      }
      List<Object> matrix = matrix(i);
      if (matrix != null) {
        Group outerList = group.addGroup("matrix");
        for (Object row : matrix) {
          Group outerElement = outerList.addGroup("list");
          if (row != null) {
            Group innerList = outerElement.addGroup("element");
            for (Object value : (List<Object>) row) {
              Group innerElement = innerList.addGroup("list");
              if (value != null) {
                innerElement.add("element", (Long) value);
              }
            }
          }
        }
      }
      List<Object> outer = outer(i);
      if (outer != null) {
        Group outerGroup = group.addGroup("outer");
        List<Object> inner = (List<Object>) outer.get(0);
        if (inner != null) {
          Group innerGroup = outerGroup.addGroup("inner");
          List<Object> deep = (List<Object>) inner.get(0);
          if (deep != null) {
            Group list = innerGroup.addGroup("deep");
            for (Object value : deep) {
              list.addGroup("list").add("element", (Integer) value);
            }
          }
        }
      }
      rows.add(group);
    }
    return rows;
  }

  static Stream<Arguments> writers() {
    UnaryOperator<ExampleParquetWriter.Builder> small =
        builder -> builder.withPageRowCountLimit(70).withPageSize(2048);
    return Stream.of(
        Arguments.of(
            "v1 dictionary",
            (UnaryOperator<ExampleParquetWriter.Builder>)
                builder -> small.apply(builder).withDictionaryEncoding(true)),
        Arguments.of(
            "v2 plain",
            (UnaryOperator<ExampleParquetWriter.Builder>)
                builder ->
                    small
                        .apply(builder)
                        .withWriterVersion(WriterVersion.PARQUET_2_0)
                        .withDictionaryEncoding(false)
                        .withRowGroupSize(16 * 1024L)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("writers")
  void readsNestedColumnsAsWritten(
      String name, UnaryOperator<ExampleParquetWriter.Builder> configure) throws IOException {
    Path file =
        ParquetFiles.write(directory.resolve("nested.parquet"), FILE_SCHEMA, rows(), configure);

    List<List<Object>> rows =
        ParquetFiles.readRows(
            ParquetFiles.request(
                file,
                schema(ID, POINT, TAGS, PROPS, PEOPLE, MATRIX, OUTER),
                Map.of(),
                null,
                0,
                Long.MAX_VALUE,
                64));

    assertThat(rows).as("row count").hasSize(ROWS);
    for (int i = 0; i < ROWS; i++) {
      assertThat(rows.get(i)).as("row %s", i).isEqualTo(expected(i));
    }
  }

  @Test
  void readsANestedColumnAlone() throws IOException {
    Path file =
        ParquetFiles.write(directory.resolve("nested.parquet"), FILE_SCHEMA, rows(), b -> b);

    List<List<Object>> rows =
        ParquetFiles.readRows(
            ParquetFiles.request(file, schema(PEOPLE, ID), Map.of(), null, 0, Long.MAX_VALUE, 100));

    for (int i = 0; i < ROWS; i++) {
      assertThat(rows.get(i)).as("row %s", i).isEqualTo(Arrays.asList(people(i), i));
    }
  }

  @Test
  void prunesNestedFieldsAndFillsMissingOnes() throws IOException {
    Path file =
        ParquetFiles.write(directory.resolve("nested.parquet"), FILE_SCHEMA, rows(), b -> b);
    NestedField missing =
        new NestedField(99, "z", false, PrimitiveType.of(TypeId.LONG), null, 7L, 7L);
    NestedField yAndMissing =
        NestedField.optional(
            2,
            "point",
            new StructType(
                List.of(NestedField.required(4, "y", PrimitiveType.of(TypeId.DOUBLE)), missing)));
    NestedField onlyMissing =
        NestedField.optional(
            17,
            "outer",
            new StructType(List.of(NestedField.optional(98, "w", PrimitiveType.of(TypeId.INT)))));

    List<List<Object>> rows =
        ParquetFiles.readRows(
            ParquetFiles.request(
                file, schema(yAndMissing, onlyMissing), Map.of(), null, 0, Long.MAX_VALUE, 128));

    for (int i = 0; i < ROWS; i++) {
      List<Object> point = point(i);
      List<Object> expectedPoint = point == null ? null : Arrays.asList(point.get(1), 7L);
      List<Object> expectedOuter = outer(i) == null ? null : Arrays.asList((Object) null);
      assertThat(rows.get(i))
          .as(
              "row %s: y kept, z its initial default; outer present or null by the file though none of its columns is read",
              i)
          .isEqualTo(Arrays.asList(expectedPoint, expectedOuter));
    }
  }
}
