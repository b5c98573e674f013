package dev.floe.spark.convert;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;

/**
 * The Hadoop settings of a Spark session that differ from the classpath defaults ({@code
 * spark.hadoop.*}, s3a credentials and endpoints, ...), so that executors build the same file
 * access without Spark's Hadoop configuration object, which is not serializable.
 */
public final class SparkHadoopProperties {
  private SparkHadoopProperties() {}

  public static Map<String, String> of(SparkSession spark) {
    Configuration session = spark.sessionState().newHadoopConf();
    Configuration defaults = new Configuration();
    Map<String, String> properties = new HashMap<>();
    for (Map.Entry<String, String> entry : session) {
      if (!Objects.equals(defaults.getRaw(entry.getKey()), entry.getValue())) {
        properties.put(entry.getKey(), entry.getValue());
      }
    }
    return properties;
  }
}
