package dev.floe.expr;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code year}, {@code month}, {@code day} and {@code hour}: whole units since 1970-01-01T00:00,
 * rounded down, so {@code 1969-12-31T23:00} is day {@code -1} and year {@code -1}. {@code day}
 * gives a date (as Apache Iceberg 1.10 does), the others an int.
 *
 * <p>Apache Iceberg 0.10.0 and earlier wrote values before 1970 one too large ({@code day} of
 * {@code 1969-12-31T10:00} as {@code 0}). Projections still allow for such files, as Iceberg does:
 * inclusive ones also accept the one-larger value for negative values, strict ones exclude it. A
 * {@code day} of a date is the date itself, which that bug never touched.
 */
enum TemporalTransform implements Transform {
  YEAR,
  MONTH,
  DAY,
  HOUR;

  private static final long MICROS_PER_HOUR = 3_600_000_000L;
  private static final long MICROS_PER_DAY = 24 * MICROS_PER_HOUR;
  private static final long NANOS_PER_HOUR = 3_600_000_000_000L;
  private static final long NANOS_PER_DAY = 24 * NANOS_PER_HOUR;
  private static final int EPOCH_YEAR = 1970;
  private static final int MONTHS_PER_YEAR = 12;

  @Override
  public boolean canTransform(PrimitiveType sourceType) {
    return switch (sourceType.typeId()) {
      case DATE -> this != HOUR;
      case TIMESTAMP, TIMESTAMPTZ, TIMESTAMP_NS, TIMESTAMPTZ_NS -> true;
      case BOOLEAN,
          INT,
          LONG,
          FLOAT,
          DOUBLE,
          DECIMAL,
          TIME,
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
          MAP ->
          false;
    };
  }

  @Override
  public PrimitiveType resultType(PrimitiveType sourceType) {
    return PrimitiveType.of(this == DAY ? TypeId.DATE : TypeId.INT);
  }

  /**
   * @throws ArithmeticException when the hours of a timestamp beyond year 245,000 overflow an int
   */
  @Override
  public Object apply(PrimitiveType sourceType, Object value) {
    if (value == null) {
      return null;
    }
    return switch (sourceType.typeId()) {
      case DATE -> fromDays((Integer) value);
      case TIMESTAMP, TIMESTAMPTZ -> fromEpoch((Long) value, MICROS_PER_HOUR, MICROS_PER_DAY);
      case TIMESTAMP_NS, TIMESTAMPTZ_NS -> fromEpoch((Long) value, NANOS_PER_HOUR, NANOS_PER_DAY);
      case BOOLEAN,
          INT,
          LONG,
          FLOAT,
          DOUBLE,
          DECIMAL,
          TIME,
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
          MAP ->
          throw new IllegalArgumentException("Cannot apply " + this + " to type " + sourceType);
    };
  }

  private int fromEpoch(long sinceEpoch, long perHour, long perDay) {
    if (this == HOUR) {
      return Math.toIntExact(Math.floorDiv(sinceEpoch, perHour));
    }
    return fromDays(Math.toIntExact(Math.floorDiv(sinceEpoch, perDay)));
  }

  private int fromDays(int days) {
    return switch (this) {
      case DAY -> days;
      case YEAR -> LocalDate.ofEpochDay(days).getYear() - EPOCH_YEAR;
      case MONTH -> {
        LocalDate date = LocalDate.ofEpochDay(days);
        yield (date.getYear() - EPOCH_YEAR) * MONTHS_PER_YEAR + date.getMonthValue() - 1;
      }
      case HOUR -> throw new IllegalArgumentException("Cannot apply hour to a date");
    };
  }

  @Override
  public Expression projectInclusive(BoundReference partitionField, BoundPredicate predicate) {
    PrimitiveType sourceType = predicate.reference().type();
    Expression projected;
    if (!predicate.isOnReference()) {
      projected = ProjectionRules.sameTransform(this, partitionField, predicate, true);
    } else {
      try {
        projected =
            ProjectionRules.orderedInclusive(
                partitionField, predicate, value -> apply(sourceType, value));
      } catch (ArithmeticException beyondRange) {
        // a literal too far from 1970 to have an int value: nothing to say about partitions
        return Expression.alwaysTrue();
      }
    }
    return hadNegativeValueBug(sourceType) ? allowOneLargerInclusive(projected) : projected;
  }

  @Override
  public Expression projectStrict(BoundReference partitionField, BoundPredicate predicate) {
    PrimitiveType sourceType = predicate.reference().type();
    Expression projected;
    if (!predicate.isOnReference()) {
      projected = ProjectionRules.sameTransform(this, partitionField, predicate, false);
    } else {
      try {
        projected =
            ProjectionRules.orderedStrict(
                partitionField, predicate, value -> apply(sourceType, value));
      } catch (ArithmeticException beyondRange) {
        return Expression.alwaysFalse();
      }
    }
    return hadNegativeValueBug(sourceType) ? excludeOneLargerStrict(projected) : projected;
  }

  private boolean hadNegativeValueBug(PrimitiveType sourceType) {
    return !(this == DAY && sourceType.typeId() == TypeId.DATE);
  }

  /** Widens an inclusive projection to also accept {@code v + 1} for every negative {@code v}. */
  private static Expression allowOneLargerInclusive(Expression projected) {
    if (!(projected instanceof BoundPredicate predicate)) {
      return projected;
    }
    BoundReference field = predicate.reference();
    return switch (predicate.operation()) {
      case LT, LT_EQ -> {
        // p < 0 is p <= -1, and a row of -1 may be in partition 0 (Iceberg only adjusts <=,
        // the one operation its own projections give, but a predicate on the transform may be <)
        int bound = (Integer) predicate.value();
        int lastValue = predicate.operation() == Operation.LT ? bound - 1 : bound;
        yield lastValue < 0
            ? BoundPredicate.literal(predicate.operation(), field, bound + 1)
            : predicate;
      }
      case EQ, IN -> {
        List<Object> values = withOneLargerOfNegatives(predicate.values());
        yield values.size() == predicate.values().size()
            ? predicate
            : new BoundPredicate(Operation.IN, field, values);
      }
      // a partition of value v + 1 may hold rows of v: an inequality says nothing
      case NOT_EQ, NOT_IN -> Expression.alwaysTrue();
      // a value written one too large is still above a lower bound
      case GT, GT_EQ, IS_NULL, NOT_NULL, IS_NAN, NOT_NAN, STARTS_WITH, NOT_STARTS_WITH -> predicate;
    };
  }

  /** Narrows a strict projection so that no {@code v + 1} of a negative {@code v} satisfies it. */
  private static Expression excludeOneLargerStrict(Expression projected) {
    if (!(projected instanceof BoundPredicate predicate)) {
      return projected;
    }
    BoundReference field = predicate.reference();
    return switch (predicate.operation()) {
      case GT, GT_EQ -> {
        // p > 0 would keep day 0 partitions that may hold rows of day -1 written as 0
        int bound = (Integer) predicate.value();
        yield bound <= 0
            ? BoundPredicate.literal(predicate.operation(), field, bound + 1)
            : predicate;
      }
      case NOT_EQ, NOT_IN -> {
        List<Object> values = withOneLargerOfNegatives(predicate.values());
        yield values.size() == predicate.values().size()
            ? predicate
            : new BoundPredicate(Operation.NOT_IN, field, values);
      }
      // a value written one too large is above its rows' true value: a partition below the bound
      // still holds only rows below it
      case LT, LT_EQ, IS_NULL, NOT_NULL, IS_NAN, NOT_NAN, STARTS_WITH, NOT_STARTS_WITH -> predicate;
      // a partition of value v + 1 may hold rows of v as well as rows of v + 1
      case EQ, IN -> Expression.alwaysFalse();
    };
  }

  private static List<Object> withOneLargerOfNegatives(List<Object> values) {
    List<Object> result = new ArrayList<>(values);
    for (Object value : values) {
      int number = (Integer) value;
      if (number < 0) {
        result.add(number + 1);
      }
    }
    return result;
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
