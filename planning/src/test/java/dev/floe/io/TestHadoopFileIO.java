package dev.floe.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.FileReadException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HadoopFileIO over Hadoop's local file system, which needs no cluster. */
class TestHadoopFileIO {
  private static final byte[] CONTENT = "0123456789".getBytes(StandardCharsets.US_ASCII);

  @TempDir Path directory;

  @Test
  void readsRangesAndStreams() throws IOException {
    Path file = directory.resolve("data.bin");
    Files.write(file, CONTENT);
    InputFile input = new HadoopFileIO(Map.of()).newInputFile("file:" + file);

    assertThat(input.location()).isEqualTo("file:" + file);
    assertThat(input.exists()).isTrue();
    assertThat(input.length()).isEqualTo(10);
    assertThat(input.readRange(3, 4)).isEqualTo("3456".getBytes(StandardCharsets.US_ASCII));
    try (InputStream stream = input.newStream()) {
      assertThat(stream.readAllBytes()).isEqualTo(CONTENT);
    }
    assertThatThrownBy(() -> input.readRange(8, 4))
        .isInstanceOf(FileReadException.class)
        .hasMessage(
            "Cannot read file:" + file + ": wanted 4 bytes at offset 8 but the file is shorter");
  }

  @Test
  void streamFailureNamesTheFile() throws IOException {
    Path file = directory.resolve("stream.bin");
    Files.write(file, CONTENT);
    String location = "file:" + file;
    InputStream stream = new HadoopFileIO(Map.of()).newInputFile(location).newStream();
    assertThat(stream.read()).as("first byte").isEqualTo(CONTENT[0]);
    stream.close();

    assertThatThrownBy(stream::read)
        .as("a storage failure in the middle of a stream")
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("Cannot read " + location + ": ");
    assertThatThrownBy(() -> stream.read(new byte[4], 0, 4))
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("Cannot read " + location + ": ");
  }

  @Test
  void namesAMissingFile() {
    String missing = "file:" + directory.resolve("missing.avro");
    InputFile input = new HadoopFileIO(Map.of()).newInputFile(missing);

    assertThat(input.exists()).isFalse();
    assertThatThrownBy(input::length)
        .isInstanceOf(FileReadException.class)
        .hasMessage("Cannot read " + missing + ": the file does not exist");
    assertThatThrownBy(() -> input.readRange(0, 1))
        .isInstanceOf(FileReadException.class)
        .hasMessage("Cannot read " + missing + ": the file does not exist");
  }

  @Test
  void listsInTheStyleOfTheDirectoryGiven() throws IOException {
    Files.writeString(directory.resolve("b.json"), "{}");
    Files.writeString(directory.resolve("a.json"), "{}");
    HadoopFileIO io = new HadoopFileIO(Map.of());

    assertThat(io.listDirectory("file:" + directory + "/"))
        .containsExactly("file:" + directory + "/a.json", "file:" + directory + "/b.json");
    assertThat(io.listDirectory("file:" + directory.resolve("absent"))).isEmpty();
  }

  @Test
  void readsS3LocationsThroughS3a() {
    assertThat(HadoopFileIO.toPath("s3://bucket/t/m.avro").toUri().getScheme()).isEqualTo("s3a");
    assertThat(HadoopFileIO.toPath("s3n://bucket/t/m.avro").toString())
        .isEqualTo("s3a://bucket/t/m.avro");
    assertThat(HadoopFileIO.toPath("s3a://bucket/t").toUri().getScheme()).isEqualTo("s3a");
    assertThat(HadoopFileIO.toPath("hdfs://nn:8020/t").toUri().getScheme()).isEqualTo("hdfs");
  }

  @Test
  void survivesSerializationWithItsProperties() throws IOException, ClassNotFoundException {
    Path file = directory.resolve("data.bin");
    Files.write(file, CONTENT);
    HadoopFileIO io = new HadoopFileIO(Map.of("fs.file.impl.disable.cache", "true"));
    io.newInputFile("file:" + file).length(); // builds the configuration before serializing

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(io);
    }
    FileIO copy;
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      copy = (FileIO) in.readObject();
    }
    assertThat(copy.newInputFile("file:" + file).readAll())
        .as("the copy rebuilds its configuration")
        .isEqualTo(CONTENT);
  }
}
