package dev.floe.spark.read.parquet.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.spark.read.parquet.format.ThriftCompactReader.ThriftException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Floe's footer decoder on damaged footers: every truncation and random byte damage of every corpus
 * footer either decodes or is a {@link ThriftException}, never another exception; and a logical
 * type newer than Floe reads as {@link LogicalType.Unrecognized}, or as the converted type beside
 * it.
 */
class TestFooterDecoderRobustness {
  static List<Path> corpus() {
    return ParquetTestingCorpus.files();
  }

  /** The footer bytes of a Parquet file, without length and magic. */
  private static byte[] footerOf(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int length =
        ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    return Arrays.copyOfRange(bytes, bytes.length - 8 - length, bytes.length - 8);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void damagedFootersAreThriftErrors(Path file) throws IOException {
    byte[] footer;
    try {
      footer = footerOf(file);
    } catch (RuntimeException notAFooter) {
      return; // the corpus's unreadable tails are covered by the reader's own tests
    }
    for (int length = 0; length < footer.length; length += Math.max(1, footer.length / 200)) {
      decodeOrThriftError(footer, length);
    }
    Random random = new Random(file.getFileName().toString().hashCode());
    for (int round = 0; round < 200; round++) {
      byte[] damaged = footer.clone();
      damaged[random.nextInt(damaged.length)] ^= (byte) (1 << random.nextInt(8));
      decodeOrThriftError(damaged, damaged.length);
    }
  }

  private static void decodeOrThriftError(byte[] footer, int length) {
    try {
      FooterDecoder.decode(footer, 0, length);
    } catch (ThriftException expected) {
      assertThat(expected.getMessage()).as("says what is wrong").isNotBlank();
    }
  }

  /** A minimal FileMetaData: a root with one int32 column carrying the given schema fields. */
  private static byte[] footerWithColumn(byte[] columnFields) {
    ByteArrayBuilder out = new ByteArrayBuilder();
    out.write(0x15, 0x02); // field 1 (i32 version) = 1
    out.write(0x19, 0x2C); // field 2: list of 2 structs
    // root element: name "r", num_children 1
    out.write(0x48, 0x01, 'r'); // field 4 binary "r"
    out.write(0x15, 0x02); // field 5 i32 = 1
    out.write(0x00);
    out.write(columnFields);
    out.write(0x00);
    out.write(0x16, 0x00); // field 3 i64 num_rows = 0
    out.write(0x19, 0x0C); // field 4: list of 0 structs
    out.write(0x00);
    return out.bytes();
  }

  @Test
  void aLogicalTypeNewerThanFloeIsUnrecognized() {
    ByteArrayBuilder column = new ByteArrayBuilder();
    column.write(0x15, 0x02); // type INT32
    column.write(0x25, 0x00); // repetition REQUIRED
    column.write(0x18, 0x01, 'c'); // name "c"
    byte[] footer = footerWithColumn(concat(column.bytes(), logicalTypeWithMember(99)));

    ParquetFooter decoded = FooterDecoder.decode(footer, 0, footer.length);

    assertThat(decoded.schema().columns().get(0).type().logicalType())
        .isEqualTo(new LogicalType.Unrecognized(99));
  }

  @Test
  void aNewLogicalTypeBesideAConvertedTypeReadsAsTheConvertedOne() {
    ByteArrayBuilder column = new ByteArrayBuilder();
    column.write(0x15, 0x02); // type INT32
    column.write(0x25, 0x00); // repetition REQUIRED
    column.write(0x18, 0x01, 'c'); // name "c"
    column.write(0x25, 0x1A); // field 6 converted_type = 13 (UINT_32)
    byte[] footer = footerWithColumn(concat(column.bytes(), logicalTypeWithMember(99, 4)));

    ParquetFooter decoded = FooterDecoder.decode(footer, 0, footer.length);

    assertThat(decoded.schema().columns().get(0).type().logicalType())
        .isEqualTo(new LogicalType.IntegerType(32, false));
  }

  @Test
  void aListLongerThanItsBytesIsRefusedBeforeAllocating() {
    byte[] footer = {0x19, (byte) 0xFC, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F};

    assertThatThrownBy(() -> FooterDecoder.decode(footer, 0, footer.length))
        .isInstanceOf(ThriftException.class)
        .hasMessageContaining("a list declares 4294967295 elements");
  }

  /** Field 10 (a struct, announced by a header {@code delta} past the previous field). */
  private static byte[] logicalTypeWithMember(int memberId) {
    return logicalTypeWithMember(memberId, 6);
  }

  private static byte[] logicalTypeWithMember(int memberId, int delta) {
    ByteArrayBuilder out = new ByteArrayBuilder();
    out.write((delta << 4) | 0x0C); // field 10 struct
    out.write(0x0C); // member: a long-form header (delta 0, struct), then its id
    int zigzag = memberId * 2;
    while (zigzag >= 0x80) {
      out.write((zigzag & 0x7F) | 0x80);
      zigzag >>>= 7;
    }
    out.write(zigzag);
    out.write(0x00); // the member's empty struct ends
    out.write(0x00); // the union ends
    return out.bytes();
  }

  private static byte[] concat(byte[] first, byte[] second) {
    byte[] joined = Arrays.copyOf(first, first.length + second.length);
    System.arraycopy(second, 0, joined, first.length, second.length);
    return joined;
  }

  private static final class ByteArrayBuilder {
    private final java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();

    void write(int... values) {
      for (int value : values) {
        out.write(value);
      }
    }

    void write(byte[] values) {
      out.writeBytes(values);
    }

    byte[] bytes() {
      return out.toByteArray();
    }
  }
}
