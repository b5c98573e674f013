package dev.floe.spark.read.parquet.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/**
 * Every codec decompresses a page into the start of the buffer it is given, reading the page from
 * the middle of a larger chunk; a page that decompresses to another size than its header says is
 * refused with the codec named.
 */
class TestPageDecompressors {
  private static final byte[] PAGE = pageBytes(10_000);

  private final PageDecompressors decompressors = new PageDecompressors();

  @AfterEach
  void close() {
    decompressors.close();
  }

  private static byte[] pageBytes(int size) {
    byte[] bytes = new byte[size];
    for (int index = 0; index < size; index++) {
      bytes[index] = (byte) (index % 251 * 7);
    }
    return bytes;
  }

  /** Decompresses {@code compressed}, placed at offset 10 of a larger chunk. */
  private byte[] decompress(CompressionCodec codec, byte[] compressed, int size)
      throws IOException {
    byte[] chunk = new byte[compressed.length + 20];
    System.arraycopy(compressed, 0, chunk, 10, compressed.length);
    byte[] target = new byte[size + 5];
    decompressors.decompress(codec, chunk, 10, compressed.length, target, size);
    return Arrays.copyOf(target, size);
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(data);
    }
    return out.toByteArray();
  }

  private static byte[] lz4Block(byte[] data) {
    return LZ4Factory.fastestInstance().fastCompressor().compress(data);
  }

  /** Hadoop's framing: each block preceded by its decompressed and compressed sizes. */
  private static byte[] hadoopLz4(byte[]... blocks) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] block : blocks) {
      byte[] compressed = lz4Block(block);
      out.writeBytes(ByteBuffer.allocate(8).putInt(block.length).putInt(compressed.length).array());
      out.writeBytes(compressed);
    }
    return out.toByteArray();
  }

  @Test
  void everyCodecReadsItsPage() throws IOException {
    assertThat(decompress(CompressionCodec.ZSTD, Zstd.compress(PAGE), PAGE.length))
        .as("zstd")
        .isEqualTo(PAGE);
    assertThat(decompress(CompressionCodec.SNAPPY, Snappy.compress(PAGE), PAGE.length))
        .as("snappy")
        .isEqualTo(PAGE);
    assertThat(decompress(CompressionCodec.GZIP, gzip(PAGE), PAGE.length))
        .as("gzip")
        .isEqualTo(PAGE);
    assertThat(decompress(CompressionCodec.LZ4_RAW, lz4Block(PAGE), PAGE.length))
        .as("lz4 raw")
        .isEqualTo(PAGE);
    assertThat(decompress(CompressionCodec.UNCOMPRESSED, PAGE, PAGE.length))
        .as("uncompressed")
        .isEqualTo(PAGE);
  }

  @Test
  void everyCodecWritesAtTheOffsetItIsGiven() throws IOException {
    byte[][] compressed = {
      Zstd.compress(PAGE), Snappy.compress(PAGE), gzip(PAGE), lz4Block(PAGE), hadoopLz4(PAGE), PAGE
    };
    CompressionCodec[] codecs = {
      CompressionCodec.ZSTD,
      CompressionCodec.SNAPPY,
      CompressionCodec.GZIP,
      CompressionCodec.LZ4_RAW,
      CompressionCodec.LZ4,
      CompressionCodec.UNCOMPRESSED
    };
    for (int index = 0; index < codecs.length; index++) {
      // a version 2 page's values land after its levels
      byte[] target = new byte[PAGE.length + 7];
      Arrays.fill(target, 0, 7, (byte) 0x55);
      decompressors.decompress(
          codecs[index], compressed[index], 0, compressed[index].length, target, 7, PAGE.length);

      assertThat(Arrays.copyOfRange(target, 7, target.length))
          .as("%s", codecs[index])
          .isEqualTo(PAGE);
      assertThat(Arrays.copyOf(target, 7))
          .as("%s leaves the bytes before the offset alone", codecs[index])
          .containsOnly((byte) 0x55);
    }
  }

  @Test
  void gzipReadsConcatenatedMembers() throws IOException {
    byte[] first = Arrays.copyOfRange(PAGE, 0, 4_000);
    byte[] second = Arrays.copyOfRange(PAGE, 4_000, PAGE.length);
    ByteArrayOutputStream members = new ByteArrayOutputStream();
    members.writeBytes(gzip(first));
    members.writeBytes(gzip(second));

    assertThat(decompress(CompressionCodec.GZIP, members.toByteArray(), PAGE.length))
        .isEqualTo(PAGE);
  }

  @Test
  void lz4ReadsHadoopFramesAndFallsBackToABareBlock() throws IOException {
    byte[] first = Arrays.copyOfRange(PAGE, 0, 6_000);
    byte[] second = Arrays.copyOfRange(PAGE, 6_000, PAGE.length);

    assertThat(decompress(CompressionCodec.LZ4, hadoopLz4(first, second), PAGE.length))
        .as("two Hadoop frames")
        .isEqualTo(PAGE);
    assertThat(decompress(CompressionCodec.LZ4, lz4Block(PAGE), PAGE.length))
        .as("old Arrow writers' bare block")
        .isEqualTo(PAGE);
  }

  @Test
  void aPageOfAnotherSizeThanItsHeaderSaysIsRefused() {
    assertThatThrownBy(
            () -> decompress(CompressionCodec.ZSTD, Zstd.compress(PAGE), PAGE.length + 8))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("zstd data decompresses to 10000 bytes where its header says 10008");
    assertThatThrownBy(
            () -> decompress(CompressionCodec.SNAPPY, Snappy.compress(PAGE), PAGE.length - 1))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("snappy data decompresses to 10000 bytes where its header says 9999");
    assertThatThrownBy(() -> decompress(CompressionCodec.GZIP, gzip(PAGE), PAGE.length - 1))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("gzip data decompresses to more than the 9999 bytes");
    assertThatThrownBy(() -> decompress(CompressionCodec.GZIP, gzip(PAGE), PAGE.length + 1))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("gzip data decompresses to 10000 bytes where its header says 10001");
  }

  @Test
  void damagedDataIsRefused() {
    // a flip inside zstd's compressed blocks may decode to other bytes without an error (which is
    // why pages carry a CRC): a broken frame header is what the codec itself detects
    byte[] zstd = Zstd.compress(PAGE);
    zstd[0] ^= 0x5A;
    byte[] truncatedGzip = Arrays.copyOf(unchecked(() -> gzip(PAGE)), 40);

    assertThatThrownBy(() -> decompress(CompressionCodec.ZSTD, zstd, PAGE.length))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("zstd");
    assertThatThrownBy(() -> decompress(CompressionCodec.GZIP, truncatedGzip, PAGE.length))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("gzip");
    assertThatThrownBy(
            () -> decompress(CompressionCodec.LZ4_RAW, new byte[] {(byte) 0xF0, 1, 2}, 100))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("lz4 data is malformed");
  }

  @Test
  void lzoIsRefusedByName() {
    assertThatThrownBy(() -> decompress(CompressionCodec.LZO, new byte[] {1, 2, 3}, 10))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("compressed with LZO, which Floe does not read");
  }

  private interface Producer {
    byte[] get() throws IOException;
  }

  private static byte[] unchecked(Producer producer) {
    try {
      return producer.get();
    } catch (IOException failure) {
      throw new java.io.UncheckedIOException(failure);
    }
  }
}
