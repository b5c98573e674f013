package dev.floe.spark.read;

import com.github.luben.zstd.ZstdDecompressCtx;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopCodecs;

/**
 * The decompressors of one Parquet file reader. zstd pages (Iceberg's default codec) are not
 * decompressed by parquet-java's stream codec, which allocates a zeroed output buffer and a native
 * stream per page: their decompression is deferred to the {@link ZstdPage} the page reader hands
 * out, which the column decoder decompresses in one call, with one native context per file reader,
 * into a buffer it reuses from page to page. Every other codec is parquet-java's.
 *
 * <p>Not thread-safe, like the file reader it belongs to; {@link #release} frees the context.
 */
final class PageCodecs implements CompressionCodecFactory {
  private final CompressionCodecFactory parquetCodecs = HadoopCodecs.newFactory(0);
  private ZstdDecompressCtx zstd;
  private ZstdDecompressor zstdDecompressor;

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    return parquetCodecs.getCompressor(codec);
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    if (codec != CompressionCodecName.ZSTD) {
      return parquetCodecs.getDecompressor(codec);
    }
    if (zstdDecompressor == null) {
      zstd = new ZstdDecompressCtx();
      zstdDecompressor = new ZstdDecompressor(zstd, parquetCodecs.getDecompressor(codec));
    }
    return zstdDecompressor;
  }

  @Override
  public void release() {
    try {
      parquetCodecs.release();
    } finally {
      if (zstd != null) {
        zstd.close();
        zstd = null;
        zstdDecompressor = null;
      }
    }
  }

  /**
   * The bytes as one buffer: the column chunk's own, in place, when they are a slice of it (parquet
   * 1.13's {@link BytesInput#toByteBuffer} would copy them); a copy otherwise.
   */
  static ByteBuffer inPlace(BytesInput bytes) throws IOException {
    return bytes.toInputStream().slice(Math.toIntExact(bytes.size()));
  }

  private static final class ZstdDecompressor implements BytesInputDecompressor {
    private final ZstdDecompressCtx context;
    private final BytesInputDecompressor streams;

    ZstdDecompressor(ZstdDecompressCtx context, BytesInputDecompressor streams) {
      this.context = context;
      this.streams = streams;
    }

    @Override
    public BytesInput decompress(BytesInput compressed, int uncompressedSize) throws IOException {
      return new ZstdPage(context, inPlace(compressed), uncompressedSize);
    }

    /** Off-heap buffers (never used by Floe's heap reads) go through parquet-java's codec. */
    @Override
    public void decompress(
        ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
        throws IOException {
      streams.decompress(input, compressedSize, output, uncompressedSize);
    }

    @Override
    public void release() {}
  }

  /**
   * A zstd-compressed page, decompressed when read: into a caller's buffer by {@link
   * #decompressInto}, or into a new array by the ordinary {@link BytesInput} methods.
   */
  static final class ZstdPage extends BytesInput {
    private final ZstdDecompressCtx context;
    private final ByteBuffer compressed;
    private final int uncompressedSize;

    ZstdPage(ZstdDecompressCtx context, ByteBuffer compressed, int uncompressedSize) {
      this.context = context;
      this.compressed = compressed;
      this.uncompressedSize = uncompressedSize;
    }

    /**
     * Decompresses the page into the start of {@code buffer}, or of a larger array when it is too
     * small; returns the array holding the page's {@link #size()} bytes.
     */
    byte[] decompressInto(byte[] buffer) throws IOException {
      byte[] target =
          buffer.length >= uncompressedSize
              ? buffer
              : new byte[Math.max(uncompressedSize, buffer.length + buffer.length / 2)];
      byte[] source;
      int sourceOffset;
      if (compressed.hasArray()) {
        source = compressed.array();
        sourceOffset = compressed.arrayOffset() + compressed.position();
      } else {
        source = new byte[compressed.remaining()];
        compressed.duplicate().get(source);
        sourceOffset = 0;
      }
      int written;
      try {
        written =
            context.decompressByteArray(
                target, 0, uncompressedSize, source, sourceOffset, compressed.remaining());
      } catch (RuntimeException failure) {
        throw new IOException("zstd page cannot be decompressed: " + failure.getMessage(), failure);
      }
      if (written != uncompressedSize) {
        throw new IOException(
            "zstd page decompressed to "
                + written
                + " bytes where its header says "
                + uncompressedSize);
      }
      return target;
    }

    @Override
    public byte[] toByteArray() throws IOException {
      return decompressInto(new byte[uncompressedSize]);
    }

    @Override
    public ByteBuffer toByteBuffer() throws IOException {
      return ByteBuffer.wrap(toByteArray());
    }

    @Override
    public void writeAllTo(OutputStream out) throws IOException {
      out.write(toByteArray());
    }

    @Override
    public long size() {
      return uncompressedSize;
    }
  }
}
