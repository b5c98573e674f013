package dev.floe.spark.read.parquet.format;

import com.github.luben.zstd.ZstdDecompressCtx;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.xerial.snappy.Snappy;

/**
 * Decompresses pages, each into a caller's buffer in one call, with the libraries Spark ships
 * (zstd-jni, snappy-java, lz4-java, the JDK's gzip) and a relocated Brotli decoder. A page that
 * decompresses to another size than its header says is damaged.
 *
 * <p>Not thread-safe, like the file reader it belongs to: it keeps one zstd context per file
 * reader; {@link #close} frees it.
 */
final class PageDecompressors implements AutoCloseable {
  private ZstdDecompressCtx zstd;
  private LZ4SafeDecompressor lz4;

  /**
   * Decompresses {@code source[offset .. offset + length)}, compressed with {@code codec}, into
   * {@code target[0 .. size)}.
   */
  void decompress(
      CompressionCodec codec, byte[] source, int offset, int length, byte[] target, int size)
      throws IOException {
    decompress(codec, source, offset, length, target, 0, size);
  }

  /**
   * Decompresses {@code source[offset .. offset + length)}, compressed with {@code codec}, into
   * {@code target[targetOffset .. targetOffset + size)}.
   */
  void decompress(
      CompressionCodec codec,
      byte[] source,
      int offset,
      int length,
      byte[] target,
      int targetOffset,
      int size)
      throws IOException {
    if (targetOffset < 0 || size < 0 || size > target.length - targetOffset) {
      throw new IllegalArgumentException(
          "Cannot decompress " + size + " bytes at " + targetOffset + " of " + target.length);
    }
    switch (codec) {
      case UNCOMPRESSED -> {
        if (length != size) {
          throw new IOException(
              "an uncompressed page holds " + length + " bytes where its header says " + size);
        }
        System.arraycopy(source, offset, target, targetOffset, size);
      }
      case SNAPPY -> snappy(source, offset, length, target, targetOffset, size);
      case GZIP -> gzip(source, offset, length, target, targetOffset, size);
      case ZSTD -> zstd(source, offset, length, target, targetOffset, size);
      case LZ4_RAW -> lz4Block(source, offset, length, target, targetOffset, size);
      case LZ4 -> hadoopLz4(source, offset, length, target, targetOffset, size);
      case BROTLI -> BrotliPages.decompress(source, offset, length, target, targetOffset, size);
      case LZO ->
          throw new IOException(
              "it is compressed with LZO, which Floe does not read (no LZO decoder is on Spark's"
                  + " classpath); rewrite the file with another codec");
    }
  }

  private static void snappy(
      byte[] source, int offset, int length, byte[] target, int targetOffset, int size)
      throws IOException {
    int declared;
    try {
      declared = Snappy.uncompressedLength(source, offset, length);
    } catch (IOException | RuntimeException failure) {
      throw new IOException("its snappy data is malformed: " + failure.getMessage(), failure);
    }
    if (declared != size) {
      throw sizeMismatch("snappy", declared, size);
    }
    int written;
    try {
      written = Snappy.uncompress(source, offset, length, target, targetOffset);
    } catch (IOException | RuntimeException failure) {
      throw new IOException("its snappy data is malformed: " + failure.getMessage(), failure);
    }
    if (written != size) {
      throw sizeMismatch("snappy", written, size);
    }
  }

  /** Gzip, as one member or several concatenated (which some writers produce). */
  private static void gzip(
      byte[] source, int offset, int length, byte[] target, int targetOffset, int size)
      throws IOException {
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(source, offset, length))) {
      int written = in.readNBytes(target, targetOffset, size);
      if (written != size) {
        throw sizeMismatch("gzip", written, size);
      }
      if (in.read() >= 0) {
        throw new IOException(
            "its gzip data decompresses to more than the " + size + " bytes its header says");
      }
    } catch (java.util.zip.ZipException malformed) {
      throw new IOException("its gzip data is malformed: " + malformed.getMessage(), malformed);
    } catch (java.io.EOFException truncated) {
      throw new IOException("its gzip data ends early", truncated);
    }
  }

  private void zstd(
      byte[] source, int offset, int length, byte[] target, int targetOffset, int size)
      throws IOException {
    if (zstd == null) {
      zstd = new ZstdDecompressCtx();
    }
    int written;
    try {
      written = zstd.decompressByteArray(target, targetOffset, size, source, offset, length);
    } catch (RuntimeException failure) {
      throw new IOException("its zstd data is malformed: " + failure.getMessage(), failure);
    }
    if (written != size) {
      throw sizeMismatch("zstd", written, size);
    }
  }

  private void lz4Block(
      byte[] source, int offset, int length, byte[] target, int targetOffset, int size)
      throws IOException {
    if (lz4 == null) {
      lz4 = LZ4Factory.fastestInstance().safeDecompressor();
    }
    int written;
    try {
      written = lz4.decompress(source, offset, length, target, targetOffset, size);
    } catch (LZ4Exception failure) {
      throw new IOException("its lz4 data is malformed: " + failure.getMessage(), failure);
    }
    if (written != size) {
      throw sizeMismatch("lz4", written, size);
    }
  }

  /**
   * The deprecated {@code LZ4} codec: Hadoop's framing (big-endian decompressed and compressed
   * sizes before each block). Old Arrow writers wrote a bare LZ4 block under the same codec; as the
   * format's notes advise, a page whose framing does not add up is read as one bare block.
   */
  private void hadoopLz4(
      byte[] source, int offset, int length, byte[] target, int targetOffset, int size)
      throws IOException {
    try {
      if (readHadoopFrames(source, offset, length, target, targetOffset, size)) {
        return;
      }
    } catch (IOException notHadoop) {
      // fall through to the bare block
    }
    lz4Block(source, offset, length, target, targetOffset, size);
  }

  private boolean readHadoopFrames(
      byte[] source, int offset, int length, byte[] target, int targetOffset, int size)
      throws IOException {
    int position = offset;
    int end = offset + length;
    int written = 0;
    while (end - position >= 8) {
      int frameSize = bigEndianInt(source, position);
      int compressedSize = bigEndianInt(source, position + 4);
      position += 8;
      if (frameSize < 0
          || compressedSize < 0
          || frameSize > size - written
          || compressedSize > end - position) {
        return false;
      }
      lz4Block(source, position, compressedSize, target, targetOffset + written, frameSize);
      position += compressedSize;
      written += frameSize;
    }
    return position == end && written == size;
  }

  private static int bigEndianInt(byte[] data, int offset) {
    return (data[offset] & 0xFF) << 24
        | (data[offset + 1] & 0xFF) << 16
        | (data[offset + 2] & 0xFF) << 8
        | (data[offset + 3] & 0xFF);
  }

  private static IOException sizeMismatch(String codec, int actual, int expected) {
    return new IOException(
        "its "
            + codec
            + " data decompresses to "
            + actual
            + " bytes where its header says "
            + expected);
  }

  @Override
  public void close() {
    if (zstd != null) {
      zstd.close();
      zstd = null;
    }
  }
}
