package dev.floe.manifest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.LongSupplier;
import org.apache.avro.io.Decoder;
import org.apache.avro.util.Utf8;

/**
 * A decoder that refuses array and map item counts that one record's bytes cannot hold.
 *
 * <p>Avro skips the items of an array or map it does not read one by one, as many as the block
 * count claims, and its decoder over a block's bytes does not stop at their end while it skips: a
 * damaged count near 2^62 keeps the reader busy forever. Every item of every array and map in an
 * Iceberg metadata file takes at least one byte ({@link AvroContainerReader} refuses schemas whose
 * items could take none), so the items one record claims can never outnumber the bytes of the file.
 * This decoder sums the counts each record claims, reading or skipping, and fails past that bound.
 * It also skips block sizes and string lengths itself, refusing negative ones, which Avro 1.11
 * would follow backwards.
 */
final class ItemBoundedDecoder extends Decoder {
  /** Claimed items below this need no bound: asking for the file's length may cost a round trip. */
  private static final long UNCHECKED_ITEMS = 1 << 16;

  private final LongSupplier fileLength;
  private Decoder in;
  private long claimedItems;

  /**
   * @param fileLength the file's length in bytes, asked for only when a record claims many items
   */
  ItemBoundedDecoder(LongSupplier fileLength) {
    this.fileLength = fileLength;
  }

  /** Decodes the next record from {@code decoder}, its item count starting from zero. */
  ItemBoundedDecoder wrap(Decoder decoder) {
    this.in = decoder;
    this.claimedItems = 0;
    return this;
  }

  private long claim(long items) throws IOException {
    claimedItems += items;
    if (items < 0 || (claimedItems > UNCHECKED_ITEMS && claimedItems > fileLength.getAsLong())) {
      throw new IOException(
          "an array or map claims "
              + (items < 0 ? items : claimedItems)
              + " items in one record, more than the file has bytes");
    }
    return items;
  }

  @Override
  public long readArrayStart() throws IOException {
    return claim(in.readArrayStart());
  }

  @Override
  public long arrayNext() throws IOException {
    return claim(in.arrayNext());
  }

  /**
   * Reads the next block's item count for the caller to skip item by item. Avro's own skip jumps
   * over blocks that state their size in bytes, and Avro 1.11 (Spark 3.5's) moves back when that
   * size is negative, reading the same header again forever; here no size moves the reader.
   */
  @Override
  public long skipArray() throws IOException {
    return claim(blockItems());
  }

  @Override
  public long readMapStart() throws IOException {
    return claim(in.readMapStart());
  }

  @Override
  public long mapNext() throws IOException {
    return claim(in.mapNext());
  }

  @Override
  public long skipMap() throws IOException {
    return claim(blockItems());
  }

  /**
   * A block's header: its item count, and when that is negative, the block's size in bytes after it
   * (the count is then its absolute value). The size is checked, not used.
   */
  private long blockItems() throws IOException {
    long items = in.readLong();
    if (items < 0) {
      long size = in.readLong();
      if (size < 0) {
        throw new IOException("an array or map block claims a size of " + size + " bytes");
      }
      items = -items;
    }
    return items;
  }

  /**
   * The length of a string or bytes value to skip. Avro 1.11 (Spark 3.5's) moves back by a negative
   * length instead of refusing it, so a damaged one may have it read the same bytes again.
   */
  private void skipLengthPrefixed(String kind) throws IOException {
    long length = in.readLong();
    if (length < 0 || length > Integer.MAX_VALUE) {
      throw new IOException("a " + kind + " value claims " + length + " bytes");
    }
    in.skipFixed((int) length);
  }

  @Override
  public void readNull() throws IOException {
    in.readNull();
  }

  @Override
  public boolean readBoolean() throws IOException {
    return in.readBoolean();
  }

  @Override
  public int readInt() throws IOException {
    return in.readInt();
  }

  @Override
  public long readLong() throws IOException {
    return in.readLong();
  }

  @Override
  public float readFloat() throws IOException {
    return in.readFloat();
  }

  @Override
  public double readDouble() throws IOException {
    return in.readDouble();
  }

  @Override
  public Utf8 readString(Utf8 old) throws IOException {
    return in.readString(old);
  }

  @Override
  public String readString() throws IOException {
    return in.readString();
  }

  @Override
  public void skipString() throws IOException {
    skipLengthPrefixed("string");
  }

  @Override
  public ByteBuffer readBytes(ByteBuffer old) throws IOException {
    return in.readBytes(old);
  }

  @Override
  public void skipBytes() throws IOException {
    skipLengthPrefixed("bytes");
  }

  @Override
  public void readFixed(byte[] bytes, int start, int length) throws IOException {
    in.readFixed(bytes, start, length);
  }

  @Override
  public void skipFixed(int length) throws IOException {
    in.skipFixed(length);
  }

  @Override
  public int readEnum() throws IOException {
    return in.readEnum();
  }

  @Override
  public int readIndex() throws IOException {
    return in.readIndex();
  }
}
