package dev.floe.manifest;

import static org.apache.avro.Schema.Type.ARRAY;
import static org.apache.avro.Schema.Type.BYTES;
import static org.apache.avro.Schema.Type.INT;
import static org.apache.avro.Schema.Type.LONG;
import static org.apache.avro.Schema.Type.RECORD;
import static org.apache.avro.Schema.Type.STRING;

import dev.floe.table.PartitionSpec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;

/**
 * Decodes the {@code data_file} struct of a manifest's entries into {@link DataFile}s and {@link
 * DeleteFile}s, fields found by id, for one manifest (its partition spec and content).
 */
final class ContentFileDecoder {
  static final AvroField CONTENT = AvroField.optional(134, "content", INT);
  static final AvroField FILE_PATH = AvroField.required(100, "file_path", STRING);
  static final AvroField FILE_FORMAT = AvroField.required(101, "file_format", STRING);
  static final AvroField PARTITION = AvroField.optional(102, "partition", RECORD);
  static final AvroField RECORD_COUNT = AvroField.required(103, "record_count", LONG, INT);
  static final AvroField FILE_SIZE = AvroField.required(104, "file_size_in_bytes", LONG, INT);
  static final AvroField KEY_METADATA = AvroField.optional(131, "key_metadata", BYTES);
  static final AvroField SPLIT_OFFSETS = AvroField.optional(132, "split_offsets", ARRAY);
  static final AvroField EQUALITY_IDS = AvroField.optional(135, "equality_ids", ARRAY);
  static final AvroField SORT_ORDER_ID = AvroField.optional(140, "sort_order_id", INT);
  static final AvroField FIRST_ROW_ID = AvroField.optional(142, "first_row_id", LONG, INT);
  static final AvroField REFERENCED_DATA_FILE =
      AvroField.optional(143, "referenced_data_file", STRING);
  static final AvroField CONTENT_OFFSET = AvroField.optional(144, "content_offset", LONG, INT);
  static final AvroField CONTENT_SIZE = AvroField.optional(145, "content_size_in_bytes", LONG, INT);

  private final AvroRecordLayout layout;
  private final PartitionDecoder partitionDecoder;
  private final ManifestFile manifest;
  private final ReadContext context;
  private final ColumnMetricsDecoder metricsDecoder;
  private Object previousFormatName;
  private FileFormat previousFormat;

  private ContentFileDecoder(
      AvroRecordLayout layout,
      ColumnMetricsDecoder metricsDecoder,
      PartitionDecoder partitionDecoder,
      ManifestFile manifest,
      ReadContext context) {
    this.layout = layout;
    this.metricsDecoder = metricsDecoder;
    this.partitionDecoder = partitionDecoder;
    this.manifest = manifest;
    this.context = context;
  }

  /**
   * The fields of {@code data_file} to decode: the metrics maps only as far as {@code metrics} asks
   * for them, so that Avro skips the others without building a record, a boxed count or a buffer.
   */
  private static List<AvroField> dataFileFields(MetricsColumns metrics) {
    List<AvroField> fields =
        new ArrayList<>(
            List.of(
                CONTENT,
                FILE_PATH,
                FILE_FORMAT,
                PARTITION,
                RECORD_COUNT,
                FILE_SIZE,
                KEY_METADATA,
                SPLIT_OFFSETS,
                EQUALITY_IDS,
                SORT_ORDER_ID,
                FIRST_ROW_ID,
                REFERENCED_DATA_FILE,
                CONTENT_OFFSET,
                CONTENT_SIZE));
    fields.addAll(ColumnMetricsDecoder.fields(metrics));
    return List.copyOf(fields);
  }

  /**
   * @param dataFileRecord the writer's schema of {@code data_file}
   */
  static ContentFileDecoder create(
      Schema dataFileRecord,
      PartitionSpec spec,
      ManifestFile manifest,
      MetricsColumns metrics,
      ReadContext context) {
    AvroRecordLayout layout =
        AvroRecordLayout.project(
            dataFileRecord, "data_file", dataFileFields(metrics), Map.of(), context);
    checkElements(layout, SPLIT_OFFSETS, context, LONG, INT);
    checkElements(layout, EQUALITY_IDS, context, INT);
    PartitionDecoder partitionDecoder =
        PartitionDecoder.create(layout.valueSchema(PARTITION), spec, context);
    return new ContentFileDecoder(
        layout,
        ColumnMetricsDecoder.create(layout, metrics, context),
        partitionDecoder,
        manifest,
        context);
  }

  private static void checkElements(
      AvroRecordLayout layout, AvroField field, ReadContext context, Schema.Type... types) {
    Schema array = layout.valueSchema(field);
    if (array == null) {
      return;
    }
    Schema element = AvroRecordLayout.nonNullBranch(array.getElementType());
    if (element == null || !List.of(types).contains(element.getType())) {
      throw context.corrupt(
          "field "
              + field.label()
              + " of data_file is an array of "
              + array.getElementType()
              + ", not of "
              + types[0].getName());
    }
  }

  /** The layout of {@code data_file}, whose reader schema the entry's reader schema embeds. */
  AvroRecordLayout layout() {
    return layout;
  }

  FileContent content(GenericRecord file, long entry) {
    Integer id = layout.intValue(file, CONTENT);
    if (id == null) {
      return FileContent.DATA;
    }
    try {
      return FileContent.fromId(id);
    } catch (IllegalArgumentException unknown) {
      throw context.corrupt(
          "entry " + entry + " has content " + id + ", which is not 0, 1 or 2", unknown);
    }
  }

  String path(GenericRecord file, long entry) {
    return layout.requiredString(file, FILE_PATH, entry);
  }

  long recordCount(GenericRecord file, long entry) {
    return layout.requiredLong(file, RECORD_COUNT, entry);
  }

  Long firstRowId(GenericRecord file) {
    return layout.longValue(file, FIRST_ROW_ID);
  }

  /**
   * The file of one entry, with the sequence numbers and first row id it has after inheritance.
   *
   * @param entry the entry's position in the manifest (from 0), for messages
   */
  ContentFile decode(
      GenericRecord file,
      long entry,
      long dataSequenceNumber,
      Long fileSequenceNumber,
      Long firstRowId) {
    FileContent content = content(file, entry);
    String path = path(file, entry);
    checkManifestContent(content, path);
    FileFormat format = format(file, entry, path);
    PartitionValues partition = partition(file, entry);
    long recordCount = recordCount(file, entry);
    long fileSize = layout.requiredLong(file, FILE_SIZE, entry);
    ColumnMetrics metrics = metricsDecoder.decode(file, entry);
    List<Long> splitOffsets = longList(file, SPLIT_OFFSETS, entry);
    Integer sortOrderId = layout.intValue(file, SORT_ORDER_ID);
    ByteBuffer keyMetadata = layout.bytesValue(file, KEY_METADATA);
    if (content == FileContent.DATA) {
      return new DataFile(
          path,
          format,
          manifest.partitionSpecId(),
          partition,
          recordCount,
          fileSize,
          metrics,
          splitOffsets,
          sortOrderId,
          firstRowId,
          keyMetadata,
          dataSequenceNumber,
          fileSequenceNumber);
    }
    DeleteFile deleteFile =
        new DeleteFile(
            content,
            path,
            format,
            manifest.partitionSpecId(),
            partition,
            recordCount,
            fileSize,
            metrics,
            intList(file, EQUALITY_IDS, entry),
            layout.stringValue(file, REFERENCED_DATA_FILE),
            layout.longValue(file, CONTENT_OFFSET),
            layout.longValue(file, CONTENT_SIZE),
            splitOffsets,
            // The spec: readers must ignore the sort order id of position deletes.
            content == FileContent.POSITION_DELETES ? null : sortOrderId,
            keyMetadata,
            dataSequenceNumber,
            fileSequenceNumber);
    checkDeleteFile(deleteFile);
    return deleteFile;
  }

  private void checkManifestContent(FileContent content, String path) {
    boolean matches =
        switch (manifest.content()) {
          case DATA -> content == FileContent.DATA;
          case DELETES -> content != FileContent.DATA;
        };
    if (!matches) {
      throw context.corrupt(
          "it is a "
              + manifest.content().name().toLowerCase(Locale.ROOT)
              + " manifest but lists "
              + path
              + " with content "
              + content
              + "; a manifest holds data files or delete files, never both");
    }
  }

  /**
   * The file's format; the name of the previous entry's is remembered, as every entry of a manifest
   * usually names the same one, so that it is not turned into a string per entry.
   */
  private FileFormat format(GenericRecord file, long entry, String path) {
    Object name = layout.required(file, FILE_FORMAT, entry);
    if (previousFormat != null && name.equals(previousFormatName)) {
      return previousFormat;
    }
    FileFormat format = format(name.toString(), path);
    // Avro overwrites the Utf8 of a reused record: remember a copy
    previousFormatName = name instanceof Utf8 utf8 ? new Utf8(utf8) : name;
    previousFormat = format;
    return format;
  }

  private FileFormat format(String name, String path) {
    try {
      return FileFormat.fromName(name);
    } catch (IllegalArgumentException unknown) {
      throw context.corrupt("file " + path + " has unknown file format '" + name + "'", unknown);
    }
  }

  private PartitionValues partition(GenericRecord file, long entry) {
    if (!layout.has(PARTITION)) {
      return partitionDecoder.decode(null);
    }
    return partitionDecoder.decode((GenericRecord) layout.required(file, PARTITION, entry));
  }

  private void checkDeleteFile(DeleteFile file) {
    if (file.content() == FileContent.EQUALITY_DELETES && file.equalityIds().isEmpty()) {
      throw context.corrupt(
          "equality delete file " + file.location() + " has no equality_ids (135)");
    }
    if (file.isDeletionVector()
        && (file.referencedDataFile() == null
            || file.contentOffset() == null
            || file.contentSizeInBytes() == null)) {
      throw context.corrupt(
          "deletion vector "
              + file.location()
              + " lacks referenced_data_file (143), content_offset (144) or"
              + " content_size_in_bytes (145), which a deletion vector requires");
    }
  }

  private List<Long> longList(GenericRecord file, AvroField field, long entry) {
    Object value = layout.get(file, field);
    if (value == null) {
      return List.of();
    }
    List<?> elements = (List<?>) value;
    // built immutable at once, so that the file's constructor keeps it without another copy
    Long[] result = new Long[elements.size()];
    for (int index = 0; index < result.length; index++) {
      Object element = nonNullElement(elements.get(index), field, entry);
      // Avro already boxed it: keep its object rather than allocate another
      result[index] =
          element instanceof Long boxed ? boxed : Long.valueOf(((Number) element).longValue());
    }
    return List.of(result);
  }

  private List<Integer> intList(GenericRecord file, AvroField field, long entry) {
    Object value = layout.get(file, field);
    if (value == null) {
      return List.of();
    }
    List<?> elements = (List<?>) value;
    List<Integer> result = new ArrayList<>(elements.size());
    for (Object element : elements) {
      result.add(((Number) nonNullElement(element, field, entry)).intValue());
    }
    return result;
  }

  private Object nonNullElement(Object element, AvroField field, long entry) {
    if (element == null) {
      throw context.corrupt(
          "field " + field.label() + " of data_file has a null element in entry " + entry);
    }
    return element;
  }
}
