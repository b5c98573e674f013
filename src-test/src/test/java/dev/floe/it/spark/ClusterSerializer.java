package dev.floe.it.spark;

import java.util.Map;

/**
 * The serializer settings every cluster test runs under. Plain Kryo is not among them: Kryo with
 * {@code registrationRequired} is the same serializer with one more check, so a read it serves is
 * one plain Kryo serves too.
 */
enum ClusterSerializer {
  JAVA("Java serialization", Map.of()),
  /** Kryo refusing every class nobody registered: Floe must not need a registrator. */
  KRYO_REGISTRATION_REQUIRED(
      "Kryo, registration required",
      Map.of(
          "spark.serializer",
          ClusterSerializer.KRYO_SERIALIZER,
          "spark.kryo.registrationRequired",
          "true"));

  private static final String KRYO_SERIALIZER = "org.apache.spark.serializer.KryoSerializer";

  private final String label;
  private final Map<String, String> settings;

  ClusterSerializer(String label, Map<String, String> settings) {
    this.label = label;
    this.settings = settings;
  }

  Map<String, String> settings() {
    return settings;
  }

  @Override
  public String toString() {
    return label;
  }
}
