package dev.floe.spark.read.parquet.values;

import java.util.function.Function;
import org.apache.spark.sql.execution.vectorized.Dictionary;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * A column chunk's dictionary with its entries already converted to the Spark values of the column,
 * the way its sink converts data values (units, promotions, decimal storage, uuid text). As a Spark
 * {@link Dictionary} it lets a vector keep dictionary ids and decode lazily, whatever the column's
 * type; {@link #copy} decodes ids eagerly in one typed loop, without a call per value through the
 * sink.
 */
public final class VectorDictionary implements Dictionary {
  /** How a Spark vector of the column's type stores its values. */
  enum Storage {
    INT,
    LONG,
    FLOAT,
    DOUBLE,
    BYTES;

    /** The storage of {@code type}, or null when a vector of it cannot hold a dictionary. */
    static Storage of(DataType type) {
      if (type instanceof IntegerType || type instanceof DateType) {
        return INT;
      }
      if (type instanceof LongType
          || type instanceof TimestampType
          || type instanceof TimestampNTZType) {
        return LONG;
      }
      if (type instanceof FloatType) {
        return FLOAT;
      }
      if (type instanceof DoubleType) {
        return DOUBLE;
      }
      if (type instanceof StringType || type instanceof BinaryType) {
        return BYTES;
      }
      if (type instanceof DecimalType decimal) {
        if (decimal.precision() <= 9) {
          return INT;
        }
        return decimal.precision() <= 18 ? LONG : BYTES;
      }
      return null;
    }
  }

  static final int MIN_USES_OF_LAZY_BYTES = 4;

  private final Storage storage;
  private final int size;
  private int[] ints;
  private long[] longs;
  private float[] floats;
  private double[] doubles;
  private byte[][] bytes;

  /** The page's own entries, for byte arrays stored unchanged: then {@link #bytes} is null. */
  private PageDictionary unchangedBytes;

  private VectorDictionary(Storage storage, int size) {
    this.storage = storage;
    this.size = size;
  }

  /**
   * Converts every entry of {@code raw} as {@code sinks} converts values into a vector of {@code
   * type}; null when such a vector cannot hold a dictionary (booleans, nested types). When the
   * column's sink stores byte arrays unchanged ({@link ValueSink#storesBytesUnchanged()}), the
   * entries are taken as the page dictionary holds them, without a conversion.
   */
  public static VectorDictionary convert(
      PageDictionary raw,
      DataType type,
      Function<WritableColumnVector, ValueSink> sinks,
      boolean bytesUnchanged) {
    Storage storage = Storage.of(type);
    if (storage == null) {
      return null;
    }
    int size = raw.size();
    VectorDictionary dictionary = new VectorDictionary(storage, size);
    if (storage == Storage.BYTES && size > 0 && bytesUnchanged && raw.holdsBytes()) {
      dictionary.unchangedBytes = raw;
      return dictionary;
    }
    // one spare entry: a null row's id is 0, which must decode even when the dictionary is empty
    int length = Math.max(size, 1);
    try (OnHeapColumnVector converted = new OnHeapColumnVector(length, type)) {
      ValueSink sink = sinks.apply(converted);
      for (int id = 0; id < size; id++) {
        raw.emit(id, sink, id);
      }
      switch (storage) {
        case INT -> dictionary.ints = converted.getInts(0, length);
        case LONG -> dictionary.longs = converted.getLongs(0, length);
        case FLOAT -> dictionary.floats = converted.getFloats(0, length);
        case DOUBLE -> dictionary.doubles = converted.getDoubles(0, length);
        case BYTES -> {
          dictionary.bytes = new byte[length][];
          for (int id = 0; id < size; id++) {
            dictionary.bytes[id] = converted.getBinary(id);
          }
          if (size == 0) {
            dictionary.bytes[0] = new byte[0];
          }
        }
      }
    }
    return dictionary;
  }

  int size() {
    return size;
  }

  /**
   * Whether a vector had better keep ids of this dictionary than its values, for a chunk of {@code
   * values} values: always for entries held in arrays (decoding one is an array load), and for the
   * page's own byte arrays when an entry serves at least {@value #MIN_USES_OF_LAZY_BYTES} values on
   * average. Each entry decoded lazily becomes an array of its own, where decoding eagerly copies
   * each value's bytes into the vector: a dictionary of nearly unique strings is cheaper eagerly.
   */
  public boolean worthKeepingIds(long values) {
    return unchangedBytes == null || values >= (long) MIN_USES_OF_LAZY_BYTES * size;
  }

  /** Throws unless ids {@code ids[0 .. count - 1]} are all entries of this dictionary. */
  void checkIds(int[] ids, int count) {
    for (int index = 0; index < count; index++) {
      int id = ids[index];
      if (id < 0 || id >= size) {
        throw new IllegalStateException("Dictionary id " + id + " out of " + size + " entries");
      }
    }
  }

  /** Writes the entries {@code ids[0 .. count - 1]} into rows {@code row ..} of {@code target}. */
  public void copy(int[] ids, int count, WritableColumnVector target, int row) {
    checkIds(ids, count);
    switch (storage) {
      case INT -> {
        int[] values = ints;
        for (int index = 0; index < count; index++) {
          target.putInt(row + index, values[ids[index]]);
        }
      }
      case LONG -> {
        long[] values = longs;
        for (int index = 0; index < count; index++) {
          target.putLong(row + index, values[ids[index]]);
        }
      }
      case FLOAT -> {
        float[] values = floats;
        for (int index = 0; index < count; index++) {
          target.putFloat(row + index, values[ids[index]]);
        }
      }
      case DOUBLE -> {
        double[] values = doubles;
        for (int index = 0; index < count; index++) {
          target.putDouble(row + index, values[ids[index]]);
        }
      }
      case BYTES -> {
        if (unchangedBytes != null) {
          unchangedBytes.copyBytes(ids, count, target, row);
          return;
        }
        byte[][] values = bytes;
        for (int index = 0; index < count; index++) {
          byte[] value = values[ids[index]];
          target.putByteArray(row + index, value, 0, value.length);
        }
      }
    }
  }

  @Override
  public int decodeToInt(int id) {
    return ints[id];
  }

  @Override
  public long decodeToLong(int id) {
    return longs[id];
  }

  @Override
  public float decodeToFloat(int id) {
    return floats[id];
  }

  @Override
  public double decodeToDouble(int id) {
    return doubles[id];
  }

  @Override
  public byte[] decodeToBinary(int id) {
    return unchangedBytes != null ? unchangedBytes.decodeToBinary(id) : bytes[id];
  }
}
