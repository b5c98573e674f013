package dev.floe.manifest;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;

/**
 * A delete file, after sequence-number inheritance: position deletes (a Parquet or Avro file, or a
 * v3 deletion vector: a blob of a Puffin file at {@code contentOffset}, {@code
 * contentSizeInBytes}), or equality deletes on {@code equalityIds}.
 */
public record DeleteFile(
    FileContent content,
    String location,
    FileFormat format,
    int specId,
    PartitionValues partition,
    long recordCount,
    long fileSizeInBytes,
    ColumnMetrics metrics,
    List<Integer> equalityIds,
    String referencedDataFile,
    Long contentOffset,
    Long contentSizeInBytes,
    List<Long> splitOffsets,
    Integer sortOrderId,
    ByteBuffer keyMetadata,
    long dataSequenceNumber,
    Long fileSequenceNumber)
    implements ContentFile {

  public DeleteFile {
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(partition, "partition");
    Objects.requireNonNull(metrics, "metrics");
    if (content == FileContent.DATA) {
      throw new IllegalArgumentException("A delete file cannot hold data: " + location);
    }
    equalityIds = equalityIds == null ? List.of() : List.copyOf(equalityIds);
    splitOffsets = splitOffsets == null ? List.of() : List.copyOf(splitOffsets);
  }

  /** Whether this is a v3 deletion vector (a Puffin blob), not a position delete file. */
  public boolean isDeletionVector() {
    return content == FileContent.POSITION_DELETES && format == FileFormat.PUFFIN;
  }

  /** This delete file with other column metrics, for an evaluator that must see only some. */
  @Override
  public DeleteFile withMetrics(ColumnMetrics newMetrics) {
    return new DeleteFile(
        content,
        location,
        format,
        specId,
        partition,
        recordCount,
        fileSizeInBytes,
        newMetrics,
        equalityIds,
        referencedDataFile,
        contentOffset,
        contentSizeInBytes,
        splitOffsets,
        sortOrderId,
        keyMetadata,
        dataSequenceNumber,
        fileSequenceNumber);
  }
}
