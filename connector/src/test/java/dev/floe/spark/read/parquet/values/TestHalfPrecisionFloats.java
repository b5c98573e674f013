package dev.floe.spark.read.parquet.values;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code FLOAT16} values become floats exactly: every one of the 65,536 half-precision bit
 * patterns, checked against the value IEEE 754 defines for it (computed here by scaling, not by
 * bits).
 */
class TestHalfPrecisionFloats {
  /** The value of a half: (-1)^sign * 2^(exponent - 15) * (1 + mantissa / 1024), or subnormal. */
  private static double defined(int half) {
    int sign = (half >>> 15) == 0 ? 1 : -1;
    int exponent = (half >>> 10) & 0x1F;
    int mantissa = half & 0x3FF;
    if (exponent == 0x1F) {
      return mantissa == 0 ? sign * Double.POSITIVE_INFINITY : Double.NaN;
    }
    if (exponent == 0) {
      return sign * Math.scalb((double) mantissa, -24);
    }
    return sign * Math.scalb(1 + mantissa / 1024.0, exponent - 15);
  }

  @Test
  void everyHalfBecomesTheFloatItDefines() {
    for (int half = 0; half <= 0xFFFF; half++) {
      float value = Float16Sink.halfToFloat(half);
      double expected = defined(half);
      if (Double.isNaN(expected)) {
        assertThat(Float.isNaN(value)).as("NaN for %04x", half).isTrue();
        assertThat(Float.floatToRawIntBits(value) & 0x8000_0000)
            .as("the NaN's sign for %04x", half)
            .isEqualTo((half & 0x8000) << 16);
      } else {
        assertThat((double) value).as("half %04x", half).isEqualTo(expected);
        assertThat(Float.floatToRawIntBits(value) >>> 31)
            .as("the sign of %04x (signed zeros too)", half)
            .isEqualTo(half >>> 15);
      }
    }
  }
}
