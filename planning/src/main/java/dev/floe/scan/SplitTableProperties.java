package dev.floe.scan;

import dev.floe.InvalidRequestException;
import java.util.Map;

/**
 * The split settings a table's properties give, with Iceberg's names and defaults; a value that is
 * not one the scan's own settings would accept is an error naming the table and the property.
 */
record SplitTableProperties(String tableName, Map<String, String> properties) {
  static final long DEFAULT_TARGET_SIZE = 128L * 1024 * 1024;
  static final long DEFAULT_OPEN_FILE_COST = 4L * 1024 * 1024;
  static final int DEFAULT_LOOKBACK = 10;

  static final String TARGET_SIZE = "read.split.target-size";
  static final String OPEN_FILE_COST = "read.split.open-file-cost";
  static final String LOOKBACK = "read.split.planning-lookback";
  static final String ADAPTIVE = "read.split.adaptive-size.enabled";

  long targetSize() {
    return number(TARGET_SIZE, DEFAULT_TARGET_SIZE, 1, "bytes");
  }

  long openFileCost() {
    return number(OPEN_FILE_COST, DEFAULT_OPEN_FILE_COST, 0, "bytes");
  }

  int lookback() {
    return (int) Math.min(Integer.MAX_VALUE, number(LOOKBACK, DEFAULT_LOOKBACK, 1, "task groups"));
  }

  boolean adaptive() {
    String value = properties.get(ADAPTIVE);
    if (value == null) {
      return true;
    }
    String trimmed = value.trim();
    if (trimmed.equalsIgnoreCase("true") || trimmed.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(trimmed);
    }
    throw invalid(ADAPTIVE, value, "true or false");
  }

  /** A property that is a number of {@code unit}, at least {@code least}. */
  private long number(String name, long defaultValue, long least, String unit) {
    String value = properties.get(name);
    if (value == null) {
      return defaultValue;
    }
    try {
      long parsed = Long.parseLong(value.trim());
      if (parsed >= least) {
        return parsed;
      }
    } catch (NumberFormatException notANumber) {
      // reported below with the table and property
    }
    throw invalid(name, value, "a number of " + unit + ", at least " + least);
  }

  private InvalidRequestException invalid(String name, String value, String expected) {
    return new InvalidRequestException(
        "Table "
            + tableName
            + " has an invalid "
            + name
            + ": '"
            + value
            + "'; expected "
            + expected);
  }
}
