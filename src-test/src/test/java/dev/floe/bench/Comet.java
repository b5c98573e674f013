package dev.floe.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;

/**
 * Apache DataFusion Comet 0.12.0 as the lineitem suite runs it: Iceberg's Spark reader with Comet's
 * native Iceberg scan (iceberg-rust) in place of Iceberg's. The settings are Comet 0.12.0's own
 * (docs/source/user-guide/latest/installation.md, configs.md and tuning.md at its tag 0.12.0).
 *
 * <p>Comet is a Spark plugin, started with the session, so the session shared by every reader is
 * built with it; its rules then act on a query only while {@code spark.comet.enabled} (a runtime
 * SQL setting) is true, which {@link #enabled} makes it for the Comet reader's queries alone.
 * Nothing here names a Comet class: the shared test sources also compile for the Spark 4 lines,
 * which have no Comet.
 */
final class Comet {
  /** The plugin's class: on the classpath only on the Spark 3.5 line with -Pbench-lineitem. */
  static final String PLUGIN = "org.apache.spark.CometPlugin";

  /** The runtime switch: false for the whole session, true around a Comet query. */
  static final String ENABLED = "spark.comet.enabled";

  /** Off-heap memory the session gives Spark and Comet (shared, Comet's "unified" pool). */
  static final String OFF_HEAP_SIZE = "2g";

  private Comet() {}

  /** Whether Comet's jar is on this JVM's classpath. */
  static boolean onClassPath() {
    try {
      Class.forName(PLUGIN, false, Comet.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /**
   * What the session starts with when Comet is timed. Comet needs off-heap memory (its plugin
   * disables itself without it), which also moves Spark's own operators' memory off the heap for
   * every reader. Comet's shuffle is left off: it needs Comet's shuffle manager, a static setting
   * that would carry every reader's shuffles, and the suite's shuffles are a few aggregated rows.
   */
  static Map<String, String> sessionSettings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("spark.plugins", PLUGIN);
    settings.put("spark.memory.offHeap.enabled", "true");
    settings.put("spark.memory.offHeap.size", OFF_HEAP_SIZE);
    settings.put(ENABLED, "false");
    settings.put("spark.comet.exec.enabled", "true");
    settings.put("spark.comet.scan.icebergNative.enabled", "true");
    settings.put("spark.comet.exec.shuffle.enabled", "false");
    // a native library that fails to load fails the query instead of falling back to Spark unseen
    settings.put("spark.comet.nativeLoadRequired", "true");
    return settings;
  }

  /**
   * What turns Comet's operators on above a scan that is not its own (runtime SQL settings, read by
   * Comet's rules as each query is planned): Comet 0.12.0 converts the columnar batches of a leaf
   * whose operator name, less its {@code Exec}, is listed ({@code CometSparkToColumnarExec}, shown
   * as {@code CometSparkColumnarToColumnar}), here {@code BatchScan}, Floe's scan among them.
   * Comet's configs.md calls the conversion experimental, with known issues outside UTC; the suite
   * runs in UTC and checks every answer.
   */
  static Map<String, String> aboveSparkScans() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("spark.comet.sparkToColumnar.enabled", "true");
    settings.put("spark.comet.sparkToColumnar.supportedOperatorList", "BatchScan");
    return settings;
  }

  /** Runs {@code query} (planning and execution) with Comet on, and turns it off again. */
  static <T> T enabled(SparkSession spark, Supplier<T> query) {
    return enabled(spark, Map.of(), query);
  }

  /**
   * Runs {@code query} with Comet on and its operators converting Spark's batch scans ({@link
   * #aboveSparkScans}), so they run above Floe's; then turns both off again.
   */
  static <T> T enabledAboveSparkScans(SparkSession spark, Supplier<T> query) {
    return enabled(spark, aboveSparkScans(), query);
  }

  private static <T> T enabled(
      SparkSession spark, Map<String, String> settings, Supplier<T> query) {
    spark.conf().set(ENABLED, "true");
    settings.forEach((name, value) -> spark.conf().set(name, value));
    try {
      return query.get();
    } finally {
      settings.keySet().forEach(name -> spark.conf().unset(name));
      spark.conf().set(ENABLED, "false");
    }
  }
}
