package dev.floe.manifest;

import static org.apache.avro.Schema.Type.INT;
import static org.apache.avro.Schema.Type.LONG;
import static org.apache.avro.Schema.Type.RECORD;

import dev.floe.table.PartitionSpec;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * Decodes the {@code manifest_entry} records of one manifest, in order, applying the spec's
 * inheritance from the manifest's entry in the manifest list. It keeps the running first row id of
 * v3 row lineage, so one decoder reads one pass over one manifest.
 */
final class ManifestEntryDecoder {
  static final AvroField STATUS = AvroField.required(0, "status", INT);
  static final AvroField SNAPSHOT_ID = AvroField.optional(1, "snapshot_id", LONG, INT);
  static final AvroField SEQUENCE_NUMBER = AvroField.optional(3, "sequence_number", LONG, INT);
  static final AvroField FILE_SEQUENCE_NUMBER =
      AvroField.optional(4, "file_sequence_number", LONG, INT);
  static final AvroField DATA_FILE = AvroField.required(2, "data_file", RECORD);

  private static final List<AvroField> ENTRY_FIELDS =
      List.of(STATUS, SNAPSHOT_ID, SEQUENCE_NUMBER, FILE_SEQUENCE_NUMBER, DATA_FILE);

  private final AvroRecordLayout layout;
  private final ContentFileDecoder files;
  private final ManifestFile manifest;
  private final int formatVersion;
  private final ReadContext context;
  private Long nextRowId;

  private ManifestEntryDecoder(
      AvroRecordLayout layout,
      ContentFileDecoder files,
      ManifestFile manifest,
      int formatVersion,
      ReadContext context) {
    this.layout = layout;
    this.files = files;
    this.manifest = manifest;
    this.formatVersion = formatVersion;
    this.context = context;
    this.nextRowId = manifest.content() == ManifestContent.DATA ? manifest.firstRowId() : null;
  }

  static ManifestEntryDecoder create(
      Schema fileSchema,
      PartitionSpec spec,
      ManifestFile manifest,
      int formatVersion,
      MetricsColumns metrics,
      ReadContext context) {
    if (fileSchema.getType() != RECORD) {
      throw context.corrupt("its Avro schema is " + fileSchema.getType() + ", not a record");
    }
    Schema.Field dataFileField = AvroRecordLayout.findField(fileSchema, DATA_FILE.id());
    if (dataFileField == null) {
      throw context.corrupt(
          "required field "
              + DATA_FILE.label()
              + " of manifest_entry is missing from the file's Avro schema");
    }
    Schema dataFileRecord = AvroRecordLayout.nonNullBranch(dataFileField.schema());
    if (dataFileRecord == null || dataFileRecord.getType() != RECORD) {
      throw context.corrupt(
          "field "
              + DATA_FILE.label()
              + " of manifest_entry is stored as Avro "
              + dataFileField.schema()
              + ", not as a record");
    }
    ContentFileDecoder files =
        ContentFileDecoder.create(dataFileRecord, spec, manifest, metrics, context);
    AvroRecordLayout layout =
        AvroRecordLayout.project(
            fileSchema,
            "manifest_entry",
            ENTRY_FIELDS,
            Map.of(DATA_FILE.id(), files.layout()),
            context);
    return new ManifestEntryDecoder(layout, files, manifest, formatVersion, context);
  }

  /** The schema to decode the manifest's records into. */
  Schema readerSchema() {
    return layout.readerSchema();
  }

  /**
   * One entry, after inheritance.
   *
   * @param entry the record's position in the manifest (from 0), for messages
   */
  ManifestEntry decode(GenericRecord record, long entry) {
    EntryStatus status = status(layout.requiredInt(record, STATUS, entry), entry);
    GenericRecord file = (GenericRecord) layout.required(record, DATA_FILE, entry);
    Long snapshotId = layout.longValue(record, SNAPSHOT_ID);
    long dataSequenceNumber = 0;
    Long fileSequenceNumber = 0L;
    if (formatVersion >= 2) {
      // A manifest with sequence number 0 predates v2 (written before the table was upgraded),
      // so its entries have none recorded and take the v1 default, 0, whatever their status.
      boolean inherits = status == EntryStatus.ADDED || manifest.sequenceNumber() == 0;
      Long dataSequence = layout.longValue(record, SEQUENCE_NUMBER);
      if (dataSequence == null && !inherits) {
        throw context.corrupt(
            "entry "
                + entry
                + " ("
                + files.path(file, entry)
                + ") has status "
                + status
                + " but no data sequence number; only ADDED entries inherit the manifest's");
      }
      dataSequenceNumber = dataSequence == null ? manifest.sequenceNumber() : dataSequence;
      fileSequenceNumber = layout.longValue(record, FILE_SEQUENCE_NUMBER);
      if (fileSequenceNumber == null && inherits) {
        fileSequenceNumber = manifest.sequenceNumber();
      }
    }
    ContentFile contentFile =
        files.decode(
            file, entry, dataSequenceNumber, fileSequenceNumber, firstRowId(file, status, entry));
    return new ManifestEntry(
        status, snapshotId == null ? manifest.addedSnapshotId() : snapshotId, contentFile);
  }

  /**
   * v3 row lineage: a live data file without a first row id takes the manifest's next one, and
   * moves it on by its record count.
   */
  private Long firstRowId(GenericRecord file, EntryStatus status, long entry) {
    Long recorded = files.firstRowId(file);
    if (recorded != null
        || nextRowId == null
        || status == EntryStatus.DELETED
        || files.content(file, entry) != FileContent.DATA) {
      return recorded;
    }
    long assigned = nextRowId;
    nextRowId = assigned + files.recordCount(file, entry);
    return assigned;
  }

  private EntryStatus status(int id, long entry) {
    try {
      return EntryStatus.fromId(id);
    } catch (IllegalArgumentException unknown) {
      throw context.corrupt(
          "entry " + entry + " has status " + id + ", which is not 0, 1 or 2", unknown);
    }
  }
}
