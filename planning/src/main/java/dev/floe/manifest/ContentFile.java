package dev.floe.manifest;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * A file tracked by a manifest: a data file or a delete file. Sequence numbers are the values after
 * inheritance from the manifest (0 for v1 tables); {@code fileSequenceNumber} is null when unknown
 * (v1).
 */
public sealed interface ContentFile permits DataFile, DeleteFile {
  FileContent content();

  /** The file's full location (URI or path), as the manifest records it. */
  String location();

  FileFormat format();

  /** The id of the partition spec the file was written with. */
  int specId();

  PartitionValues partition();

  long recordCount();

  long fileSizeInBytes();

  ColumnMetrics metrics();

  /** Ascending byte offsets where row groups (or stripes) start, or an empty list. */
  List<Long> splitOffsets();

  ByteBuffer keyMetadata();

  long dataSequenceNumber();

  Long fileSequenceNumber();

  /** This file with other column metrics. */
  ContentFile withMetrics(ColumnMetrics newMetrics);
}
