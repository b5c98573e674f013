package dev.floe.table;

import java.util.Objects;

/**
 * A primitive type. Parameters apply only to the types that take them: {@code precision} and {@code
 * scale} to decimal, {@code length} to fixed, {@code crs} to geometry and geography, and {@code
 * algorithm} to geography; they are 0 or null elsewhere. Use the factories.
 */
public record PrimitiveType(
    TypeId typeId, int precision, int scale, int length, String crs, String algorithm)
    implements Type {

  public PrimitiveType {
    Objects.requireNonNull(typeId, "typeId");
    if (typeId == TypeId.STRUCT || typeId == TypeId.LIST || typeId == TypeId.MAP) {
      throw new IllegalArgumentException("Not a primitive type: " + typeId);
    }
  }

  public static PrimitiveType of(TypeId typeId) {
    if (typeId == TypeId.DECIMAL || typeId == TypeId.FIXED) {
      throw new IllegalArgumentException(typeId + " needs parameters");
    }
    return new PrimitiveType(typeId, 0, 0, 0, null, null);
  }

  public static PrimitiveType decimal(int precision, int scale) {
    return new PrimitiveType(TypeId.DECIMAL, precision, scale, 0, null, null);
  }

  public static PrimitiveType fixed(int length) {
    return new PrimitiveType(TypeId.FIXED, 0, 0, length, null, null);
  }

  public static PrimitiveType geometry(String crs) {
    return new PrimitiveType(TypeId.GEOMETRY, 0, 0, 0, crs, null);
  }

  public static PrimitiveType geography(String crs, String algorithm) {
    return new PrimitiveType(TypeId.GEOGRAPHY, 0, 0, 0, crs, algorithm);
  }

  /**
   * The type as the spec writes it in JSON: {@code decimal(9,2)}, {@code fixed[16]}, {@code long}.
   */
  @Override
  public String toString() {
    return switch (typeId) {
      case DECIMAL -> "decimal(" + precision + "," + scale + ")";
      case FIXED -> "fixed[" + length + "]";
      case GEOMETRY -> crs == null ? "geometry" : "geometry(" + crs + ")";
      case GEOGRAPHY ->
          crs == null
              ? "geography"
              : "geography(" + crs + (algorithm == null ? "" : ", " + algorithm) + ")";
      case BOOLEAN,
          INT,
          LONG,
          FLOAT,
          DOUBLE,
          DATE,
          TIME,
          TIMESTAMP,
          TIMESTAMPTZ,
          TIMESTAMP_NS,
          TIMESTAMPTZ_NS,
          STRING,
          UUID,
          BINARY,
          UNKNOWN,
          VARIANT,
          STRUCT,
          LIST,
          MAP ->
          typeId.name().toLowerCase(java.util.Locale.ROOT);
    };
  }
}
