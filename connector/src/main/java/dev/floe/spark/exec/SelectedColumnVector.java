package dev.floe.spark.exec;

import dev.floe.spark.compat.SparkLine;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A view of some rows of another vector: row {@code i} of the view is row {@code rows[i]} of the
 * delegate. The projection stage shows Spark only a batch's live rows this way, without copying
 * values; struct children are views with the same rows, while list and map values are shared whole
 * (their offsets already point into them).
 *
 * <p>The rows are a {@link Rows} object the projection stage refills for each batch; closing the
 * view leaves the delegate, which its decoder owns, open.
 */
final class SelectedColumnVector extends ColumnVector {
  /** The rows of the delegate a view shows, shared by a view and its children. */
  static final class Rows {
    private int[] rows = new int[0];
    private int count;

    /** Shows the first {@code count} entries of {@code rows}; the array is read, not copied. */
    void select(int[] selected, int selectedCount) {
      this.rows = selected;
      this.count = selectedCount;
    }
  }

  private final ColumnVector delegate;
  private final Rows rows;
  private final SelectedColumnVector[] children;

  SelectedColumnVector(ColumnVector delegate, Rows rows) {
    super(delegate.dataType());
    this.delegate = delegate;
    this.rows = rows;
    int childCount;
    if (delegate.dataType() instanceof org.apache.spark.sql.types.StructType struct) {
      childCount = struct.fields().length;
    } else if (SparkLine.isVariant(delegate.dataType())) {
      // a variant vector's value and metadata, which Spark reads as children 0 and 1
      childCount = 2;
    } else {
      childCount = 0;
    }
    this.children = new SelectedColumnVector[childCount];
  }

  private int row(int rowId) {
    return rows.rows[rowId];
  }

  @Override
  public void close() {
    // the delegate belongs to its decoder
  }

  @Override
  public boolean hasNull() {
    return delegate.hasNull();
  }

  @Override
  public int numNulls() {
    if (!delegate.hasNull()) {
      return 0;
    }
    int nulls = 0;
    for (int index = 0; index < rows.count; index++) {
      if (delegate.isNullAt(rows.rows[index])) {
        nulls++;
      }
    }
    return nulls;
  }

  @Override
  public boolean isNullAt(int rowId) {
    return delegate.isNullAt(row(rowId));
  }

  @Override
  public boolean getBoolean(int rowId) {
    return delegate.getBoolean(row(rowId));
  }

  @Override
  public byte getByte(int rowId) {
    return delegate.getByte(row(rowId));
  }

  @Override
  public short getShort(int rowId) {
    return delegate.getShort(row(rowId));
  }

  @Override
  public int getInt(int rowId) {
    return delegate.getInt(row(rowId));
  }

  @Override
  public long getLong(int rowId) {
    return delegate.getLong(row(rowId));
  }

  @Override
  public float getFloat(int rowId) {
    return delegate.getFloat(row(rowId));
  }

  @Override
  public double getDouble(int rowId) {
    return delegate.getDouble(row(rowId));
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    return delegate.getArray(row(rowId));
  }

  @Override
  public ColumnarMap getMap(int ordinal) {
    return delegate.getMap(row(ordinal));
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    return delegate.getDecimal(row(rowId), precision, scale);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    return delegate.getUTF8String(row(rowId));
  }

  @Override
  public byte[] getBinary(int rowId) {
    return delegate.getBinary(row(rowId));
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    if (children[ordinal] == null) {
      children[ordinal] = new SelectedColumnVector(delegate.getChild(ordinal), rows);
    }
    return children[ordinal];
  }
}
