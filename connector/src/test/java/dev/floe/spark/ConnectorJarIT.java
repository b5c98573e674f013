package dev.floe.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connector jar users pass to Spark, as {@code package} built it: Floe's classes (floe-spark's
 * and floe-planning's) and nothing any other artifact owns, and enough on its own: a child JVM with
 * Spark's libraries and this jar alone reads a table through the data source and the catalog.
 */
class ConnectorJarIT {
  private static final String SERVICE_FILE =
      "META-INF/services/org.apache.spark.sql.sources.DataSourceRegister";

  /** META-INF entries the jar may hold besides Floe's own Maven metadata. */
  private static final List<String> ALLOWED_META_INF =
      List.of("META-INF/", "META-INF/MANIFEST.MF", "META-INF/services/", SERVICE_FILE);

  private static final String FLOE_MAVEN_METADATA = "META-INF/maven/dev.floe/";

  /** Parts of a classpath entry holding Floe's classes, which the child JVM must not see. */
  private static final String FLOE_CLASSES = "dev/floe/";

  private static final long CHILD_TIMEOUT_SECONDS = 300;

  /** A table that was created and never written to: loading and planning need only its metadata. */
  private static final String EMPTY_METADATA =
      """
      {"format-version": 2, "table-uuid": "1d2c3b4a-03fe-4693-9a96-a0705ddf69c1",
       "location": "LOCATION", "last-sequence-number": 0, "last-updated-ms": 1700000000000,
       "last-column-id": 3, "current-schema-id": 0,
       "schemas": [{"type": "struct", "schema-id": 0, "fields": [
           {"id": 1, "name": "id", "required": true, "type": "long"},
           {"id": 2, "name": "region", "required": false, "type": "string"},
           {"id": 3, "name": "score", "required": false, "type": "double"}]}],
       "default-spec-id": 0,
       "partition-specs": [{"spec-id": 0, "fields": [
           {"source-id": 2, "field-id": 1000, "name": "region", "transform": "identity"}]}],
       "last-partition-id": 1000, "default-sort-order-id": 0,
       "sort-orders": [{"order-id": 0, "fields": []}],
       "properties": {}, "current-snapshot-id": -1, "snapshots": [], "snapshot-log": [],
       "metadata-log": []}
      """;

  @TempDir static Path workDirectory;

  private static Path connectorJar;

  @BeforeAll
  static void findTheJar() {
    String location = System.getProperty("floe.connector.jar");
    assertThat(location)
        .as("failsafe passes the packaged jar as the system property floe.connector.jar")
        .isNotBlank();
    connectorJar = Path.of(location);
    assertThat(connectorJar).as("the packaged connector jar").isRegularFile();
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
        .as("nothing Spark ships is bundled, relocated or not")
        .noneMatch(name -> name.startsWith("dev/floe/shaded/"))
        .noneMatch(name -> name.startsWith("org/") || name.startsWith("com/"));
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
    Path table = warehouse.resolve("db").resolve("events");
    Path metadata = table.resolve("metadata");
    Files.createDirectories(metadata);
    Files.writeString(
        metadata.resolve("v1.metadata.json"),
        EMPTY_METADATA.replace("LOCATION", table.toUri().toString()),
        StandardCharsets.UTF_8);

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
            "format(floe) count: 0",
            "lake.db tables: events",
            "lake.db.events count where region = 'eu': 0");
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
   * without this module's classes, jar and test classes and without floe-planning; then this
   * class's child entry point alone and the connector jar.
   */
  private static String childClasspath() throws IOException {
    String testClasspath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> entries = new ArrayList<>();
    for (String entry : testClasspath.split(File.pathSeparator)) {
      if (!entry.isEmpty() && !holdsFloeClasses(Path.of(entry))) {
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

  private static boolean holdsFloeClasses(Path entry) throws IOException {
    if (Files.isDirectory(entry)) {
      return Files.isDirectory(entry.resolve(FLOE_CLASSES));
    }
    if (!Files.isRegularFile(entry)) {
      return false;
    }
    return entryNames(entry).stream().anyMatch(name -> name.startsWith(FLOE_CLASSES));
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
   * {@code lake} on the warehouse given second, and prints what it found and where Floe's classes
   * came from. It names Floe's classes only by string, so it loads without Floe on the classpath.
   */
  static final class SingleJarRead {
    private SingleJarRead() {}

    public static void main(String[] arguments) throws ClassNotFoundException {
      String table = arguments[0];
      String warehouse = arguments[1];
      System.out.println("data source from: " + origin("dev.floe.spark.FloeDataSource"));
      System.out.println("planning from: " + origin("dev.floe.scan.TableScan"));
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
        long inEurope =
            spark.sql("SELECT count(*) FROM lake.db.events WHERE region = 'eu'").first().getLong(0);
        System.out.println("lake.db.events count where region = 'eu': " + inEurope);
      } finally {
        spark.stop();
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
      } catch (java.net.URISyntaxException e) {
        throw new IllegalStateException("Cannot locate the class " + className, e);
      }
    }
  }
}
