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
  MAP;

  /**
   * Whether values of this type are scalars with a total order and a single-value serialization
   * (JSON and binary), so that bounds can be decoded, printed and compared. Unknown, variant,
   * geospatial and nested types are not.
   */
  public boolean hasOrderedValues() {
    return switch (this) {
      case BOOLEAN,
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
          BINARY ->
          true;
      case UNKNOWN, VARIANT, GEOMETRY, GEOGRAPHY, STRUCT, LIST, MAP -> false;
    };
  }

  /**
   * Whether a manifest's lower and upper bounds of this type are the exact smallest and largest
   * values (for floating point, of the values other than NaN): unlike string and binary bounds they
   * are never truncated, and unlike uuid bounds they have one order.
   */
  public boolean hasExactBounds() {
    return switch (this) {
      case BOOLEAN,
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
          TIMESTAMPTZ_NS ->
          true;
      case STRING, UUID, FIXED, BINARY, UNKNOWN, VARIANT, GEOMETRY, GEOGRAPHY, STRUCT, LIST, MAP ->
          false;
    };
  }

  public boolean isFloatingPoint() {
    return this == FLOAT || this == DOUBLE;
  }
}
