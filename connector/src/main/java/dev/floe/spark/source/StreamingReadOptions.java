package dev.floe.spark.source;

import dev.floe.InvalidRequestException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The read options of a stream ({@code spark.readStream.format("floe")}), named and meant as
 * Iceberg's: ignored by batch reads, given as read options only (no session conf, no table
 * property).
 *
 * @param fromTimestamp {@code stream-from-timestamp}, ms since the epoch: start at the oldest
 *     snapshot of the current history committed at or after it; null starts at the oldest one
 * @param maxFilesPerBatch {@code streaming-max-files-per-micro-batch}: the most data files one
 *     micro-batch reads; {@link Integer#MAX_VALUE} for no limit
 * @param maxRowsPerBatch {@code streaming-max-rows-per-micro-batch}: a soft bound on the rows of
 *     one micro-batch, counted from the files' record counts (a batch stops after the file that
 *     reaches it, so it may exceed it by one file); {@link Integer#MAX_VALUE} for no limit
 * @param skipDeleteSnapshots {@code streaming-skip-delete-snapshots}: pass over {@code delete}
 *     commits instead of stopping the query at them
 * @param skipOverwriteSnapshots {@code streaming-skip-overwrite-snapshots}: pass over {@code
 *     overwrite} commits instead of stopping the query at them
 */
record StreamingReadOptions(
    Long fromTimestamp,
    int maxFilesPerBatch,
    int maxRowsPerBatch,
    boolean skipDeleteSnapshots,
    boolean skipOverwriteSnapshots) {
  static final String STREAM_FROM_TIMESTAMP = "stream-from-timestamp";
  static final String MAX_FILES_PER_MICRO_BATCH = "streaming-max-files-per-micro-batch";
  static final String MAX_ROWS_PER_MICRO_BATCH = "streaming-max-rows-per-micro-batch";
  static final String SKIP_DELETE_SNAPSHOTS = "streaming-skip-delete-snapshots";
  static final String SKIP_OVERWRITE_SNAPSHOTS = "streaming-skip-overwrite-snapshots";

  /** Every streaming option, as {@link FloeReadOptions} accepts them. */
  static final List<String> NAMES =
      List.of(
          STREAM_FROM_TIMESTAMP,
          MAX_FILES_PER_MICRO_BATCH,
          MAX_ROWS_PER_MICRO_BATCH,
          SKIP_DELETE_SNAPSHOTS,
          SKIP_OVERWRITE_SNAPSHOTS);

  StreamingReadOptions {
    if (maxFilesPerBatch < 1) {
      throw new InvalidRequestException(
          MAX_FILES_PER_MICRO_BATCH + " must be a positive number of files: " + maxFilesPerBatch);
    }
    if (maxRowsPerBatch < 1) {
      throw new InvalidRequestException(
          MAX_ROWS_PER_MICRO_BATCH + " must be a positive number of rows: " + maxRowsPerBatch);
    }
  }

  /**
   * The streaming options among a read's options (keys in any case); others are left to {@link
   * FloeReadOptions}.
   *
   * @throws InvalidRequestException for a value that is not a number or a boolean where one is
   *     needed, or a limit that is not positive
   */
  static StreamingReadOptions parse(Map<String, String> options) {
    Map<String, String> byName = new TreeMap<>();
    options.forEach((name, value) -> byName.put(name.toLowerCase(Locale.ROOT), value));
    return new StreamingReadOptions(
        ReadSetting.number(ReadSetting.option(STREAM_FROM_TIMESTAMP, byName)),
        limit(ReadSetting.option(MAX_FILES_PER_MICRO_BATCH, byName)),
        limit(ReadSetting.option(MAX_ROWS_PER_MICRO_BATCH, byName)),
        ReadSetting.bool(ReadSetting.option(SKIP_DELETE_SNAPSHOTS, byName), false),
        ReadSetting.bool(ReadSetting.option(SKIP_OVERWRITE_SNAPSHOTS, byName), false));
  }

  /** A limit is an int, as Iceberg's are; unset is no limit. */
  private static int limit(ReadSetting setting) {
    Integer value = ReadSetting.intNumber(setting);
    return value == null ? Integer.MAX_VALUE : value;
  }

  boolean limitsFiles() {
    return maxFilesPerBatch != Integer.MAX_VALUE;
  }

  boolean limitsRows() {
    return maxRowsPerBatch != Integer.MAX_VALUE;
  }
}
