package dev.floe.spark.read;

import dev.floe.expr.And;
import dev.floe.expr.BoundPredicate;
import dev.floe.expr.BoundReference;
import dev.floe.expr.Expression;
import dev.floe.expr.Or;
import dev.floe.expr.ValueComparators;
import dev.floe.table.PrimitiveType;
import java.util.Comparator;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.ColumnOrder.ColumnOrderName;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

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
 *   <li>Bounds are used for booleans, int32 ints and dates, int64 or int32 longs, micros and millis
 *       timestamps, and strings whose column order is the type-defined (unsigned byte) order, which
 *       matches code point order. Float and double bounds are never used: Parquet statistics do not
 *       count NaNs, and old writers let NaN into min and max. Decimals, binaries, uuids and times
 *       are not pruned on bounds.
 *   <li>A predicate on a transform, or a {@code not} left in the residual, might match.
 * </ul>
 */
final class RowGroupStatisticsEvaluator {
  static final boolean ROWS_MIGHT_MATCH = true;
  static final boolean ROWS_CANNOT_MATCH = false;

  private final Expression residual;
  private final FieldIdColumns columns;

  RowGroupStatisticsEvaluator(Expression residual, FieldIdColumns columns) {
    this.residual = residual;
    this.columns = columns;
  }

  boolean rowsMightMatch(BlockMetaData rowGroup) {
    if (rowGroup.getRowCount() == 0) {
      return ROWS_CANNOT_MATCH;
    }
    return mightMatch(residual, rowGroup);
  }

  private boolean mightMatch(Expression expression, BlockMetaData rowGroup) {
    if (expression instanceof And and) {
      return mightMatch(and.left(), rowGroup) && mightMatch(and.right(), rowGroup);
    }
    if (expression instanceof Or or) {
      return mightMatch(or.left(), rowGroup) || mightMatch(or.right(), rowGroup);
    }
    if (expression instanceof Expression.Constant constant) {
      return constant == Expression.Constant.TRUE;
    }
    if (expression instanceof BoundPredicate predicate && predicate.isOnReference()) {
      return predicateMightMatch(predicate, rowGroup);
    }
    return ROWS_MIGHT_MATCH;
  }

  private boolean predicateMightMatch(BoundPredicate predicate, BlockMetaData rowGroup) {
    BoundReference reference = predicate.reference();
    ColumnChunkMetaData chunk = columns.chunk(rowGroup, reference.fieldId());
    Statistics<?> statistics = chunk == null ? null : chunk.getStatistics();
    if (statistics == null || statistics.isEmpty()) {
      return ROWS_MIGHT_MATCH;
    }
    boolean nullsKnown = statistics.isNumNullsSet();
    boolean mayHoldNull = !nullsKnown || statistics.getNumNulls() > 0;
    boolean allNull = nullsKnown && statistics.getNumNulls() >= rowGroup.getRowCount();
    if (mayHoldNull && predicate.test(null)) {
      return ROWS_MIGHT_MATCH;
    }
    if (allNull) {
      return ROWS_CANNOT_MATCH;
    }
    Object lower = null;
    Object upper = null;
    if (statistics.hasNonNullValue()) {
      lower = floeValue(statistics.genericGetMin(), chunk.getPrimitiveType(), reference.type());
      upper = floeValue(statistics.genericGetMax(), chunk.getPrimitiveType(), reference.type());
    }
    if (lower == null || upper == null) {
      return ROWS_MIGHT_MATCH;
    }
    return boundsMightMatch(predicate, ValueComparators.forType(reference.type()), lower, upper);
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
   * A statistics bound or dictionary entry (as parquet-java gives it: Boolean, Integer, Long or
   * Binary) in Floe's representation of the table type, or null when it cannot be compared safely
   * with the table's values.
   */
  static Object floeValue(
      Object value, org.apache.parquet.schema.PrimitiveType fileType, PrimitiveType tableType) {
    if (value == null) {
      return null;
    }
    PrimitiveTypeName physical = fileType.getPrimitiveTypeName();
    LogicalTypeAnnotation logical = fileType.getLogicalTypeAnnotation();
    return switch (tableType.typeId()) {
      case BOOLEAN -> physical == PrimitiveTypeName.BOOLEAN ? value : null;
      case INT, DATE ->
          physical == PrimitiveTypeName.INT32 && isPlainInteger(logical) ? value : null;
      case LONG -> {
        if (!isPlainInteger(logical)) {
          yield null;
        }
        yield physical == PrimitiveTypeName.INT64
            ? value
            : physical == PrimitiveTypeName.INT32 ? (Object) ((Integer) value).longValue() : null;
      }
      case TIMESTAMP, TIMESTAMPTZ -> {
        if (physical != PrimitiveTypeName.INT64
            || !(logical instanceof TimestampLogicalTypeAnnotation timestamp)) {
          yield null;
        }
        yield timestamp.getUnit() == TimeUnit.MICROS
            ? value
            : timestamp.getUnit() == TimeUnit.MILLIS ? (Object) ((Long) value * 1000) : null;
      }
      case STRING ->
          physical == PrimitiveTypeName.BINARY
                  && fileType.columnOrder().getColumnOrderName()
                      == ColumnOrderName.TYPE_DEFINED_ORDER
              ? ((Binary) value).toStringUsingUTF8()
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

  /** Whether an integer column holds plain numbers (dates and ints), not unsigned or decimal. */
  private static boolean isPlainInteger(LogicalTypeAnnotation logical) {
    return logical == null
        || logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation
        || (logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation integer
            && integer.isSigned());
  }
}
