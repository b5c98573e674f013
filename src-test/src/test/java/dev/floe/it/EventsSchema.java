package dev.floe.it;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/** The schema most scenarios share: an event id, a payload, a category and a timestamp. */
final class EventsSchema {
  static final int ID = 1;
  static final int DATA = 2;
  static final int CATEGORY = 3;
  static final int TS = 4;

  static final Schema SCHEMA =
      new Schema(
          required(ID, "id", Types.LongType.get()),
          optional(DATA, "data", Types.StringType.get()),
          optional(CATEGORY, "category", Types.StringType.get()),
          optional(TS, "ts", Types.TimestampType.withZone()));

  static final PartitionSpec BY_CATEGORY =
      PartitionSpec.builderFor(SCHEMA).identity("category").build();

  /** Hive's name for a null partition value, which Iceberg parses back to null. */
  static final String NULL_VALUE = "__HIVE_DEFAULT_PARTITION__";

  private EventsSchema() {}
}
