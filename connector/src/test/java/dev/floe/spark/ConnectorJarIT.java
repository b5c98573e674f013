package dev.floe.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.spark.read.parquet.LocalParquetOutput;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The connector jar users pass to Spark, as {@code package} built it: Floe's classes (floe-spark's
 * and floe-planning's) and, relocated under {@code dev/floe/shaded/}, the one library Spark lacks,
 * the Brotli decoder, whole; nothing else any other artifact owns. And enough on its own: a child
 * JVM with Spark's libraries and this jar alone reads a table through the data source and the
 * catalog, and decompresses a Brotli stream. The table takes every library Floe reads with (Jackson
 * for its metadata, Avro for its manifests, Parquet and zstd-jni for its data file), so a library
 * Spark does not ship would fail the read.
 */
class ConnectorJarIT {
  private static final String SERVICE_FILE =
      "META-INF/services/org.apache.spark.sql.sources.DataSourceRegister";

  /** The license of the bundled Brotli decoder, which its MIT license asks to travel with it. */
  private static final String BROTLI_LICENSE = "META-INF/LICENSE-brotli.txt";

  /** META-INF entries the jar may hold besides Floe's own Maven metadata. */
  private static final List<String> ALLOWED_META_INF =
      List.of(
          "META-INF/", "META-INF/MANIFEST.MF", "META-INF/services/", SERVICE_FILE, BROTLI_LICENSE);

  private static final String FLOE_MAVEN_METADATA = "META-INF/maven/dev.floe/";

  /**
   * Where Floe's classes sit in a jar or a classes directory; the child JVM sees them only in the
   * connector jar.
   */
  private static final String FLOE_CLASSES = "dev/floe/";

  /** Where the jar holds the libraries it bundles, relocated. */
  private static final String SHADED = "dev/floe/shaded/";

  /** Where the Brotli decoder's classes sit in its own jar, {@code org.brotli:dec}. */
  private static final String BROTLI_CLASSES = "org/brotli/";

  private static final long CHILD_TIMEOUT_SECONDS = 300;

  /**
   * The jar's size limit, 1.25 MiB. It was 1 MiB until planning on executors (issue 24) took the
   * jars to 1,073,921 bytes; the limit was raised on purpose, by a quarter, rather than trimmed to
   * fit by a few KB: a budget that every feature has to squeeze under invites shortcuts. What the
   * jar must not do is grow by a dependency: {@link #holdsOnlyFloesClassesAndItsOwnMetadata} holds
   * that.
   */
  private static final long MAX_JAR_BYTES = 5L << 18;

  private static final long SNAPSHOT_ID = 1L;

  /** The table's schema: as the table metadata and the manifests' headers state it. */
  private static final String TABLE_SCHEMA =
      """
      {"type": "struct", "schema-id": 0, "fields": [
        {"id": 1, "name": "id", "required": true, "type": "long"},
        {"id": 2, "name": "region", "required": false, "type": "string"},
        {"id": 3, "name": "score", "required": false, "type": "double"}]}""";

  /** The same columns in the data file, with their field ids, as Iceberg writes Parquet. */
  private static final MessageType DATA_FILE_SCHEMA =
      MessageTypeParser.parseMessageType(
          """
          message table {
            required int64 id = 1;
            optional binary region (UTF8) = 2;
            optional double score = 3;
          }""");

  /** One unpartitioned snapshot, an append of one data file. */
  private static final String TABLE_METADATA =
      """
      {"format-version": 2, "table-uuid": "1d2c3b4a-03fe-4693-9a96-a0705ddf69c1",
       "location": "LOCATION", "last-sequence-number": 1, "last-updated-ms": 1700000001000,
       "last-column-id": 3, "current-schema-id": 0, "schemas": [SCHEMA],
       "default-spec-id": 0, "partition-specs": [{"spec-id": 0, "fields": []}],
       "last-partition-id": 999, "default-sort-order-id": 0,
       "sort-orders": [{"order-id": 0, "fields": []}],
       "properties": {}, "current-snapshot-id": 1,
       "snapshots": [{"snapshot-id": 1, "sequence-number": 1, "timestamp-ms": 1700000001000,
          "manifest-list": "LOCATION/metadata/snap-1.avro", "summary": {"operation": "append"},
          "schema-id": 0}],
       "snapshot-log": [{"snapshot-id": 1, "timestamp-ms": 1700000001000}],
       "refs": {"main": {"snapshot-id": 1, "type": "branch"}},
       "metadata-log": []}
      """;

  /** The spec's manifest_file fields a v2 manifest list requires, with their field ids. */
  private static final String MANIFEST_LIST_SCHEMA =
      """
      {"type": "record", "name": "manifest_file", "fields": [
        {"name": "manifest_path", "type": "string", "field-id": 500},
        {"name": "manifest_length", "type": "long", "field-id": 501},
        {"name": "partition_spec_id", "type": "int", "field-id": 502},
        {"name": "content", "type": "int", "field-id": 517},
        {"name": "sequence_number", "type": "long", "field-id": 515},
        {"name": "min_sequence_number", "type": "long", "field-id": 516},
        {"name": "added_snapshot_id", "type": "long", "field-id": 503},
        {"name": "added_files_count", "type": "int", "field-id": 504},
        {"name": "existing_files_count", "type": "int", "field-id": 505},
        {"name": "deleted_files_count", "type": "int", "field-id": 506},
        {"name": "added_rows_count", "type": "long", "field-id": 512},
        {"name": "existing_rows_count", "type": "long", "field-id": 513},
        {"name": "deleted_rows_count", "type": "long", "field-id": 514}]}""";

  /** The spec's manifest_entry and data_file fields a v2 data manifest requires. */
  private static final String MANIFEST_SCHEMA =
      """
      {"type": "record", "name": "manifest_entry", "fields": [
        {"name": "status", "type": "int", "field-id": 0},
        {"name": "snapshot_id", "type": ["null", "long"], "default": null, "field-id": 1},
        {"name": "sequence_number", "type": ["null", "long"], "default": null, "field-id": 3},
        {"name": "file_sequence_number", "type": ["null", "long"], "default": null,
         "field-id": 4},
        {"name": "data_file", "field-id": 2, "type": {"type": "record", "name": "r2", "fields": [
          {"name": "content", "type": "int", "field-id": 134},
          {"name": "file_path", "type": "string", "field-id": 100},
          {"name": "file_format", "type": "string", "field-id": 101},
          {"name": "partition", "field-id": 102,
           "type": {"type": "record", "name": "r102", "fields": []}},
          {"name": "record_count", "type": "long", "field-id": 103},
          {"name": "file_size_in_bytes", "type": "long", "field-id": 104}]}}]}""";

  private static final int ADDED = 1;

  @TempDir static Path workDirectory;

  private static Path connectorJar;

  private static Path dependencyReducedPom;

  @BeforeAll
  static void findTheJar() {
    String location = System.getProperty("floe.connector.jar");
    assertThat(location)
        .as("failsafe passes the packaged jar as the system property floe.connector.jar")
        .isNotBlank();
    connectorJar = Path.of(location);
    assertThat(connectorJar).as("the packaged connector jar").isRegularFile();
    String pom = System.getProperty("floe.connector.pom");
    assertThat(pom)
        .as(
            "failsafe passes shade's dependency-reduced pom as the system property floe.connector.pom")
        .isNotBlank();
    dependencyReducedPom = Path.of(pom);
    assertThat(dependencyReducedPom).as("the dependency-reduced pom").isRegularFile();
  }

  /** What a user adds to every Spark job: the jar of each line stays under 1.25 MiB. */
  @Test
  void staysSmall() throws IOException {
    assertThat(Files.size(connectorJar)).as("%s, in bytes", connectorJar).isLessThan(MAX_JAR_BYTES);
  }

  @Test
  void holdsOnlyFloesClassesAndItsOwnMetadata() throws IOException {
    List<String> names = entryNames(connectorJar);
    List<String> foreign =
        names.stream()
            .filter(
                name ->
                    !name.equals("dev/")
                        && !name.startsWith(FLOE_CLASSES)
                        && !name.startsWith(FLOE_MAVEN_METADATA)
                        && !name.equals("META-INF/maven/")
                        && !ALLOWED_META_INF.contains(name))
            .toList();
    assertThat(foreign)
        .as("entries of %s that are neither Floe's classes nor its own metadata", connectorJar)
        .isEmpty();
    assertThat(names)
        .as("the Spark connector's classes and the planning core's, in one jar")
        .contains(
            "dev/floe/spark/FloeDataSource.class",
            "dev/floe/spark/FloeCatalog.class",
            "dev/floe/scan/TableScan.class",
            "dev/floe/manifest/ManifestReader.class",
            SERVICE_FILE);
    assertThat(names)
        .as("nothing is bundled unrelocated")
        .noneMatch(name -> name.startsWith("org/") || name.startsWith("com/"));
    assertThat(names.stream().filter(name -> name.startsWith(SHADED) && !name.endsWith("/")))
        .as("the relocated entries: the Brotli decoder's classes, all of them, and nothing else")
        .containsExactlyInAnyOrderElementsOf(relocatedBrotliClasses());
    assertThat(names).as("the Brotli decoder's license travels with it").contains(BROTLI_LICENSE);
  }

  /**
   * The class files of {@code org.brotli:dec}, as the test classpath has the artifact, named as
   * they are once relocated.
   */
  private static List<String> relocatedBrotliClasses() throws IOException {
    Path decoderJar;
    try {
      decoderJar =
          Path.of(
              org.brotli.dec.BrotliInputStream.class
                  .getProtectionDomain()
                  .getCodeSource()
                  .getLocation()
                  .toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("Cannot locate the Brotli decoder's jar", e);
    }
    List<String> classes =
        entryNames(decoderJar).stream()
            .filter(name -> name.startsWith(BROTLI_CLASSES) && name.endsWith(".class"))
            .map(name -> SHADED + name)
            .toList();
    assertThat(classes).as("the class files of %s", decoderJar).isNotEmpty();
    return classes;
  }

  @Test
  void dependencyReducedPomLeavesOutWhatTheJarBundles() throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document pom = factory.newDocumentBuilder().parse(dependencyReducedPom.toFile());
    List<String> dependencies = new ArrayList<>();
    NodeList nodes = pom.getElementsByTagName("dependency");
    for (int index = 0; index < nodes.getLength(); index++) {
      Element dependency = (Element) nodes.item(index);
      if (dependency.getParentNode().getParentNode() == pom.getDocumentElement()) {
        dependencies.add(
            childText(dependency, "groupId") + ":" + childText(dependency, "artifactId"));
      }
    }
    assertThat(dependencies)
        .as(
            "the dependencies a build outside this one gets with floe-spark: %s",
            dependencyReducedPom)
        .contains("org.apache.spark:spark-sql_" + System.getProperty("floe.scala.binary.version"))
        .doesNotContain("dev.floe:floe-planning", "org.brotli:dec");
  }

  /** The text of the child element {@code name} of {@code element}, not of a deeper one. */
  private static String childText(Element element, String name) {
    for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
      if (child instanceof Element field && field.getTagName().equals(name)) {
        return field.getTextContent().strip();
      }
    }
    return "";
  }

  @Test
  void registersTheDataSource() throws IOException {
    try (JarFile jar = new JarFile(connectorJar.toFile())) {
      JarEntry service = jar.getJarEntry(SERVICE_FILE);
      assertThat(service).as("the DataSourceRegister service file").isNotNull();
      try (InputStream in = jar.getInputStream(service)) {
        String content = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        assertThat(content.lines().map(String::strip).filter(line -> !line.isEmpty()))
            .as("the service file names Floe's data source, so format(\"floe\") finds it")
            .containsExactly("dev.floe.spark.FloeDataSource");
      }
    }
  }

  @Test
  void sparkWithOnlyThisJarReadsATable() throws IOException, InterruptedException {
    Path warehouse = workDirectory.resolve("warehouse");
    Path table = writeTable(warehouse.resolve("db").resolve("events"));

    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmFlags());
    command.add("-cp");
    command.add(childClasspath());
    command.add(SingleJarRead.class.getName());
    command.add(table.toString());
    command.add(warehouse.toUri().toString());
    Path output = workDirectory.resolve("child-output.txt");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .directory(workDirectory.toFile());
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    Process child = builder.start();
    boolean finished = child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    if (!finished) {
      child.destroyForcibly();
    }
    String printed = Files.readString(output, StandardCharsets.UTF_8);

    assertThat(finished)
        .as("the child JVM ends within %s s; it printed:%n%s", CHILD_TIMEOUT_SECONDS, printed)
        .isTrue();
    assertThat(child.exitValue())
        .as("the child JVM's exit code; it printed:%n%s", printed)
        .isZero();
    assertThat(printed.lines())
        .as("what the child JVM read through Floe")
        .contains(
            "data source from: " + connectorJar.toAbsolutePath(),
            "planning from: " + connectorJar.toAbsolutePath(),
            "format(floe) columns: id,region,score",
            "format(floe) count: 3",
            "lake.db tables: events",
            "lake.db.events row: 1,eu,1.5",
            "lake.db.events row: 2,us,2.5",
            "lake.db.events row: 3,eu,null",
            "lake.db.events sum(score) where region = 'eu': 1.5",
            "brotli decoder from: " + connectorJar.toAbsolutePath(),
            "unrelocated brotli decoder: absent",
            "brotli page: floe");
  }

  /**
   * Writes a one-snapshot table at {@code location} as Iceberg lays it out: a zstd-compressed
   * Parquet data file of three rows, a data manifest listing it, the manifest list and {@code
   * v1.metadata.json}. Paths inside are plain absolute paths, which Floe reads with its local file
   * IO.
   */
  private static Path writeTable(Path location) throws IOException {
    Path data = Files.createDirectories(location.resolve("data"));
    Path metadata = Files.createDirectories(location.resolve("metadata"));

    Path dataFile = data.resolve("00000-0-events.parquet");
    SimpleGroupFactory rows = new SimpleGroupFactory(DATA_FILE_SCHEMA);
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(new LocalParquetOutput(dataFile))
            .withType(DATA_FILE_SCHEMA)
            .withCompressionCodec(CompressionCodecName.ZSTD)
            .build()) {
      writer.write(rows.newGroup().append("id", 1L).append("region", "eu").append("score", 1.5));
      writer.write(rows.newGroup().append("id", 2L).append("region", "us").append("score", 2.5));
      writer.write(rows.newGroup().append("id", 3L).append("region", "eu"));
    }

    Path manifest = metadata.resolve("00000-events-m0.avro");
    Schema manifestSchema = new Schema.Parser().parse(MANIFEST_SCHEMA);
    Schema dataFileSchema = manifestSchema.getField("data_file").schema();
    GenericRecord file = new GenericData.Record(dataFileSchema);
    file.put("content", 0);
    file.put("file_path", dataFile.toString());
    file.put("file_format", "PARQUET");
    file.put("partition", new GenericData.Record(dataFileSchema.getField("partition").schema()));
    file.put("record_count", 3L);
    file.put("file_size_in_bytes", Files.size(dataFile));
    GenericRecord entry = new GenericData.Record(manifestSchema);
    entry.put("status", ADDED);
    entry.put("snapshot_id", SNAPSHOT_ID);
    entry.put("sequence_number", 1L);
    entry.put("file_sequence_number", 1L);
    entry.put("data_file", file);
    writeAvro(
        manifest,
        manifestSchema,
        Map.of(
            "schema", TABLE_SCHEMA,
            "schema-id", "0",
            "partition-spec", "[]",
            "partition-spec-id", "0",
            "format-version", "2",
            "content", "data"),
        entry);

    Schema listSchema = new Schema.Parser().parse(MANIFEST_LIST_SCHEMA);
    GenericRecord listed = new GenericData.Record(listSchema);
    listed.put("manifest_path", manifest.toString());
    listed.put("manifest_length", Files.size(manifest));
    listed.put("partition_spec_id", 0);
    listed.put("content", 0);
    listed.put("sequence_number", 1L);
    listed.put("min_sequence_number", 1L);
    listed.put("added_snapshot_id", SNAPSHOT_ID);
    listed.put("added_files_count", 1);
    listed.put("existing_files_count", 0);
    listed.put("deleted_files_count", 0);
    listed.put("added_rows_count", 3L);
    listed.put("existing_rows_count", 0L);
    listed.put("deleted_rows_count", 0L);
    writeAvro(
        metadata.resolve("snap-1.avro"),
        listSchema,
        Map.of("snapshot-id", Long.toString(SNAPSHOT_ID), "format-version", "2"),
        listed);

    Files.writeString(
        metadata.resolve("v1.metadata.json"),
        TABLE_METADATA.replace("SCHEMA", TABLE_SCHEMA).replace("LOCATION", location.toString()),
        StandardCharsets.UTF_8);
    return location;
  }

  private static void writeAvro(
      Path file, Schema schema, Map<String, String> header, GenericRecord record)
      throws IOException {
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema))) {
      header.forEach(writer::setMeta);
      writer.create(schema, file.toFile());
      writer.append(record);
    }
  }

  private static List<String> entryNames(Path jarPath) throws IOException {
    List<String> names = new ArrayList<>();
    try (JarFile jar = new JarFile(jarPath.toFile())) {
      Enumeration<JarEntry> entries = jar.entries();
      while (entries.hasMoreElements()) {
        names.add(entries.nextElement().getName());
      }
    }
    return names;
  }

  private static List<String> jvmFlags() {
    String flags = System.getProperty("floe.test.jvm.flags", "");
    return Arrays.stream(flags.trim().split("\\s+")).filter(flag -> !flag.isEmpty()).toList();
  }

  /**
   * The test classpath (Spark and what it ships) without any entry holding Floe's classes, that is
   * without this module's classes, jar and test classes and without floe-planning, and without the
   * Brotli decoder's jar; then this class's child entry point alone and the connector jar.
   */
  private static String childClasspath() throws IOException {
    String testClasspath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> entries = new ArrayList<>();
    for (String entry : testClasspath.split(File.pathSeparator)) {
      if (!entry.isEmpty() && !holdsWhatTheJarBundles(Path.of(entry))) {
        entries.add(entry);
      }
    }
    assertThat(entries)
        .as("Spark is on the classpath without Floe")
        .anyMatch(entry -> entry.contains("spark-sql_"));
    entries.add(entryPointDirectory().toString());
    entries.add(connectorJar.toString());
    return String.join(File.pathSeparator, entries);
  }

  private static boolean holdsWhatTheJarBundles(Path entry) throws IOException {
    if (Files.isDirectory(entry)) {
      return Files.isDirectory(entry.resolve(FLOE_CLASSES))
          || Files.isDirectory(entry.resolve(BROTLI_CLASSES));
    }
    if (!Files.isRegularFile(entry)) {
      return false;
    }
    return entryNames(entry).stream()
        .anyMatch(name -> name.startsWith(FLOE_CLASSES) || name.startsWith(BROTLI_CLASSES));
  }

  /** A directory holding only {@link SingleJarRead}'s class file, the child JVM's main class. */
  private static Path entryPointDirectory() throws IOException {
    String classFile = SingleJarRead.class.getName().replace('.', '/') + ".class";
    Path directory = workDirectory.resolve("entry-point");
    Path target = directory.resolve(classFile);
    Files.createDirectories(target.getParent());
    try (InputStream in = ConnectorJarIT.class.getClassLoader().getResourceAsStream(classFile)) {
      assertThat(in).as("the compiled entry point %s", classFile).isNotNull();
      Files.copy(in, target);
    }
    return directory;
  }

  /**
   * The child JVM: reads the table given as the first argument by path and through the catalog
   * {@code lake} on the warehouse given second, decompresses {@link #BROTLI_STREAM} with Floe's
   * Brotli pages, and prints what it found and where Floe's classes came from. It names Floe's
   * classes only by string, so it loads without Floe on the classpath.
   */
  static final class SingleJarRead {
    /**
     * A Brotli stream made by hand: one stored (uncompressed) meta-block of the 4 bytes {@code
     * floe} after a 16-bit window, then an empty last meta-block.
     */
    private static final byte[] BROTLI_STREAM = {0x30, 0x00, 0x10, 'f', 'l', 'o', 'e', 0x03};

    private SingleJarRead() {}

    public static void main(String[] arguments) throws ReflectiveOperationException {
      String table = arguments[0];
      String warehouse = arguments[1];
      System.out.println("data source from: " + origin("dev.floe.spark.FloeDataSource"));
      System.out.println("planning from: " + origin("dev.floe.scan.TableScan"));
      System.out.println(
          "brotli decoder from: " + origin("dev.floe.shaded.org.brotli.dec.BrotliInputStream"));
      System.out.println(
          "unrelocated brotli decoder: "
              + (loads("org.brotli.dec.BrotliInputStream") ? "present" : "absent"));
      System.out.println("brotli page: " + brotliPage());
      SparkSession spark =
          SparkSession.builder()
              .master("local[1]")
              .appName("ConnectorJarIT")
              .config("spark.ui.enabled", "false")
              .config("spark.driver.host", "127.0.0.1")
              .config("spark.driver.bindAddress", "127.0.0.1")
              .config("spark.sql.shuffle.partitions", "1")
              .config("spark.sql.catalog.lake", "dev.floe.spark.FloeCatalog")
              .config("spark.sql.catalog.lake.warehouse", warehouse)
              .getOrCreate();
      try {
        Dataset<Row> rows = spark.read().format("floe").load(table);
        System.out.println("format(floe) columns: " + String.join(",", rows.columns()));
        System.out.println("format(floe) count: " + rows.count());
        List<String> tables =
            spark.sql("SHOW TABLES IN lake.db").collectAsList().stream()
                .map(row -> row.getString(1))
                .toList();
        System.out.println("lake.db tables: " + String.join(",", tables));
        for (Row row : spark.sql("SELECT * FROM lake.db.events ORDER BY id").collectAsList()) {
          System.out.println("lake.db.events row: " + row.mkString(","));
        }
        Row europe = spark.sql("SELECT sum(score) FROM lake.db.events WHERE region = 'eu'").first();
        System.out.println("lake.db.events sum(score) where region = 'eu': " + europe.get(0));
      } finally {
        spark.stop();
      }
    }

    /** {@link #BROTLI_STREAM} decompressed by the package-private {@code BrotliPages}. */
    private static String brotliPage() throws ReflectiveOperationException {
      Method decompress =
          Class.forName("dev.floe.spark.read.parquet.format.BrotliPages")
              .getDeclaredMethod(
                  "decompress",
                  byte[].class,
                  int.class,
                  int.class,
                  byte[].class,
                  int.class,
                  int.class);
      decompress.setAccessible(true);
      byte[] page = new byte[4];
      decompress.invoke(null, BROTLI_STREAM, 0, BROTLI_STREAM.length, page, 0, page.length);
      return new String(page, StandardCharsets.US_ASCII);
    }

    private static boolean loads(String className) {
      try {
        Class.forName(className);
        return true;
      } catch (ClassNotFoundException e) {
        return false;
      }
    }

    private static String origin(String className) throws ClassNotFoundException {
      try {
        return Path.of(
                Class.forName(className)
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI())
            .toString();
      } catch (URISyntaxException e) {
        throw new IllegalStateException("Cannot locate the class " + className, e);
      }
    }
  }
}
