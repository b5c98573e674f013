package dev.floe.spark.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.FileReadException;
import dev.floe.io.HadoopFileIO;
import dev.floe.io.LocalFileIO;
import dev.floe.spark.exec.FileIOBroadcast;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What Floe hands to Spark's configured serializer travels as bytes: manifest pointers (elements of
 * a parallelized collection) and the broadcast file access. Both survive their encoding whole.
 */
class TestManifestPointer {
  private static final ManifestPointer WITH_ROW_ID =
      new ManifestPointer("s3a://lake/t/metadata/m-ü.avro", 4096, 2, 1, 7, 5, 42L, 1000L);
  private static final ManifestPointer WITHOUT_ROW_ID =
      new ManifestPointer("/t/metadata/m.avro", 10, 0, 0, 1, 1, -3, null);

  @Test
  void pointerSurvivesItsBytes() {
    assertThat(ManifestPointer.decode(WITH_ROW_ID.encode())).isEqualTo(WITH_ROW_ID);
    assertThat(ManifestPointer.decode(WITHOUT_ROW_ID.encode()))
        .as("a manifest without first row id")
        .isEqualTo(WITHOUT_ROW_ID);
  }

  @Test
  void truncatedPointerIsRefusedWithItsLength() {
    byte[] encoded = WITH_ROW_ID.encode();
    byte[] truncated = java.util.Arrays.copyOf(encoded, encoded.length - 3);

    assertThatThrownBy(() -> ManifestPointer.decode(truncated))
        .isInstanceOf(FileReadException.class)
        .hasMessage(
            "Cannot decode a manifest pointer of " + truncated.length + " bytes sent to a task");
  }

  @Test
  void fileAccessSurvivesItsBytes() {
    HadoopFileIO hadoop = new HadoopFileIO(Map.of("fs.s3a.endpoint", "http://127.0.0.1:9000"));

    assertThat(FileIOBroadcast.deserialize(FileIOBroadcast.serialize(hadoop)))
        .as("equal properties: the same file systems")
        .isEqualTo(hadoop);
    assertThat(FileIOBroadcast.deserialize(FileIOBroadcast.serialize(new LocalFileIO())))
        .isInstanceOf(LocalFileIO.class);
  }

  @Test
  void damagedFileAccessBytesAreRefused() {
    assertThatThrownBy(() -> FileIOBroadcast.deserialize(new byte[] {1, 2, 3}))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Cannot deserialize the broadcast file access (3 bytes):"
                + " is the same Floe jar on the driver and the executors?");
  }
}
