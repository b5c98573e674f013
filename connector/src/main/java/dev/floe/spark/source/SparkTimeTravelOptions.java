package dev.floe.spark.source;

import dev.floe.InvalidRequestException;
import dev.floe.table.SnapshotRef;
import dev.floe.table.TableMetadata;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.catalyst.util.DateTimeUtils$;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Option;

/**
 * Spark's own time-travel read options, {@code versionAsOf} and {@code timestampAsOf}, which Spark
 * passes to a path data source unchanged, translated into Floe's:
 *
 * <pre>{@code
 * .option("versionAsOf", "3055729675574597004")   // snapshot-id
 * .option("versionAsOf", "audit")                 // tag audit if there is one, else branch audit
 * .option("timestampAsOf", "2026-01-01 00:00:00") // as-of-timestamp, in the session time zone
 * .option("timestampAsOf", "1767225600000")       // as-of-timestamp, ms since the epoch
 * }</pre>
 */
public final class SparkTimeTravelOptions {
  static final String VERSION_AS_OF = "versionAsOf";
  static final String TIMESTAMP_AS_OF = "timestampAsOf";

  private static final List<String> FLOE_SELECTORS =
      List.of(
          FloeReadOptions.SNAPSHOT_ID,
          FloeReadOptions.AS_OF_TIMESTAMP,
          FloeReadOptions.BRANCH,
          FloeReadOptions.TAG);

  private SparkTimeTravelOptions() {}

  /**
   * {@code options} with {@code versionAsOf} and {@code timestampAsOf} replaced by Floe's options.
   *
   * @throws InvalidRequestException when Spark's option comes with another selector, or the
   *     timestamp cannot be read
   */
  static Map<String, String> translate(
      Map<String, String> options, TableMetadata metadata, ZoneId sessionZone) {
    Map<String, String> translated = new LinkedHashMap<>();
    List<String> sparkSelectors = new ArrayList<>();
    List<String> floeSelectors = new ArrayList<>();
    String version = null;
    String timestamp = null;
    for (Map.Entry<String, String> option : options.entrySet()) {
      String key = option.getKey();
      if (key.equalsIgnoreCase(VERSION_AS_OF)) {
        version = option.getValue();
        sparkSelectors.add(VERSION_AS_OF + "=" + version);
      } else if (key.equalsIgnoreCase(TIMESTAMP_AS_OF)) {
        timestamp = option.getValue();
        sparkSelectors.add(TIMESTAMP_AS_OF + "=" + timestamp);
      } else {
        if (FLOE_SELECTORS.contains(key.toLowerCase(Locale.ROOT))) {
          floeSelectors.add(key + "=" + option.getValue());
        }
        translated.put(key, option.getValue());
      }
    }
    if (sparkSelectors.isEmpty()) {
      return options;
    }
    if (sparkSelectors.size() + floeSelectors.size() > 1) {
      List<String> all = new ArrayList<>(sparkSelectors);
      all.addAll(floeSelectors);
      throw new InvalidRequestException(
          "Cannot read with more than one snapshot selector: "
              + String.join(", ", all)
              + "; give at most one of "
              + String.join(", ", FLOE_SELECTORS)
              + ", "
              + VERSION_AS_OF
              + ", "
              + TIMESTAMP_AS_OF);
    }
    if (version != null) {
      translated.putAll(versionOption(version, metadata));
    } else {
      translated.put(
          FloeReadOptions.AS_OF_TIMESTAMP, Long.toString(timestampMillis(timestamp, sessionZone)));
    }
    return translated;
  }

  /** A number is ms since the epoch; anything else a timestamp as Spark SQL reads it. */
  static long timestampMillis(String value, ZoneId sessionZone) {
    String trimmed = value.trim();
    if (trimmed.matches("-?\\d{1,19}")) {
      return Long.parseLong(trimmed);
    }
    Option<Object> micros =
        DateTimeUtils$.MODULE$.stringToTimestamp(UTF8String.fromString(trimmed), sessionZone);
    if (micros.isEmpty()) {
      throw new InvalidRequestException(
          "Read option "
              + TIMESTAMP_AS_OF
              + " must be a timestamp such as '2026-01-01 00:00:00' (session time zone "
              + sessionZone
              + ") or ms since the epoch, not '"
              + value
              + "'");
    }
    return Math.floorDiv((Long) micros.get(), 1000L);
  }

  /**
   * The read option a {@code VERSION AS OF} value means: a snapshot id when it is a number, else
   * the tag of that name, else the branch (which planning reports as unknown, listing the refs).
   */
  public static Map<String, String> versionOption(String version, TableMetadata metadata) {
    String trimmed = version.trim();
    if (trimmed.matches("-?\\d{1,19}")) {
      return Map.of(FloeReadOptions.SNAPSHOT_ID, trimmed);
    }
    SnapshotRef ref = metadata.ref(version);
    boolean tag = ref != null && ref.type() == SnapshotRef.RefType.TAG;
    return Map.of(tag ? FloeReadOptions.TAG : FloeReadOptions.BRANCH, version);
  }
}
