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
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Which Hadoop file system instance HadoopFileIO reads through, and what it asks of it, seen
 * through {@link RecordingFileSystem}. Each test uses its own authority (bucket), so instances made
 * by other tests never count.
 */
class TestHadoopFileSystems {
  private static final byte[] CONTENT = new byte[100_000];

  @BeforeAll
  static void writeFiles() {
    for (int index = 0; index < CONTENT.length; index++) {
      CONTENT[index] = (byte) (index * 31);
    }
    RecordingFileSystem.FILES.put("/t/data/file.parquet", CONTENT);
  }

  private static HadoopFileIO io(Map<String, String> storageProperties) {
    return new HadoopFileIO(RecordingFileSystem.REGISTRATION)
        .withTableProperties(storageProperties);
  }

  private static RecordingFileSystem only(String bucket) {
    var matching =
        RecordingFileSystem.INSTANCES.stream()
            .filter(fileSystem -> fileSystem.getUri().getAuthority().equals(bucket))
            .toList();
    assertThat(matching).as("file system instances for bucket " + bucket).hasSize(1);
    return matching.get(0);
  }

  private static long instancesFor(String bucket) {
    return RecordingFileSystem.INSTANCES.stream()
        .filter(fileSystem -> fileSystem.getUri().getAuthority().equals(bucket))
        .count();
  }

  @Test
  void differentCredentialsGetDifferentInstancesThatSawTheirOwnSecret() {
    String location = "floetest://shared-bucket/t/data/file.parquet";
    HadoopFileIO tableA = io(Map.of("s3.access-key-id", "A", "s3.secret-access-key", "secret-a"));
    HadoopFileIO tableB = io(Map.of("s3.access-key-id", "B", "s3.secret-access-key", "secret-b"));

    tableA.newInputFile(location).readRange(0, 10);
    tableB.newInputFile(location).readRange(0, 10);

    assertThat(instancesFor("shared-bucket"))
        .as("one file system per credentials on one bucket")
        .isEqualTo(2);
    assertThat(
            RecordingFileSystem.INSTANCES.stream()
                .filter(fileSystem -> fileSystem.getUri().getAuthority().equals("shared-bucket"))
                .map(fileSystem -> fileSystem.getConf().get("fs.s3a.secret.key"))
                .sorted()
                .toList())
        .as("each instance was initialized with its own table's secret")
        .containsExactly("secret-a", "secret-b");
    for (RecordingFileSystem fileSystem : RecordingFileSystem.INSTANCES) {
      if (fileSystem.getUri().getAuthority().equals("shared-bucket")) {
        assertThat(fileSystem.openFiles.get())
            .as("each table's read went to its own instance")
            .isEqualTo(1);
      }
    }
  }

  @Test
  void equalFileIOsAndDeserializedCopiesShareOneInstance() throws Exception {
    String location = "floetest://equal-bucket/t/data/file.parquet";
    Map<String, String> storage = Map.of("s3.access-key-id", "A", "s3.secret-access-key", "s");
    HadoopFileIO first = io(storage);
    HadoopFileIO second = io(new HashMap<>(storage));
    HadoopFileIO shipped = roundTrip(first);

    first.newInputFile(location).readRange(0, 1);
    second.newInputFile(location).readRange(0, 1);
    shipped.newInputFile(location).readRange(0, 1);
    shipped.newInputFile(location).length();

    assertThat(shipped).as("a task's deserialized copy").isEqualTo(first).isNotSameAs(first);
    assertThat(only("equal-bucket").openFiles.get())
        .as("all three reads went to the one shared instance")
        .isEqualTo(3);
  }

  @Test
  void readRangeAsksOnlyForTheRangeWithRandomPolicyAndKnownLength() {
    InputFile file =
        io(Map.of()).newInputFile("floetest://range-bucket/t/data/file.parquet", CONTENT.length);

    byte[] read = file.readRange(50_000, 1_000);

    RecordingFileSystem fileSystem = only("range-bucket");
    assertThat(read)
        .as("the bytes of the range")
        .isEqualTo(Arrays.copyOfRange(CONTENT, 50_000, 51_000));
    assertThat(fileSystem.bytesServed.get())
        .as("the storage served the range and nothing more")
        .isEqualTo(1_000);
    assertThat(fileSystem.openFiles.get()).as("opened through openFile").isEqualTo(1);
    assertThat(fileSystem.opens.get())
        .as("a file system without its own openFile opens the file as open() does")
        .isEqualTo(1);
    var options = fileSystem.lastOpenFile.getOptions();
    assertThat(options.get("fs.option.openfile.read.policy")).as("read policy").isEqualTo("random");
    assertThat(options.get("fs.s3a.experimental.input.fadvise")).as("S3A's").isEqualTo("random");
    assertThat(options.get("fs.option.openfile.length"))
        .as("the length the caller knew, so S3A need not HEAD the object")
        .isEqualTo(Integer.toString(CONTENT.length));
    assertThat(fileSystem.lastOpenFile.getMandatoryKeys())
        .as("hints only: a file system that does not know them opens as usual")
        .isEmpty();
  }

  @Test
  void unknownLengthIsNotPassedAndFailuresNameTheFile() {
    HadoopFileIO io = io(Map.of());
    io.newInputFile("floetest://failure-bucket/t/data/file.parquet").readRange(0, 4);
    assertThat(only("failure-bucket").lastOpenFile.getOptions().get("fs.option.openfile.length"))
        .as("no length hint when the caller did not know it")
        .isNull();

    assertThatThrownBy(
            () -> io.newInputFile("floetest://failure-bucket/t/missing.parquet").readRange(0, 4))
        .isInstanceOf(FileReadException.class)
        .hasMessage(
            "Cannot read floetest://failure-bucket/t/missing.parquet: the file does not exist");
    assertThatThrownBy(
            () ->
                io.newInputFile("floetest://failure-bucket/t/data/file.parquet")
                    .readRange(CONTENT.length - 2, 4))
        .isInstanceOf(FileReadException.class)
        .hasMessage(
            "Cannot read floetest://failure-bucket/t/data/file.parquet: wanted 4 bytes at offset "
                + (CONTENT.length - 2)
                + " but the file is shorter");
  }

  @Test
  void streamsReadThroughTheSameInstance() throws IOException {
    InputFile file = io(Map.of()).newInputFile("floetest://stream-bucket/t/data/file.parquet");
    try (InputStream stream = file.newStream()) {
      assertThat(stream.readAllBytes()).as("the whole file").isEqualTo(CONTENT);
    }
    assertThat(only("stream-bucket").bytesServed.get())
        .as("bytes the stream served")
        .isEqualTo(CONTENT.length);
  }

  private static HadoopFileIO roundTrip(HadoopFileIO io) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(io);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (HadoopFileIO) in.readObject();
    }
  }
}
