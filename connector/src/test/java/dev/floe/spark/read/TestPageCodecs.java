package dev.floe.spark.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** zstd pages decompressed when read, into a reused buffer; other codecs are parquet-java's. */
class TestPageCodecs {
  private final PageCodecs codecs = new PageCodecs();

  @AfterEach
  void release() {
    codecs.release();
  }

  private static byte[] pageBytes(int size) {
    byte[] bytes = new byte[size];
    for (int index = 0; index < size; index++) {
      bytes[index] = (byte) (index % 251 * 7);
    }
    return bytes;
  }

  /** A compressed page as the column chunk holds it: a slice of a larger buffer. */
  private static BytesInput inChunk(byte[] compressed) {
    byte[] chunk = new byte[compressed.length + 20];
    System.arraycopy(compressed, 0, chunk, 10, compressed.length);
    return BytesInput.from(ByteBuffer.wrap(chunk, 10, compressed.length).slice());
  }

  @Test
  void zstdPageDecompressesIntoTheBufferItIsGiven() throws IOException {
    byte[] page = pageBytes(10_000);
    BytesInputDecompressor decompressor = codecs.getDecompressor(CompressionCodecName.ZSTD);

    BytesInput decompressed = decompressor.decompress(inChunk(Zstd.compress(page)), page.length);
    byte[] buffer = new byte[16_000];
    byte[] used = ((PageCodecs.ZstdPage) decompressed).decompressInto(buffer);

    assertThat(used).as("a large enough buffer is reused").isSameAs(buffer);
    assertThat(Arrays.copyOf(used, page.length)).as("the page's bytes").isEqualTo(page);
    assertThat(decompressed.size()).as("the uncompressed size").isEqualTo(page.length);
    assertThat(decompressed.toByteArray()).as("a fresh copy").isEqualTo(page);
  }

  @Test
  void zstdPageGrowsASmallBuffer() throws IOException {
    byte[] page = pageBytes(5_000);
    BytesInput decompressed =
        codecs
            .getDecompressor(CompressionCodecName.ZSTD)
            .decompress(inChunk(Zstd.compress(page)), page.length);

    byte[] small = new byte[100];
    byte[] used = ((PageCodecs.ZstdPage) decompressed).decompressInto(small);

    assertThat(used).as("a new buffer").isNotSameAs(small);
    assertThat(Arrays.copyOf(used, page.length)).as("the page's bytes").isEqualTo(page);
  }

  @Test
  void zstdPageWhoseSizeDisagreesWithItsHeaderIsRejected() throws IOException {
    byte[] page = pageBytes(1_000);
    BytesInput shorter =
        codecs
            .getDecompressor(CompressionCodecName.ZSTD)
            .decompress(inChunk(Zstd.compress(page)), page.length + 8);

    assertThatThrownBy(shorter::toByteArray)
        .isInstanceOf(IOException.class)
        .hasMessageContaining("zstd page decompressed to 1000 bytes where its header says 1008");
  }

  @Test
  void corruptZstdPageIsAnIoFailure() throws IOException {
    BytesInput garbage =
        codecs
            .getDecompressor(CompressionCodecName.ZSTD)
            .decompress(inChunk(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}), 100);

    assertThatThrownBy(() -> ((PageCodecs.ZstdPage) garbage).decompressInto(new byte[100]))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("zstd page cannot be decompressed");
  }

  @Test
  void otherCodecsAreParquetJavas() throws IOException {
    byte[] page = pageBytes(1_000);

    BytesInput same =
        codecs
            .getDecompressor(CompressionCodecName.UNCOMPRESSED)
            .decompress(BytesInput.from(page), page.length);

    assertThat(same).as("not deferred").isNotInstanceOf(PageCodecs.ZstdPage.class);
    assertThat(same.toByteArray()).as("the page's bytes").isEqualTo(page);
  }
}
