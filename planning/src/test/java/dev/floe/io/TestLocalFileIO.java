package dev.floe.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.FileReadException;
import dev.floe.InvalidRequestException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestLocalFileIO {
  private static final byte[] CONTENT = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  @TempDir Path directory;
  private Path file;
  private final LocalFileIO io = new LocalFileIO();

  @BeforeEach
  void writeFile() throws IOException {
    file = directory.resolve("data.bin");
    Files.write(file, CONTENT);
  }

  @Test
  void readsRanges() {
    InputFile input = io.newInputFile(file.toString());

    assertThat(input.readRange(10, 4)).as("bytes 10..13").isEqualTo(ascii("abcd"));
    assertThat(input.readRange(0, 1)).isEqualTo(ascii("0"));
    assertThat(input.readRange(16, 0)).as("an empty range at the end").isEmpty();
    assertThat(input.readAll()).isEqualTo(CONTENT);
    assertThat(input.length()).isEqualTo(16);
    assertThat(input.exists()).isTrue();
  }

  @Test
  void failsOnRangesPastTheEnd() {
    InputFile input = io.newInputFile(file.toString());

    assertThatThrownBy(() -> input.readRange(12, 8))
        .isInstanceOf(FileReadException.class)
        .hasMessage(
            "Cannot read " + file + ": wanted 8 bytes at offset 12 but the file has 16 bytes");
    assertThatThrownBy(() -> input.readRange(-1, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("offset -1 of " + file);
  }

  @Test
  void readsAsAStream() throws IOException {
    try (InputStream stream = io.newInputFile(file.toString()).newStream()) {
      assertThat(stream.readAllBytes()).isEqualTo(CONTENT);
    }
  }

  @Test
  void namesAMissingFile() {
    String missing = directory.resolve("missing.avro").toString();
    InputFile input = io.newInputFile(missing);

    assertThat(input.exists()).isFalse();
    String message = "Cannot read " + missing + ": the file does not exist";
    assertThatThrownBy(input::length).isInstanceOf(FileReadException.class).hasMessage(message);
    assertThatThrownBy(() -> input.readRange(0, 4))
        .isInstanceOf(FileReadException.class)
        .hasMessage(message);
    assertThatThrownBy(input::newStream).isInstanceOf(FileReadException.class).hasMessage(message);
  }

  @Test
  void readsFileUrisAndKeepsTheirLocation() {
    for (String location :
        new String[] {"file:" + file, "file://" + file, "file://localhost" + file}) {
      InputFile input = io.newInputFile(location);
      assertThat(input.location()).as("location kept as given").isEqualTo(location);
      assertThat(input.readRange(2, 3)).as("content of %s", location).isEqualTo(ascii("234"));
    }
  }

  @Test
  void refusesNonLocalLocations() {
    assertThatThrownBy(() -> io.newInputFile("s3://bucket/key"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot read s3://bucket/key as a local file");
    assertThatThrownBy(() -> io.newInputFile("file://otherhost/data"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("it names host 'otherhost'");
  }

  @Test
  void listsInTheStyleOfTheDirectoryGiven() throws IOException {
    Files.writeString(directory.resolve("b.txt"), "b");
    Files.createDirectory(directory.resolve("sub"));

    assertThat(io.listDirectory(directory.toString()))
        .as("plain paths, sorted")
        .containsExactly(directory + "/b.txt", directory + "/data.bin", directory + "/sub");
    assertThat(io.listDirectory("file:" + directory + "/"))
        .as("scheme kept, no doubled slash")
        .containsExactly(
            "file:" + directory + "/b.txt",
            "file:" + directory + "/data.bin",
            "file:" + directory + "/sub");
    assertThat(io.listDirectory("file://" + directory))
        .first()
        .isEqualTo("file://" + directory + "/b.txt");
  }

  @Test
  void listsNothingForAMissingDirectory() {
    assertThat(io.listDirectory(directory.resolve("absent").toString())).isEmpty();
    assertThat(io.listDirectory(file.toString())).as("a file is not a directory").isEmpty();
  }

  @Test
  void survivesSerialization() throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(io);
    }
    FileIO copy;
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      copy = (FileIO) in.readObject();
    }
    assertThat(copy.newInputFile(file.toString()).readAll()).isEqualTo(CONTENT);
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
