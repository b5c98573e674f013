package dev.floe.spark.read.avro;

import static dev.floe.spark.read.BatchRows.row;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every Iceberg primitive's Avro encoding, nulls, and nested struct, list and map columns. */
class TestAvroColumnarReaderTypes {
  private static final int ROWS = 53;

  /** The Avro schema Iceberg writes for {@link #PRIMITIVES}: optional fields are unions. */
  private static final String PRIMITIVES_AVRO =
      """
      {"type": "record", "name": "table", "fields": [
        {"name": "id", "type": "int", "field-id": 1},
        {"name": "flag", "type": ["null", "boolean"], "default": null, "field-id": 2},
        {"name": "big", "type": ["null", "long"], "default": null, "field-id": 3},
        {"name": "ratio", "type": ["null", "float"], "default": null, "field-id": 4},
        {"name": "score", "type": ["null", "double"], "default": null, "field-id": 5},
        {"name": "name", "type": ["null", "string"], "default": null, "field-id": 6},
        {"name": "payload", "type": ["null", "bytes"], "default": null, "field-id": 7},
        {"name": "code", "type": ["null", {"type": "fixed", "name": "fixed_3", "size": 3}],
         "default": null, "field-id": 8},
        {"name": "day", "type": ["null", {"type": "int", "logicalType": "date"}],
         "default": null, "field-id": 9},
        {"name": "clock", "type": ["null", {"type": "long", "logicalType": "time-micros"}],
         "default": null, "field-id": 10},
        {"name": "local_ts", "type": ["null", {"type": "long", "logicalType": "timestamp-micros",
         "adjust-to-utc": false}], "default": null, "field-id": 11},
        {"name": "utc_ts", "type": ["null", {"type": "long", "logicalType": "timestamp-micros",
         "adjust-to-utc": true}], "default": null, "field-id": 12},
        {"name": "nano_ts", "type": ["null", {"type": "long", "logicalType": "timestamp-nanos",
         "adjust-to-utc": false}], "default": null, "field-id": 13},
        {"name": "small_decimal", "type": ["null", {"type": "fixed", "name": "fixed_4", "size": 4,
         "logicalType": "decimal", "precision": 9, "scale": 2}], "default": null, "field-id": 14},
        {"name": "mid_decimal", "type": ["null", {"type": "fixed", "name": "fixed_8", "size": 8,
         "logicalType": "decimal", "precision": 18, "scale": 3}], "default": null, "field-id": 15},
        {"name": "wide_decimal", "type": ["null", {"type": "bytes", "logicalType": "decimal",
         "precision": 38, "scale": 4}], "default": null, "field-id": 16},
        {"name": "token", "type": ["null", {"type": "fixed", "name": "uuid_fixed", "size": 16,
         "logicalType": "uuid"}], "default": null, "field-id": 17},
        {"name": "nano_tstz", "type": ["null", {"type": "long", "logicalType": "timestamp-nanos",
         "adjust-to-utc": true}], "default": null, "field-id": 18}
      ]}
      """;

  private static final Schema PRIMITIVES =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.INT)),
              NestedField.optional(2, "flag", PrimitiveType.of(TypeId.BOOLEAN)),
              NestedField.optional(3, "big", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(4, "ratio", PrimitiveType.of(TypeId.FLOAT)),
              NestedField.optional(5, "score", PrimitiveType.of(TypeId.DOUBLE)),
              NestedField.optional(6, "name", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(7, "payload", PrimitiveType.of(TypeId.BINARY)),
              NestedField.optional(8, "code", PrimitiveType.fixed(3)),
              NestedField.optional(9, "day", PrimitiveType.of(TypeId.DATE)),
              NestedField.optional(10, "clock", PrimitiveType.of(TypeId.TIME)),
              NestedField.optional(11, "local_ts", PrimitiveType.of(TypeId.TIMESTAMP)),
              NestedField.optional(12, "utc_ts", PrimitiveType.of(TypeId.TIMESTAMPTZ)),
              NestedField.optional(13, "nano_ts", PrimitiveType.of(TypeId.TIMESTAMP_NS)),
              NestedField.optional(14, "small_decimal", PrimitiveType.decimal(9, 2)),
              NestedField.optional(15, "mid_decimal", PrimitiveType.decimal(18, 3)),
              NestedField.optional(16, "wide_decimal", PrimitiveType.decimal(38, 4)),
              NestedField.optional(17, "token", PrimitiveType.of(TypeId.UUID)),
              NestedField.optional(18, "nano_tstz", PrimitiveType.of(TypeId.TIMESTAMPTZ_NS))),
          Set.of());

  private static final String NESTED_AVRO =
      """
      {"type": "record", "name": "table", "fields": [
        {"name": "id", "type": "int", "field-id": 1},
        {"name": "point", "type": ["null", {"type": "record", "name": "r20", "fields": [
          {"name": "x", "type": "double", "field-id": 21},
          {"name": "y", "type": ["null", "double"], "default": null, "field-id": 22}]}],
         "default": null, "field-id": 20},
        {"name": "tags", "type": ["null", {"type": "array", "items": ["null", "string"],
         "element-id": 31}], "default": null, "field-id": 30},
        {"name": "props", "type": ["null", {"type": "map", "values": ["null", "int"],
         "key-id": 41, "value-id": 42}], "default": null, "field-id": 40},
        {"name": "by_id", "type": ["null", {"type": "array", "logicalType": "map", "items": {
          "type": "record", "name": "k51_v52", "fields": [
            {"name": "key", "type": "int", "field-id": 51},
            {"name": "value", "type": ["null", "string"], "default": null, "field-id": 52}]}}],
         "default": null, "field-id": 50},
        {"name": "people", "type": {"type": "array", "element-id": 61, "items": {
          "type": "record", "name": "r61", "fields": [
            {"name": "name", "type": "string", "field-id": 62},
            {"name": "scores", "type": {"type": "array", "items": "long", "element-id": 64},
             "field-id": 63}]}}, "field-id": 60}
      ]}
      """;

  private static final Schema NESTED =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.INT)),
              NestedField.optional(
                  20,
                  "point",
                  new StructType(
                      List.of(
                          NestedField.required(21, "x", PrimitiveType.of(TypeId.DOUBLE)),
                          NestedField.optional(22, "y", PrimitiveType.of(TypeId.DOUBLE))))),
              NestedField.optional(
                  30,
                  "tags",
                  new ListType(
                      NestedField.optional(31, "element", PrimitiveType.of(TypeId.STRING)))),
              NestedField.optional(
                  40,
                  "props",
                  new MapType(
                      NestedField.required(41, "key", PrimitiveType.of(TypeId.STRING)),
                      NestedField.optional(42, "value", PrimitiveType.of(TypeId.INT)))),
              NestedField.optional(
                  50,
                  "by_id",
                  new MapType(
                      NestedField.required(51, "key", PrimitiveType.of(TypeId.INT)),
                      NestedField.optional(52, "value", PrimitiveType.of(TypeId.STRING)))),
              NestedField.required(
                  60,
                  "people",
                  new ListType(
                      NestedField.required(
                          61,
                          "element",
                          new StructType(
                              List.of(
                                  NestedField.required(62, "name", PrimitiveType.of(TypeId.STRING)),
                                  NestedField.required(
                                      63,
                                      "scores",
                                      new ListType(
                                          NestedField.required(
                                              64, "element", PrimitiveType.of(TypeId.LONG)))))))))),
          Set.of());

  @TempDir Path directory;

  @Test
  void everyPrimitiveEncodingReadsAsWritten() throws IOException {
    org.apache.avro.Schema avro = AvroFiles.schema(PRIMITIVES_AVRO);
    List<GenericRecord> records = new ArrayList<>();
    List<List<Object>> expected = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      GenericRecord record = new GenericData.Record(avro);
      record.put("id", i);
      List<Object> values = row(i);
      if (i % 5 == 4) {
        for (int field = 1; field < avro.getFields().size(); field++) {
          values.add(null);
        }
      } else {
        UUID token = new UUID(i * 31L, -i);
        BigDecimal small = BigDecimal.valueOf(i * 1013L - 20_000, 2);
        BigDecimal mid = BigDecimal.valueOf(i * 987_654_321_012L - 9_000_000, 3);
        BigDecimal wide =
            new BigDecimal(BigInteger.TEN.pow(30).multiply(BigInteger.valueOf(i - 7)), 4);
        long nanos = -1_500_000_003L + i * 1_000_000_007L;
        record.put("flag", i % 2 == 0);
        record.put("big", i * 10_000_000_000L);
        record.put("ratio", i / 4.0f);
        record.put("score", -i / 8.0);
        record.put("name", "name-" + i + "-ä");
        record.put("payload", ByteBuffer.wrap(new byte[] {(byte) i, 0, (byte) -i}));
        record.put("code", fixed(avro, "code", new byte[] {1, 2, (byte) i}));
        record.put("day", 19_000 + i);
        record.put("clock", i * 3_600_000_000L);
        record.put("local_ts", 1_700_000_000_000_000L + i);
        record.put("utc_ts", -1_000_000L * i);
        record.put("nano_ts", nanos);
        record.put("small_decimal", fixed(avro, "small_decimal", unscaled(small, 4)));
        record.put("mid_decimal", fixed(avro, "mid_decimal", unscaled(mid, 8)));
        record.put("wide_decimal", ByteBuffer.wrap(wide.unscaledValue().toByteArray()));
        record.put("token", fixed(avro, "token", uuidBytes(token)));
        record.put("nano_tstz", nanos);
        values.addAll(
            Arrays.asList(
                i % 2 == 0,
                i * 10_000_000_000L,
                i / 4.0f,
                -i / 8.0,
                "name-" + i + "-ä",
                ByteBuffer.wrap(new byte[] {(byte) i, 0, (byte) -i}),
                ByteBuffer.wrap(new byte[] {1, 2, (byte) i}),
                19_000 + i,
                i * 3_600_000_000L,
                1_700_000_000_000_000L + i,
                -1_000_000L * i,
                Math.floorDiv(nanos, 1000L),
                small,
                mid,
                wide,
                token.toString(),
                Math.floorDiv(nanos, 1000L)));
      }
      records.add(record);
      expected.add(values);
    }
    Path file = AvroFiles.write(directory.resolve("primitives.avro"), avro, records, 200);

    List<List<Object>> rows = AvroFiles.readRows(AvroFiles.request(file, PRIMITIVES, 8));

    assertThat(rows).as("every primitive, every fifth row null").isEqualTo(expected);
  }

  @Test
  void nestedStructsListsAndMapsReadAsWritten() throws IOException {
    org.apache.avro.Schema avro = AvroFiles.schema(NESTED_AVRO);
    org.apache.avro.Schema point = nonNull(avro.getField("point").schema());
    org.apache.avro.Schema entry = nonNull(avro.getField("by_id").schema()).getElementType();
    org.apache.avro.Schema person = avro.getField("people").schema().getElementType();
    List<GenericRecord> records = new ArrayList<>();
    List<List<Object>> expected = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      GenericRecord record = new GenericData.Record(avro);
      record.put("id", i);
      List<Object> values = row(i);
      if (i % 4 == 3) {
        values.addAll(Arrays.asList(null, null, null, null));
      } else {
        GenericRecord location = new GenericData.Record(point);
        location.put("x", i * 1.5);
        location.put("y", i % 3 == 0 ? null : -i * 1.5);
        record.put("point", location);
        values.add(row(i * 1.5, i % 3 == 0 ? null : -i * 1.5));
        List<String> tags = new ArrayList<>();
        for (int tag = 0; tag < i % 5; tag++) {
          tags.add(tag == 1 ? null : "t" + i + "." + tag);
        }
        record.put("tags", tags);
        values.add(tags);
        Map<String, Integer> props = new LinkedHashMap<>();
        for (int key = 0; key < i % 3; key++) {
          props.put("k" + key, key == 1 ? null : i * 10 + key);
        }
        record.put("props", props);
        values.add(props);
        List<GenericRecord> entries = new ArrayList<>();
        Map<Object, Object> byId = new LinkedHashMap<>();
        for (int key = 0; key < i % 4; key++) {
          GenericRecord keyValue = new GenericData.Record(entry);
          keyValue.put("key", i * 100 + key);
          keyValue.put("value", key == 2 ? null : "v" + key);
          entries.add(keyValue);
          byId.put(i * 100 + key, key == 2 ? null : "v" + key);
        }
        record.put("by_id", entries);
        values.add(byId);
      }
      List<GenericRecord> people = new ArrayList<>();
      List<Object> expectedPeople = new ArrayList<>();
      for (int index = 0; index < i % 3; index++) {
        GenericRecord someone = new GenericData.Record(person);
        List<Long> scores = new ArrayList<>();
        for (int score = 0; score < (i + index) % 4; score++) {
          scores.add((long) i * 1000 + score);
        }
        someone.put("name", "p" + i + "." + index);
        someone.put("scores", scores);
        people.add(someone);
        expectedPeople.add(row("p" + i + "." + index, scores));
      }
      record.put("people", people);
      values.add(expectedPeople);
      records.add(record);
      expected.add(values);
    }
    Path file = AvroFiles.write(directory.resolve("nested.avro"), avro, records, 64);

    List<List<Object>> rows = AvroFiles.readRows(AvroFiles.request(file, NESTED, 5));

    assertThat(rows)
        .as("structs, lists, string-keyed and int-keyed maps, lists of structs with lists")
        .isEqualTo(expected);
  }

  private static org.apache.avro.Schema nonNull(org.apache.avro.Schema union) {
    return union.getTypes().get(1);
  }

  private static GenericData.Fixed fixed(
      org.apache.avro.Schema record, String field, byte[] bytes) {
    return new GenericData.Fixed(nonNull(record.getField(field).schema()), bytes);
  }

  /** Big-endian two's complement, sign-extended to {@code size} bytes, as Avro's decimal fixed. */
  static byte[] unscaled(BigDecimal value, int size) {
    byte[] minimal = value.unscaledValue().toByteArray();
    byte[] bytes = new byte[size];
    byte fill = (byte) (value.signum() < 0 ? -1 : 0);
    Arrays.fill(bytes, 0, size - minimal.length, fill);
    System.arraycopy(minimal, 0, bytes, size - minimal.length, minimal.length);
    return bytes;
  }

  private static byte[] uuidBytes(UUID uuid) {
    return ByteBuffer.allocate(16)
        .putLong(uuid.getMostSignificantBits())
        .putLong(uuid.getLeastSignificantBits())
        .array();
  }

  static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
