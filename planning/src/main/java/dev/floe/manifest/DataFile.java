package dev.floe.manifest;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;

/** A data file, after sequence-number inheritance. */
public record DataFile(
    String location,
    FileFormat format,
    int specId,
    PartitionValues partition,
    long recordCount,
    long fileSizeInBytes,
    ColumnMetrics metrics,
    List<Long> splitOffsets,
    Integer sortOrderId,
    Long firstRowId,
    ByteBuffer keyMetadata,
    long dataSequenceNumber,
    Long fileSequenceNumber)
    implements ContentFile {

  public DataFile {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(partition, "partition");
    Objects.requireNonNull(metrics, "metrics");
    splitOffsets = splitOffsets == null ? List.of() : List.copyOf(splitOffsets);
  }

  @Override
  public FileContent content() {
    return FileContent.DATA;
  }

  @Override
  public DataFile withMetrics(ColumnMetrics newMetrics) {
    return new DataFile(
        location,
        format,
        specId,
        partition,
        recordCount,
        fileSizeInBytes,
        newMetrics,
        splitOffsets,
        sortOrderId,
        firstRowId,
        keyMetadata,
        dataSequenceNumber,
        fileSequenceNumber);
  }
}
