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
import java.util.Random;
import java.util.Set;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random values of {@code map<string, list<struct<a: int, b: list<string>>>>} with nulls and empty
 * collections drawn at every level, read back with random batch sizes.
 */
class TestNestedRandomRoundTrip {
  @TempDir Path directory;

  private static final MessageType FILE_SCHEMA =
      Types.buildMessage()
          .required(INT32)
          .id(1)
          .named("id")
          .optionalMap()
          .id(2)
          .key(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(3)
          .optionalListValue()
          .id(4)
          .optionalGroupElement()
          .id(5)
          .optional(INT32)
          .id(6)
          .named("a")
          .optionalList()
          .id(7)
          .optionalElement(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(8)
          .named("b")
          .named("m")
          .named("table");

  private static final NestedField STRINGS =
      NestedField.optional(
          7,
          "b",
          new ListType(NestedField.optional(8, "element", PrimitiveType.of(TypeId.STRING))));
  private static final NestedField ELEMENT =
      NestedField.optional(
          5,
          "element",
          new StructType(
              List.of(NestedField.optional(6, "a", PrimitiveType.of(TypeId.INT)), STRINGS)));
  private static final Schema TABLE =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.INT)),
              NestedField.optional(
                  2,
                  "m",
                  new MapType(
                      NestedField.required(3, "key", PrimitiveType.of(TypeId.STRING)),
                      NestedField.optional(4, "value", new ListType(ELEMENT))))),
          Set.of());

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3})
  void randomNestedValuesRoundTrip(long seed) throws IOException {
    Random random = new Random(seed);
    SimpleGroupFactory factory = new SimpleGroupFactory(FILE_SCHEMA);
    List<Group> groups = new ArrayList<>();
    List<List<Object>> expected = new ArrayList<>();
    for (int i = 0; i < 800; i++) {
      Group group = factory.newGroup().append("id", i);
      Map<Object, Object> map = null;
      if (random.nextInt(6) != 0) {
        map = new LinkedHashMap<>();
        Group mapGroup = group.addGroup("m");
        int entries = random.nextInt(4);
        for (int e = 0; e < entries; e++) {
          String key = "k" + e;
          Group keyValue = mapGroup.addGroup("key_value").append("key", key);
          List<Object> list = null;
          if (random.nextInt(5) != 0) {
            list = new ArrayList<>();
            Group listGroup = keyValue.addGroup("value");
            int elements = random.nextInt(4);
            for (int k = 0; k < elements; k++) {
              Group element = listGroup.addGroup("list");
              if (random.nextInt(5) == 0) {
                list.add(null);
                continue;
              }
              Group struct = element.addGroup("element");
              Integer a = random.nextInt(4) == 0 ? null : random.nextInt();
              if (a != null) {
                struct.add("a", a);
              }
              List<Object> strings = null;
              if (random.nextInt(4) != 0) {
                strings = new ArrayList<>();
                Group stringList = struct.addGroup("b");
                int count = random.nextInt(3);
                for (int t = 0; t < count; t++) {
                  Group stringElement = stringList.addGroup("list");
                  if (random.nextInt(4) == 0) {
                    strings.add(null);
                  } else {
                    String value = "s" + random.nextInt(50);
                    stringElement.add("element", value);
                    strings.add(value);
                  }
                }
              }
              list.add(Arrays.asList(a, strings));
            }
          }
          map.put(key, list);
        }
      }
      groups.add(group);
      expected.add(Arrays.asList(i, map));
    }
    boolean v2 = seed % 2 == 0;
    Path file =
        ParquetFiles.write(
            directory.resolve("random.parquet"),
            FILE_SCHEMA,
            groups,
            builder ->
                builder
                    .withPageRowCountLimit(20 + random.nextInt(50))
                    .withDictionaryEncoding(seed != 3)
                    .withWriterVersion(v2 ? WriterVersion.PARQUET_2_0 : WriterVersion.PARQUET_1_0));

    int batchSize = 1 + random.nextInt(100);
    List<List<Object>> rows =
        ParquetFiles.readRows(
            ParquetFiles.request(file, TABLE, Map.of(), null, 0, Long.MAX_VALUE, batchSize));

    assertThat(rows).as("seed %s, batches of %s", seed, batchSize).isEqualTo(expected);
  }
}
