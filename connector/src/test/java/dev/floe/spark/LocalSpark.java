package dev.floe.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The local Spark session of a connector test: no UI, bound to loopback (left alone, Spark binds
 * the machine's address), with whatever the test adds.
 */
public final class LocalSpark {
  private LocalSpark() {}

  public static SparkSession.Builder builder(String appName, int threads) {
    return SparkSession.builder()
        .master("local[" + threads + "]")
        .appName(appName)
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1");
  }
}
