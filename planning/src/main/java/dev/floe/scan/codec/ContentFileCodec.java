package dev.floe.scan.codec;

import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A content file whole, column metrics and split offsets included, as an executor that read a
 * manifest sends it to the planner: the planner prunes nothing again and pairs it with delete files
 * by the same fields a local plan uses, so nothing of it may be lost on the way. (Tasks sent to
 * readers travel lighter, in {@link TaskCodec}.)
 */
final class ContentFileCodec {
  private ContentFileCodec() {}

  static void write(DataOutput out, ContentFile file) throws IOException {
    out.writeByte(file.content().id());
    ValueCodec.writeString(out, file.location());
    out.writeByte(file.format().ordinal());
    out.writeInt(file.specId());
    out.writeInt(file.partition().size());
    for (int position = 0; position < file.partition().size(); position++) {
      ValueCodec.write(out, file.partition().get(position));
    }
    out.writeLong(file.recordCount());
    out.writeLong(file.fileSizeInBytes());
    writeMetrics(out, file.metrics());
    writeLongs(out, file.splitOffsets());
    writeNullableInt(out, sortOrderId(file));
    out.writeBoolean(file.keyMetadata() != null);
    if (file.keyMetadata() != null) {
      ValueCodec.writeBytes(out, file.keyMetadata());
    }
    out.writeLong(file.dataSequenceNumber());
    ValueCodec.writeNullableLong(out, file.fileSequenceNumber());
    if (file instanceof DataFile data) {
      ValueCodec.writeNullableLong(out, data.firstRowId());
    } else {
      DeleteFile delete = (DeleteFile) file;
      out.writeInt(delete.equalityIds().size());
      for (int fieldId : delete.equalityIds()) {
        out.writeInt(fieldId);
      }
      ValueCodec.writeNullableString(out, delete.referencedDataFile());
      ValueCodec.writeNullableLong(out, delete.contentOffset());
      ValueCodec.writeNullableLong(out, delete.contentSizeInBytes());
    }
  }

  static ContentFile read(DataInput in) throws IOException {
    FileContent content = FileContent.fromId(in.readByte());
    String location = ValueCodec.readString(in);
    FileFormat format = FileFormat.values()[in.readByte()];
    int specId = in.readInt();
    Object[] partition = new Object[in.readInt()];
    for (int position = 0; position < partition.length; position++) {
      partition[position] = ValueCodec.read(in);
    }
    long recordCount = in.readLong();
    long fileSize = in.readLong();
    ColumnMetrics metrics = readMetrics(in);
    List<Long> splitOffsets = readLongs(in);
    Integer sortOrderId = readNullableInt(in);
    ByteBuffer keyMetadata = in.readBoolean() ? ValueCodec.readBytes(in) : null;
    long dataSequenceNumber = in.readLong();
    Long fileSequenceNumber = ValueCodec.readNullableLong(in);
    if (content == FileContent.DATA) {
      return new DataFile(
          location,
          format,
          specId,
          PartitionValues.of(partition),
          recordCount,
          fileSize,
          metrics,
          splitOffsets,
          sortOrderId,
          ValueCodec.readNullableLong(in),
          keyMetadata,
          dataSequenceNumber,
          fileSequenceNumber);
    }
    int equalityCount = in.readInt();
    List<Integer> equalityIds = new ArrayList<>(equalityCount);
    for (int index = 0; index < equalityCount; index++) {
      equalityIds.add(in.readInt());
    }
    return new DeleteFile(
        content,
        location,
        format,
        specId,
        PartitionValues.of(partition),
        recordCount,
        fileSize,
        metrics,
        equalityIds,
        ValueCodec.readNullableString(in),
        ValueCodec.readNullableLong(in),
        ValueCodec.readNullableLong(in),
        splitOffsets,
        sortOrderId,
        keyMetadata,
        dataSequenceNumber,
        fileSequenceNumber);
  }

  private static Integer sortOrderId(ContentFile file) {
    return file instanceof DataFile data ? data.sortOrderId() : ((DeleteFile) file).sortOrderId();
  }

  private static void writeMetrics(DataOutput out, ColumnMetrics metrics) throws IOException {
    int recorded = 0;
    for (ColumnMetrics.Kind kind : metrics.recorded()) {
      recorded |= 1 << kind.ordinal();
    }
    out.writeByte(recorded);
    writeCounts(out, metrics.columnSizes());
    writeCounts(out, metrics.valueCounts());
    writeCounts(out, metrics.nullValueCounts());
    writeCounts(out, metrics.nanValueCounts());
    writeBounds(out, metrics.lowerBounds());
    writeBounds(out, metrics.upperBounds());
  }

  private static ColumnMetrics readMetrics(DataInput in) throws IOException {
    int recordedMask = in.readByte();
    Set<ColumnMetrics.Kind> recorded = EnumSet.noneOf(ColumnMetrics.Kind.class);
    for (ColumnMetrics.Kind kind : ColumnMetrics.Kind.values()) {
      if ((recordedMask & (1 << kind.ordinal())) != 0) {
        recorded.add(kind);
      }
    }
    return new ColumnMetrics(
        readCounts(in),
        readCounts(in),
        readCounts(in),
        readCounts(in),
        readBounds(in),
        readBounds(in),
        recorded);
  }

  private static void writeCounts(DataOutput out, Map<Integer, Long> counts) throws IOException {
    out.writeInt(counts.size());
    for (Map.Entry<Integer, Long> count : counts.entrySet()) {
      out.writeInt(count.getKey());
      out.writeLong(count.getValue());
    }
  }

  private static Map<Integer, Long> readCounts(DataInput in) throws IOException {
    int size = in.readInt();
    Map<Integer, Long> counts = new HashMap<>(size * 2);
    for (int index = 0; index < size; index++) {
      counts.put(in.readInt(), in.readLong());
    }
    return counts;
  }

  private static void writeBounds(DataOutput out, Map<Integer, ByteBuffer> bounds)
      throws IOException {
    out.writeInt(bounds.size());
    for (Map.Entry<Integer, ByteBuffer> bound : bounds.entrySet()) {
      out.writeInt(bound.getKey());
      ValueCodec.writeBytes(out, bound.getValue());
    }
  }

  private static Map<Integer, ByteBuffer> readBounds(DataInput in) throws IOException {
    int size = in.readInt();
    Map<Integer, ByteBuffer> bounds = new HashMap<>(size * 2);
    for (int index = 0; index < size; index++) {
      bounds.put(in.readInt(), ValueCodec.readBytes(in));
    }
    return bounds;
  }

  private static void writeLongs(DataOutput out, List<Long> values) throws IOException {
    out.writeInt(values.size());
    for (long value : values) {
      out.writeLong(value);
    }
  }

  private static List<Long> readLongs(DataInput in) throws IOException {
    int size = in.readInt();
    List<Long> values = new ArrayList<>(size);
    for (int index = 0; index < size; index++) {
      values.add(in.readLong());
    }
    return values;
  }

  private static void writeNullableInt(DataOutput out, Integer value) throws IOException {
    out.writeBoolean(value != null);
    if (value != null) {
      out.writeInt(value);
    }
  }

  private static Integer readNullableInt(DataInput in) throws IOException {
    return in.readBoolean() ? in.readInt() : null;
  }
}
