package dev.floe.it.spark;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Iceberg's answers on the local cluster, computed once per JVM (on the first cluster, with Java
 * serialization) and kept for the clusters with other serializers: the answer does not depend on
 * the serializer, the suite runs three times, and it is Floe that is under test there.
 */
final class IcebergAnswers {
  private static final Map<String, Object> ANSWERS = new ConcurrentHashMap<>();

  private IcebergAnswers() {}

  /** The answer to {@code query}, computed by {@code answer} the first time it is asked. */
  @SuppressWarnings("unchecked")
  static <T> T of(String query, Supplier<T> answer) {
    Object known = ANSWERS.get(query);
    if (known == null) {
      known = answer.get();
      ANSWERS.put(query, known);
    }
    return (T) known;
  }
}
