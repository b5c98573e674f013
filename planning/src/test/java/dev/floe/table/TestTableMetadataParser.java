package dev.floe.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.io.LocalFileIO;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TestTableMetadataParser {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String V1 = fixture("v1.metadata.json");
  private static final String V2 = fixture("v2.metadata.json");
  private static final String V3 = fixture("v3.metadata.json");
  private static final String FILE = "file:/t/metadata/v3.metadata.json";
  private static final long FIRST_SNAPSHOT = 3051729675574597004L;
  private static final long CURRENT_SNAPSHOT = 3055729675574597004L;

  @Test
  void readsV1Metadata() {
    TableMetadata metadata = TableMetadataParser.parse(FILE, V1);

    assertThat(metadata.metadataFileLocation()).isEqualTo(FILE);
    assertThat(metadata.formatVersion()).isEqualTo(1);
    assertThat(metadata.tableUuid()).isEqualTo("d20125c8-7284-442c-9aea-15fee620737c");
    assertThat(metadata.location())
        .as("trailing slash dropped, as Iceberg does")
        .isEqualTo("s3://bucket/test/location");
    assertThat(metadata.lastSequenceNumber()).as("v1 has no sequence numbers").isZero();
    assertThat(metadata.lastUpdatedMillis()).isEqualTo(1602638573874L);
    assertThat(metadata.lastColumnId()).isEqualTo(3);
    assertThat(metadata.properties())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("owner", "floe", "write.format.default", "parquet"));
    assertThat(metadata.nextRowId()).as("no row lineage before v3").isNull();
  }

  @Test
  void normalizesTheV1SchemaAndPartitionSpec() {
    TableMetadata metadata = TableMetadataParser.parse(FILE, V1);

    assertThat(metadata.schemas()).as("the v1 schema is the only one").hasSize(1);
    assertThat(metadata.currentSchemaId()).as("a v1 schema without id is schema 0").isZero();
    assertThat(metadata.schema().columns())
        .containsExactly(
            NestedField.required(1, "x", PrimitiveType.of(TypeId.LONG)),
            new NestedField(2, "y", true, PrimitiveType.of(TypeId.LONG), "comment", null, null),
            NestedField.optional(3, "z", PrimitiveType.of(TypeId.STRING)));
    assertThat(metadata.specs())
        .as("the v1 partition-spec is spec 0, with field ids assigned from 1000")
        .containsExactly(
            new PartitionSpec(
                0,
                List.of(
                    new PartitionField(1, 1000, "x", "identity"),
                    new PartitionField(2, 1001, "y_bucket", "bucket[16]"))));
    assertThat(metadata.defaultSpecId()).isZero();
    assertThat(metadata.lastPartitionId())
        .as("highest assigned partition field id")
        .isEqualTo(1001);
    assertThat(metadata.sortOrders()).containsExactly(new SortOrder(0, List.of()));
    assertThat(metadata.defaultSortOrderId()).isZero();
  }

  @Test
  void readsV1SnapshotsWithInlineManifests() {
    TableMetadata metadata = TableMetadataParser.parse(FILE, V1);

    Snapshot first = metadata.snapshot(FIRST_SNAPSHOT);
    assertThat(first.manifestList()).as("inline manifests, no manifest list").isNull();
    assertThat(first.manifests())
        .containsExactly(
            "s3://bucket/test/location/metadata/m0.avro",
            "s3://bucket/test/location/metadata/m1.avro");
    assertThat(first.sequenceNumber()).as("v1 snapshots have sequence number 0").isZero();
    assertThat(first.parentSnapshotId()).isNull();
    assertThat(first.operation()).isEqualTo("append");
    assertThat(first.schemaId()).isNull();

    Snapshot current = metadata.currentSnapshot().orElseThrow();
    assertThat(current.snapshotId()).isEqualTo(CURRENT_SNAPSHOT);
    assertThat(current.parentSnapshotId()).isEqualTo(FIRST_SNAPSHOT);
    assertThat(current.manifestList()).endsWith("snap-3055729675574597004-1-c87bfec7.avro");
    assertThat(current.manifests()).isEmpty();
    assertThat(current.summary()).containsEntry("added-data-files", "4");
    assertThat(current.schemaId()).isZero();
    assertThat(metadata.snapshotLog())
        .containsExactly(
            new SnapshotLogEntry(1515100955770L, FIRST_SNAPSHOT),
            new SnapshotLogEntry(1555100955770L, CURRENT_SNAPSHOT));
    assertThat(metadata.metadataLog()).isEmpty();
  }

  @Test
  void givesV1TablesWithoutRefsAMainBranch() {
    TableMetadata metadata = TableMetadataParser.parse(FILE, V1);

    assertThat(metadata.refs())
        .as("main branch at the current snapshot")
        .containsExactly(
            Map.entry(
                "main",
                new SnapshotRef(CURRENT_SNAPSHOT, SnapshotRef.RefType.BRANCH, null, null, null)));
  }

  @Test
  void givesTablesWithoutCurrentSnapshotNoRefs() {
    ObjectNode json = object(V1);
    json.remove("snapshots");
    json.remove("snapshot-log");
    json.put("current-snapshot-id", -1);
    TableMetadata metadata = TableMetadataParser.parse(FILE, json.toString());

    assertThat(metadata.currentSnapshotId()).as("-1 means no current snapshot").isNull();
    assertThat(metadata.currentSnapshot()).isEmpty();
    assertThat(metadata.refs()).as("no main branch without a snapshot").isEmpty();

    json.putNull("current-snapshot-id");
    assertThat(TableMetadataParser.parse(FILE, json.toString()).currentSnapshotId())
        .as("null means no current snapshot")
        .isNull();
    json.remove("current-snapshot-id");
    assertThat(TableMetadataParser.parse(FILE, json.toString()).currentSnapshotId())
        .as("absent means no current snapshot")
        .isNull();
  }

  @Test
  void keepsV1PartitionFieldIdsWhenWritten() {
    ObjectNode json = object(V1);
    ((ObjectNode) json.get("partition-spec").get(0)).put("field-id", 1005);
    ((ObjectNode) json.get("partition-spec").get(1)).put("field-id", 1006);
    TableMetadata metadata = TableMetadataParser.parse(FILE, json.toString());

    assertThat(metadata.spec(0).fields())
        .extracting(PartitionField::fieldId)
        .containsExactly(1005, 1006);
    assertThat(metadata.lastPartitionId()).isEqualTo(1006);
  }

  @Test
  void prefersV1SchemasAndSpecsListsWhenPresent() {
    ObjectNode json = object(V1);
    json.set("schemas", MAPPER.createArrayNode().add(json.get("schema").deepCopy()));
    ((ObjectNode) json.get("schemas").get(0)).put("schema-id", 4);
    json.put("current-schema-id", 4);
    json.set(
        "partition-specs",
        MAPPER
            .createArrayNode()
            .add(
                MAPPER
                    .createObjectNode()
                    .put("spec-id", 2)
                    .set("fields", json.get("partition-spec"))));
    json.put("default-spec-id", 2);
    TableMetadata metadata = TableMetadataParser.parse(FILE, json.toString());

    assertThat(metadata.currentSchemaId()).isEqualTo(4);
    assertThat(metadata.defaultSpecId()).isEqualTo(2);
    assertThat(metadata.defaultSpec().fields())
        .extracting(PartitionField::fieldId)
        .containsExactly(1000, 1001);
  }

  @Test
  void readsV2SchemasAndTypes() {
    TableMetadata metadata = TableMetadataParser.parse(FILE, V2);

    assertThat(metadata.schemas()).extracting(Schema::schemaId).containsExactly(0, 1);
    assertThat(metadata.currentSchemaId()).isEqualTo(1);
    Schema schema = metadata.schema();
    assertThat(schema.identifierFieldIds()).isEqualTo(Set.of(1, 2));
    assertThat(schema.findField("price").type())
        .as("whitespace inside decimal( , ) is accepted")
        .isEqualTo(PrimitiveType.decimal(9, 2));
    assertThat(schema.findField("hash").type()).isEqualTo(PrimitiveType.fixed(16));
    assertThat(schema.findField("location").type())
        .isEqualTo(
            new StructType(
                List.of(NestedField.required(7, "lat", PrimitiveType.of(TypeId.DOUBLE)))));
    assertThat(schema.findField("tags").type())
        .isEqualTo(
            new ListType(NestedField.optional(10, "element", PrimitiveType.of(TypeId.STRING))));
    assertThat(schema.findField("counts").type())
        .isEqualTo(
            new MapType(
                NestedField.required(11, "key", PrimitiveType.of(TypeId.STRING)),
                NestedField.required(12, "value", PrimitiveType.of(TypeId.INT))));
    assertThat(metadata.schema(0).columns()).hasSize(1);
    assertThat(metadata.lastSequenceNumber()).isEqualTo(34);
  }

  @Test
  void readsV2SpecsAndSortOrders() {
    TableMetadata metadata = TableMetadataParser.parse(FILE, V2);

    assertThat(metadata.specs()).extracting(PartitionSpec::specId).containsExactly(0, 1);
    assertThat(metadata.spec(0).isUnpartitioned()).isTrue();
    assertThat(metadata.defaultSpec().fields())
        .containsExactly(
            new PartitionField(1, 1000, "x", "identity"),
            new PartitionField(3, 1001, "z_day", "day"));
    assertThat(metadata.lastPartitionId()).isEqualTo(1001);
    assertThat(metadata.defaultSortOrderId()).isEqualTo(3);
    assertThat(metadata.sortOrders().get(1))
        .isEqualTo(
            new SortOrder(
                3,
                List.of(
                    new SortField(
                        List.of(2),
                        "identity",
                        SortField.SortDirection.ASC,
                        SortField.NullOrder.NULLS_FIRST),
                    new SortField(
                        List.of(3),
                        "bucket[4]",
                        SortField.SortDirection.DESC,
                        SortField.NullOrder.NULLS_LAST))));
  }

  @Test
  void readsV2RefsBranchesAndTags() {
    TableMetadata metadata = TableMetadataParser.parse(FILE, V2);

    assertThat(metadata.refs().keySet()).as("file order").containsExactly("main", "audit", "v1.0");
    assertThat(metadata.ref("main"))
        .isEqualTo(new SnapshotRef(CURRENT_SNAPSHOT, SnapshotRef.RefType.BRANCH, null, null, null));
    assertThat(metadata.ref("audit"))
        .isEqualTo(
            new SnapshotRef(FIRST_SNAPSHOT, SnapshotRef.RefType.BRANCH, 2, 86400000L, 604800000L));
    assertThat(metadata.ref("v1.0"))
        .isEqualTo(new SnapshotRef(FIRST_SNAPSHOT, SnapshotRef.RefType.TAG, null, null, 10000000L));
    assertThat(metadata.ref("v1.0").isTag()).isTrue();
  }

  @Test
  void readsV2SnapshotsLogsAndStatistics() {
    TableMetadata metadata = TableMetadataParser.parse(FILE, V2);

    Snapshot current = metadata.currentSnapshot().orElseThrow();
    assertThat(current.sequenceNumber()).isEqualTo(1);
    assertThat(current.manifestList()).isEqualTo("s3://a/b/2.avro");
    assertThat(current.operation()).isEqualTo("overwrite");
    assertThat(current.schemaId()).isEqualTo(1);
    assertThat(metadata.snapshot(FIRST_SNAPSHOT).schemaId()).isZero();
    assertThat(metadata.snapshotLog()).hasSize(2);
    assertThat(metadata.metadataLog())
        .containsExactly(
            new MetadataLogEntry(
                1515100000000L, "s3://bucket/test/location/metadata/v1.metadata.json"));
    assertThat(metadata.statistics())
        .containsExactly(
            new StatisticsFile(
                CURRENT_SNAPSHOT,
                "s3://a/b/stats.puffin",
                413,
                42,
                null,
                List.of(
                    new BlobMetadata(
                        "apache-datasketches-theta-v1",
                        CURRENT_SNAPSHOT,
                        1,
                        List.of(1),
                        Map.of("ndv", "3")))));
    assertThat(metadata.partitionStatistics())
        .containsExactly(
            new PartitionStatisticsFile(CURRENT_SNAPSHOT, "s3://a/b/partition-stats.parquet", 43));
    assertThat(metadata.property("commit.retry.num-retries", null)).isEqualTo("4");
  }

  @Test
  void addsMainWhenRefsLackIt() {
    ObjectNode json = object(V2);
    ((ObjectNode) json.get("refs")).remove("main");
    TableMetadata metadata = TableMetadataParser.parse(FILE, json.toString());

    assertThat(metadata.ref("main"))
        .as("the spec: there is always a main branch at the current snapshot")
        .isEqualTo(new SnapshotRef(CURRENT_SNAPSHOT, SnapshotRef.RefType.BRANCH, null, null, null));
    assertThat(metadata.refs()).containsKeys("audit", "v1.0");
  }

  @Test
  void readsV3RowLineageAndEncryption() {
    TableMetadata metadata = TableMetadataParser.parse(FILE, V3);

    assertThat(metadata.formatVersion()).isEqualTo(3);
    assertThat(metadata.nextRowId()).isEqualTo(250L);
    Snapshot current = metadata.currentSnapshot().orElseThrow();
    assertThat(current.firstRowId()).isEqualTo(100L);
    assertThat(current.addedRows()).isEqualTo(150L);
    assertThat(current.keyId()).isEqualTo("key-1");
    Snapshot beforeUpgrade = metadata.snapshot(5);
    assertThat(beforeUpgrade.firstRowId())
        .as("a snapshot from before an upgrade to v3 has no row lineage")
        .isNull();
    assertThat(beforeUpgrade.addedRows()).isNull();
    assertThat(metadata.encryptionKeys())
        .containsExactly(
            new EncryptionKey(
                "key-1", "aWNlYmVyZwo=", "kms-key", Map.of("algorithm", "AES_GCM_256")));
    assertThat(metadata.defaultSpec().fields().get(1).sourceIds())
        .as("v3 multi-argument transform")
        .containsExactly(1, 9);
    assertThat(metadata.defaultSpec().fields().get(1).transform()).isEqualTo("some_multi_arg");
    assertThat(metadata.location()).isEqualTo("file:/tmp/warehouse/db/events");
  }

  @Test
  void readsV3Types() {
    Schema schema = TableMetadataParser.parse(FILE, V3).schema();

    assertThat(schema.findField("event_ts").type())
        .isEqualTo(PrimitiveType.of(TypeId.TIMESTAMP_NS));
    assertThat(schema.findField("event_tstz").type())
        .isEqualTo(PrimitiveType.of(TypeId.TIMESTAMPTZ_NS));
    assertThat(schema.findField("payload").type()).isEqualTo(PrimitiveType.of(TypeId.VARIANT));
    assertThat(schema.findField("nothing").type()).isEqualTo(PrimitiveType.of(TypeId.UNKNOWN));
    assertThat(schema.findField("shape").type()).isEqualTo(PrimitiveType.geometry(null));
    assertThat(schema.findField("place").type()).isEqualTo(PrimitiveType.geometry("srid:4326"));
    assertThat(schema.findField("route").type())
        .isEqualTo(PrimitiveType.geography("srid:4269", "karney"));
  }

  @Test
  void convertsV3Defaults() {
    Schema schema = TableMetadataParser.parse(FILE, V3).schema();

    assertThat(schema.findField("count").initialDefault()).isEqualTo(34);
    assertThat(schema.findField("count").writeDefault()).isEqualTo(35);
    assertThat(schema.findField("day").initialDefault()).as("days from epoch").isEqualTo(17486);
    assertThat(schema.findField("at").initialDefault())
        .as("nanoseconds from epoch")
        .isEqualTo(1510871468123456789L);
    assertThat(schema.findField("price").writeDefault()).isEqualTo(new BigDecimal("14.20"));
    assertThat(schema.findField("price").initialDefault()).isNull();
    assertThat(schema.findField("blob").initialDefault())
        .isEqualTo(ByteBuffer.wrap(HexFormat.of().parseHex("000102ff")));
    assertThat(schema.findField("ref").initialDefault())
        .isEqualTo(UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7"));
    assertThat(schema.findField("point").initialDefault())
        .as("struct default by field id")
        .isEqualTo(Map.of(16, 1, 17, 2));
    assertThat(schema.findField("scores").initialDefault()).isEqualTo(List.of(1L, 2L, 3L));
    Map<?, ?> labels = (Map<?, ?>) schema.findField("labels").writeDefault();
    assertThat(new ArrayList<Object>(labels.keySet())).containsExactly("a", "b");
    assertThat(labels.get("b")).as("null map value kept").isNull();
  }

  static Stream<Arguments> primitiveTypes() {
    return Stream.of(
        Arguments.of("boolean", PrimitiveType.of(TypeId.BOOLEAN)),
        Arguments.of("int", PrimitiveType.of(TypeId.INT)),
        Arguments.of("long", PrimitiveType.of(TypeId.LONG)),
        Arguments.of("float", PrimitiveType.of(TypeId.FLOAT)),
        Arguments.of("double", PrimitiveType.of(TypeId.DOUBLE)),
        Arguments.of("date", PrimitiveType.of(TypeId.DATE)),
        Arguments.of("time", PrimitiveType.of(TypeId.TIME)),
        Arguments.of("timestamp", PrimitiveType.of(TypeId.TIMESTAMP)),
        Arguments.of("timestamptz", PrimitiveType.of(TypeId.TIMESTAMPTZ)),
        Arguments.of("timestamp_ns", PrimitiveType.of(TypeId.TIMESTAMP_NS)),
        Arguments.of("timestamptz_ns", PrimitiveType.of(TypeId.TIMESTAMPTZ_NS)),
        Arguments.of("string", PrimitiveType.of(TypeId.STRING)),
        Arguments.of("uuid", PrimitiveType.of(TypeId.UUID)),
        Arguments.of("binary", PrimitiveType.of(TypeId.BINARY)),
        Arguments.of("unknown", PrimitiveType.of(TypeId.UNKNOWN)),
        Arguments.of("variant", PrimitiveType.of(TypeId.VARIANT)),
        Arguments.of("decimal(9,2)", PrimitiveType.decimal(9, 2)),
        Arguments.of("decimal( 38 , 0 )", PrimitiveType.decimal(38, 0)),
        Arguments.of("fixed[16]", PrimitiveType.fixed(16)),
        Arguments.of("fixed[ 3 ]", PrimitiveType.fixed(3)),
        Arguments.of("geometry", PrimitiveType.geometry(null)),
        Arguments.of("geometry(srid:4326)", PrimitiveType.geometry("srid:4326")),
        Arguments.of("geometry( projjson:MyCrs )", PrimitiveType.geometry("projjson:MyCrs")),
        Arguments.of("geography", PrimitiveType.geography(null, null)),
        Arguments.of("geography(srid:4269)", PrimitiveType.geography("srid:4269", null)),
        Arguments.of(
            "geography(srid:4269, spherical)", PrimitiveType.geography("srid:4269", "spherical")),
        Arguments.of(
            "geography(srid:4269,karney)", PrimitiveType.geography("srid:4269", "karney")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("primitiveTypes")
  void readsEveryPrimitiveType(String typeText, PrimitiveType expected) {
    ObjectNode json = object(V2);
    ObjectNode field = (ObjectNode) json.get("schemas").get(0).get("fields").get(0);
    field.put("type", typeText);
    field.put("required", false);
    TableMetadata metadata = TableMetadataParser.parse(FILE, json.toString());

    assertThat(metadata.schema(0).findField(1).type())
        .as("type of '%s'", typeText)
        .isEqualTo(expected);
  }

  static Stream<Arguments> missingRequiredFields() {
    return Stream.of(
        Arguments.of("v1", V1, "format-version"),
        Arguments.of("v1", V1, "location"),
        Arguments.of("v1", V1, "last-updated-ms"),
        Arguments.of("v1", V1, "last-column-id"),
        Arguments.of("v1", V1, "schema"),
        Arguments.of("v1", V1, "partition-spec"),
        Arguments.of("v2", V2, "table-uuid"),
        Arguments.of("v2", V2, "location"),
        Arguments.of("v2", V2, "last-sequence-number"),
        Arguments.of("v2", V2, "last-updated-ms"),
        Arguments.of("v2", V2, "last-column-id"),
        Arguments.of("v2", V2, "schemas"),
        Arguments.of("v2", V2, "current-schema-id"),
        Arguments.of("v2", V2, "partition-specs"),
        Arguments.of("v2", V2, "default-spec-id"),
        Arguments.of("v2", V2, "last-partition-id"),
        Arguments.of("v2", V2, "sort-orders"),
        Arguments.of("v2", V2, "default-sort-order-id"),
        Arguments.of("v3", V3, "next-row-id"),
        Arguments.of("v3", V3, "table-uuid"));
  }

  @ParameterizedTest(name = "{0} without {2}")
  @MethodSource("missingRequiredFields")
  void failsOnAMissingRequiredField(String version, String fixture, String field) {
    ObjectNode json = object(fixture);
    json.remove(field);

    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, json.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessage(
            "Cannot read table metadata " + FILE + ": missing required field '" + field + "'");
  }

  @Test
  void snapshotsWrittenBeforeAnUpgradeFromV1KeepSequenceNumberZero() {
    ObjectNode upgraded = object(V2);
    ((ObjectNode) upgraded.get("snapshots").get(0)).remove("sequence-number");

    TableMetadata metadata = TableMetadataParser.parse(FILE, upgraded.toString());

    assertThat(metadata.snapshots().get(0).sequenceNumber())
        .as("a v1 snapshot kept in v2 metadata has no sequence number: it is 0")
        .isZero();
  }

  @Test
  void failsOnMissingNestedFieldsNamingTheirPath() {
    ObjectNode v2 = object(V2);
    ((ObjectNode) v2.get("snapshots").get(1)).remove("manifest-list");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, v2.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "snapshots[1]: snapshot 3055729675574597004 has neither 'manifest-list' nor"
                + " 'manifests'");

    ObjectNode fieldId = object(V2);
    ((ObjectNode) fieldId.get("partition-specs").get(1).get("fields").get(0)).remove("field-id");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, fieldId.toString()))
        .as("v2 partition fields need their id")
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("missing required field 'partition-specs[1].fields[0].field-id'");

    ObjectNode nestedType = object(V2);
    ((ObjectNode) nestedType.get("schemas").get(1).get("fields").get(6).get("type"))
        .remove("element-id");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, nestedType.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("missing required field 'schemas[1].fields[6].type.element-id'");

    ObjectNode schemaId = object(V2);
    ((ObjectNode) schemaId.get("schemas").get(0)).remove("schema-id");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, schemaId.toString()))
        .as("v2 schemas need their id")
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("missing required field 'schemas[0].schema-id'");

    ObjectNode v1 = object(V1);
    ((ObjectNode) v1.get("snapshots").get(0)).remove("manifests");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, v1.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "snapshots[0]: snapshot 3051729675574597004 has neither 'manifest-list' nor 'manifests'");

    ObjectNode ref = object(V2);
    ((ObjectNode) ref.get("refs").get("audit")).remove("type");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, ref.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("missing required field 'refs.audit.type'");
  }

  @Test
  void failsOnUnsupportedFormatVersions() {
    for (int version : new int[] {0, 4}) {
      ObjectNode json = object(V2);
      json.put("format-version", version);
      assertThatThrownBy(() -> TableMetadataParser.parse(FILE, json.toString()))
          .as("format version %s", version)
          .isInstanceOf(CorruptTableException.class)
          .hasMessage(
              "Cannot read table metadata "
                  + FILE
                  + ": invalid field 'format-version': unsupported format version "
                  + version
                  + "; Floe reads versions 1, 2 and 3");
    }
  }

  @Test
  void failsOnValuesOfTheWrongJsonType() {
    ObjectNode json = object(V2);
    json.put("last-column-id", "9");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, json.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessage(
            "Cannot read table metadata "
                + FILE
                + ": field 'last-column-id' must be an int, not \"9\"");

    ObjectNode snapshots = object(V2);
    snapshots.put("snapshots", "none");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, snapshots.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("field 'snapshots' must be an array, not \"none\"");

    ObjectNode required = object(V2);
    ((ObjectNode) required.get("schemas").get(0).get("fields").get(0)).put("required", "yes");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, required.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("field 'schemas[0].fields[0].required' must be a boolean");

    ObjectNode refType = object(V2);
    ((ObjectNode) refType.get("refs").get("audit")).put("type", "bookmark");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, refType.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "invalid field 'refs.audit.type': expected 'branch' or 'tag', not 'bookmark'");
  }

  @Test
  void failsOnUnknownTypes() {
    ObjectNode json = object(V2);
    ((ObjectNode) json.get("schemas").get(0).get("fields").get(0)).put("type", "int128");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, json.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessage(
            "Cannot read table metadata "
                + FILE
                + ": invalid field 'schemas[0].fields[0].type': unknown type 'int128'");
  }

  @Test
  void failsOnMalformedDefaults() {
    ObjectNode json = object(V3);
    ((ObjectNode) json.get("schemas").get(0).get("fields").get(9))
        .put("initial-default", "16/11/2017");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, json.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("invalid field 'schemas[0].fields[9].initial-default'")
        .hasMessageContaining("as a date value");
  }

  @Test
  void failsOnMalformedJson() {
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, "{\"format-version\": 2,"))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageStartingWith("Cannot read table metadata " + FILE + ": not valid JSON: ")
        .hasCauseInstanceOf(IOException.class);
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, "[1, 2]"))
        .isInstanceOf(CorruptTableException.class)
        .hasMessage(
            "Cannot read table metadata "
                + FILE
                + ": expected a JSON object at the top level, not [1,2]");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, ""))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("expected a JSON object at the top level");
  }

  @Test
  void failsOnAnUnknownCurrentSchema() {
    ObjectNode json = object(V2);
    json.put("current-schema-id", 7);
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, json.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessage(
            "Cannot read table metadata "
                + FILE
                + ": current-schema-id 7 is not the id of any schema in 'schemas' (ids: [0, 1])");
  }

  @Test
  void failsOnAnUnknownDefaultSpec() {
    ObjectNode json = object(V2);
    json.put("default-spec-id", 5);
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, json.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("default-spec-id 5 is not the id of any spec in 'partition-specs'");
  }

  @Test
  void failsOnSnapshotReferencesToMissingSnapshots() {
    ObjectNode current = object(V2);
    current.put("current-snapshot-id", 99);
    ((ObjectNode) current.get("refs")).remove("main");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, current.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessage(
            "Cannot read table metadata "
                + FILE
                + ": current-snapshot-id 99 names no snapshot in 'snapshots'");

    ObjectNode ref = object(V2);
    ((ObjectNode) ref.get("refs").get("v1.0")).put("snapshot-id", 98);
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, ref.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("ref 'v1.0' names snapshot 98, which is not in 'snapshots'");
  }

  @Test
  void failsWhenMainAndCurrentSnapshotDisagree() {
    ObjectNode json = object(V2);
    json.put("current-snapshot-id", FIRST_SNAPSHOT);
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, json.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "current-snapshot-id "
                + FIRST_SNAPSHOT
                + " differs from snapshot "
                + CURRENT_SNAPSHOT
                + " of the main branch");

    ObjectNode unset = object(V2);
    unset.remove("current-snapshot-id");
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, unset.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "the main branch names snapshot "
                + CURRENT_SNAPSHOT
                + " but current-snapshot-id is not set");
  }

  @Test
  void failsOnDuplicateIds() {
    ObjectNode fields = object(V2);
    ((ObjectNode) fields.get("schemas").get(1).get("fields").get(2)).put("id", 2);
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, fields.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessage(
            "Cannot read table metadata "
                + FILE
                + ": schemas[1]: schema 1: Field id 2 is used twice (again by 'z')");

    ObjectNode schemas = object(V2);
    ((ObjectNode) schemas.get("schemas").get(0)).put("schema-id", 1);
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, schemas.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("schema id 1 appears twice in 'schemas'");

    ObjectNode snapshots = object(V2);
    ((ObjectNode) snapshots.get("snapshots").get(0)).put("snapshot-id", CURRENT_SNAPSHOT);
    assertThatThrownBy(() -> TableMetadataParser.parse(FILE, snapshots.toString()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("snapshot id " + CURRENT_SNAPSHOT + " appears twice in 'snapshots'");
  }

  @Test
  void readsAFileAndRecordsItsLocation(@TempDir Path directory) throws IOException {
    Path file = directory.resolve("v2.metadata.json");
    Files.writeString(file, V2);
    String location = "file:" + file;
    TableMetadata metadata = TableMetadataParser.read(new LocalFileIO().newInputFile(location));

    assertThat(metadata.metadataFileLocation()).as("location exactly as given").isEqualTo(location);
    assertThat(metadata.currentSnapshotId()).isEqualTo(CURRENT_SNAPSHOT);
  }

  @Test
  void readsGzipMetadataByNameOrByContent(@TempDir Path directory) throws IOException {
    for (String name :
        List.of("v2.gz.metadata.json", "v2.metadata.json.gz", "00002-abc.metadata.json")) {
      Path file = directory.resolve(name);
      Files.write(file, gzip(V2));
      TableMetadata metadata =
          TableMetadataParser.read(new LocalFileIO().newInputFile(file.toString()));
      assertThat(metadata.currentSnapshotId())
          .as("gzip metadata named %s", name)
          .isEqualTo(CURRENT_SNAPSHOT);
      assertThat(metadata.metadataFileLocation()).isEqualTo(file.toString());
    }
  }

  @Test
  void failsOnGzipNamesWithoutGzipContent(@TempDir Path directory) throws IOException {
    Path file = directory.resolve("v2.gz.metadata.json");
    Files.writeString(file, V2);
    assertThatThrownBy(
            () -> TableMetadataParser.read(new LocalFileIO().newInputFile(file.toString())))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageStartingWith(
            "Cannot read table metadata " + file + ": cannot decompress it as gzip");
  }

  @Test
  void failsOnAMissingFile(@TempDir Path directory) {
    String missing = directory.resolve("v9.metadata.json").toString();
    assertThatThrownBy(() -> TableMetadataParser.read(new LocalFileIO().newInputFile(missing)))
        .isInstanceOf(FileReadException.class)
        .hasMessage("Cannot read " + missing + ": the file does not exist");
  }

  private static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return bytes.toByteArray();
  }

  private static ObjectNode object(String json) {
    try {
      JsonNode node = MAPPER.readTree(json);
      return (ObjectNode) node;
    } catch (IOException malformed) {
      throw new UncheckedIOException(malformed);
    }
  }

  private static String fixture(String name) {
    try (InputStream stream =
        TestTableMetadataParser.class.getResourceAsStream("/metadata/" + name)) {
      if (stream == null) {
        throw new IllegalStateException("Missing test fixture /metadata/" + name);
      }
      return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException unreadable) {
      throw new UncheckedIOException(unreadable);
    }
  }
}
