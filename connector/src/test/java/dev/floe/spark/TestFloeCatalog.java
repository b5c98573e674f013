package dev.floe.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import dev.floe.spark.catalog.TableCache;
import dev.floe.spark.source.FloeTable;
import dev.floe.spark.source.IdentifierSelector;
import dev.floe.table.LoadedTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Column;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.RowLevelOperation;
import org.apache.spark.sql.connector.write.RowLevelOperationInfo;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog on a warehouse of metadata-only tables (loading needs no data file): layout,
 * identifier forms and {@code AS OF} selections with the schema each picks, the metadata cache
 * under a fake clock, and every refusal with its message. Rows are compared with Iceberg's in
 * src-test ({@code TestFloeCatalogMatchesIceberg}).
 */
class TestFloeCatalog {
  private static SparkSession spark;

  @TempDir static Path warehouse;

  private static final Identifier EVOLVED = Identifier.of(new String[] {"db"}, "evolved");

  /**
   * Snapshot 1 (schema id, data; tag {@code first}, branch {@code early}), snapshot 2 (schema id,
   * payload, price; main). Partitioned by identity(data) and bucket[8](id).
   */
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
           {"id": 1, "name": "id", "required": true, "type": "long", "doc": "event id"},
           {"id": 2, "name": "payload", "required": false, "type": "string"},
           {"id": 3, "name": "price", "required": false, "type": "double"}]}],
       "default-spec-id": 0,
       "partition-specs": [{"spec-id": 0, "fields": [
           {"source-id": 2, "field-id": 1000, "name": "data", "transform": "identity"},
           {"source-id": 1, "field-id": 1001, "name": "id_bucket", "transform": "bucket[8]"},
           {"source-id": 1, "field-id": 1002, "name": "gone", "transform": "void"}]}],
       "last-partition-id": 1002, "default-sort-order-id": 0,
       "sort-orders": [{"order-id": 0, "fields": []}],
       "properties": {"owner": "PROPERTY"}, "current-snapshot-id": 2,
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
                "early": {"snapshot-id": 1, "type": "branch"},
                "first": {"snapshot-id": 1, "type": "tag"}},
       "metadata-log": []}
      """;

  @BeforeAll
  static void startSpark() throws IOException {
    spark =
        LocalSpark.builder("TestFloeCatalog", 1)
            .config("spark.sql.session.timeZone", "UTC")
            .getOrCreate();
    writeMetadata("db/evolved", 1, "alice");
    writeMetadata("db/nested/inner", 1, "bob");
    writeMetadata("cached/t", 1, "v1-owner");
    Files.createDirectories(warehouse.resolve("db/nested/deeper"));
    Files.createDirectories(warehouse.resolve("db/.hidden"));
    Files.writeString(warehouse.resolve("db/notes.txt"), "not a table");
  }

  @AfterAll
  static void stopSpark() {
    spark.stop();
  }

  private static void writeMetadata(String table, int version, String owner) throws IOException {
    Path metadata = warehouse.resolve(table).resolve("metadata");
    Files.createDirectories(metadata);
    Files.writeString(
        metadata.resolve("v" + version + ".metadata.json"),
        EVOLVED_METADATA
            .replace("LOCATION", warehouse.resolve(table).toString())
            .replace("PROPERTY", owner),
        StandardCharsets.UTF_8);
  }

  private static FloeCatalog catalog(long expirationMillis, AtomicLong clock) {
    FloeCatalog catalog = new FloeCatalog(clock::get);
    catalog.initialize(
        "lake",
        new CaseInsensitiveStringMap(
            Map.of(
                "warehouse",
                warehouse.toString(),
                "cache-expiration-interval-ms",
                Long.toString(expirationMillis))));
    return catalog;
  }

  private static FloeCatalog catalog() {
    return catalog(30_000, new AtomicLong());
  }

  private static List<String> columns(Table table) {
    @SuppressWarnings("deprecation") // Spark 3.5 tables still answer schema()
    StructType schema = table.schema();
    return Arrays.asList(schema.fieldNames());
  }

  private static List<String> names(String[][] namespaces) {
    return Arrays.stream(namespaces).map(parts -> String.join(".", parts)).toList();
  }

  private static Identifier evolvedAs(String selector) {
    return Identifier.of(new String[] {"db", "evolved"}, selector);
  }

  @Test
  void namespacesAreDirectoriesAndTablesAreDirectoriesWithMetadata() throws Exception {
    FloeCatalog catalog = catalog();

    assertThat(names(catalog.listNamespaces())).as("top level").containsExactly("cached", "db");
    assertThat(names(catalog.listNamespaces(new String[] {"db"})))
        .as("nested, not tables, files or hidden directories")
        .containsExactly("db.nested");
    assertThat(names(catalog.listNamespaces(new String[] {"db", "nested"})))
        .containsExactly("db.nested.deeper");
    assertThat(catalog.listTables(new String[] {"db"})).containsExactly(EVOLVED);
    assertThat(catalog.listTables(new String[] {"db", "nested"}))
        .containsExactly(Identifier.of(new String[] {"db", "nested"}, "inner"));
    assertThat(catalog.namespaceExists(new String[] {"db", "nested"})).isTrue();
    assertThat(catalog.namespaceExists(new String[] {"db", "evolved"}))
        .as("a table is not a namespace")
        .isFalse();
    assertThat(catalog.loadNamespaceMetadata(new String[] {"db"}))
        .containsEntry("location", warehouse + "/db");
    assertThatThrownBy(() -> catalog.listTables(new String[] {"nowhere"}))
        .isInstanceOf(NoSuchNamespaceException.class)
        .hasMessageContaining("nowhere");
    assertThatThrownBy(() -> catalog.loadTable(Identifier.of(new String[] {"db"}, "missing")))
        .isInstanceOf(NoSuchTableException.class)
        .hasMessageContaining("missing");
    assertThat(catalog.tableExists(EVOLVED)).isTrue();
  }

  @Test
  void everySelectionPicksItsSnapshotAndSchema() throws Exception {
    FloeCatalog catalog = catalog();
    List<String> first = List.of("id", "data");
    List<String> current = List.of("id", "payload", "price");

    assertThat(columns(catalog.loadTable(EVOLVED))).as("current").isEqualTo(current);
    assertThat(columns(catalog.loadTable(EVOLVED, "1"))).as("snapshot id").isEqualTo(first);
    assertThat(columns(catalog.loadTable(EVOLVED, "first"))).as("tag").isEqualTo(first);
    assertThat(columns(catalog.loadTable(EVOLVED, "early")))
        .as("a branch at snapshot 1 reads with the current schema")
        .isEqualTo(current);
    assertThat(columns(catalog.loadTable(EVOLVED, 1_700_000_001_500_000L)))
        .as("timestamp in micros, between the commits")
        .isEqualTo(first);
    assertThat(columns(catalog.loadTable(EVOLVED, 1_700_000_002_000_000L)))
        .as("timestamp at the second commit")
        .isEqualTo(current);
    assertThat(columns(catalog.loadTable(evolvedAs("tag_first")))).isEqualTo(first);
    assertThat(columns(catalog.loadTable(evolvedAs("branch_early")))).isEqualTo(current);
    assertThat(columns(catalog.loadTable(evolvedAs("snapshot_id_1")))).isEqualTo(first);
    assertThat(columns(catalog.loadTable(evolvedAs("at_timestamp_1700000001999"))))
        .isEqualTo(first);
    assertThat(catalog.loadTable(evolvedAs("tag_first")).name())
        .as("errors and plans name the table")
        .isEqualTo("lake.db.evolved");
  }

  @Test
  void metadataTablesAreNamedAfterTheirTable() throws Exception {
    FloeCatalog catalog = catalog();

    assertThat(columns(catalog.loadTable(evolvedAs("snapshots"))))
        .as("lake.db.evolved.snapshots")
        .contains("snapshot_id", "parent_id", "operation");
    assertThat(columns(catalog.loadTable(evolvedAs("REFS"), "first")))
        .as("any case, with AS OF")
        .contains("name", "type", "snapshot_id");
    assertThatThrownBy(() -> catalog.loadTable(evolvedAs("files"), "9"))
        .as("a metadata table at an unknown snapshot")
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(
            "Cannot find snapshot 9 (selected by snapshot id 9) in table lake.db.evolved");
    assertThatThrownBy(() -> catalog.loadTable(Identifier.of(new String[] {"db"}, "snapshots")))
        .as("no table db to describe")
        .isInstanceOf(NoSuchTableException.class);
  }

  @Test
  void badSelectionsNameTheTableAndTheValidChoices() {
    FloeCatalog catalog = catalog();

    assertThatThrownBy(() -> catalog.loadTable(EVOLVED, "3"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(
            "Cannot find snapshot 3 (selected by snapshot id 3) in table lake.db.evolved")
        .hasMessageContaining(
            "valid snapshot ids nearest to it: 2 (2023-11-14T22:13:22Z), 1 (2023-11-14T22:13:21Z)");
    assertThatThrownBy(() -> catalog.loadTable(EVOLVED, "nightly"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Cannot find branch or tag 'nightly' in table lake.db.evolved; it has main, early,"
                + " first");
    assertThatThrownBy(() -> catalog.loadTable(EVOLVED, 1_600_000_000_000_000L))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot find a snapshot of table lake.db.evolved as of")
        .hasMessageContaining("its first snapshot is from 2023-11-14T22:13:21Z (1700000001000 ms)");
    assertThatThrownBy(() -> catalog.loadTable(evolvedAs("tag_first"), "1"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Cannot combine the snapshot selector tag_first in lake.db.evolved.tag_first with"
                + " VERSION AS OF: select the snapshot one way, e.g. lake.db.evolved VERSION AS"
                + " OF ...");
    assertThatThrownBy(() -> catalog.loadTable(evolvedAs("at_timestamp_1"), 5L))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("with TIMESTAMP AS OF");
    assertThatThrownBy(() -> catalog.loadTable(evolvedAs("branch_first")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot read branch 'first' of table lake.db.evolved: it is a tag");
    assertThatThrownBy(() -> catalog.loadTable(evolvedAs("snapshot_id_x")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Read option snapshot-id must be a whole number, not 'x'");
    assertThatThrownBy(() -> catalog.loadTable(evolvedAs("tags")))
        .as("not a selector: an unknown table")
        .isInstanceOf(NoSuchTableException.class);
  }

  @Test
  void describeShowsFormatSnapshotLocationPropertiesAndPartitioning() throws Exception {
    Table table = catalog().loadTable(EVOLVED);

    assertThat(table.properties())
        .containsEntry("format", "iceberg/parquet")
        .containsEntry("provider", "iceberg")
        .containsEntry("current-snapshot-id", "2")
        .containsEntry("location", warehouse.resolve("db/evolved").toString())
        .containsEntry("format-version", "2")
        .containsEntry("owner", "alice");
    assertThat(Arrays.stream(table.partitioning()).map(Transform::describe))
        .as("the current names; void partitions nothing and is left out")
        .containsExactly("payload", "bucket(8, id)");
    assertThat(
            Arrays.stream(catalog().loadTable(EVOLVED, "first").partitioning())
                .map(Transform::describe))
        .as("named by the schema read")
        .containsExactly("data", "bucket(8, id)");
    @SuppressWarnings("deprecation")
    StructType schema = table.schema();
    assertThat(schema.apply("id").getComment().get()).as("doc as comment").isEqualTo("event id");
  }

  @Test
  void metadataIsReusedUntilTheIntervalEnds() throws Exception {
    Identifier ident = Identifier.of(new String[] {"cached"}, "t");
    AtomicLong clock = new AtomicLong(1_000);
    FloeCatalog catalog = catalog(10_000, clock);
    assertThat(catalog.loadTable(ident).properties()).containsEntry("owner", "v1-owner");

    writeMetadata("cached/t", 2, "v2-owner");
    clock.set(10_999);
    assertThat(catalog.loadTable(ident).properties())
        .as("9999 ms after loading: the cached metadata")
        .containsEntry("owner", "v1-owner");
    clock.set(11_000);
    assertThat(catalog.loadTable(ident).properties())
        .as("10000 ms after loading: read again")
        .containsEntry("owner", "v2-owner");

    writeMetadata("cached/t", 3, "v3-owner");
    catalog.invalidateTable(ident);
    assertThat(catalog.loadTable(ident).properties())
        .as("REFRESH TABLE forgets the cached metadata")
        .containsEntry("owner", "v3-owner");

    FloeCatalog uncached = catalog(0, clock);
    assertThat(uncached.loadTable(ident).properties()).containsEntry("owner", "v3-owner");
    writeMetadata("cached/t", 4, "v4-owner");
    assertThat(uncached.loadTable(ident).properties())
        .as("an interval of 0 reads the metadata every time")
        .containsEntry("owner", "v4-owner");
  }

  @Test
  // Spark 4.1 deprecates createTable(.., Column[], ..) for createTable(.., TableInfo), whose
  // default
  // calls it: the call is what every line's Spark makes
  @SuppressWarnings("deprecation")
  void everyChangeIsRefused() throws Exception {
    FloeCatalog catalog = catalog();
    String hint = "; write with Apache Iceberg's own Spark catalog";

    assertThatThrownBy(() -> catalog.createNamespace(new String[] {"fresh"}, Map.of()))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageStartingWith("Floe is read-only: cannot create namespace lake.fresh" + hint);
    assertThatThrownBy(() -> catalog.alterNamespace(new String[] {"db"}))
        .hasMessageStartingWith("Floe is read-only: cannot alter namespace lake.db");
    assertThatThrownBy(() -> catalog.dropNamespace(new String[] {"db"}, true))
        .hasMessageStartingWith("Floe is read-only: cannot drop namespace lake.db");
    assertThatThrownBy(
            () -> catalog.createTable(EVOLVED, new Column[0], new Transform[0], Map.of()))
        .hasMessageStartingWith("Floe is read-only: cannot create table lake.db.evolved");
    assertThatThrownBy(() -> catalog.alterTable(EVOLVED))
        .hasMessageStartingWith("Floe is read-only: cannot alter table lake.db.evolved");
    assertThatThrownBy(() -> catalog.dropTable(EVOLVED))
        .hasMessageStartingWith("Floe is read-only: cannot drop table lake.db.evolved");
    assertThatThrownBy(() -> catalog.purgeTable(EVOLVED))
        .hasMessageStartingWith("Floe is read-only: cannot purge table lake.db.evolved");
    assertThatThrownBy(
            () -> catalog.renameTable(EVOLVED, Identifier.of(new String[] {"db"}, "renamed")))
        .hasMessageStartingWith(
            "Floe is read-only: cannot rename table lake.db.evolved to lake.db.renamed");

    FloeTable table = (FloeTable) catalog.loadTable(EVOLVED);
    assertThatThrownBy(() -> table.newWriteBuilder(new WriteInfo()))
        .hasMessageStartingWith("Floe is read-only: cannot write to table lake.db.evolved");
    for (RowLevelOperation.Command command : RowLevelOperation.Command.values()) {
      assertThatThrownBy(() -> table.newRowLevelOperationBuilder(new RowLevelInfo(command)))
          .as(command.name())
          .isInstanceOf(InvalidRequestException.class)
          .hasMessageStartingWith("Floe is read-only: cannot ")
          .hasMessageContaining(" rows of table lake.db.evolved");
    }
  }

  @Test
  void configurationMistakesAreNamed() {
    assertThatThrownBy(
            () -> new FloeCatalog().initialize("lake", new CaseInsensitiveStringMap(Map.of())))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Floe catalog lake has no warehouse: set"
                + " spark.sql.catalog.lake.warehouse=<directory or URI of the warehouse>");
    assertThatThrownBy(
            () ->
                new FloeCatalog()
                    .initialize(
                        "lake",
                        new CaseInsensitiveStringMap(
                            Map.of("warehouse", "/w", "cache-expiration-interval-ms", "soon"))))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "cache-expiration-interval-ms of catalog lake must be a whole number of ms, not"
                + " 'soon'");
    assertThatThrownBy(
            () ->
                new FloeCatalog()
                    .initialize(
                        "lake",
                        new CaseInsensitiveStringMap(
                            Map.of("warehouse", "/w", "cache-expiration-interval-ms", "-1"))))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "cache-expiration-interval-ms of catalog lake must be 0 (no cache) or a positive"
                + " number of ms: -1");
    assertThatThrownBy(
            () ->
                new FloeCatalog()
                    .initialize(
                        "lake", new CaseInsensitiveStringMap(Map.of("type", "glue", "uri", "x"))))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Floe catalog lake has type 'glue': set spark.sql.catalog.lake.type to hadoop (a"
                + " warehouse directory, the default) or rest (an Iceberg REST catalog)");
    assertThatThrownBy(
            () ->
                new FloeCatalog()
                    .initialize(
                        "lake",
                        new CaseInsensitiveStringMap(Map.of("type", "REST", "warehouse", "w"))))
        .as("a REST catalog needs its uri, whatever the case of its type")
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Floe catalog lake of type rest has no uri: set spark.sql.catalog.lake.uri=<the REST"
                + " catalog's base URI, e.g. http://localhost:8181>");
  }

  @Test
  void identifierSelectorsAreParsedByPrefix() {
    assertThat(IdentifierSelector.parse("branch_audit"))
        .contains(new IdentifierSelector(IdentifierSelector.Form.BRANCH, "audit"));
    assertThat(IdentifierSelector.parse("tag_v1_final"))
        .contains(new IdentifierSelector(IdentifierSelector.Form.TAG, "v1_final"));
    assertThat(IdentifierSelector.parse("snapshot_id_42").map(IdentifierSelector::readOption))
        .contains(Map.of("snapshot-id", "42"));
    assertThat(IdentifierSelector.parse("at_timestamp_1700").map(IdentifierSelector::readOption))
        .contains(Map.of("as-of-timestamp", "1700"));
    assertThat(IdentifierSelector.parse("branch_")).as("no name").isEqualTo(Optional.empty());
    assertThat(IdentifierSelector.parse("events")).isEmpty();
    assertThat(IdentifierSelector.parse("Branch_x")).as("prefixes are lower case").isEmpty();
  }

  @Test
  void cacheCountsTimeFromTheLoad() {
    AtomicLong clock = new AtomicLong(0);
    TableCache cache = new TableCache(100, clock::get);
    AtomicLong loads = new AtomicLong();
    LoadedTable table =
        dev.floe.catalog.PathTables.load(
            warehouse.resolve("db/evolved").toString(), new dev.floe.io.LocalFileIO());

    cache.load("t", () -> Optional.of(table).filter(t -> loads.incrementAndGet() > 0));
    clock.set(99);
    cache.load("t", () -> Optional.of(table).filter(t -> loads.incrementAndGet() > 0));
    assertThat(loads.get()).as("within the interval").isEqualTo(1);
    clock.set(100);
    cache.load("t", () -> Optional.of(table).filter(t -> loads.incrementAndGet() > 0));
    assertThat(loads.get()).as("at the interval").isEqualTo(2);

    assertThat(cache.load("absent", () -> Optional.empty())).isEmpty();
    assertThat(cache.load("absent", () -> Optional.of(table)))
        .as("an absent table is not cached")
        .contains(table);
    assertThatThrownBy(() -> new TableCache(-1, clock::get))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-1");
  }

  private record WriteInfo() implements LogicalWriteInfo {
    @Override
    public CaseInsensitiveStringMap options() {
      return CaseInsensitiveStringMap.empty();
    }

    @Override
    public String queryId() {
      return "query";
    }

    @Override
    public StructType schema() {
      return new StructType();
    }
  }

  private record RowLevelInfo(RowLevelOperation.Command command) implements RowLevelOperationInfo {
    @Override
    public CaseInsensitiveStringMap options() {
      return CaseInsensitiveStringMap.empty();
    }
  }
}
