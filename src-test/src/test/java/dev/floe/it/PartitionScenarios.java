package dev.floe.it;

import static dev.floe.it.EventsSchema.BY_CATEGORY;
import static dev.floe.it.EventsSchema.NULL_VALUE;
import static dev.floe.it.EventsSchema.SCHEMA;
import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.StringJoiner;
import java.util.UUID;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.PartitionData;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Schema;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;

/**
 * Scenarios about partitioning: spec evolution with files in several specs, an unpartitioned spec
 * followed by a partitioned one, and partition values of every type Iceberg partitions by,
 * including nulls. Where the format version allows deletes, partition-scoped delete files check
 * that partition tuples of each type compare correctly.
 */
final class PartitionScenarios {
  static final Schema TYPES_SCHEMA =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "i", Types.IntegerType.get()),
          optional(3, "l", Types.LongType.get()),
          optional(4, "s", Types.StringType.get()),
          optional(5, "d", Types.DateType.get()),
          optional(6, "ts", Types.TimestampType.withoutZone()),
          optional(7, "tstz", Types.TimestampType.withZone()),
          optional(8, "dec", Types.DecimalType.of(9, 2)),
          optional(9, "u", Types.UUIDType.get()),
          optional(10, "b", Types.BinaryType.get()),
          optional(11, "f", Types.FixedType.ofLength(3)),
          optional(12, "flag", Types.BooleanType.get()));

  static final PartitionSpec TYPES_SPEC =
      PartitionSpec.builderFor(TYPES_SCHEMA)
          .identity("i")
          .identity("l")
          .identity("s")
          .day("d")
          .hour("ts")
          .month("tstz")
          .identity("dec")
          .identity("u")
          .identity("b")
          .identity("f")
          .identity("flag")
          .bucket("s", 8)
          .truncate("dec", 100)
          .truncate("l", 10)
          .build();

  private static final UUID FIRST_UUID = UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7");
  private static final UUID SECOND_UUID = UUID.fromString("0a1b2c3d-0000-4000-8000-000000000001");

  private PartitionScenarios() {}

  /**
   * identity(category), then + bucket(id), then + day(ts) and truncate(data), then - category (a
   * void transform in v1), with files written in every spec, one of them into an old spec after the
   * evolution.
   */
  static FixtureTable specEvolution(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(table.data("s0-a", "category=a", 10))
            .appendFile(table.data("s0-b", "category=b", 11)));

    table.table().updateSpec().addField("id_bucket", Expressions.bucket("id", 4)).commit();
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(table.data("s1-a", path(table.spec(), "a", "1", null, null), 12)));

    table
        .table()
        .updateSpec()
        .addField("ts_day", Expressions.day("ts"))
        .addField("data_trunc", Expressions.truncate("data", 2))
        .commit();
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(table.data("s2-a", path(table.spec(), "a", "2", "2024-01-02", "ab"), 13))
            .appendFile(table.data("s2-null", path(table.spec(), null, null, null, null), 14)));

    table.table().updateSpec().removeField("category").commit();
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(table.data("s3", path(table.spec(), null, "3", "2024-02-03", "cd"), 15))
            .appendFile(table.data(table.spec(0), "s0-late", "category=c", 16)));

    if (formatVersion >= 2) {
      // Partition-scoped deletes in an old spec only reach files of that spec and partition.
      RowDelta delta =
          table
              .table()
              .newRowDelta()
              .addDeletes(
                  table
                      .equalityDeletesBuilder(
                          table.spec(1),
                          "s1-a-eq",
                          path(table.spec(1), "a", "1", null, null),
                          1,
                          EventsSchema.ID)
                      .build())
              .addDeletes(
                  table
                      .equalityDeletesBuilder(
                          table.spec(0), "s0-c-eq", "category=c", 1, EventsSchema.ID)
                      .build());
      table.commit(delta);
    }
    return table;
  }

  /**
   * A Hive-style partition path for the spec's fields in order: category, id_bucket, ts_day,
   * data_trunc as far as the spec has them, null for absent values.
   */
  private static String path(PartitionSpec spec, String... values) {
    StringJoiner joiner = new StringJoiner("/");
    Map<String, Integer> positions =
        Map.of("category", 0, "id_bucket", 1, "ts_day", 2, "data_trunc", 3);
    for (PartitionField field : spec.fields()) {
      String value = values[positions.get(field.name())];
      joiner.add(field.name() + "=" + (value == null ? NULL_VALUE : value));
    }
    return joiner.toString();
  }

  /** Spec 0 is unpartitioned; later files are partitioned by category. */
  static FixtureTable unpartitionedThenPartitioned(Path directory, int formatVersion) {
    FixtureTable table =
        FixtureTable.create(directory, formatVersion, SCHEMA, PartitionSpec.unpartitioned());
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(table.data("u1", null, 10))
            .appendFile(table.data("u2", null, 20)));
    table.table().updateSpec().addField("category").commit();
    table.commit(
        table
            .table()
            .newAppend()
            .appendFile(table.data("a1", "category=a", 30))
            .appendFile(table.data("b1", "category=b", 40)));
    table.commit(
        table.table().newFastAppend().appendFile(table.data(table.spec(0), "u3", null, 5)));
    return table;
  }

  /**
   * A spec with a field of every partitionable type (int, long, string, date by day, timestamp by
   * hour, timestamptz by month, decimal, uuid, binary, fixed, boolean, bucket, truncate). Files
   * differ from {@code p-base} in one value each; one file has only nulls. From v2 on,
   * partition-scoped deletes target {@code p-base} and the all-null partition, so only an exact
   * tuple match may attach them.
   */
  static FixtureTable partitionTypes(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, TYPES_SCHEMA, TYPES_SPEC);
    Object[] base = baseTuple();
    PartitionData basePartition = FixtureTable.partition(TYPES_SPEC, base);
    PartitionData nullPartition = FixtureTable.partition(TYPES_SPEC, new Object[base.length]);
    AppendFiles append =
        table
            .table()
            .newFastAppend()
            .appendFile(typed(table, "p-base", basePartition))
            .appendFile(typed(table, "p-null", nullPartition))
            .appendFile(typed(table, "p-int", variant(base, 0, 2)))
            .appendFile(typed(table, "p-string", variant(base, 2, "y")))
            .appendFile(typed(table, "p-date", variant(base, 3, 19_001)))
            .appendFile(typed(table, "p-hour", variant(base, 4, 456_001)))
            .appendFile(typed(table, "p-decimal", variant(base, 6, new BigDecimal("12.35"))))
            .appendFile(typed(table, "p-uuid", variant(base, 7, SECOND_UUID)))
            .appendFile(
                typed(table, "p-binary", variant(base, 8, ByteBuffer.wrap(new byte[] {1, 2, 4}))))
            .appendFile(
                typed(table, "p-fixed", variant(base, 9, ByteBuffer.wrap(new byte[] {1, 2, 4}))))
            .appendFile(typed(table, "p-boolean", variant(base, 10, false)));
    table.commit(append);
    if (formatVersion >= 2) {
      RowDelta delta = table.table().newRowDelta();
      delta.addDeletes(typedEqualityDeletes(table, "p-base-eq", basePartition));
      delta.addDeletes(typedEqualityDeletes(table, "p-null-eq", nullPartition));
      if (formatVersion == 2) {
        delta.addDeletes(
            table
                .positionDeletesBuilder(TYPES_SPEC, "p-base-pos", null, 1)
                .withPartition(basePartition)
                .build());
      }
      table.commit(delta);
    }
    return table;
  }

  private static Object[] baseTuple() {
    return new Object[] {
      1,
      10L,
      "x",
      19_000,
      456_000,
      600,
      new BigDecimal("12.34"),
      FIRST_UUID,
      ByteBuffer.wrap(new byte[] {1, 2, 3}),
      ByteBuffer.wrap(new byte[] {1, 2, 3}),
      true,
      5,
      new BigDecimal("12.00"),
      10L
    };
  }

  private static PartitionData variant(Object[] base, int position, Object value) {
    Object[] values = Arrays.copyOf(base, base.length);
    values[position] = value;
    return FixtureTable.partition(TYPES_SPEC, values);
  }

  private static DataFile typed(FixtureTable table, String name, PartitionData partition) {
    return table.dataBuilder(TYPES_SPEC, name, null, 10).withPartition(partition).build();
  }

  private static DeleteFile typedEqualityDeletes(
      FixtureTable table, String name, PartitionData partition) {
    return table
        .equalityDeletesBuilder(TYPES_SPEC, name, null, 1, 1)
        .withPartition(partition)
        .build();
  }
}
