package dev.floe.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data source through a real local Spark session, on tables written as metadata files only:
 * schema inference with time travel, option errors, pushdown and {@code EXPLAIN}. Reading rows
 * needs data files and manifests, which the differential suite in src-test writes with Iceberg.
 */
class TestFloeDataSource {
  private static SparkSession spark;

  @TempDir static Path warehouse;

  private static String evolvedTable;
  private static String emptyTable;

  @BeforeAll
  static void startSpark() throws IOException {
    spark =
        LocalSpark.builder("TestFloeDataSource", 2)
            .config("spark.sql.shuffle.partitions", "2")
            .getOrCreate();
    evolvedTable = writeTable("evolved", EVOLVED_METADATA);
    emptyTable = writeTable("empty", EMPTY_METADATA);
  }

  @AfterAll
  static void stopSpark() {
    spark.stop();
  }

  private static String writeTable(String name, String metadata) throws IOException {
    Path metadataDirectory = warehouse.resolve(name).resolve("metadata");
    Files.createDirectories(metadataDirectory);
    Files.writeString(
        metadataDirectory.resolve("v1.metadata.json"),
        metadata.replace("LOCATION", warehouse.resolve(name).toString()),
        StandardCharsets.UTF_8);
    return warehouse.resolve(name).toString();
  }

  /** Schema 0 (id, data), then schema 1 (id, data renamed to payload, added price). */
  private static final String EVOLVED_METADATA =
      """
      {"format-version": 2, "table-uuid": "9c12d441-03fe-4693-9a96-a0705ddf69c1",
       "location": "LOCATION", "last-sequence-number": 2, "last-updated-ms": 1700000002000,
       "last-column-id": 3, "current-schema-id": 1,
       "schemas": [
         {"type": "struct", "schema-id": 0, "fields": [
           {"id": 1, "name": "id", "required": true, "type": "long"},
           {"id": 2, "name": "data", "required": false, "type": "string"}]},
         {"type": "struct", "schema-id": 1, "fields": [
           {"id": 1, "name": "id", "required": true, "type": "long"},
           {"id": 2, "name": "payload", "required": false, "type": "string"},
           {"id": 3, "name": "price", "required": false, "type": "decimal(9,2)"}]}],
       "default-spec-id": 0,
       "partition-specs": [{"spec-id": 0, "fields": [
           {"source-id": 2, "field-id": 1000, "name": "data", "transform": "identity"}]}],
       "last-partition-id": 1000, "default-sort-order-id": 0,
       "sort-orders": [{"order-id": 0, "fields": []}],
       "properties": {}, "current-snapshot-id": 2,
       "snapshots": [
         {"snapshot-id": 1, "sequence-number": 1, "timestamp-ms": 1700000001000,
          "manifest-list": "LOCATION/metadata/snap-1.avro", "summary": {"operation": "append"},
          "schema-id": 0},
         {"snapshot-id": 2, "parent-snapshot-id": 1, "sequence-number": 2,
          "timestamp-ms": 1700000002000, "manifest-list": "LOCATION/metadata/snap-2.avro",
          "summary": {"operation": "append"}, "schema-id": 1}],
       "snapshot-log": [{"snapshot-id": 1, "timestamp-ms": 1700000001000},
                        {"snapshot-id": 2, "timestamp-ms": 1700000002000}],
       "refs": {"main": {"snapshot-id": 2, "type": "branch"},
                "first": {"snapshot-id": 1, "type": "tag"}},
       "metadata-log": []}
      """;

  /** A table never written to: it plans no tasks. */
  private static final String EMPTY_METADATA =
      """
      {"format-version": 2, "table-uuid": "1d2c3b4a-03fe-4693-9a96-a0705ddf69c1",
       "location": "LOCATION", "last-sequence-number": 0, "last-updated-ms": 1700000000000,
       "last-column-id": 3, "current-schema-id": 0,
       "schemas": [{"type": "struct", "schema-id": 0, "fields": [
           {"id": 1, "name": "id", "required": true, "type": "long"},
           {"id": 2, "name": "region", "required": false, "type": "string"},
           {"id": 3, "name": "point", "required": false, "type": {"type": "struct", "fields": [
             {"id": 4, "name": "x", "required": false, "type": "double"},
             {"id": 5, "name": "y", "required": false, "type": "double"}]}}]}],
       "default-spec-id": 0,
       "partition-specs": [{"spec-id": 0, "fields": [
           {"source-id": 2, "field-id": 1000, "name": "region", "transform": "identity"}]}],
       "last-partition-id": 1000, "default-sort-order-id": 0,
       "sort-orders": [{"order-id": 0, "fields": []}],
       "properties": {}, "current-snapshot-id": -1, "snapshots": [], "snapshot-log": [],
       "metadata-log": []}
      """;

  private static List<String> columnNames(StructType schema) {
    return Arrays.stream(schema.fields()).map(StructField::name).toList();
  }

  @Test
  void schemaIsTheCurrentOneByDefault() {
    StructType schema = spark.read().format("floe").load(evolvedTable).schema();
    assertThat(columnNames(schema)).containsExactly("id", "payload", "price");
    assertThat(schema.apply("id").nullable()).as("required id").isFalse();
    assertThat(schema.apply("price").dataType()).isEqualTo(DataTypes.createDecimalType(9, 2));
  }

  @Test
  void timeTravelReadsWithTheSnapshotsSchema() {
    assertThat(
            columnNames(
                spark.read().format("floe").option("snapshot-id", 1).load(evolvedTable).schema()))
        .as("snapshot 1 was written with schema 0")
        .containsExactly("id", "data");
    assertThat(
            columnNames(
                spark.read().format("floe").option("tag", "first").load(evolvedTable).schema()))
        .as("a tag reads with its snapshot's schema")
        .containsExactly("id", "data");
    assertThat(
            columnNames(
                spark
                    .read()
                    .format("floe")
                    .option("as-of-timestamp", 1700000001500L)
                    .load(evolvedTable)
                    .schema()))
        .containsExactly("id", "data");
    assertThat(
            columnNames(
                spark.read().format("floe").option("branch", "main").load(evolvedTable).schema()))
        .as("a branch reads with the current schema")
        .containsExactly("id", "payload", "price");
  }

  @Test
  void misspeltSessionSettingReachesTheCaller() {
    spark.conf().set("spark.floe.read.batch-szie", "16");
    try {
      assertThatThrownBy(() -> spark.read().format("floe").load(evolvedTable).schema())
          .hasMessageContaining("Unknown Floe session setting 'spark.floe.read.batch-szie'");
    } finally {
      spark.conf().unset("spark.floe.read.batch-szie");
    }
  }

  @Test
  void optionErrorsReachTheCaller() {
    assertThatThrownBy(
            () -> spark.read().format("floe").option("snapshot", "1").load(evolvedTable).schema())
        .hasMessageContaining("Unknown Floe read option 'snapshot'")
        .hasMessageContaining("snapshot-id");
    assertThatThrownBy(
            () ->
                spark
                    .read()
                    .format("floe")
                    .option("snapshot-id", 1)
                    .option("branch", "main")
                    .load(evolvedTable))
        .hasMessageContaining("more than one snapshot selector");
    assertThatThrownBy(
            () -> spark.read().format("floe").option("branch", "first").load(evolvedTable))
        .as("a tag given as a branch")
        .hasMessageContaining("Cannot read branch 'first'")
        .hasMessageContaining("it is a tag; use the option tag instead");
    assertThatThrownBy(
            () -> spark.read().format("floe").load(warehouse.resolve("nothing").toString()))
        .hasMessageContaining("No Iceberg table at");
  }

  @Test
  void userSchemaIsRefused() {
    StructType schema = new StructType().add("id", DataTypes.LongType);
    assertThatThrownBy(() -> spark.read().format("floe").schema(schema).load(evolvedTable))
        .hasMessageContaining("does not support user-specified schema");
  }

  @Test
  void explainShowsThePlanAndItsPruningCounts() {
    Dataset<Row> query =
        spark
            .read()
            .format("floe")
            .load(emptyTable)
            .filter("region = 'eu' AND id > 5")
            .select("id", "point.x");
    String plan =
        query
            .queryExecution()
            .explainString(org.apache.spark.sql.execution.ExplainMode.fromString("simple"));
    assertThat(plan)
        .as("the scan's description in EXPLAIN")
        .contains("Floe " + emptyTable)
        .contains("dataManifests=[total=0, skippedByPartitionSummary=0")
        .contains("dataFiles=[live=0, skippedByPartition=0, skippedByMetrics=0]")
        .contains("resultFiles=0");
    assertThat(plan).as("pushed filter, bound").contains("filter=").contains("region");
    assertThat(query.collectAsList()).as("a table with no snapshot has no rows").isEmpty();
  }

  @Test
  void nestedColumnsArePrunedAndMetadataColumnsOffered() {
    Dataset<Row> query =
        spark.read().format("floe").load(emptyTable).select("point.x", "_file", "_partition");
    StructType scanned = query.queryExecution().optimizedPlan().collectLeaves().head().schema();
    assertThat(scanned.fieldNames()).containsExactly("point", "_file", "_partition");
    StructType point = (StructType) scanned.apply("point").dataType();
    assertThat(point.fieldNames()).as("only x of point").containsExactly("x");
    StructType partition = (StructType) scanned.apply("_partition").dataType();
    assertThat(partition.fieldNames()).containsExactly("region");
  }

  @Test
  @SuppressWarnings("deprecation") // Spark 3.5's Table.schema(), which Spark itself still calls
  void getTableReusesTheTableInferSchemaLoaded() throws IOException {
    String location = writeTable("loaded_once", EVOLVED_METADATA);
    FloeDataSource source = new FloeDataSource();
    java.util.Map<String, String> options = java.util.Map.of("path", location);
    StructType schema =
        source.inferSchema(new org.apache.spark.sql.util.CaseInsensitiveStringMap(options));
    // a second load would now fail: the metadata the schema came from is gone
    Files.delete(Path.of(location, "metadata", "v1.metadata.json"));

    org.apache.spark.sql.connector.catalog.Table table =
        source.getTable(
            schema, new org.apache.spark.sql.connector.expressions.Transform[0], options);
    assertThat(table.schema())
        .as("the table inferSchema loaded, not a second load")
        .isEqualTo(schema);
    assertThatThrownBy(
            () ->
                source.getTable(
                    schema,
                    new org.apache.spark.sql.connector.expressions.Transform[0],
                    java.util.Map.of("path", location, "tag", "v1")))
        .as("other options load again")
        .hasMessageContaining(location);
  }
}
