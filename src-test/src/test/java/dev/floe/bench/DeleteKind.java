package dev.floe.bench;

import java.util.Arrays;
import java.util.stream.Collectors;

/** How a delete benchmark deletes rows from a copy of its base table. */
enum DeleteKind {
  /** Format v3: Spark's merge-on-read DELETE writes one deletion vector per data file (Puffin). */
  DELETION_VECTORS("dv", "v3 deletion vectors", 3),
  /** Format v2: Spark's merge-on-read DELETE writes Parquet position delete files. */
  POSITION_DELETES("position", "v2 position deletes", 2),
  /**
   * Format v2: equality delete files written with Iceberg's Java API (Spark SQL never writes
   * equality deletes), laid out by the base table ({@link DeleteBaseTable#writeEqualityDeletes}):
   * one file on {@code id} for the unpartitioned events, one per partition for lineitem.
   */
  EQUALITY_DELETES("equality", "v2 equality deletes", 2);

  private final String settingName;
  private final String label;
  private final int formatVersion;

  DeleteKind(String settingName, String label, int formatVersion) {
    this.settingName = settingName;
    this.label = label;
    this.formatVersion = formatVersion;
  }

  /** The kind's name in {@code bench.deletes.kinds} and in its tables' names. */
  String settingName() {
    return settingName;
  }

  String label() {
    return label;
  }

  int formatVersion() {
    return formatVersion;
  }

  static DeleteKind named(String name) {
    for (DeleteKind kind : values()) {
      if (kind.settingName.equals(name.trim())) {
        return kind;
      }
    }
    throw new IllegalArgumentException(
        "Unknown delete kind '"
            + name.trim()
            + "': use "
            + Arrays.stream(values())
                .map(DeleteKind::settingName)
                .collect(Collectors.joining(", ")));
  }
}
