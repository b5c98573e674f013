package dev.floe.spark.exec;

import dev.floe.expr.And;
import dev.floe.expr.BoundPredicate;
import dev.floe.expr.Expression;
import dev.floe.expr.Operation;
import dev.floe.expr.Or;
import dev.floe.spark.convert.ExactPredicates;
import dev.floe.spark.deletes.RowSelection;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The row-filter stage of a read: narrows a batch's {@link RowSelection} to the rows that satisfy
 * the task's residual ({@code FileScanTask.residual()}, the planning filter with what the task's
 * partition settles folded away), with Floe's semantics (every predicate but {@code is-null} is
 * false on a null value). The expression is compiled once per task into a tree of typed loops, each
 * writing one flag per row; a predicate reads its column's values into a primitive array first
 * where the type allows, so no value is boxed.
 *
 * <p>It evaluates the top-level conjuncts of the residual it can evaluate exactly and skips the
 * others; {@link RowFilterScope} says which, and why that is safe.
 *
 * <p>Values compare as Spark compares them: booleans false first, integers and decimals by value
 * (decimals, all at the column's scale, by unscaled value), strings by their UTF-8 bytes unsigned,
 * binary by unsigned bytes. Floating point columns are not evaluated: Spark orders NaN and -0.0 its
 * own way, so {@link ExactPredicates} never claims them.
 *
 * <p>Owns its flags like the decoder owns its vectors.
 */
public final class RowFilter {
  private final Node root;
  private final boolean[] matches;

  private RowFilter(Node root, int batchSize) {
    this.root = root;
    this.matches = new boolean[batchSize];
  }

  /**
   * A filter evaluating {@code residual} on batches decoded as {@code decoded}.
   *
   * @param residual an expression bound to a schema with the same field ids, {@code not} rewritten;
   *     every column it reads must be a top-level column of {@code decoded}
   * @throws IllegalArgumentException for a column that is not decoded, a nested column, or a
   *     predicate the filter cannot evaluate exactly (on float or double, uuid, time, fixed or
   *     nanosecond timestamp values)
   */
  static RowFilter of(Expression residual, Schema decoded, int batchSize) {
    return new RowFilter(compile(residual, decoded, batchSize), batchSize);
  }

  /**
   * Keeps, of the rows {@code selection} holds, those of {@code batch} that satisfy the filter;
   * deleted rows the selection keeps for {@code _deleted} are dropped too when they fail it.
   */
  void narrow(ColumnarBatch batch, RowSelection selection) {
    root.evaluate(batch, batch.numRows(), matches);
    selection.retainMatching(matches);
  }

  private static Node compile(Expression expression, Schema decoded, int batchSize) {
    if (expression instanceof Expression.Constant constant) {
      return new ConstantNode(constant == Expression.Constant.TRUE);
    }
    if (expression instanceof And and) {
      return new JunctionNode(
          compile(and.left(), decoded, batchSize),
          compile(and.right(), decoded, batchSize),
          true,
          batchSize);
    }
    if (expression instanceof Or or) {
      return new JunctionNode(
          compile(or.left(), decoded, batchSize),
          compile(or.right(), decoded, batchSize),
          false,
          batchSize);
    }
    if (expression instanceof BoundPredicate predicate) {
      return predicateNode(predicate, decoded, batchSize);
    }
    throw new IllegalArgumentException(
        "Cannot filter rows by " + expression + ": bind it and rewrite not first (Binder.bind)");
  }

  private static Node predicateNode(BoundPredicate predicate, Schema decoded, int batchSize) {
    if (!predicate.isOnReference()) {
      throw new IllegalArgumentException(
          "Cannot filter rows by " + predicate + ": it reads a transform of a column");
    }
    int column = decoded.columnIndex(predicate.reference().fieldId());
    if (column < 0) {
      throw new IllegalArgumentException(
          "Cannot filter rows by " + predicate + ": its column is not a decoded top-level column");
    }
    PrimitiveType type = predicate.reference().type();
    switch (predicate.operation()) {
      case IS_NULL:
        return new NullNode(column, true);
      case NOT_NULL:
        return new NullNode(column, false);
      case IS_NAN, NOT_NAN:
        throw unsupported(predicate);
      case LT, LT_EQ, GT, GT_EQ, EQ, NOT_EQ, IN, NOT_IN, STARTS_WITH, NOT_STARTS_WITH:
        break;
    }
    if (!ExactPredicates.comparesExactly(type.typeId())) {
      throw unsupported(predicate);
    }
    if (type.typeId() == TypeId.STRING) {
      return new ObjectNode<>(predicate, column, ObjectReader.STRINGS, batchSize);
    }
    if (type.typeId() == TypeId.BINARY) {
      return new ObjectNode<>(predicate, column, ObjectReader.BINARIES, batchSize);
    }
    if (type.typeId() == TypeId.DECIMAL && type.precision() > Decimal.MAX_LONG_DIGITS()) {
      return new ObjectNode<>(predicate, column, ObjectReader.wideDecimals(type), batchSize);
    }
    // booleans, integers, dates, timestamps and decimals of up to 18 digits, as longs
    return new IntegralNode(predicate, column, LongColumnReader.of(type), batchSize);
  }

  private static IllegalArgumentException unsupported(BoundPredicate predicate) {
    return new IllegalArgumentException(
        "Cannot filter rows by "
            + predicate
            + ": Floe does not evaluate "
            + predicate.operation().jsonName()
            + " on "
            + predicate.reference().type()
            + " values exactly as Spark does");
  }

  /** Writes one flag per row of a batch. */
  private interface Node {
    void evaluate(ColumnarBatch batch, int rows, boolean[] result);
  }

  private record ConstantNode(boolean value) implements Node {
    @Override
    public void evaluate(ColumnarBatch batch, int rows, boolean[] result) {
      Arrays.fill(result, 0, rows, value);
    }
  }

  /** {@code left AND right} (a conjunction) or {@code left OR right}, row by row. */
  private static final class JunctionNode implements Node {
    private final Node left;
    private final Node right;
    private final boolean conjunction;
    private final boolean[] scratch;

    JunctionNode(Node left, Node right, boolean conjunction, int batchSize) {
      this.left = left;
      this.right = right;
      this.conjunction = conjunction;
      this.scratch = new boolean[batchSize];
    }

    @Override
    public void evaluate(ColumnarBatch batch, int rows, boolean[] result) {
      left.evaluate(batch, rows, result);
      right.evaluate(batch, rows, scratch);
      if (conjunction) {
        for (int row = 0; row < rows; row++) {
          result[row] &= scratch[row];
        }
      } else {
        for (int row = 0; row < rows; row++) {
          result[row] |= scratch[row];
        }
      }
    }
  }

  private record NullNode(int column, boolean isNull) implements Node {
    @Override
    public void evaluate(ColumnarBatch batch, int rows, boolean[] result) {
      ColumnVector vector = batch.column(column);
      if (!vector.hasNull()) {
        Arrays.fill(result, 0, rows, !isNull);
        return;
      }
      for (int row = 0; row < rows; row++) {
        result[row] = vector.isNullAt(row) == isNull;
      }
    }
  }

  /** Clears the flags of null rows: no predicate but is-null holds on a null value. */
  private static void clearNulls(ColumnVector vector, int rows, boolean[] result) {
    if (!vector.hasNull()) {
      return;
    }
    for (int row = 0; row < rows; row++) {
      if (vector.isNullAt(row)) {
        result[row] = false;
      }
    }
  }

  /** Sets each row's flag from the sign of its value compared with the literal. */
  private static void fromSigns(Operation operation, int[] signs, int rows, boolean[] result) {
    switch (operation) {
      case LT -> {
        for (int row = 0; row < rows; row++) {
          result[row] = signs[row] < 0;
        }
      }
      case LT_EQ -> {
        for (int row = 0; row < rows; row++) {
          result[row] = signs[row] <= 0;
        }
      }
      case GT -> {
        for (int row = 0; row < rows; row++) {
          result[row] = signs[row] > 0;
        }
      }
      case GT_EQ -> {
        for (int row = 0; row < rows; row++) {
          result[row] = signs[row] >= 0;
        }
      }
      case EQ -> {
        for (int row = 0; row < rows; row++) {
          result[row] = signs[row] == 0;
        }
      }
      case NOT_EQ -> {
        for (int row = 0; row < rows; row++) {
          result[row] = signs[row] != 0;
        }
      }
      case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN, IN, NOT_IN, STARTS_WITH, NOT_STARTS_WITH ->
          throw new IllegalStateException(operation + " is not a comparison");
    }
  }

  /** A predicate on a column whose values read as longs. */
  private static final class IntegralNode implements Node {
    private final Operation operation;
    private final int column;
    private final LongColumnReader reader;
    private final long literal;
    private final long[] sortedLiterals;
    private final long[] values;
    private final int[] signs;

    IntegralNode(BoundPredicate predicate, int column, LongColumnReader reader, int batchSize) {
      this.operation = predicate.operation();
      this.column = column;
      this.reader = reader;
      List<Object> literals = predicate.values();
      this.sortedLiterals = new long[literals.size()];
      for (int index = 0; index < sortedLiterals.length; index++) {
        sortedLiterals[index] =
            LongColumnReader.literal(literals.get(index), predicate.reference().type());
      }
      Arrays.sort(sortedLiterals);
      this.literal = sortedLiterals.length == 1 ? sortedLiterals[0] : 0;
      this.values = new long[batchSize];
      this.signs = new int[batchSize];
      if (operation == Operation.STARTS_WITH || operation == Operation.NOT_STARTS_WITH) {
        throw unsupported(predicate);
      }
    }

    @Override
    public void evaluate(ColumnarBatch batch, int rows, boolean[] result) {
      ColumnVector vector = batch.column(column);
      reader.read(vector, rows, values);
      switch (operation) {
        case IN, NOT_IN -> {
          boolean in = operation == Operation.IN;
          for (int row = 0; row < rows; row++) {
            result[row] = (Arrays.binarySearch(sortedLiterals, values[row]) >= 0) == in;
          }
        }
        case LT, LT_EQ, GT, GT_EQ, EQ, NOT_EQ -> {
          for (int row = 0; row < rows; row++) {
            signs[row] = Long.compare(values[row], literal);
          }
          fromSigns(operation, signs, rows, result);
        }
        case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN, STARTS_WITH, NOT_STARTS_WITH ->
            throw new IllegalStateException(operation + " was refused when the filter was built");
      }
      clearNulls(vector, rows, result);
    }
  }

  /** Reads one non-null value of a column as an object, with the order Spark compares them in. */
  private record ObjectReader<T>(Accessor<T> accessor, Comparator<T> order) {
    static final ObjectReader<UTF8String> STRINGS =
        new ObjectReader<>(ColumnVector::getUTF8String, UTF8String::compareTo);
    static final ObjectReader<byte[]> BINARIES =
        new ObjectReader<>(ColumnVector::getBinary, Arrays::compareUnsigned);

    static ObjectReader<BigDecimal> wideDecimals(PrimitiveType type) {
      return new ObjectReader<>(
          (vector, row) ->
              vector.getDecimal(row, type.precision(), type.scale()).toJavaBigDecimal(),
          BigDecimal::compareTo);
    }

    /** A Floe value of the column's type in this reader's representation. */
    @SuppressWarnings("unchecked")
    T literal(Object value) {
      if (value instanceof String text) {
        return (T) UTF8String.fromString(text);
      }
      if (value instanceof ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return (T) bytes;
      }
      return (T) value;
    }
  }

  @FunctionalInterface
  private interface Accessor<T> {
    T read(ColumnVector vector, int row);
  }

  /** A predicate on a column whose values are objects: strings, binary, wide decimals. */
  private static final class ObjectNode<T> implements Node {
    private final Operation operation;
    private final int column;
    private final ObjectReader<T> reader;
    private final List<T> sortedLiterals;
    private final int[] signs;

    ObjectNode(BoundPredicate predicate, int column, ObjectReader<T> reader, int batchSize) {
      this.operation = predicate.operation();
      this.column = column;
      this.reader = reader;
      this.sortedLiterals =
          predicate.values().stream().map(reader::literal).sorted(reader.order()).toList();
      this.signs = new int[batchSize];
      if ((operation == Operation.STARTS_WITH || operation == Operation.NOT_STARTS_WITH)
          && reader != ObjectReader.STRINGS) {
        throw unsupported(predicate);
      }
    }

    @Override
    public void evaluate(ColumnarBatch batch, int rows, boolean[] result) {
      ColumnVector vector = batch.column(column);
      boolean nullable = vector.hasNull();
      Accessor<T> accessor = reader.accessor();
      Comparator<T> order = reader.order();
      switch (operation) {
        case IN, NOT_IN -> {
          boolean in = operation == Operation.IN;
          for (int row = 0; row < rows; row++) {
            result[row] =
                !(nullable && vector.isNullAt(row))
                    && (Collections.binarySearch(sortedLiterals, accessor.read(vector, row), order)
                            >= 0)
                        == in;
          }
        }
        case STARTS_WITH, NOT_STARTS_WITH -> {
          boolean starts = operation == Operation.STARTS_WITH;
          UTF8String prefix = (UTF8String) sortedLiterals.get(0);
          for (int row = 0; row < rows; row++) {
            result[row] =
                !(nullable && vector.isNullAt(row))
                    && vector.getUTF8String(row).startsWith(prefix) == starts;
          }
        }
        case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN ->
            throw new IllegalStateException(operation + " was refused when the filter was built");
        case LT, LT_EQ, GT, GT_EQ, EQ, NOT_EQ -> {
          T literal = sortedLiterals.get(0);
          for (int row = 0; row < rows; row++) {
            signs[row] =
                nullable && vector.isNullAt(row)
                    ? 0
                    : order.compare(accessor.read(vector, row), literal);
          }
          fromSigns(operation, signs, rows, result);
          clearNulls(vector, rows, result);
        }
      }
    }
  }
}
