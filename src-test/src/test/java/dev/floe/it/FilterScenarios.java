package dev.floe.it;

import static dev.floe.it.FilterRows.ROWS_PER_BATCH;
import static dev.floe.it.FilterRows.SCHEMA;

import dev.floe.it.FilterRows.Variant;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;

/**
 * Scenarios for filtered planning: tables of real Parquet files written by Iceberg's generic writer
 * ({@link FilterRows}), partitioned by every transform on every type it applies to, with partition
 * and schema evolution, metrics modes and delete files. Each table gets three regular batches of
 * {@link FilterRows#ROWS_PER_BATCH} rows (one file per partition each, so a partition holds several
 * files with shifted value ranges), a batch whose optional columns are all null and a batch whose
 * float columns are all NaN.
 */
final class FilterScenarios {
  /** Every filter scenario's name starts with this. */
  static final String PREFIX = "filter-";

  private FilterScenarios() {}

  static FixtureTable identity(Path directory, int formatVersion) {
    return regular(directory, formatVersion, spec().identity("i").identity("b").build());
  }

  static FixtureTable identityStringsAndDates(Path directory, int formatVersion) {
    return regular(directory, formatVersion, spec().identity("s").identity("d").build());
  }

  static FixtureTable identityLongsAndDecimals(Path directory, int formatVersion) {
    return regular(directory, formatVersion, spec().identity("l").identity("dec").build());
  }

  static FixtureTable bucket(Path directory, int formatVersion) {
    return regular(
        directory, formatVersion, spec().bucket("i", 4).bucket("s", 3).bucket("u", 2).build());
  }

  static FixtureTable bucketWide(Path directory, int formatVersion) {
    return regular(
        directory,
        formatVersion,
        spec().bucket("l", 3).bucket("dec", 4).bucket("bin", 2).bucket("d", 2).build());
  }

  static FixtureTable truncate(Path directory, int formatVersion) {
    return regular(directory, formatVersion, spec().truncate("i", 10).truncate("bin", 2).build());
  }

  static FixtureTable truncateWide(Path directory, int formatVersion) {
    return regular(
        directory,
        formatVersion,
        spec()
            .truncate("s", 3)
            .truncate("l", 1000)
            .truncate("dec", 100)
            .truncate("text", 20)
            .build());
  }

  static FixtureTable years(Path directory, int formatVersion) {
    return regular(directory, formatVersion, spec().year("d").month("ts").day("tstz").build());
  }

  static FixtureTable hours(Path directory, int formatVersion) {
    return regular(directory, formatVersion, spec().month("d").hour("ts").year("tstz").build());
  }

  static FixtureTable days(Path directory, int formatVersion) {
    return regular(directory, formatVersion, spec().day("d").day("ts").hour("tstz").build());
  }

  /** Format v3 only: nanosecond timestamps, by hour and by bucket. */
  static FixtureTable nanoseconds(Path directory, int formatVersion) {
    Schema schema = FilterRows.NANOS_SCHEMA;
    FixtureTable fixture =
        FixtureTable.create(
            directory.toString(),
            formatVersion,
            schema,
            PartitionSpec.builderFor(schema).hour("tsns").bucket("tsns", 2).build(),
            Map.of());
    writeBatches(new FilterTableWriter(fixture), 0, 3);
    return fixture;
  }

  /**
   * Spec 0 partitions by identity on an int and a string; spec 1 drops the string and adds a bucket
   * of a long and the day of a date. The first batch is in spec 0, the rest in spec 1.
   */
  static FixtureTable specEvolution(Path directory, int formatVersion) {
    FixtureTable fixture =
        FixtureTable.create(
            directory.toString(),
            formatVersion,
            SCHEMA,
            spec().identity("i").identity("s").build(),
            Map.of());
    FilterTableWriter writer = new FilterTableWriter(fixture);
    writeBatches(writer, 0, 1);
    fixture.commit(
        fixture
            .table()
            .updateSpec()
            .removeField("s")
            .addField(Expressions.bucket("l", 4))
            .addField(Expressions.day("d")));
    writeBatches(writer, 1, 3);
    return fixture;
  }

  /**
   * The first batch unpartitioned, the rest by identity on a boolean and the month of a timestamp.
   */
  static FixtureTable unpartitionedThenPartitioned(Path directory, int formatVersion) {
    FixtureTable fixture =
        FixtureTable.create(
            directory.toString(), formatVersion, SCHEMA, PartitionSpec.unpartitioned(), Map.of());
    FilterTableWriter writer = new FilterTableWriter(fixture);
    writeBatches(writer, 0, 1);
    fixture.commit(fixture.table().updateSpec().addField("b").addField(Expressions.month("ts")));
    writeBatches(writer, 1, 3);
    return fixture;
  }

  /**
   * A batch with the original schema; column {@code s} renamed to {@code word}, a batch; column
   * {@code n} dropped, column {@code added} added, {@code i} promoted from int to long and {@code
   * f} from float to double, the last batch. Old files lack {@code added}: no metrics, never
   * pruned.
   */
  static FixtureTable schemaEvolution(Path directory, int formatVersion) {
    FixtureTable fixture =
        FixtureTable.create(
            directory.toString(), formatVersion, SCHEMA, spec().identity("b").build(), Map.of());
    FilterTableWriter writer = new FilterTableWriter(fixture);
    writeBatches(writer, 0, 1);
    fixture.commit(fixture.table().updateSchema().renameColumn("s", "word"));
    writeBatches(writer, 1, 2);
    fixture.commit(
        fixture
            .table()
            .updateSchema()
            .deleteColumn("n")
            .addColumn("added", Types.IntegerType.get())
            .updateColumn("i", Types.LongType.get())
            .updateColumn("f", Types.DoubleType.get()));
    writeBatches(writer, 2, 3);
    return fixture;
  }

  /**
   * Unpartitioned, with metrics mode {@code none} for an int, {@code counts} for a string and a
   * double, and bounds truncated to 4 characters for the long strings.
   */
  static FixtureTable metricsModes(Path directory, int formatVersion) {
    Map<String, String> properties =
        Map.of(
            TableProperties.METRICS_MODE_COLUMN_CONF_PREFIX + "i", "none",
            TableProperties.METRICS_MODE_COLUMN_CONF_PREFIX + "s", "counts",
            TableProperties.METRICS_MODE_COLUMN_CONF_PREFIX + "dbl", "counts",
            TableProperties.METRICS_MODE_COLUMN_CONF_PREFIX + "text", "truncate(4)");
    FixtureTable fixture =
        FixtureTable.create(
            directory.toString(), formatVersion, SCHEMA, PartitionSpec.unpartitioned(), properties);
    writeBatches(new FilterTableWriter(fixture), 0, 3);
    return fixture;
  }

  /**
   * Partitioned by a boolean: equality deletes on the filtered int column in two partitions, one on
   * a string, in v2 a position delete file, then one more batch that is newer than every delete.
   */
  static FixtureTable deletes(Path directory, int formatVersion) {
    FixtureTable fixture =
        FixtureTable.create(
            directory.toString(), formatVersion, SCHEMA, spec().identity("b").build(), Map.of());
    FilterTableWriter writer = new FilterTableWriter(fixture);
    List<DataFile> first =
        writer.append(FilterRows.rows(SCHEMA, 0, ROWS_PER_BATCH, Variant.REGULAR));
    writer.append(FilterRows.rows(SCHEMA, ROWS_PER_BATCH, 2 * ROWS_PER_BATCH, Variant.REGULAR));
    PartitionSpec spec = fixture.spec();
    Schema byInt = SCHEMA.select("i");
    Schema byString = SCHEMA.select("s");
    writer.commitDeletes(
        writer.equalityDeletes(
            byInt,
            FixtureTable.partition(spec, true),
            List.of(intRow(byInt, -30), intRow(byInt, 0))),
        writer.equalityDeletes(
            byInt,
            FixtureTable.partition(spec, false),
            List.of(intRow(byInt, 10), intRow(byInt, 21))),
        writer.equalityDeletes(
            byString, FixtureTable.partition(spec, true), List.of(stringRow(byString, "apple0"))));
    if (formatVersion == 2) {
      DataFile target = first.get(0);
      writer.commitDeletes(writer.positionDeletes(target, target.partition(), 0, 1));
    }
    writeBatches(writer, 2, 3);
    return fixture;
  }

  private static Record intRow(Schema schema, int value) {
    GenericRecord record = GenericRecord.create(schema);
    record.setField("i", value);
    return record;
  }

  private static Record stringRow(Schema schema, String value) {
    GenericRecord record = GenericRecord.create(schema);
    record.setField("s", value);
    return record;
  }

  private static PartitionSpec.Builder spec() {
    return PartitionSpec.builderFor(SCHEMA);
  }

  private static FixtureTable regular(Path directory, int formatVersion, PartitionSpec spec) {
    FixtureTable fixture =
        FixtureTable.create(directory.toString(), formatVersion, SCHEMA, spec, Map.of());
    writeBatches(new FilterTableWriter(fixture), 0, 3);
    return fixture;
  }

  /**
   * Appends regular batches {@code first} to {@code last} (exclusive); after the last regular batch
   * of the table, the all-null and the all-NaN batches.
   */
  private static void writeBatches(FilterTableWriter writer, int first, int last) {
    Schema schema = writer.table().schema();
    for (int batch = first; batch < last; batch++) {
      writer.append(
          FilterRows.rows(
              schema, batch * ROWS_PER_BATCH, (batch + 1) * ROWS_PER_BATCH, Variant.REGULAR));
    }
    if (last == 3) {
      writer.append(FilterRows.rows(schema, 200, 206, Variant.ALL_NULL));
      writer.append(FilterRows.rows(schema, 210, 216, Variant.NAN_ONLY));
    }
  }
}
