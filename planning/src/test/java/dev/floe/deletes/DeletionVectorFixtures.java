package dev.floe.deletes;

import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;
import org.roaringbitmap.RoaringBitmap;

/**
 * Deletion-vector blobs and Puffin files written by hand, following the Puffin spec, with
 * RoaringBitmap's standard 32-bit serialization for each key's bitmap.
 */
final class DeletionVectorFixtures {
  static final String PUFFIN = "mem://t/data/deletes-00001.puffin";
  static final String FILE_A = "mem://t/data/a.parquet";
  static final String FILE_B = "mem://t/data/b.parquet";
  static final long TWO_TO_32 = 1L << 32;

  private DeletionVectorFixtures() {}

  /** The portable 64-bit Roaring serialization of {@code positions}. */
  static byte[] portableBitmap(long... positions) {
    TreeMap<Integer, RoaringBitmap> bitmaps = new TreeMap<>();
    for (long position : positions) {
      bitmaps
          .computeIfAbsent((int) (position >>> 32), key -> new RoaringBitmap())
          .add((int) position);
    }
    return portableBitmap(bitmaps);
  }

  static byte[] portableBitmap(TreeMap<Integer, RoaringBitmap> bitmaps) {
    int size = 8;
    for (RoaringBitmap bitmap : bitmaps.values()) {
      bitmap.runOptimize();
      size += 4 + bitmap.serializedSizeInBytes();
    }
    ByteBuffer buffer = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putLong(bitmaps.size());
    for (Map.Entry<Integer, RoaringBitmap> entry : bitmaps.entrySet()) {
      buffer.putInt(entry.getKey());
      entry.getValue().serialize(buffer);
    }
    return buffer.array();
  }

  /** A {@code deletion-vector-v1} blob: length, magic, bitmap, CRC-32 of magic and bitmap. */
  static byte[] blob(byte[] portableBitmap) {
    ByteBuffer blob = ByteBuffer.allocate(4 + 4 + portableBitmap.length + 4);
    blob.putInt(4 + portableBitmap.length);
    blob.put(new byte[] {(byte) 0xD1, (byte) 0xD3, 0x39, 0x64});
    blob.put(portableBitmap);
    CRC32 crc = new CRC32();
    crc.update(blob.array(), 4, 4 + portableBitmap.length);
    blob.putInt((int) crc.getValue());
    return blob.array();
  }

  /** Rewrites the CRC of {@code blob} after a test changed its bitmap on purpose. */
  static byte[] withFreshCrc(byte[] blob) {
    CRC32 crc = new CRC32();
    crc.update(blob, 4, blob.length - 8);
    ByteBuffer.wrap(blob).putInt(blob.length - 4, (int) crc.getValue());
    return blob;
  }

  /** A Puffin file holding {@code blobs} one after another, with a minimal footer. */
  static PuffinFile puffin(byte[]... blobs) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] magic = "PFA1".getBytes(StandardCharsets.US_ASCII);
    out.writeBytes(magic);
    long[] offsets = new long[blobs.length];
    StringBuilder footer = new StringBuilder("{\"blobs\":[");
    for (int index = 0; index < blobs.length; index++) {
      offsets[index] = out.size();
      footer
          .append(index == 0 ? "" : ",")
          .append("{\"type\":\"deletion-vector-v1\",\"fields\":[2147483645],")
          .append("\"snapshot-id\":-1,\"sequence-number\":-1,")
          .append("\"offset\":")
          .append(offsets[index])
          .append(",\"length\":")
          .append(blobs[index].length)
          .append('}');
      out.writeBytes(blobs[index]);
    }
    footer.append("]}");
    byte[] payload = footer.toString().getBytes(StandardCharsets.UTF_8);
    out.writeBytes(magic);
    out.writeBytes(payload);
    out.writeBytes(
        ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(payload.length).array());
    out.writeBytes(magic);
    return new PuffinFile(out.toByteArray(), offsets, blobs);
  }

  /** A Puffin file's bytes and where each blob starts. */
  record PuffinFile(byte[] bytes, long[] offsets, byte[][] blobs) {
    /** The manifest entry of blob {@code index}, a DV for {@code dataFile}. */
    DeleteFile deletionVector(int index, String dataFile, long recordCount) {
      return deletionVector(dataFile, recordCount, offsets[index], (long) blobs[index].length);
    }

    DeleteFile deletionVector(String dataFile, long recordCount, Long offset, Long size) {
      return new DeleteFile(
          FileContent.POSITION_DELETES,
          PUFFIN,
          FileFormat.PUFFIN,
          0,
          PartitionValues.EMPTY,
          recordCount,
          bytes.length,
          ColumnMetrics.EMPTY,
          List.of(),
          dataFile,
          offset,
          size,
          List.of(),
          null,
          null,
          7L,
          7L);
    }
  }
}
