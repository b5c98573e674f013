package dev.floe.expr;

import dev.floe.table.PrimitiveType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;

/**
 * {@code truncate[W]}: ints and longs rounded down to a multiple of {@code W} ({@code -1} gives
 * {@code -10} for {@code W = 10}), decimals likewise on their unscaled value ({@code 10.65} gives
 * {@code 10.50} for {@code W = 50} at scale 2), strings cut to {@code W} code points and binary
 * values to {@code W} bytes. The result has the source type.
 */
record TruncateTransform(int width) implements Transform {
  TruncateTransform {
    if (width <= 0) {
      throw new IllegalArgumentException("Invalid truncate width: " + width + " (must be > 0)");
    }
  }

  @Override
  public boolean canTransform(PrimitiveType sourceType) {
    return switch (sourceType.typeId()) {
      case INT, LONG, DECIMAL, STRING, BINARY -> true;
      case BOOLEAN,
          FLOAT,
          DOUBLE,
          DATE,
          TIME,
          TIMESTAMP,
          TIMESTAMPTZ,
          TIMESTAMP_NS,
          TIMESTAMPTZ_NS,
          UUID,
          FIXED,
          UNKNOWN,
          VARIANT,
          GEOMETRY,
          GEOGRAPHY,
          STRUCT,
          LIST,
          MAP ->
          false;
    };
  }

  @Override
  public PrimitiveType resultType(PrimitiveType sourceType) {
    return sourceType;
  }

  @Override
  public Object apply(PrimitiveType sourceType, Object value) {
    if (value == null) {
      return null;
    }
    return switch (sourceType.typeId()) {
      // the spec's formula, overflow included, so partition values match other writers' exactly
      case INT -> {
        int number = (Integer) value;
        yield number - (((number % width) + width) % width);
      }
      case LONG -> {
        long number = (Long) value;
        yield number - (((number % width) + width) % width);
      }
      case DECIMAL -> truncateDecimal((BigDecimal) value);
      case STRING -> truncateString((String) value);
      case BINARY -> truncateBinary((ByteBuffer) value);
      case BOOLEAN,
          FLOAT,
          DOUBLE,
          DATE,
          TIME,
          TIMESTAMP,
          TIMESTAMPTZ,
          TIMESTAMP_NS,
          TIMESTAMPTZ_NS,
          UUID,
          FIXED,
          UNKNOWN,
          VARIANT,
          GEOMETRY,
          GEOGRAPHY,
          STRUCT,
          LIST,
          MAP ->
          throw new IllegalArgumentException("Cannot truncate a value of type " + sourceType);
    };
  }

  private BigDecimal truncateDecimal(BigDecimal value) {
    BigInteger unscaledWidth = BigInteger.valueOf(width);
    BigInteger remainder =
        value.unscaledValue().remainder(unscaledWidth).add(unscaledWidth).remainder(unscaledWidth);
    return new BigDecimal(value.unscaledValue().subtract(remainder), value.scale());
  }

  private String truncateString(String value) {
    if (value.length() <= width) {
      // fewer chars than the width means fewer code points too
      return value;
    }
    int codePoints = value.codePointCount(0, value.length());
    return codePoints <= width ? value : value.substring(0, value.offsetByCodePoints(0, width));
  }

  private ByteBuffer truncateBinary(ByteBuffer value) {
    ByteBuffer view = value.asReadOnlyBuffer();
    view.limit(view.position() + Math.min(width, view.remaining()));
    return view.slice();
  }

  @Override
  public Expression projectInclusive(BoundReference partitionField, BoundPredicate predicate) {
    if (!predicate.isOnReference()) {
      return ProjectionRules.sameTransform(this, partitionField, predicate, true);
    }
    PrimitiveType sourceType = predicate.reference().type();
    return switch (predicate.operation()) {
      case STARTS_WITH -> startsWithInclusive(partitionField, (String) predicate.value());
      case NOT_STARTS_WITH -> notStartsWithInclusive(partitionField, (String) predicate.value());
      case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN, LT, LT_EQ, GT, GT_EQ, EQ, NOT_EQ, IN, NOT_IN ->
          ProjectionRules.orderedInclusive(
              partitionField, predicate, value -> apply(sourceType, value));
    };
  }

  @Override
  public Expression projectStrict(BoundReference partitionField, BoundPredicate predicate) {
    if (!predicate.isOnReference()) {
      return ProjectionRules.sameTransform(this, partitionField, predicate, false);
    }
    PrimitiveType sourceType = predicate.reference().type();
    return switch (predicate.operation()) {
      case STARTS_WITH -> startsWithStrict(partitionField, (String) predicate.value());
      case NOT_STARTS_WITH -> notStartsWithStrict(partitionField, (String) predicate.value());
      case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN, LT, LT_EQ, GT, GT_EQ, EQ, NOT_EQ, IN, NOT_IN ->
          ProjectionRules.orderedStrict(
              partitionField, predicate, value -> apply(sourceType, value));
    };
  }

  // A partition value is the first W code points of its rows' values (or the whole value when
  // shorter). Prefix lengths are counted in code points, as the truncation counts them.

  private Expression startsWithInclusive(BoundReference partitionField, String prefix) {
    int length = prefix.codePointCount(0, prefix.length());
    if (length < width) {
      return BoundPredicate.literal(Operation.STARTS_WITH, partitionField, prefix);
    }
    // a row starting with the prefix has at least W code points: its partition is the prefix's
    // first W code points exactly
    return BoundPredicate.literal(Operation.EQ, partitionField, truncateString(prefix));
  }

  private Expression startsWithStrict(BoundReference partitionField, String prefix) {
    int length = prefix.codePointCount(0, prefix.length());
    if (length < width) {
      return BoundPredicate.literal(Operation.STARTS_WITH, partitionField, prefix);
    }
    if (length == width) {
      return BoundPredicate.literal(Operation.EQ, partitionField, prefix);
    }
    // a partition of W code points holds values that differ after them
    return Expression.alwaysFalse();
  }

  private Expression notStartsWithInclusive(BoundReference partitionField, String prefix) {
    int length = prefix.codePointCount(0, prefix.length());
    if (length < width) {
      return BoundPredicate.literal(Operation.NOT_STARTS_WITH, partitionField, prefix);
    }
    if (length == width) {
      return BoundPredicate.literal(Operation.NOT_EQ, partitionField, prefix);
    }
    // a partition equal to the prefix's first W code points may hold values that go on otherwise
    return Expression.alwaysTrue();
  }

  private Expression notStartsWithStrict(BoundReference partitionField, String prefix) {
    int length = prefix.codePointCount(0, prefix.length());
    if (length < width) {
      return BoundPredicate.literal(Operation.NOT_STARTS_WITH, partitionField, prefix);
    }
    if (length == width) {
      return BoundPredicate.literal(Operation.NOT_EQ, partitionField, prefix);
    }
    // rows whose first W code points differ from the prefix's cannot start with it
    return BoundPredicate.literal(
        Operation.NOT_STARTS_WITH, partitionField, truncateString(prefix));
  }

  @Override
  public String toString() {
    return "truncate[" + width + "]";
  }
}
