package dev.floe.expr;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * {@code bucket[N]}: the spec's 32-bit Murmur3 hash of the value, sign bit dropped, modulo {@code
 * N}. Ints and dates hash as longs so that promoting int to long keeps every bucket; nanosecond
 * timestamps hash as their (floored) microseconds so that both precisions bucket alike.
 *
 * <p>A hash keeps no order, so only equality projects: {@code id = 7} becomes {@code id_bucket =
 * bucket(7)} (inclusive), and {@code id != 7} becomes {@code id_bucket != bucket(7)} (strict).
 */
record BucketTransform(int numberOfBuckets) implements Transform {
  private static final long NANOS_PER_MICRO = 1_000L;

  BucketTransform {
    if (numberOfBuckets <= 0) {
      throw new IllegalArgumentException(
          "Invalid number of buckets: " + numberOfBuckets + " (must be > 0)");
    }
  }

  @Override
  public boolean canTransform(PrimitiveType sourceType) {
    return switch (sourceType.typeId()) {
      case INT,
          LONG,
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
      case BOOLEAN, FLOAT, DOUBLE, UNKNOWN, VARIANT, GEOMETRY, GEOGRAPHY, STRUCT, LIST, MAP ->
          false;
    };
  }

  @Override
  public PrimitiveType resultType(PrimitiveType sourceType) {
    return PrimitiveType.of(TypeId.INT);
  }

  @Override
  public Object apply(PrimitiveType sourceType, Object value) {
    if (value == null) {
      return null;
    }
    return (hash(sourceType, value) & Integer.MAX_VALUE) % numberOfBuckets;
  }

  /** The spec's hash of a value (Appendix B), before the bucket is taken. */
  static int hash(PrimitiveType sourceType, Object value) {
    return switch (sourceType.typeId()) {
      case INT, DATE -> Murmur3Hash.hashLong((Integer) value);
      case LONG, TIME, TIMESTAMP, TIMESTAMPTZ -> Murmur3Hash.hashLong((Long) value);
      case TIMESTAMP_NS, TIMESTAMPTZ_NS ->
          Murmur3Hash.hashLong(Math.floorDiv((Long) value, NANOS_PER_MICRO));
      case DECIMAL -> Murmur3Hash.hashBytes(((BigDecimal) value).unscaledValue().toByteArray());
      case STRING -> Murmur3Hash.hashBytes(((String) value).getBytes(StandardCharsets.UTF_8));
      case UUID -> Murmur3Hash.hashBytes(bigEndianBytes((UUID) value));
      case FIXED, BINARY -> Murmur3Hash.hashBytes((ByteBuffer) value);
      case BOOLEAN, FLOAT, DOUBLE, UNKNOWN, VARIANT, GEOMETRY, GEOGRAPHY, STRUCT, LIST, MAP ->
          throw new IllegalArgumentException("Cannot bucket a value of type " + sourceType);
    };
  }

  private static byte[] bigEndianBytes(UUID uuid) {
    return ByteBuffer.allocate(16)
        .putLong(uuid.getMostSignificantBits())
        .putLong(uuid.getLeastSignificantBits())
        .array();
  }

  @Override
  public Expression projectInclusive(BoundReference partitionField, BoundPredicate predicate) {
    if (!predicate.isOnReference()) {
      return ProjectionRules.sameTransform(this, partitionField, predicate, true);
    }
    PrimitiveType sourceType = predicate.reference().type();
    return switch (predicate.operation()) {
      case IS_NULL, NOT_NULL -> BoundPredicate.unary(predicate.operation(), partitionField);
      case EQ, IN ->
          new BoundPredicate(
              predicate.operation(), partitionField, buckets(sourceType, predicate.values()));
      case IS_NAN, NOT_NAN, LT, LT_EQ, GT, GT_EQ, NOT_EQ, NOT_IN, STARTS_WITH, NOT_STARTS_WITH ->
          Expression.alwaysTrue();
    };
  }

  @Override
  public Expression projectStrict(BoundReference partitionField, BoundPredicate predicate) {
    if (!predicate.isOnReference()) {
      return ProjectionRules.sameTransform(this, partitionField, predicate, false);
    }
    PrimitiveType sourceType = predicate.reference().type();
    return switch (predicate.operation()) {
      case IS_NULL, NOT_NULL -> BoundPredicate.unary(predicate.operation(), partitionField);
      // a bucket other than every value's bucket holds no row equal to any of them
      case NOT_EQ, NOT_IN ->
          new BoundPredicate(
              predicate.operation(), partitionField, buckets(sourceType, predicate.values()));
      case IS_NAN, NOT_NAN, LT, LT_EQ, GT, GT_EQ, EQ, IN, STARTS_WITH, NOT_STARTS_WITH ->
          Expression.alwaysFalse();
    };
  }

  private List<Object> buckets(PrimitiveType sourceType, List<Object> values) {
    return values.stream().map(value -> apply(sourceType, value)).toList();
  }

  @Override
  public String toString() {
    return "bucket[" + numberOfBuckets + "]";
  }
}
