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
          .identity("flag")
          .bucket("s", 8)
          .truncate("dec", 100)
          .truncate("l", 10)
          .build();

  /** Apart from {@link #TYPES_SPEC}, so a reader failing on fixed values hides no other type. */
  static final PartitionSpec FIXED_SPEC =
      PartitionSpec.builderFor(TYPES_SCHEMA).identity("f").build();

  static final Schema NANOS_SCHEMA =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "ts_ns", Types.TimestampNanoType.withoutZone()),
          optional(3, "tstz_ns", Types.TimestampNanoType.withZone()));

  static final PartitionSpec NANOS_SPEC =
      PartitionSpec.builderFor(NANOS_SCHEMA).identity("ts_ns").hour("tstz_ns").build();

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
   * hour, timestamptz by month, decimal, uuid, binary, boolean, bucket, truncate; fixed has its own
   * scenario). Files differ from {@code p-base} in one value each; one file has only nulls. From v2
   * on, partition-scoped deletes target {@code p-base} and the all-null partition, so only an exact
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
            .appendFile(typed(table, "p-long", variant(base, 1, 11L)))
            .appendFile(typed(table, "p-string", variant(base, 2, "y")))
            .appendFile(typed(table, "p-date", variant(base, 3, 19_001)))
            .appendFile(typed(table, "p-hour", variant(base, 4, 456_001)))
            .appendFile(typed(table, "p-month", variant(base, 5, 601)))
            .appendFile(typed(table, "p-decimal", variant(base, 6, new BigDecimal("12.35"))))
            .appendFile(typed(table, "p-uuid", variant(base, 7, SECOND_UUID)))
            .appendFile(typed(table, "p-binary", variant(base, 8, bytes(1, 2, 4))))
            .appendFile(typed(table, "p-boolean", variant(base, 9, false)))
            .appendFile(typed(table, "p-bucket", variant(base, 10, 6)))
            .appendFile(
                typed(table, "p-truncated-decimal", variant(base, 11, new BigDecimal("13.00"))))
            .appendFile(typed(table, "p-truncated-long", variant(base, 12, 20L)));
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

  /**
   * Format v3's nanosecond timestamps as partition sources: identity on {@code timestamp_ns} (a
   * long of nanoseconds) and hour on {@code timestamptz_ns}, with partition-scoped equality deletes
   * that must match one tuple exactly.
   */
  static FixtureTable nanosecondTimestamps(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, NANOS_SCHEMA, NANOS_SPEC);
    PartitionData base = FixtureTable.partition(NANOS_SPEC, 1_700_000_000_123_456_789L, 472_222);
    PartitionData nextNanosecond =
        FixtureTable.partition(NANOS_SPEC, 1_700_000_000_123_456_790L, 472_222);
    PartitionData nulls = FixtureTable.partition(NANOS_SPEC, null, null);
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(nanos(table, "n-base", base))
            .appendFile(nanos(table, "n-next-nanosecond", nextNanosecond))
            .appendFile(nanos(table, "n-null", nulls)));
    table.commit(
        table
            .table()
            .newRowDelta()
            .addDeletes(
                table
                    .equalityDeletesBuilder(NANOS_SPEC, "n-base-eq", null, 1, 1)
                    .withPartition(base)
                    .build()));
    return table;
  }

  private static DataFile nanos(FixtureTable table, String name, PartitionData partition) {
    return table.dataBuilder(NANOS_SPEC, name, null, 10).withPartition(partition).build();
  }

  /**
   * An identity partition on a {@code fixed[3]} column: files in two values and null, and from v2
   * on a partition-scoped equality delete for one value.
   */
  static FixtureTable fixedPartition(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, TYPES_SCHEMA, FIXED_SPEC);
    PartitionData base = FixtureTable.partition(FIXED_SPEC, bytes(1, 2, 3));
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(fixed(table, "f-base", base))
            .appendFile(fixed(table, "f-other", FixtureTable.partition(FIXED_SPEC, bytes(1, 2, 4))))
            .appendFile(fixed(table, "f-null", FixtureTable.partition(FIXED_SPEC, (Object) null))));
    if (formatVersion >= 2) {
      table.commit(
          table
              .table()
              .newRowDelta()
              .addDeletes(
                  table
                      .equalityDeletesBuilder(FIXED_SPEC, "f-base-eq", null, 1, 1)
                      .withPartition(base)
                      .build()));
    }
    return table;
  }

  private static DataFile fixed(FixtureTable table, String name, PartitionData partition) {
    return table.dataBuilder(FIXED_SPEC, name, null, 10).withPartition(partition).build();
  }

  private static ByteBuffer bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int index = 0; index < values.length; index++) {
      bytes[index] = (byte) values[index];
    }
    return ByteBuffer.wrap(bytes);
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
      bytes(1, 2, 3),
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
