package dev.floe.spark.read.parquet.filter;

import dev.floe.expr.BoundPredicate;
import dev.floe.expr.BoundPredicateVisitor;
import dev.floe.expr.BoundReference;
import dev.floe.expr.Expression;
import dev.floe.expr.ValueComparators;
import dev.floe.spark.read.parquet.format.ColumnChunk;
import dev.floe.spark.read.parquet.format.ColumnStatistics;
import dev.floe.spark.read.parquet.format.LogicalType;
import dev.floe.spark.read.parquet.format.ParquetField;
import dev.floe.spark.read.parquet.format.PhysicalType;
import dev.floe.spark.read.parquet.format.RowGroup;
import dev.floe.spark.read.parquet.values.LittleEndian;
import dev.floe.table.PrimitiveType;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;

/**
 * Decides from a row group's column statistics (min, max, null count) whether some of its rows
 * might match the residual filter; a row group is skipped only when they prove none does.
 *
 * <p>Evidence is taken only where it is safe:
 *
 * <ul>
 *   <li>Only columns found by field id, outside any list or map (a file resolved by name mapping is
 *       never pruned).
 *   <li>Absent or empty statistics say nothing. Null counts are used when set.
 *   <li>Bounds are {@code min_value} / {@code max_value} when the footer's column order is the
 *       type-defined one (for strings, unsigned byte order, which matches code point order; for
 *       unsigned integers, unsigned order), else the deprecated {@code min} / {@code max} of signed
 *       integers, dates and booleans only (old writers ordered every type as signed).
 *   <li>Bounds are used for booleans, int32 ints and dates, int64 or int32 longs (unsigned int32
 *       included), micros and millis timestamps, and strings. Float and double bounds are never
 *       used: Parquet statistics do not count NaNs, and old writers let NaN into min and max.
 *       Decimals, binaries, uuids, times and float16 are not pruned on bounds.
 *   <li>A predicate on a transform might match.
 * </ul>
 */
public final class RowGroupStatisticsEvaluator {
  static final boolean ROWS_MIGHT_MATCH = true;
  static final boolean ROWS_CANNOT_MATCH = false;

  private final Expression residual;
  private final FieldIdColumns columns;

  /**
   * @param residual bound to the read schema with {@code not} rewritten ({@code Binder.bind})
   * @throws IllegalArgumentException when {@code residual} is not bound or still holds a {@code
   *     not}
   */
  public RowGroupStatisticsEvaluator(Expression residual, FieldIdColumns columns) {
    this.residual =
        BoundPredicateVisitor.requireBoundWithoutNot(residual, "RowGroupStatisticsEvaluator");
    this.columns = columns;
  }

  public boolean rowsMightMatch(RowGroup rowGroup) {
    if (rowGroup.rowCount() == 0) {
      return ROWS_CANNOT_MATCH;
    }
    return BoundPredicateVisitor.visit(residual, predicate -> mightMatch(predicate, rowGroup));
  }

  private boolean mightMatch(BoundPredicate predicate, RowGroup rowGroup) {
    if (!predicate.isOnReference()) {
      return ROWS_MIGHT_MATCH;
    }
    BoundReference reference = predicate.reference();
    ColumnChunk chunk = columns.chunk(rowGroup, reference.fieldId());
    ColumnStatistics statistics = chunk == null ? null : chunk.statistics();
    if (statistics == null) {
      return ROWS_MIGHT_MATCH;
    }
    Long nulls = statistics.nullCount();
    boolean mayHoldNull = nulls == null || nulls > 0;
    boolean allNull = nulls != null && nulls >= rowGroup.rowCount();
    if (mayHoldNull && predicate.test(null)) {
      return ROWS_MIGHT_MATCH;
    }
    if (allNull) {
      return ROWS_CANNOT_MATCH;
    }
    ParquetField.Primitive fileType = chunk.column().type();
    byte[][] bounds = orderedBounds(chunk, statistics);
    if (bounds == null) {
      return ROWS_MIGHT_MATCH;
    }
    Object lower = floeValue(plainValue(bounds[0], fileType), fileType, reference.type());
    Object upper = floeValue(plainValue(bounds[1], fileType), fileType, reference.type());
    if (lower == null || upper == null) {
      return ROWS_MIGHT_MATCH;
    }
    return boundsMightMatch(predicate, ValueComparators.forType(reference.type()), lower, upper);
  }

  /**
   * The chunk's lower and upper bound in an order that agrees with the values' (see the class
   * comment), or null when it has none.
   */
  private static byte[][] orderedBounds(ColumnChunk chunk, ColumnStatistics statistics) {
    if (chunk.column().typeDefinedOrder()
        && statistics.minValue() != null
        && statistics.maxValue() != null) {
      return new byte[][] {statistics.minValue(), statistics.maxValue()};
    }
    ParquetField.Primitive fileType = chunk.column().type();
    boolean signedOrderIsRight =
        switch (fileType.physicalType()) {
          case BOOLEAN -> true;
          case INT32, INT64 ->
              !(fileType.logicalType() instanceof LogicalType.IntegerType integer)
                  || integer.signed();
          case INT96, FLOAT, DOUBLE, BINARY, FIXED_LEN_BYTE_ARRAY -> false;
        };
    if (signedOrderIsRight && statistics.legacyMin() != null && statistics.legacyMax() != null) {
      return new byte[][] {statistics.legacyMin(), statistics.legacyMax()};
    }
    return null;
  }

  /**
   * A plain-encoded statistics value as a Java value (Boolean, Integer, Long, or the bytes of a
   * binary), or null when its length does not fit its type.
   */
  static Object plainValue(byte[] bytes, ParquetField.Primitive fileType) {
    return switch (fileType.physicalType()) {
      case BOOLEAN -> bytes.length == 1 ? (Object) (bytes[0] != 0) : null;
      case INT32 -> bytes.length == 4 ? (Object) (int) LittleEndian.INT.get(bytes, 0) : null;
      case INT64 -> bytes.length == 8 ? (Object) (long) LittleEndian.LONG.get(bytes, 0) : null;
      case BINARY, FIXED_LEN_BYTE_ARRAY -> bytes;
      case INT96, FLOAT, DOUBLE -> null;
    };
  }

  private static boolean boundsMightMatch(
      BoundPredicate predicate, Comparator<Object> order, Object lower, Object upper) {
    return switch (predicate.operation()) {
      case IS_NULL, IS_NAN -> ROWS_CANNOT_MATCH;
      case NOT_NULL, NOT_NAN, NOT_EQ, NOT_IN, NOT_STARTS_WITH -> ROWS_MIGHT_MATCH;
      case LT -> order.compare(lower, predicate.value()) < 0;
      case LT_EQ -> order.compare(lower, predicate.value()) <= 0;
      case GT -> order.compare(upper, predicate.value()) > 0;
      case GT_EQ -> order.compare(upper, predicate.value()) >= 0;
      case EQ -> within(order, lower, upper, predicate.value());
      case IN -> predicate.values().stream().anyMatch(value -> within(order, lower, upper, value));
      case STARTS_WITH -> startsWithMightMatch((String) predicate.value(), order, lower, upper);
    };
  }

  private static boolean within(
      Comparator<Object> order, Object lower, Object upper, Object value) {
    return order.compare(lower, value) <= 0 && order.compare(upper, value) >= 0;
  }

  private static boolean startsWithMightMatch(
      String prefix, Comparator<Object> order, Object lower, Object upper) {
    // strings with a prefix are contiguous in code point order: compare bounds cut to its length
    return order.compare(cut((String) lower, prefix), prefix) <= 0
        && order.compare(cut((String) upper, prefix), prefix) >= 0;
  }

  private static String cut(String text, String prefix) {
    int codePoints = prefix.codePointCount(0, prefix.length());
    if (text.codePointCount(0, text.length()) <= codePoints) {
      return text;
    }
    return text.substring(0, text.offsetByCodePoints(0, codePoints));
  }

  /**
   * A statistics bound or dictionary entry (a Boolean, Integer, Long or the bytes of a binary) in
   * Floe's representation of the table type, or null when it cannot be compared safely with the
   * table's values. Unsigned int32 values become the longs they stand for.
   */
  static Object floeValue(Object value, ParquetField.Primitive fileType, PrimitiveType tableType) {
    if (value == null) {
      return null;
    }
    PhysicalType physical = fileType.physicalType();
    LogicalType logical = fileType.logicalType();
    return switch (tableType.typeId()) {
      case BOOLEAN -> physical == PhysicalType.BOOLEAN ? value : null;
      case INT -> {
        if (physical != PhysicalType.INT32 || !isPlainInteger(logical)) {
          yield null;
        }
        if (isUnsigned(logical) && (Integer) value < 0) {
          // unsigned values of 8 or 16 bits are never negative: a negative bound proves nothing
          yield null;
        }
        yield value;
      }
      case DATE ->
          physical == PhysicalType.INT32
                  && (logical == null || logical instanceof LogicalType.DateType)
              ? value
              : null;
      case LONG -> {
        if (!isPlainInteger(logical)) {
          yield null;
        }
        if (physical == PhysicalType.INT64) {
          yield isUnsigned(logical) ? null : value;
        }
        if (physical == PhysicalType.INT32) {
          int number = (Integer) value;
          yield isUnsigned(logical) ? Integer.toUnsignedLong(number) : (long) number;
        }
        yield null;
      }
      case TIMESTAMP, TIMESTAMPTZ -> {
        if (physical != PhysicalType.INT64
            || !(logical instanceof LogicalType.TimestampType timestamp)) {
          yield null;
        }
        yield switch (timestamp.unit()) {
          case MICROS -> value;
          case MILLIS -> (Object) ((Long) value * 1000);
          case NANOS -> null;
        };
      }
      case STRING ->
          physical == PhysicalType.BINARY
              ? new String((byte[]) value, StandardCharsets.UTF_8)
              : null;
      case FLOAT,
          DOUBLE,
          DECIMAL,
          TIME,
          TIMESTAMP_NS,
          TIMESTAMPTZ_NS,
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
          null;
    };
  }

  /** Whether an integer column holds plain numbers, not decimals, times or other meanings. */
  private static boolean isPlainInteger(LogicalType logical) {
    return logical == null || logical instanceof LogicalType.IntegerType;
  }

  private static boolean isUnsigned(LogicalType logical) {
    return logical instanceof LogicalType.IntegerType integer && !integer.signed();
  }
}
