package dev.floe.spark.read.parquet.values;

import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * IEEE 754 half-precision values (two bytes, little-endian) as floats or doubles: every half is
 * exactly a float, NaN payloads and signed zeros included.
 */
final class Float16Sink implements ValueSink {
  private final WritableColumnVector vector;
  private final boolean doubles;

  Float16Sink(WritableColumnVector vector, boolean doubles) {
    this.vector = vector;
    this.doubles = doubles;
  }

  @Override
  public void putBytes(int row, byte[] bytes, int offset, int length) {
    if (length != 2) {
      throw new IllegalStateException("A float16 has 2 bytes, not " + length);
    }
    float value = halfToFloat((bytes[offset] & 0xFF) | (bytes[offset + 1] & 0xFF) << 8);
    if (doubles) {
      vector.putDouble(row, value);
    } else {
      vector.putFloat(row, value);
    }
  }

  /** The float a half-precision bit pattern stands for. */
  static float halfToFloat(int half) {
    int sign = (half & 0x8000) << 16;
    int exponent = (half >>> 10) & 0x1F;
    int mantissa = half & 0x3FF;
    if (exponent == 0x1F) {
      // infinities and NaNs: keep the payload in the float's top mantissa bits
      return Float.intBitsToFloat(sign | 0x7F80_0000 | mantissa << 13);
    }
    if (exponent == 0) {
      if (mantissa == 0) {
        return Float.intBitsToFloat(sign);
      }
      // subnormal: mantissa * 2^-24, exact in a float
      float magnitude = mantissa * 0x1.0p-24f;
      return sign == 0 ? magnitude : -magnitude;
    }
    return Float.intBitsToFloat(sign | (exponent + 112) << 23 | mantissa << 13);
  }
}
