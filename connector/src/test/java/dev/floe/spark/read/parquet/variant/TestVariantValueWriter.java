package dev.floe.spark.read.parquet.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The variant encoding as Parquet's VariantEncoding.md lays it out, byte by byte. */
class TestVariantValueWriter {
  private static byte[] bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int index = 0; index < values.length; index++) {
      bytes[index] = (byte) values[index];
    }
    return bytes;
  }

  @Test
  void primitivesCarryTheirTypeInTheHeader() {
    assertThat(VariantValueWriter.variantNull()).isEqualTo(bytes(0x00));
    assertThat(VariantValueWriter.bool(true)).isEqualTo(bytes(1 << 2));
    assertThat(VariantValueWriter.bool(false)).isEqualTo(bytes(2 << 2));
    assertThat(VariantValueWriter.integer(3, -1)).isEqualTo(bytes(3 << 2, 0xFF));
    assertThat(VariantValueWriter.integer(4, 0x1234)).isEqualTo(bytes(4 << 2, 0x34, 0x12));
    assertThat(VariantValueWriter.integer(5, 1)).isEqualTo(bytes(5 << 2, 1, 0, 0, 0));
    assertThat(VariantValueWriter.integer(6, -2))
        .isEqualTo(bytes(6 << 2, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF));
    assertThat(VariantValueWriter.decimal(8, 2, BigInteger.valueOf(-1)))
        .isEqualTo(bytes(8 << 2, 2, 0xFF, 0xFF, 0xFF, 0xFF));
    assertThat(VariantValueWriter.decimal(10, 0, BigInteger.ONE.shiftLeft(64)))
        .hasSize(18)
        .startsWith(bytes(10 << 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0));
    assertThat(VariantValueWriter.binary(bytes(7, 8))).isEqualTo(bytes(15 << 2, 2, 0, 0, 0, 7, 8));
    assertThat(VariantValueWriter.uuid(new byte[16])).hasSize(17).startsWith(bytes(20 << 2));
  }

  @Test
  void aStringBelowSixtyFourBytesIsAShortString() {
    assertThat(VariantValueWriter.string("hi")).isEqualTo(bytes((2 << 2) | 1, 'h', 'i'));
    byte[] long64 = VariantValueWriter.string("x".repeat(64));
    assertThat(long64).hasSize(69).startsWith(bytes(16 << 2, 64, 0, 0, 0));
  }

  @Test
  void anObjectListsIdsThenOffsetsThenValues() {
    byte[] object =
        VariantValueWriter.object(
            new int[] {1, 0},
            List.of(VariantValueWriter.integer(5, 5), VariantValueWriter.string("x")));
    assertThat(object)
        .isEqualTo(bytes(0x02, 2, 1, 0, 0, 5, 7, 5 << 2, 5, 0, 0, 0, (1 << 2) | 1, 'x'));
    assertThat(VariantBytes.sizeOf(object, 0)).isEqualTo(object.length);
  }

  @Test
  void anArrayListsOffsetsThenValues() {
    byte[] array =
        VariantValueWriter.array(
            List.of(VariantValueWriter.bool(true), VariantValueWriter.variantNull()));
    assertThat(array).isEqualTo(bytes(0x03, 2, 0, 1, 2, 1 << 2, 0));
    assertThat(VariantBytes.sizeOf(array, 0)).isEqualTo(array.length);
  }

  @Test
  void largeContainersWidenTheirCountAndOffsets() {
    List<byte[]> elements = new ArrayList<>();
    for (int index = 0; index < 300; index++) {
      elements.add(VariantValueWriter.string("element " + index));
    }
    byte[] array = VariantValueWriter.array(elements);
    // is_large (bit 4 of the value header, bit 6 of the byte) and 2-byte offsets
    assertThat(array[0] & 0xFF).isEqualTo(0x03 | (1 << 2) | (1 << 4));
    assertThat(VariantBytes.unsigned(array, 1, 4, "count")).isEqualTo(300);
    assertThat(VariantBytes.sizeOf(array, 0)).isEqualTo(array.length);
    assertThat(
            VariantValueWriter.valueAt(
                array, VariantBytes.Container.array(array, 0).valueStart(299)))
        .isEqualTo(VariantValueWriter.string("element 299"));
  }

  @Test
  void truncatedValuesAreRefused() {
    byte[] array = VariantValueWriter.array(List.of(VariantValueWriter.string("abc")));
    byte[] truncated = java.util.Arrays.copyOf(array, array.length - 1);
    assertThatThrownBy(() -> VariantBytes.sizeOf(truncated, 0))
        .isInstanceOf(MalformedVariantException.class)
        .hasMessageContaining("past the end");
    assertThatThrownBy(() -> VariantMetadata.of(bytes(0x02, 0)))
        .isInstanceOf(MalformedVariantException.class)
        .hasMessageContaining("version 2");
  }
}
