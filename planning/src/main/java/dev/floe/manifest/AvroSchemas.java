package dev.floe.manifest;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;

/**
 * One instance of each distinct Avro schema the metadata files of a table are read with. Every
 * manifest carries its schema in its header, so each is parsed into a new instance, but a table's
 * manifests of one partition spec all carry the same one; Avro builds its resolution of a writer's
 * schema into a reader's once per pair of instances (cached per thread by identity), so reading a
 * thousand manifests through the same two instances resolves them once instead of a thousand times.
 *
 * <p>Bounded: past {@link #LIMIT} distinct schemas a new one is used as given, uncached.
 */
final class AvroSchemas {
  static final int LIMIT = 256;

  private static final Map<Schema, Schema> CANONICAL = new ConcurrentHashMap<>();

  private AvroSchemas() {}

  /** The first instance seen that equals {@code schema} (names, types, properties), or itself. */
  static Schema canonical(Schema schema) {
    Schema known = CANONICAL.get(schema);
    if (known != null) {
      return known;
    }
    if (CANONICAL.size() >= LIMIT) {
      return schema;
    }
    Schema previous = CANONICAL.putIfAbsent(schema, schema);
    return previous == null ? schema : previous;
  }
}
