package dev.floe.manifest;

import static org.apache.avro.Schema.Type.ARRAY;
import static org.apache.avro.Schema.Type.BOOLEAN;
import static org.apache.avro.Schema.Type.BYTES;
import static org.apache.avro.Schema.Type.INT;
import static org.apache.avro.Schema.Type.LONG;
import static org.apache.avro.Schema.Type.STRING;

import dev.floe.manifest.ManifestFile.ManifestCounts;
import dev.floe.table.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * Decodes the {@code manifest_file} records of one manifest list, v1 to v3, into {@link
 * ManifestFile}s: fields found by id, v1 defaults filled in, unassigned sequence numbers inherited
 * from the snapshot.
 */
final class ManifestFileDecoder {
  static final AvroField PATH = AvroField.required(500, "manifest_path", STRING);
  static final AvroField LENGTH = AvroField.required(501, "manifest_length", LONG, INT);
  static final AvroField SPEC_ID = AvroField.required(502, "partition_spec_id", INT);
  static final AvroField CONTENT = AvroField.optional(517, "content", INT);
  static final AvroField SEQUENCE_NUMBER = AvroField.optional(515, "sequence_number", LONG, INT);
  static final AvroField MIN_SEQUENCE_NUMBER =
      AvroField.optional(516, "min_sequence_number", LONG, INT);
  static final AvroField ADDED_SNAPSHOT_ID =
      AvroField.required(503, "added_snapshot_id", LONG, INT);
  static final AvroField ADDED_FILES_COUNT = AvroField.optional(504, "added_files_count", INT);
  static final AvroField EXISTING_FILES_COUNT =
      AvroField.optional(505, "existing_files_count", INT);
  static final AvroField DELETED_FILES_COUNT = AvroField.optional(506, "deleted_files_count", INT);
  static final AvroField ADDED_ROWS_COUNT = AvroField.optional(512, "added_rows_count", LONG, INT);
  static final AvroField EXISTING_ROWS_COUNT =
      AvroField.optional(513, "existing_rows_count", LONG, INT);
  static final AvroField DELETED_ROWS_COUNT =
      AvroField.optional(514, "deleted_rows_count", LONG, INT);
  static final AvroField PARTITIONS = AvroField.optional(507, "partitions", ARRAY);
  static final AvroField KEY_METADATA = AvroField.optional(519, "key_metadata", BYTES);
  static final AvroField FIRST_ROW_ID = AvroField.optional(520, "first_row_id", LONG, INT);

  static final AvroField CONTAINS_NULL = AvroField.required(509, "contains_null", BOOLEAN);
  static final AvroField CONTAINS_NAN = AvroField.optional(518, "contains_nan", BOOLEAN);
  static final AvroField LOWER_BOUND = AvroField.optional(510, "lower_bound", BYTES);
  static final AvroField UPPER_BOUND = AvroField.optional(511, "upper_bound", BYTES);

  private static final List<AvroField> MANIFEST_FILE_FIELDS =
      List.of(
          PATH,
          LENGTH,
          SPEC_ID,
          CONTENT,
          SEQUENCE_NUMBER,
          MIN_SEQUENCE_NUMBER,
          ADDED_SNAPSHOT_ID,
          ADDED_FILES_COUNT,
          EXISTING_FILES_COUNT,
          DELETED_FILES_COUNT,
          ADDED_ROWS_COUNT,
          EXISTING_ROWS_COUNT,
          DELETED_ROWS_COUNT,
          PARTITIONS,
          KEY_METADATA,
          FIRST_ROW_ID);
  private static final List<AvroField> FIELD_SUMMARY_FIELDS =
      List.of(CONTAINS_NULL, CONTAINS_NAN, LOWER_BOUND, UPPER_BOUND);

  /** The sequence number of a manifest written before its snapshot's commit assigned one. */
  private static final long UNASSIGNED_SEQUENCE_NUMBER = -1;

  private final AvroRecordLayout layout;
  private final AvroRecordLayout summaryLayout;
  private final Snapshot snapshot;
  private final int formatVersion;
  private final ReadContext context;

  private ManifestFileDecoder(
      AvroRecordLayout layout,
      AvroRecordLayout summaryLayout,
      Snapshot snapshot,
      int formatVersion,
      ReadContext context) {
    this.layout = layout;
    this.summaryLayout = summaryLayout;
    this.snapshot = snapshot;
    this.formatVersion = formatVersion;
    this.context = context;
  }

  static ManifestFileDecoder create(
      Schema fileSchema, Snapshot snapshot, int formatVersion, ReadContext context) {
    AvroRecordLayout layout =
        AvroRecordLayout.project(
            fileSchema, "manifest_file", MANIFEST_FILE_FIELDS, Map.of(), context);
    AvroRecordLayout summaryLayout = null;
    Schema partitions = layout.valueSchema(PARTITIONS);
    if (partitions != null) {
      Schema element = AvroRecordLayout.nonNullBranch(partitions.getElementType());
      if (element == null) {
        throw context.corrupt("the elements of partitions (507) are not field_summary records");
      }
      summaryLayout =
          AvroRecordLayout.whole(element, "field_summary", FIELD_SUMMARY_FIELDS, context);
    }
    return new ManifestFileDecoder(layout, summaryLayout, snapshot, formatVersion, context);
  }

  /** The schema to decode the list's records into. */
  Schema readerSchema() {
    return layout.readerSchema();
  }

  /**
   * @param entry the record's position in the list (from 0), for messages
   */
  ManifestFile decode(GenericRecord record, long entry) {
    String path = layout.requiredString(record, PATH, entry);
    long addedSnapshotId = layout.requiredLong(record, ADDED_SNAPSHOT_ID, entry);
    long sequenceNumber = 0;
    long minSequenceNumber = 0;
    if (formatVersion >= 2) {
      sequenceNumber =
          inherit(
              layout.longValue(record, SEQUENCE_NUMBER), SEQUENCE_NUMBER, path, addedSnapshotId);
      minSequenceNumber =
          inherit(
              layout.longValue(record, MIN_SEQUENCE_NUMBER),
              MIN_SEQUENCE_NUMBER,
              path,
              addedSnapshotId);
    }
    return new ManifestFile(
        path,
        layout.requiredLong(record, LENGTH, entry),
        layout.requiredInt(record, SPEC_ID, entry),
        content(layout.intValue(record, CONTENT), path),
        sequenceNumber,
        minSequenceNumber,
        addedSnapshotId,
        new ManifestCounts(
            layout.intValue(record, ADDED_FILES_COUNT),
            layout.intValue(record, EXISTING_FILES_COUNT),
            layout.intValue(record, DELETED_FILES_COUNT),
            layout.longValue(record, ADDED_ROWS_COUNT),
            layout.longValue(record, EXISTING_ROWS_COUNT),
            layout.longValue(record, DELETED_ROWS_COUNT)),
        partitions(record, entry),
        layout.bytesValue(record, KEY_METADATA),
        layout.longValue(record, FIRST_ROW_ID));
  }

  /**
   * A manifest written for a commit gets its sequence number only when the commit succeeds, so a
   * list may record it as unassigned (-1); it is then the sequence number of the snapshot that
   * added it, which must be this list's snapshot. A v1 list has no sequence numbers: they are 0.
   */
  private long inherit(Long value, AvroField field, String path, long addedSnapshotId) {
    if (value == null) {
      return 0;
    }
    if (value != UNASSIGNED_SEQUENCE_NUMBER) {
      return value;
    }
    if (addedSnapshotId != snapshot.snapshotId()) {
      throw context.corrupt(
          "manifest "
              + path
              + " has an unassigned "
              + field.label()
              + " (-1) but was added by snapshot "
              + addedSnapshotId
              + "; only a manifest added by snapshot "
              + snapshot.snapshotId()
              + " itself can inherit its sequence number");
    }
    return snapshot.sequenceNumber();
  }

  private ManifestContent content(Integer id, String path) {
    if (id == null) {
      return ManifestContent.DATA;
    }
    try {
      return ManifestContent.fromId(id);
    } catch (IllegalArgumentException unknown) {
      throw context.corrupt(
          "manifest " + path + " has content " + id + ", which is neither 0 (data) nor 1 (deletes)",
          unknown);
    }
  }

  private List<PartitionFieldSummary> partitions(GenericRecord record, long entry) {
    Object value = layout.get(record, PARTITIONS);
    if (value == null) {
      return null;
    }
    List<?> elements = (List<?>) value;
    List<PartitionFieldSummary> summaries = new ArrayList<>(elements.size());
    for (Object element : elements) {
      if (element == null) {
        throw context.corrupt("a partition field summary is null in entry " + entry);
      }
      GenericRecord summary = (GenericRecord) element;
      summaries.add(
          new PartitionFieldSummary(
              (Boolean) summaryLayout.required(summary, CONTAINS_NULL, entry),
              summaryLayout.booleanValue(summary, CONTAINS_NAN),
              summaryLayout.bytesValue(summary, LOWER_BOUND),
              summaryLayout.bytesValue(summary, UPPER_BOUND)));
    }
    return summaries;
  }
}
