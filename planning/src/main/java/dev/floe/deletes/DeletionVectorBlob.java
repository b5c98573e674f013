package dev.floe.deletes;

import dev.floe.CorruptTableException;
import dev.floe.manifest.DeleteFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.roaringbitmap.Container;
import org.roaringbitmap.ContainerPointer;
import org.roaringbitmap.PeekableCharIterator;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.RunContainer;

/**
 * Where one {@code deletion-vector-v1} blob lies in its Puffin file, and how its bytes decode.
 *
 * <p>Layout (Puffin spec): a 4-byte big-endian length of what follows up to the CRC; the magic
 * {@code D1 D3 39 64}; the portable 64-bit Roaring bitmap (an 8-byte little-endian count of 32-bit
 * bitmaps, then per bitmap a 4-byte little-endian key and a standard 32-bit Roaring bitmap, keys
 * ascending); a 4-byte big-endian CRC-32 of the magic and the bitmap.
 */
record DeletionVectorBlob(String location, long offset, int size, String referencedDataFile) {
  static final int LENGTH_BYTES = 4;
  static final int MAGIC_BYTES = 4;
  static final int CRC_BYTES = 4;
  static final int MAGIC = 0xD1D33964;
  static final int BITMAP_COUNT_BYTES = 8;
  static final int KEY_BYTES = 4;

  /** Length, magic, a bitmap count of zero and the CRC: the smallest valid blob. */
  static final int MINIMUM_SIZE = LENGTH_BYTES + MAGIC_BYTES + BITMAP_COUNT_BYTES + CRC_BYTES;

  /** Where {@code deletionVector}'s blob lies, checked against the manifest's own fields. */
  static DeletionVectorBlob of(DeleteFile deletionVector) {
    String location = deletionVector.location();
    Long offset = deletionVector.contentOffset();
    Long size = deletionVector.contentSizeInBytes();
    String where = "Cannot read deletion vector " + location;
    if (offset == null || size == null) {
      throw new CorruptTableException(
          where
              + " for data file "
              + deletionVector.referencedDataFile()
              + ": its manifest entry has no content_offset or content_size_in_bytes,"
              + " which a deletion vector requires");
    }
    if (offset < 0 || size < MINIMUM_SIZE || size > Integer.MAX_VALUE) {
      throw new CorruptTableException(
          where
              + " at offset "
              + offset
              + ": content_size_in_bytes "
              + size
              + " is not a possible blob size (at least "
              + MINIMUM_SIZE
              + " bytes, less than 2 GiB) or the offset is negative");
    }
    return new DeletionVectorBlob(
        location, offset, size.intValue(), deletionVector.referencedDataFile());
  }

  /** Checks {@code bytes}, the whole blob, and decodes its bitmap. */
  PositionIndex decode(byte[] bytes, long expectedCardinality) {
    if (bytes.length != size) {
      throw corrupt("truncated: read " + bytes.length + " of " + size + " bytes", null);
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    int dataLength = buffer.getInt(0);
    int expectedDataLength = size - LENGTH_BYTES - CRC_BYTES;
    if (dataLength != expectedDataLength) {
      throw corrupt(
          "length mismatch: the blob says its magic and bitmap take "
              + Integer.toUnsignedString(dataLength)
              + " bytes, but content_size_in_bytes "
              + size
              + " leaves "
              + expectedDataLength,
          null);
    }
    int magic = buffer.getInt(LENGTH_BYTES);
    if (magic != MAGIC) {
      throw corrupt(
          String.format("bad magic %08X, expected %08X", magic, MAGIC)
              + ": not a deletion-vector-v1 blob",
          null);
    }
    int storedCrc = buffer.getInt(LENGTH_BYTES + dataLength);
    CRC32 crc = new CRC32();
    crc.update(bytes, LENGTH_BYTES, dataLength);
    if ((int) crc.getValue() != storedCrc) {
      throw corrupt(
          String.format(
              "CRC mismatch: stored %08X, computed %08X over the magic and bitmap",
              storedCrc, (int) crc.getValue()),
          null);
    }
    ByteBuffer bitmap =
        ByteBuffer.wrap(bytes, LENGTH_BYTES + MAGIC_BYTES, dataLength - MAGIC_BYTES)
            .slice()
            .order(ByteOrder.LITTLE_ENDIAN);
    RoaringPositionIndex index = decodeBitmap(bitmap);
    if (index.cardinality() != expectedCardinality) {
      throw corrupt(
          "the bitmap holds "
              + index.cardinality()
              + " positions but the manifest's record_count is "
              + expectedCardinality,
          null);
    }
    return index.isEmpty() ? PositionIndex.empty() : index;
  }

  /** The portable 64-bit Roaring format; {@code bitmap} is exactly the bitmap's bytes. */
  private RoaringPositionIndex decodeBitmap(ByteBuffer bitmap) {
    long count = bitmap.getLong();
    // Each bitmap needs at least its key and an 8-byte 32-bit header, so the count is bounded.
    if (count < 0 || count > bitmap.remaining() / (KEY_BYTES + 8)) {
      throw corrupt(
          "bad bitmap count "
              + Long.toUnsignedString(count)
              + ": the remaining "
              + bitmap.remaining()
              + " bytes cannot hold that many bitmaps",
          null);
    }
    int[] keys = new int[(int) count];
    List<RoaringBitmap> bitmaps = new ArrayList<>((int) count);
    for (int index = 0; index < count; index++) {
      int at = LENGTH_BYTES + MAGIC_BYTES + bitmap.position();
      if (bitmap.remaining() < KEY_BYTES) {
        throw corrupt("truncated bitmap: no room for key " + index + " at blob byte " + at, null);
      }
      int key = bitmap.getInt();
      if (key < 0 || (index > 0 && key <= keys[index - 1])) {
        throw corrupt(
            "bad key "
                + Integer.toUnsignedString(key)
                + " at blob byte "
                + at
                + ": keys must be ascending and below 2^31",
            null);
      }
      keys[index] = key;
      bitmaps.add(decode32BitBitmap(bitmap, key));
    }
    if (bitmap.hasRemaining()) {
      throw corrupt(
          "length mismatch: " + bitmap.remaining() + " bytes follow the last bitmap before the CRC",
          null);
    }
    return new RoaringPositionIndex(keys, bitmaps.toArray(new RoaringBitmap[0]));
  }

  private RoaringBitmap decode32BitBitmap(ByteBuffer buffer, int key) {
    int start = buffer.position();
    RoaringBitmap bitmap = new RoaringBitmap();
    try {
      // Decodes from the buffer's position without moving it.
      bitmap.deserialize(buffer.slice().order(ByteOrder.LITTLE_ENDIAN));
    } catch (IOException | RuntimeException failure) {
      throw corrupt(
          "truncated or malformed 32-bit bitmap for key "
              + key
              + " at blob byte "
              + (LENGTH_BYTES + MAGIC_BYTES + start)
              + ": "
              + failure,
          failure);
    }
    int length = bitmap.serializedSizeInBytes();
    if (length > buffer.remaining()) {
      throw corrupt(
          "truncated bitmap for key "
              + key
              + ": it needs "
              + length
              + " bytes but "
              + buffer.remaining()
              + " remain before the CRC",
          null);
    }
    buffer.position(start + length);
    String invalid = invalidContainer(bitmap);
    if (invalid != null) {
      throw corrupt(
          "malformed 32-bit bitmap for key "
              + key
              + " at blob byte "
              + (LENGTH_BYTES + MAGIC_BYTES + start)
              + ": "
              + invalid,
          null);
    }
    return bitmap;
  }

  /**
   * What breaks the Roaring format in {@code bitmap}, or null: RoaringBitmap deserializes without
   * checking that container keys ascend, that containers are non-empty, that runs ascend without
   * overlap, or that a stored cardinality matches the values, and a bitmap breaking these answers
   * lookups and counts wrongly or fails later, while rows are read.
   */
  private static String invalidContainer(RoaringBitmap bitmap) {
    int previousKey = -1;
    for (ContainerPointer pointer = bitmap.getContainerPointer();
        pointer.getContainer() != null;
        pointer.advance()) {
      int key = pointer.key();
      if (key <= previousKey) {
        return "container keys " + previousKey + " and " + key + " do not ascend";
      }
      previousKey = key;
      Container container = pointer.getContainer();
      long counted =
          container instanceof RunContainer runs ? countRuns(runs) : countValues(container);
      if (counted <= 0 || counted != container.getCardinality()) {
        return "container "
            + key
            + " stores cardinality "
            + container.getCardinality()
            + (counted < 0 ? " but its values do not ascend" : " but holds " + counted + " values");
      }
    }
    return null;
  }

  /** The values of {@code runs}, or -1 when its runs overlap, descend or pass 65535. */
  private static long countRuns(RunContainer runs) {
    long count = 0;
    int previousEnd = -1;
    for (int index = 0; index < runs.numberOfRuns(); index++) {
      int start = runs.getValue(index);
      int end = start + runs.getLength(index);
      if (start <= previousEnd || end > 0xFFFF) {
        return -1;
      }
      count += end - start + 1;
      previousEnd = end;
    }
    return count;
  }

  /** The values of an array or bitmap container, or -1 when they do not ascend. */
  private static long countValues(Container container) {
    long count = 0;
    int previous = -1;
    PeekableCharIterator values = container.getCharIterator();
    while (values.hasNext()) {
      int value = values.next();
      if (value <= previous) {
        return -1;
      }
      previous = value;
      count++;
    }
    return count;
  }

  CorruptTableException corrupt(String problem, Throwable cause) {
    String message =
        "Cannot read deletion vector "
            + location
            + " at offset "
            + offset
            + " ("
            + size
            + " bytes"
            + (referencedDataFile == null ? "" : ", for data file " + referencedDataFile)
            + "): "
            + problem;
    return cause == null
        ? new CorruptTableException(message)
        : new CorruptTableException(message, cause);
  }
}
