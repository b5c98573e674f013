package dev.floe.scan.codec;

import dev.floe.FloeException;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.ManifestFile.ManifestCounts;
import dev.floe.manifest.MetricsColumns;
import dev.floe.scan.ManifestOutcome;
import dev.floe.scan.ManifestReadJob;
import dev.floe.scan.ScanReport;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The wire forms of distributed planning: the {@link ManifestReadJob} and the manifests the planner
 * sends to the executors, and the {@link ManifestOutcome} each executor sends back. Bytes, so that
 * an engine moves them whatever serializer it is configured with. A manifest travels without its
 * counts and partition summaries, which only the planner reads.
 */
final class ManifestReadCodec {
  private static final int VERSION = 1;

  private ManifestReadCodec() {}

  static byte[] encodeJob(ManifestReadJob job) {
    return write(
        out -> {
          ValueCodec.writeString(out, job.table());
          ValueCodec.writeString(out, job.metadataLocation());
          out.writeLong(job.snapshotId());
          out.writeInt(job.schemaId());
          ValueCodec.writeString(out, job.filter());
          MetricsColumns metrics = job.dataMetrics();
          out.writeBoolean(metrics.everyColumn());
          out.writeBoolean(metrics.columnSizes());
          out.writeInt(metrics.fieldIds().size());
          for (int fieldId : metrics.fieldIds()) {
            out.writeInt(fieldId);
          }
          out.writeInt(job.skipListLimit());
        });
  }

  static ManifestReadJob decodeJob(byte[] bytes) {
    return read(
        bytes,
        "manifest read job",
        in -> {
          String table = ValueCodec.readString(in);
          String metadataLocation = ValueCodec.readString(in);
          long snapshotId = in.readLong();
          int schemaId = in.readInt();
          String filter = ValueCodec.readString(in);
          boolean everyColumn = in.readBoolean();
          boolean columnSizes = in.readBoolean();
          int count = in.readInt();
          Set<Integer> fieldIds = new HashSet<>();
          for (int index = 0; index < count; index++) {
            fieldIds.add(in.readInt());
          }
          return new ManifestReadJob(
              table,
              metadataLocation,
              snapshotId,
              schemaId,
              filter,
              new MetricsColumns(fieldIds, everyColumn, columnSizes),
              in.readInt());
        });
  }

  static byte[] encodeManifest(ManifestFile manifest) {
    return write(
        out -> {
          ValueCodec.writeString(out, manifest.path());
          out.writeLong(manifest.length());
          out.writeInt(manifest.partitionSpecId());
          out.writeByte(manifest.content().id());
          out.writeLong(manifest.sequenceNumber());
          out.writeLong(manifest.minSequenceNumber());
          out.writeLong(manifest.addedSnapshotId());
          out.writeBoolean(manifest.keyMetadata() != null);
          if (manifest.keyMetadata() != null) {
            ValueCodec.writeBytes(out, manifest.keyMetadata());
          }
          ValueCodec.writeNullableLong(out, manifest.firstRowId());
        });
  }

  static ManifestFile decodeManifest(byte[] bytes) {
    return read(
        bytes,
        "manifest",
        in ->
            new ManifestFile(
                ValueCodec.readString(in),
                in.readLong(),
                in.readInt(),
                ManifestContent.fromId(in.readByte()),
                in.readLong(),
                in.readLong(),
                in.readLong(),
                ManifestCounts.UNKNOWN,
                null,
                in.readBoolean() ? ValueCodec.readBytes(in) : null,
                ValueCodec.readNullableLong(in)));
  }

  static byte[] encodeOutcome(ManifestOutcome<ContentFile> outcome) {
    return write(
        out -> {
          out.writeInt(outcome.files().size());
          for (ContentFile file : outcome.files()) {
            ContentFileCodec.write(out, file);
          }
          out.writeLong(outcome.counts().live());
          out.writeLong(outcome.counts().skippedByPartition());
          out.writeLong(outcome.counts().skippedByMetrics());
          out.writeInt(outcome.skipped().size());
          for (ScanReport.SkippedFile skipped : outcome.skipped()) {
            out.writeByte(skipped.hop().ordinal());
            ValueCodec.writeString(out, skipped.location());
            ValueCodec.writeString(out, skipped.conjunct());
          }
          out.writeLong(outcome.unlistedSkips());
          out.writeBoolean(outcome.fromCache());
          out.writeLong(outcome.bytesRead());
        });
  }

  static ManifestOutcome<ContentFile> decodeOutcome(byte[] bytes, String manifestPath) {
    return read(
        bytes,
        "outcome of manifest " + manifestPath,
        in -> {
          int fileCount = in.readInt();
          List<ContentFile> files = new ArrayList<>(fileCount);
          for (int index = 0; index < fileCount; index++) {
            files.add(ContentFileCodec.read(in));
          }
          ScanReport.EntryPruning counts =
              new ScanReport.EntryPruning(in.readLong(), in.readLong(), in.readLong());
          int skippedCount = in.readInt();
          List<ScanReport.SkippedFile> skipped = new ArrayList<>(skippedCount);
          for (int index = 0; index < skippedCount; index++) {
            skipped.add(
                new ScanReport.SkippedFile(
                    ScanReport.Hop.values()[in.readByte()],
                    ValueCodec.readString(in),
                    ValueCodec.readString(in)));
          }
          return new ManifestOutcome<>(
              files, counts, skipped, in.readLong(), in.readBoolean(), in.readLong());
        });
  }

  private static byte[] write(BinaryForm.Writer writer) {
    return BinaryForm.write(
        out -> {
          out.writeInt(VERSION);
          writer.write(out);
        });
  }

  private static <T> T read(byte[] bytes, String what, BinaryForm.Reader<T> reader) {
    try {
      return BinaryForm.read(
          bytes,
          in -> {
            int version = in.readInt();
            if (version != VERSION) {
              throw new IOException(
                  "version "
                      + version
                      + ", this Floe knows "
                      + VERSION
                      + "; use the same Floe jar on the driver and the executors");
            }
            return reader.read(in);
          });
    } catch (IOException | RuntimeException corrupt) {
      throw new FloeException(
          "Cannot decode the " + what + " (" + bytes.length + " bytes): " + corrupt.getMessage(),
          corrupt);
    }
  }
}
