package dev.floe.spark.read.parquet.values;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

final class UuidSink implements ValueSink {
  private final WritableColumnVector vector;

  UuidSink(WritableColumnVector vector) {
    this.vector = vector;
  }

  @Override
  public void putBytes(int row, byte[] bytes, int offset, int length) {
    if (length != 16) {
      throw new IllegalStateException("A uuid has 16 bytes, not " + length);
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
    String text = new UUID(buffer.getLong(), buffer.getLong()).toString();
    vector.putByteArray(row, text.getBytes(StandardCharsets.US_ASCII));
  }
}
