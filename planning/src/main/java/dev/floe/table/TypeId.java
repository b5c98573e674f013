package dev.floe.table;

/** Every type of the Iceberg spec, by the name the spec gives it in JSON. */
public enum TypeId {
  BOOLEAN,
  INT,
  LONG,
  FLOAT,
  DOUBLE,
  DECIMAL,
  DATE,
  TIME,
  TIMESTAMP,
  TIMESTAMPTZ,
  TIMESTAMP_NS,
  TIMESTAMPTZ_NS,
  STRING,
  UUID,
  FIXED,
  BINARY,
  UNKNOWN,
  VARIANT,
  GEOMETRY,
  GEOGRAPHY,
  STRUCT,
  LIST,
  MAP
}
