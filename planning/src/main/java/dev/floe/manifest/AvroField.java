package dev.floe.manifest;

import java.util.List;
import java.util.Objects;
import org.apache.avro.Schema;

/**
 * A field of an Iceberg metadata struct that Floe reads from Avro: found by its Iceberg field id,
 * never by name or position, and checked against the Avro types the spec allows for it. {@code
 * name} is the spec's name, used only in messages.
 */
record AvroField(int id, String name, boolean required, List<Schema.Type> types) {
  AvroField {
    Objects.requireNonNull(name, "name");
    types = List.copyOf(types);
    if (id < 0 || types.isEmpty()) {
      throw new IllegalArgumentException("Bad field declaration " + id + " " + name);
    }
  }

  static AvroField required(int id, String name, Schema.Type... types) {
    return new AvroField(id, name, true, List.of(types));
  }

  static AvroField optional(int id, String name, Schema.Type... types) {
    return new AvroField(id, name, false, List.of(types));
  }

  /** The spec's name and id, as messages show a field: {@code file_path (100)}. */
  String label() {
    return name + " (" + id + ")";
  }
}
