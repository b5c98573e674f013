package dev.floe.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.floe.CorruptTableException;
import dev.floe.io.InputFile;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.zip.GZIPInputStream;

/**
 * Reads a table metadata file (format versions 1, 2 and 3) into {@link TableMetadata}.
 *
 * <p>v1 metadata is normalized as the spec asks of readers: a v1 {@code schema} becomes the only
 * schema, a v1 {@code partition-spec} field list becomes spec 0 (fields without {@code field-id}
 * get 1000, 1001, ...), a missing {@code sort-orders} becomes the unsorted order 0, and a missing
 * {@code last-partition-id} is the highest partition field id (999 when there is none). In every
 * version a table with a current snapshot has a {@code main} branch at it, added when {@code refs}
 * lacks one. {@code current-snapshot-id} of -1 means no current snapshot. A trailing slash of
 * {@code location} is dropped, as Iceberg does.
 *
 * <p>Field defaults ({@code initial-default}, {@code write-default}) are converted with {@link
 * dev.floe.table.SingleValueJson}: primitives to Floe's value representation, a struct default to a
 * {@code Map<Integer, Object>} by field id, a list default to a {@code List}, a map default to a
 * {@code Map}.
 *
 * <p>Unknown fields are ignored. A missing required field, a value of the wrong JSON type, a format
 * version other than 1 to 3, unparsable JSON and inconsistent metadata (an unknown current schema
 * or default spec, a ref or current snapshot naming a missing snapshot, a field id used twice in a
 * schema) throw {@link CorruptTableException} naming the file and the field, e.g. {@code Cannot
 * read table metadata s3://b/t/metadata/v3.metadata.json: missing required field 'location'}.
 */
public final class TableMetadataParser {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final int GZIP_MAGIC_FIRST = 0x1f;
  private static final int GZIP_MAGIC_SECOND = 0x8b;
  private static final int NO_CURRENT_SNAPSHOT = -1;

  private TableMetadataParser() {}

  /**
   * Reads and parses a metadata file, un-gzipping it when its name ends in {@code
   * .gz.metadata.json} or {@code .metadata.json.gz} or its content starts with the gzip magic
   * bytes. The result's {@code metadataFileLocation} is {@code file.location()}.
   *
   * @throws dev.floe.FileReadException when the file cannot be read
   * @throws CorruptTableException when it is not valid table metadata
   */
  public static TableMetadata read(InputFile file) {
    String location = file.location();
    byte[] content = file.readAll();
    if (isGzip(location, content)) {
      content = gunzip(location, content);
    }
    try {
      return parse(location, MAPPER.readTree(content));
    } catch (IOException malformed) {
      throw notJson(location, malformed);
    }
  }

  /** Parses the JSON text of a metadata file that lives at {@code metadataFileLocation}. */
  public static TableMetadata parse(String metadataFileLocation, String json) {
    try {
      return parse(metadataFileLocation, MAPPER.readTree(json));
    } catch (JsonProcessingException malformed) {
      throw notJson(metadataFileLocation, malformed);
    }
  }

  private static TableMetadata parse(String location, JsonNode root) {
    JsonObjectReader metadata = JsonObjectReader.root(location, root);
    int formatVersion = metadata.requiredInt("format-version");
    if (formatVersion < 1 || formatVersion > 3) {
      throw metadata.invalid(
          "format-version",
          "unsupported format version " + formatVersion + "; Floe reads versions 1, 2 and 3",
          null);
    }
    boolean v1 = formatVersion == 1;
    TableMetadata.Builder builder =
        TableMetadata.builder()
            .metadataFileLocation(location)
            .formatVersion(formatVersion)
            .tableUuid(
                v1 ? metadata.optionalString("table-uuid") : metadata.requiredString("table-uuid"))
            .location(withoutTrailingSlash(metadata.requiredString("location")))
            .lastSequenceNumber(
                v1
                    ? orZero(metadata.optionalLong("last-sequence-number"))
                    : metadata.requiredLong("last-sequence-number"))
            .lastUpdatedMillis(metadata.requiredLong("last-updated-ms"))
            .lastColumnId(metadata.requiredInt("last-column-id"))
            .properties(metadata.optionalStringMap("properties"))
            .nextRowId(formatVersion >= 3 ? metadata.requiredLong("next-row-id") : null);
    readSchemas(metadata, formatVersion, builder);
    List<PartitionSpec> specs = readSpecs(metadata, formatVersion, builder);
    builder.lastPartitionId(
        v1 && !metadata.has("last-partition-id")
            ? highestPartitionFieldId(specs)
            : metadata.requiredInt("last-partition-id"));
    readSortOrders(metadata, formatVersion, builder);
    readSnapshots(metadata, formatVersion, builder);
    builder
        .snapshotLog(
            metadata.mapOptionalObjects("snapshot-log", SnapshotParser::parseSnapshotLogEntry))
        .metadataLog(
            metadata.mapOptionalObjects("metadata-log", SnapshotParser::parseMetadataLogEntry))
        .statistics(metadata.mapOptionalObjects("statistics", TableMetadataParser::statisticsFile))
        .partitionStatistics(
            metadata.mapOptionalObjects(
                "partition-statistics", TableMetadataParser::partitionStatisticsFile))
        .encryptionKeys(
            metadata.mapOptionalObjects("encryption-keys", TableMetadataParser::encryptionKey));
    TableMetadata parsed;
    try {
      parsed = builder.build();
    } catch (IllegalArgumentException inconsistent) {
      throw metadata.corrupt(inconsistent.getMessage());
    }
    for (Snapshot snapshot : parsed.snapshots()) {
      // time travel reads with this schema: an unknown one must not quietly become the current
      if (snapshot.schemaId() != null && parsed.schema(snapshot.schemaId()) == null) {
        throw metadata.corrupt(
            "snapshot "
                + snapshot.snapshotId()
                + " names schema "
                + snapshot.schemaId()
                + ", which is not in 'schemas'");
      }
    }
    return parsed;
  }

  private static void readSchemas(
      JsonObjectReader metadata, int formatVersion, TableMetadata.Builder builder) {
    List<Schema> schemas;
    int currentSchemaId;
    if (formatVersion > 1 || metadata.has("schemas")) {
      schemas = new ArrayList<>();
      for (JsonObjectReader schema : metadata.requiredObjects("schemas")) {
        schemas.add(SchemaParser.parseSchema(schema, formatVersion));
      }
      currentSchemaId = metadata.requiredInt("current-schema-id");
    } else {
      Schema schema = SchemaParser.parseSchema(metadata.requiredObject("schema"), formatVersion);
      schemas = List.of(schema);
      currentSchemaId = schema.schemaId();
    }
    Set<Integer> ids = uniqueIds(metadata, "schemas", "schema", schemas, Schema::schemaId);
    if (!ids.contains(currentSchemaId)) {
      throw metadata.corrupt(
          "current-schema-id "
              + currentSchemaId
              + " is not the id of any schema in 'schemas' (ids: "
              + ids
              + ")");
    }
    builder.schemas(schemas).currentSchemaId(currentSchemaId);
  }

  private static List<PartitionSpec> readSpecs(
      JsonObjectReader metadata, int formatVersion, TableMetadata.Builder builder) {
    List<PartitionSpec> specs;
    int defaultSpecId;
    if (formatVersion > 1 || metadata.has("partition-specs")) {
      specs = new ArrayList<>();
      for (JsonObjectReader spec : metadata.requiredObjects("partition-specs")) {
        specs.add(PartitionSpecParser.parseSpec(spec, formatVersion));
      }
      defaultSpecId = metadata.requiredInt("default-spec-id");
    } else {
      specs =
          List.of(
              new PartitionSpec(
                  0, PartitionSpecParser.parseFields(metadata, "partition-spec", formatVersion)));
      defaultSpecId = 0;
    }
    Set<Integer> ids =
        uniqueIds(metadata, "partition-specs", "partition spec", specs, PartitionSpec::specId);
    if (!ids.contains(defaultSpecId)) {
      throw metadata.corrupt(
          "default-spec-id "
              + defaultSpecId
              + " is not the id of any spec in 'partition-specs' (ids: "
              + ids
              + ")");
    }
    builder.specs(specs).defaultSpecId(defaultSpecId);
    return specs;
  }

  private static void readSortOrders(
      JsonObjectReader metadata, int formatVersion, TableMetadata.Builder builder) {
    if (formatVersion == 1 && !metadata.has("sort-orders")) {
      builder.sortOrders(List.of(new SortOrder(0, List.of()))).defaultSortOrderId(0);
      return;
    }
    builder
        .sortOrders(metadata.mapRequiredObjects("sort-orders", PartitionSpecParser::parseSortOrder))
        .defaultSortOrderId(metadata.requiredInt("default-sort-order-id"));
  }

  private static void readSnapshots(
      JsonObjectReader metadata, int formatVersion, TableMetadata.Builder builder) {
    List<Snapshot> snapshots =
        metadata.mapOptionalObjects(
            "snapshots", snapshot -> SnapshotParser.parseSnapshot(snapshot));
    Set<Long> ids = uniqueIds(metadata, "snapshots", "snapshot", snapshots, Snapshot::snapshotId);
    if (formatVersion >= 2) {
      long lastSequenceNumber = metadata.requiredLong("last-sequence-number");
      for (Snapshot snapshot : snapshots) {
        if (snapshot.sequenceNumber() > lastSequenceNumber) {
          throw metadata.corrupt(
              "snapshot "
                  + snapshot.snapshotId()
                  + " has sequence number "
                  + snapshot.sequenceNumber()
                  + ", above last-sequence-number "
                  + lastSequenceNumber);
        }
      }
    }
    Long currentSnapshotId = metadata.optionalLong("current-snapshot-id");
    if (currentSnapshotId != null && currentSnapshotId == NO_CURRENT_SNAPSHOT) {
      currentSnapshotId = null;
    }
    if (currentSnapshotId != null && !ids.contains(currentSnapshotId)) {
      throw metadata.corrupt(
          "current-snapshot-id " + currentSnapshotId + " names no snapshot in 'snapshots'");
    }
    Map<String, SnapshotRef> refs = new LinkedHashMap<>(SnapshotParser.parseRefs(metadata));
    refs.forEach(
        (name, ref) -> {
          if (!ids.contains(ref.snapshotId())) {
            throw metadata.corrupt(
                "ref '"
                    + name
                    + "' names snapshot "
                    + ref.snapshotId()
                    + ", which is not in 'snapshots'");
          }
        });
    SnapshotRef main = refs.get(SnapshotRef.MAIN_BRANCH);
    if (main != null && currentSnapshotId == null) {
      throw metadata.corrupt(
          "the main branch names snapshot "
              + main.snapshotId()
              + " but current-snapshot-id is not set");
    }
    if (main != null && main.snapshotId() != currentSnapshotId) {
      throw metadata.corrupt(
          "current-snapshot-id "
              + currentSnapshotId
              + " differs from snapshot "
              + main.snapshotId()
              + " of the main branch");
    }
    if (main == null && currentSnapshotId != null) {
      refs.put(
          SnapshotRef.MAIN_BRANCH,
          new SnapshotRef(currentSnapshotId, SnapshotRef.RefType.BRANCH, null, null, null));
    }
    builder.snapshots(snapshots).currentSnapshotId(currentSnapshotId).refs(refs);
  }

  private static StatisticsFile statisticsFile(JsonObjectReader file) {
    return new StatisticsFile(
        file.requiredLong("snapshot-id"),
        file.requiredString("statistics-path"),
        file.requiredLong("file-size-in-bytes"),
        file.requiredLong("file-footer-size-in-bytes"),
        file.optionalString("key-metadata"),
        file.mapRequiredObjects("blob-metadata", TableMetadataParser::blobMetadata));
  }

  private static BlobMetadata blobMetadata(JsonObjectReader blob) {
    return new BlobMetadata(
        blob.requiredString("type"),
        blob.requiredLong("snapshot-id"),
        blob.requiredLong("sequence-number"),
        blob.requiredInts("fields"),
        blob.optionalStringMap("properties"));
  }

  private static PartitionStatisticsFile partitionStatisticsFile(JsonObjectReader file) {
    return new PartitionStatisticsFile(
        file.requiredLong("snapshot-id"),
        file.requiredString("statistics-path"),
        file.requiredLong("file-size-in-bytes"));
  }

  private static EncryptionKey encryptionKey(JsonObjectReader key) {
    return new EncryptionKey(
        key.requiredString("key-id"),
        key.requiredString("encrypted-key-metadata"),
        key.optionalString("encrypted-by-id"),
        key.optionalStringMap("properties"));
  }

  private static <T, K> Set<K> uniqueIds(
      JsonObjectReader metadata, String field, String what, List<T> values, Function<T, K> id) {
    Set<K> ids = new HashSet<>();
    for (T value : values) {
      if (!ids.add(id.apply(value))) {
        throw metadata.corrupt(
            what + " id " + id.apply(value) + " appears twice in '" + field + "'");
      }
    }
    return ids;
  }

  private static int highestPartitionFieldId(List<PartitionSpec> specs) {
    return specs.stream()
        .flatMap(spec -> spec.fields().stream())
        .mapToInt(PartitionField::fieldId)
        .max()
        .orElse(PartitionSpecParser.FIRST_PARTITION_FIELD_ID - 1);
  }

  private static boolean isGzip(String location, byte[] content) {
    return location.endsWith(".gz.metadata.json")
        || location.endsWith(".metadata.json.gz")
        || (content.length >= 2
            && Byte.toUnsignedInt(content[0]) == GZIP_MAGIC_FIRST
            && Byte.toUnsignedInt(content[1]) == GZIP_MAGIC_SECOND);
  }

  private static byte[] gunzip(String location, byte[] content) {
    try (InputStream stream = new GZIPInputStream(new ByteArrayInputStream(content))) {
      return stream.readAllBytes();
    } catch (IOException notGzip) {
      throw new CorruptTableException(
          JsonObjectReader.prefix(location)
              + "cannot decompress it as gzip ("
              + notGzip.getMessage()
              + ")",
          notGzip);
    }
  }

  private static CorruptTableException notJson(String location, IOException malformed) {
    String detail = malformed.getMessage();
    if (malformed instanceof JsonProcessingException json) {
      // the original message leaves out Jackson's source excerpt, which would echo the file
      detail = json.getOriginalMessage();
      if (json.getLocation() != null) {
        detail +=
            " (line "
                + json.getLocation().getLineNr()
                + ", column "
                + json.getLocation().getColumnNr()
                + ")";
      }
    }
    return new CorruptTableException(
        JsonObjectReader.prefix(location) + "not valid JSON: " + detail, malformed);
  }

  private static String withoutTrailingSlash(String location) {
    String result = location;
    while (result.length() > 1 && result.endsWith("/") && !result.endsWith("://")) {
      result = result.substring(0, result.length() - 1);
    }
    return result;
  }

  private static long orZero(Long value) {
    return value == null ? 0L : value;
  }
}
