package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Locations in metadata are used as written. Format versions 1 to 3 require fully-qualified
 * locations, so a relative path, a path without a scheme in a table loaded from a URI, or a path
 * with a {@code ..} segment, wherever metadata names it (the snapshot's manifest list, a manifest
 * in the list, a data file or a deletion vector in a manifest), fails the query with a {@link
 * CorruptTableException} naming the file that holds the bad location and the location: Floe never
 * resolves it against the working directory nor normalizes it to some other file.
 */
class TestFloeRefusesUnqualifiedLocations {
  private static final String FLOE_CATALOG = "floe_paths";
  private static final String OTHER_STORAGE = "faulty_paths";

  private final SparkSession spark = SharedSpark.get().session();

  @BeforeAll
  static void configureCatalog() {
    SharedSpark.get().addFloeCatalog(FLOE_CATALOG, 0);
  }

  @Test
  void relativeDataFileIsRefused() {
    Table table = create("relative_data_file", 2);
    String manifest = appendFile(table, "data/relative.parquet");
    assertRefused(
        "relative_data_file",
        manifest + " names data file 'data/relative.parquet', a relative path");
  }

  @Test
  void dataFileWithoutSchemeIsRefusedInTableOnOtherStorage() throws IOException {
    Path warehouse = Files.createTempDirectory("floe-paths-warehouse");
    String warehouseUri = FaultyFileSystem.SCHEME + "://" + warehouse;
    spark.conf().set("fs." + FaultyFileSystem.SCHEME + ".impl", FaultyFileSystem.class.getName());
    spark.conf().set("fs." + FaultyFileSystem.SCHEME + ".impl.disable.cache", "true");
    spark.conf().set("spark.sql.catalog." + OTHER_STORAGE, "org.apache.iceberg.spark.SparkCatalog");
    spark.conf().set("spark.sql.catalog." + OTHER_STORAGE + ".type", "hadoop");
    spark.conf().set("spark.sql.catalog." + OTHER_STORAGE + ".warehouse", warehouseUri);
    String name = OTHER_STORAGE + ".db.plain_data_file";
    spark.sql("DROP TABLE IF EXISTS " + name);
    spark.sql("CREATE TABLE " + name + " (id BIGINT, part STRING) USING iceberg");
    spark.sql("INSERT INTO " + name + " SELECT id, 'a' FROM range(0, 100)");
    Table table = loadIcebergTable(name);
    String existing = existingDataFile(table);
    assertThat(existing).as("written on the faulty: storage").startsWith("faulty:");
    String plain = URI.create(existing).getPath();
    assertThat(new File(plain)).as("the local file the plain path names").exists();
    String manifest = appendFile(table, plain);
    String location = warehouseUri + "/db/plain_data_file";
    assertThatThrownBy(() -> spark.read().format("floe").load(location).collectAsList())
        .as("reading a faulty: table naming a plain path")
        .satisfies(
            thrown ->
                assertCorrupt(
                    thrown,
                    manifest
                        + " names data file '"
                        + plain
                        + "', a path without a URI scheme, in a table loaded from "
                        + location));
  }

  @Test
  void dataFileWithoutSchemeIsReadInLocalTable() {
    Table table = create("plain_local_data_file", 2);
    DataFile existing = table.currentSnapshot().addedDataFiles(table.io()).iterator().next();
    String plain = URI.create(existing.location()).getPath();
    appendFile(table, plain, existing.recordCount());
    String location =
        SharedSpark.get().tableLocation("db", "plain_local_data_file").toUri().toString();
    assertThat(spark.read().format("floe").load(location).collectAsList())
        .as("Iceberg's Java API writes plain paths into local tables: they stay on local storage")
        .hasSize(100 + (int) existing.recordCount());
  }

  @Test
  void parentSegmentIsRefusedNotNormalized() {
    Table table = create("parent_segment", 2);
    String existing = existingDataFile(table);
    int lastSlash = existing.lastIndexOf('/');
    String dotted = existing.substring(0, lastSlash) + "/../data" + existing.substring(lastSlash);
    String manifest = appendFile(table, dotted);
    assertRefused(
        "parent_segment",
        manifest + " names data file '" + dotted + "', a path with a '..' segment");
  }

  @Test
  void relativeDeletionVectorIsRefused() {
    Table table = create("relative_deletion_vector", 3);
    String existing = existingDataFile(table);
    DeleteFile vector =
        FileMetadata.deleteFileBuilder(table.spec())
            .ofPositionDeletes()
            .withFormat(FileFormat.PUFFIN)
            .withPath("data/vector.puffin")
            .withFileSizeInBytes(120)
            .withRecordCount(1)
            .withReferencedDataFile(existing)
            .withContentOffset(4)
            .withContentSizeInBytes(40)
            .build();
    table.newRowDelta().addDeletes(vector).commit();
    String manifest =
        table.currentSnapshot().deleteManifests(table.io()).stream()
            .filter(file -> file.snapshotId() == table.currentSnapshot().snapshotId())
            .findFirst()
            .orElseThrow()
            .path();
    assertRefused(
        "relative_deletion_vector",
        manifest + " names deletion vector file 'data/vector.puffin', a relative path");
  }

  @Test
  void relativeManifestListIsRefused() throws IOException {
    Table table = create("relative_manifest_list", 2);
    String list = table.currentSnapshot().manifestListLocation();
    String relative = "metadata/" + list.substring(list.lastIndexOf('/') + 1);
    String metadataFile = rewriteMetadata(table, list, relative);
    // the metadata file as Floe found it: file:/ or file:/// as the reader was given the table
    String expected = metadataFile + " names manifest list '" + relative + "', a relative path";
    assertRefused("relative_manifest_list", expected);
    assertRefused(
        "relative_manifest_list",
        "snapshot " + table.currentSnapshot().snapshotId() + " of metadata file file:");
    assertThatThrownBy(
            () ->
                spark.table(FLOE_CATALOG + ".db.relative_manifest_list.manifests").collectAsList())
        .as("the manifests metadata table")
        .satisfies(thrown -> assertCorrupt(thrown, "names manifest list '" + relative + "'"));
  }

  @Test
  void relativeManifestInTheListIsRefused() throws IOException {
    Table table = create("relative_manifest", 2);
    String list = table.currentSnapshot().manifestListLocation();
    String manifest = table.currentSnapshot().allManifests(table.io()).get(0).path();
    String relative = "metadata/" + manifest.substring(manifest.lastIndexOf('/') + 1);
    rewriteManifestPath(list, relative);
    assertRefused(
        "relative_manifest",
        "manifest list " + list + " names manifest '" + relative + "', a relative path");
    assertThatThrownBy(
            () -> spark.table(FLOE_CATALOG + ".db.relative_manifest.files").collectAsList())
        .as("the files metadata table")
        .satisfies(thrown -> assertCorrupt(thrown, "names manifest '" + relative + "'"));
  }

  /** Creates {@code ice.db.<name>} with two data files, as Iceberg's Spark writer writes it. */
  private Table create(String name, int formatVersion) {
    String table = SharedSpark.CATALOG + ".db." + name;
    spark.sql("DROP TABLE IF EXISTS " + table);
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT, part STRING) USING iceberg TBLPROPERTIES ('format-version'='"
            + formatVersion
            + "')");
    spark.sql("INSERT INTO " + table + " SELECT /*+ REPARTITION(2) */ id, 'a' FROM range(0, 100)");
    return SharedSpark.get().catalog().loadTable(TableIdentifier.of("db", name));
  }

  private static String existingDataFile(Table table) {
    for (DataFile file : table.currentSnapshot().addedDataFiles(table.io())) {
      return file.location();
    }
    throw new AssertionError("No data file in " + table.name());
  }

  /** Commits a data file at {@code path}; the manifest that lists it. */
  private static String appendFile(Table table, String path) {
    return appendFile(table, path, 10);
  }

  private static String appendFile(Table table, String path, long records) {
    table
        .newAppend()
        .appendFile(
            DataFiles.builder(table.spec())
                .withPath(path)
                .withFormat(FileFormat.PARQUET)
                .withFileSizeInBytes(fileSize(path))
                .withRecordCount(records)
                .build())
        .commit();
    return table.currentSnapshot().dataManifests(table.io()).stream()
        .filter(file -> file.snapshotId() == table.currentSnapshot().snapshotId())
        .findFirst()
        .orElseThrow()
        .path();
  }

  private static Table loadIcebergTable(String name) {
    try {
      return org.apache.iceberg.spark.Spark3Util.loadIcebergTable(
          SharedSpark.get().session(), name);
    } catch (Exception e) { // Spark's parse and lookup exceptions are checked
      throw new AssertionError("Cannot load " + name, e);
    }
  }

  /** The size of a real file, or a made-up one for a path that names nothing. */
  private static long fileSize(String path) {
    File file = localFile(path);
    return file != null && file.exists() ? file.length() : 1000;
  }

  /** The local file of a plain path or a {@code file:} URI, or null for any other location. */
  private static File localFile(String location) {
    if (location.startsWith("file:")) {
      return Paths.get(URI.create(location)).toFile();
    }
    return location.startsWith("/") ? new File(location) : null;
  }

  /**
   * Writes the next metadata file with {@code original} replaced by {@code replacement} and points
   * the version hint at it; the new metadata file's location inside the table directory.
   */
  private static String rewriteMetadata(Table table, String original, String replacement)
      throws IOException {
    String current = ((HasTableOperations) table).operations().current().metadataFileLocation();
    Path currentPath = localFile(current).toPath();
    String json = Files.readString(currentPath, StandardCharsets.UTF_8);
    assertThat(json).as("the metadata names %s", original).contains("\"" + original + "\"");
    Path metadataDirectory = currentPath.getParent();
    String hint = Files.readString(metadataDirectory.resolve("version-hint.text")).trim();
    int next = Integer.parseInt(hint) + 1;
    Path written = metadataDirectory.resolve("v" + next + ".metadata.json");
    Files.writeString(written, json.replace("\"" + original + "\"", "\"" + replacement + "\""));
    Files.writeString(metadataDirectory.resolve("version-hint.text"), Integer.toString(next));
    return "/db/"
        + metadataDirectory.getParent().getFileName()
        + "/metadata/"
        + written.getFileName();
  }

  /** Rewrites a manifest list in place, its first manifest's path replaced. */
  private static void rewriteManifestPath(String list, String replacement) throws IOException {
    File file = localFile(list);
    List<GenericRecord> records = new ArrayList<>();
    org.apache.avro.Schema schema;
    List<String[]> metadata = new ArrayList<>();
    try (DataFileReader<GenericRecord> reader =
        new DataFileReader<>(file, new GenericDatumReader<>())) {
      schema = reader.getSchema();
      for (String key : reader.getMetaKeys()) {
        if (!key.startsWith("avro.")) {
          metadata.add(new String[] {key, reader.getMetaString(key)});
        }
      }
      reader.forEach(records::add);
    }
    records.get(0).put("manifest_path", replacement);
    try (DataFileWriter<GenericRecord> writer = new DataFileWriter<>(new GenericDatumWriter<>())) {
      metadata.forEach(entry -> writer.setMeta(entry[0], entry[1]));
      writer.create(schema, file);
      for (GenericRecord record : records) {
        writer.append(record);
      }
    }
  }

  /** Reading the table by path and through Floe's catalog both fail with {@code message}. */
  private void assertRefused(String name, String message) {
    String location = SharedSpark.get().tableLocation("db", name).toUri().toString();
    assertThatThrownBy(() -> spark.read().format("floe").load(location).collectAsList())
        .as("reading %s by path", name)
        .satisfies(thrown -> assertCorrupt(thrown, message));
    assertThatThrownBy(() -> spark.table(FLOE_CATALOG + ".db." + name).collectAsList())
        .as("reading %s through the catalog", name)
        .satisfies(thrown -> assertCorrupt(thrown, message));
  }

  private static void assertCorrupt(Throwable thrown, String message) {
    assertThat(FailureChain.causeOfType(thrown, CorruptTableException.class).getMessage())
        .as("Floe's error")
        .contains(message)
        .contains("fully-qualified");
  }
}
