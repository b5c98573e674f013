package dev.floe.spark.metadata;

import dev.floe.FileReadException;
import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.ManifestFile.ManifestCounts;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * What an executor needs to read one manifest's entries: the manifest list's facts that entries
 * inherit (snapshot id, sequence number, first row id) and the spec id, without the counts and
 * partition summaries, which only the driver uses.
 *
 * <p>Inside a task it travels Java-serialized. Where Spark would hand it to the configured
 * serializer (the elements of a parallelized collection), it travels as {@link #encode() bytes}:
 * Kryo cannot serialize a record, and with {@code spark.kryo.registrationRequired} refuses every
 * class it was not told about, but Spark registers byte arrays itself.
 */
record ManifestPointer(
    String path,
    long length,
    int partitionSpecId,
    int contentId,
    long sequenceNumber,
    long minSequenceNumber,
    long addedSnapshotId,
    Long firstRowId)
    implements Serializable {

  ManifestPointer {
    Objects.requireNonNull(path, "path");
  }

  static ManifestPointer of(ManifestFile manifest) {
    return new ManifestPointer(
        manifest.path(),
        manifest.length(),
        manifest.partitionSpecId(),
        manifest.content().id(),
        manifest.sequenceNumber(),
        manifest.minSequenceNumber(),
        manifest.addedSnapshotId(),
        manifest.firstRowId());
  }

  ManifestFile manifest() {
    return new ManifestFile(
        path,
        length,
        partitionSpecId,
        ManifestContent.fromId(contentId),
        sequenceNumber,
        minSequenceNumber,
        addedSnapshotId,
        ManifestCounts.UNKNOWN,
        null,
        null,
        firstRowId);
  }

  /** This pointer as bytes, read back by {@link #decode}. */
  byte[] encode() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      byte[] pathBytes = path.getBytes(StandardCharsets.UTF_8);
      out.writeInt(pathBytes.length);
      out.write(pathBytes);
      out.writeLong(length);
      out.writeInt(partitionSpecId);
      out.writeInt(contentId);
      out.writeLong(sequenceNumber);
      out.writeLong(minSequenceNumber);
      out.writeLong(addedSnapshotId);
      out.writeBoolean(firstRowId != null);
      out.writeLong(firstRowId == null ? 0 : firstRowId);
    } catch (IOException impossible) {
      throw new IllegalStateException("Cannot write to memory", impossible);
    }
    return bytes.toByteArray();
  }

  /** The pointer {@link #encode} wrote. */
  static ManifestPointer decode(byte[] encoded) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
      byte[] pathBytes = new byte[in.readInt()];
      in.readFully(pathBytes);
      String path = new String(pathBytes, StandardCharsets.UTF_8);
      long length = in.readLong();
      int partitionSpecId = in.readInt();
      int contentId = in.readInt();
      long sequenceNumber = in.readLong();
      long minSequenceNumber = in.readLong();
      long addedSnapshotId = in.readLong();
      boolean hasFirstRowId = in.readBoolean();
      long firstRowId = in.readLong();
      return new ManifestPointer(
          path,
          length,
          partitionSpecId,
          contentId,
          sequenceNumber,
          minSequenceNumber,
          addedSnapshotId,
          hasFirstRowId ? firstRowId : null);
    } catch (IOException | RuntimeException corrupt) {
      throw new FileReadException(
          "Cannot decode a manifest pointer of " + encoded.length + " bytes sent to a task",
          corrupt);
    }
  }
}
