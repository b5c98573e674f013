package dev.floe.spark.read.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.io.LocalFileIO;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads by ranges return the file's bytes across chunk boundaries and after seeks. */
class TestAvroSeekableInput {
  @TempDir Path directory;

  @Test
  void readsAcrossChunksAndSeeksBackAndForth() throws IOException {
    byte[] content = new byte[1000];
    for (int index = 0; index < content.length; index++) {
      content[index] = (byte) (index * 7);
    }
    Path file = Files.write(directory.resolve("bytes.bin"), content);
    AvroSeekableInput input =
        new AvroSeekableInput(new LocalFileIO().newInputFile(file.toString()), -1, 64);

    byte[] all = new byte[1000];
    int read = 0;
    while (read < all.length) {
      read += input.read(all, read, all.length - read);
    }
    assertThat(all).as("sequential reads over 16 chunks").isEqualTo(content);
    assertThat(input.read(all, 0, 10)).as("end of file").isEqualTo(-1);

    input.seek(130);
    byte[] some = new byte[10];
    int count = input.read(some, 0, 10);
    assertThat(Arrays.copyOf(some, count))
        .as("a read after seeking back")
        .isEqualTo(Arrays.copyOfRange(content, 130, 130 + count));
    assertThat(input.tell()).as("position after the read").isEqualTo(130L + count);
    assertThatThrownBy(() -> input.seek(1001))
        .isInstanceOf(EOFException.class)
        .hasMessageContaining("Cannot seek to byte 1001 of " + file);
  }
}
