package dev.floe.spark.read.parquet.values;

import dev.floe.spark.read.parquet.format.PhysicalType;
import java.util.Arrays;
import org.apache.spark.sql.execution.vectorized.Dictionary;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * A column chunk's dictionary page, decoded once. Data pages refer to its entries by id; {@link
 * #emit} converts an entry through a column's sink, and as a Spark {@link Dictionary} it lets a
 * byte-array column vector keep ids and decode lazily.
 *
 * <p>Byte-array entries stay where they are in the page's bytes, located by offset and length: an
 * entry becomes an array of its own only when {@link #decodeToBinary} first asks for it.
 */
public final class PageDictionary implements Dictionary {
  private final PhysicalType type;
  private final int size;
  private int[] ints;
  private long[] longs;
  private float[] floats;
  private double[] doubles;
  private final byte[] data;
  private int[] starts;
  private int[] lengths;
  private byte[][] entries;

  /**
   * @param data the page's decompressed bytes, kept by the dictionary (byte-array entries are read
   *     from them): the caller must not change them afterwards
   */
  public PageDictionary(PhysicalType type, int fixedLength, int size, byte[] data) {
    this.type = type;
    // every entry takes at least one byte (a length, or its fixed width): a larger size is corrupt
    if (size < 0 || size > data.length) {
      throw new IllegalStateException(
          "Dictionary page declares " + size + " entries in " + data.length + " bytes");
    }
    this.size = size;
    this.data = data;
    PlainValuesDecoder plain = new PlainValuesDecoder(type, fixedLength, data, 0, data.length);
    switch (type) {
      case INT32 -> ints = new int[size];
      case INT64 -> longs = new long[size];
      case FLOAT -> floats = new float[size];
      case DOUBLE -> doubles = new double[size];
      case INT96, FIXED_LEN_BYTE_ARRAY, BINARY -> {
        starts = new int[size];
        lengths = new int[size];
        entries = new byte[size][];
      }
      case BOOLEAN -> throw new IllegalStateException("Boolean columns have no dictionary");
    }
    plain.read(size, new Collector(), 0);
  }

  public int size() {
    return size;
  }

  /** Whether the entries are byte arrays (byte-array, fixed-length or int96 columns). */
  boolean holdsBytes() {
    return starts != null;
  }

  /** Puts entry {@code id} into row {@code row} of a sink. */
  void emit(int id, ValueSink sink, int row) {
    if (id < 0 || id >= size) {
      throw new IllegalStateException("Dictionary id " + id + " out of " + size + " entries");
    }
    switch (type) {
      case INT32 -> sink.putInt(row, ints[id]);
      case INT64 -> sink.putLong(row, longs[id]);
      case FLOAT -> sink.putFloat(row, floats[id]);
      case DOUBLE -> sink.putDouble(row, doubles[id]);
      case INT96, FIXED_LEN_BYTE_ARRAY, BINARY -> sink.putBytes(row, data, starts[id], lengths[id]);
      case BOOLEAN -> throw new IllegalStateException("Boolean columns have no dictionary");
    }
  }

  /**
   * Writes byte-array entries {@code ids[0 .. count - 1]} into rows {@code row ..} of a string or
   * binary vector, copied from the page's bytes; the ids must have been checked.
   */
  void copyBytes(int[] ids, int count, WritableColumnVector target, int row) {
    for (int index = 0; index < count; index++) {
      int id = ids[index];
      target.putByteArray(row + index, data, starts[id], lengths[id]);
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
    byte[] entry = entries[id];
    if (entry == null) {
      int start = starts[id];
      entry = Arrays.copyOfRange(data, start, start + lengths[id]);
      entries[id] = entry;
    }
    return entry;
  }

  /** Notes where each entry lies; the decoder reads in place, so the bytes are the page's own. */
  private final class Collector implements ValueSink {
    @Override
    public void putInt(int row, int value) {
      ints[row] = value;
    }

    @Override
    public void putLong(int row, long value) {
      longs[row] = value;
    }

    @Override
    public void putFloat(int row, float value) {
      floats[row] = value;
    }

    @Override
    public void putDouble(int row, double value) {
      doubles[row] = value;
    }

    @Override
    public void putBytes(int row, byte[] value, int offset, int length) {
      if (value != data) {
        throw new IllegalStateException("Dictionary entry not read in place");
      }
      starts[row] = offset;
      lengths[row] = length;
    }
  }
}
