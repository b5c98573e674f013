package dev.floe.spark.read.parquet;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/** A local file as parquet-java's writers take one, without Hadoop: for test fixtures. */
public record LocalParquetOutput(Path file) implements OutputFile {
  @Override
  public PositionOutputStream create(long blockSize) throws IOException {
    return createOrOverwrite(blockSize);
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSize) throws IOException {
    OutputStream out = new BufferedOutputStream(Files.newOutputStream(file));
    return new PositionOutputStream() {
      private long position;

      @Override
      public long getPos() {
        return position;
      }

      @Override
      public void write(int value) throws IOException {
        out.write(value);
        position++;
      }

      @Override
      public void write(byte[] bytes, int offset, int length) throws IOException {
        out.write(bytes, offset, length);
        position += length;
      }

      @Override
      public void flush() throws IOException {
        out.flush();
      }

      @Override
      public void close() throws IOException {
        out.close();
      }
    };
  }

  @Override
  public boolean supportsBlockSize() {
    return false;
  }

  @Override
  public long defaultBlockSize() {
    return 0;
  }
}
