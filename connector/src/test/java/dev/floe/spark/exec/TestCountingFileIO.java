package dev.floe.spark.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.FileReadException;
import dev.floe.io.InputFile;
import dev.floe.io.LocalFileIO;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestCountingFileIO {
  private static final byte[] CONTENT = new byte[1000];

  @TempDir Path directory;

  @Test
  void countsTheBytesEveryReadGetsBack() throws IOException {
    Path file = directory.resolve("data.bin");
    Files.write(file, CONTENT);
    CountingFileIO io = new CountingFileIO(new LocalFileIO());
    InputFile input = io.newInputFile(file.toString(), CONTENT.length);

    input.readRange(100, 50);
    assertThat(io.bytesRead()).as("after a ranged read of 50 bytes").isEqualTo(50);
    input.readAll();
    assertThat(io.bytesRead()).as("after reading the file whole").isEqualTo(1050);
    try (InputStream stream = io.newInputFile(file.toString()).newStream()) {
      stream.read();
      stream.read(new byte[99], 0, 99);
      stream.skip(500);
    }
    assertThat(io.bytesRead())
        .as("a stream counts the bytes it returned, not the ones it skipped")
        .isEqualTo(1150);
    assertThat(input.length()).as("length asks nothing of the count").isEqualTo(CONTENT.length);
    assertThat(io.bytesRead()).as("unchanged by length and exists").isEqualTo(1150);
  }

  @Test
  void failedReadsCountNothingAndKeepTheirError() {
    CountingFileIO io = new CountingFileIO(new LocalFileIO());
    String missing = directory.resolve("missing.bin").toString();

    assertThatThrownBy(() -> io.newInputFile(missing).readRange(0, 10))
        .isInstanceOf(FileReadException.class)
        .hasMessageContaining(missing);
    assertThat(io.bytesRead()).as("bytes counted for a failed read").isZero();
  }
}
