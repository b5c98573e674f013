package dev.floe.it.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.spark.sql.SparkSession;

/**
 * One local Spark session per test JVM (a session costs seconds to start), with Apache Iceberg's
 * Hadoop catalog {@code ice} in a temporary warehouse. Iceberg's Spark SQL writes every fixture
 * table; Floe reads the same table directories by path.
 */
public final class SharedSpark {
  public static final String CATALOG = "ice";

  /**
   * A system property naming the warehouse of {@link #get()}'s session, kept when the JVM exits:
   * for a suite whose tables another JVM reads ({@link AnswerLog}). It is emptied when the session
   * starts.
   */
  public static final String KEPT_WAREHOUSE = "floe.it.warehouse";

  private static final String KRYO = "org.apache.spark.serializer.KryoSerializer";

  private static SharedSpark instance;

  private final SparkSession session;
  private final Path warehouse;

  private SharedSpark(SparkSession session, Path warehouse) {
    this.session = session;
    this.warehouse = warehouse;
  }

  /**
   * The shared session, started on first use and stopped when the JVM exits. It serializes with
   * Kryo, as many production clusters do, so every suite checks that what Floe ships survives it
   * (FloeClusterIT covers Java serialization, and Kryo with registration required).
   */
  public static synchronized SharedSpark get() {
    if (instance == null) {
      String kept = System.getProperty(KEPT_WAREHOUSE);
      Path warehouse = kept == null ? temporaryWarehouse() : emptied(Path.of(kept));
      instance = start(warehouse, "local[2]", Map.of("spark.serializer", KRYO));
      Runnable cleanup = kept == null ? instance::stop : instance.session::stop;
      Runtime.getRuntime().addShutdownHook(new Thread(cleanup, "floe-spark-cleanup"));
    }
    return instance;
  }

  /**
   * A local[2] session with Floe alone and the settings every suite compares rows under, for a
   * Spark line that Apache Iceberg's Spark runtime does not load on (Spark 4.2).
   */
  public static SparkSession floeOnly() {
    SparkSession session =
        commonSettings(SparkSession.builder().master("local[2]").config("spark.serializer", KRYO))
            .getOrCreate();
    session.sparkContext().setLogLevel("WARN");
    return session;
  }

  /** A session of its own, for a program (the read benchmark) that owns its lifecycle. */
  public static SharedSpark start(Path warehouse, String master) {
    return start(warehouse, master, Map.of());
  }

  /**
   * A session of its own with more settings: {@code spark.jars} and the serializer for the suite
   * that runs on executors in their own JVMs ({@link LocalCluster}), a plugin for a benchmark.
   */
  public static SharedSpark start(Path warehouse, String master, Map<String, String> settings) {
    SparkSession.Builder builder = SparkSession.builder();
    settings.forEach(builder::config);
    SparkSession session =
        commonSettings(builder.master(master))
            .config(
                "spark.sql.extensions",
                "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions")
            .config("spark.sql.catalog." + CATALOG, "org.apache.iceberg.spark.SparkCatalog")
            .config("spark.sql.catalog." + CATALOG + ".type", "hadoop")
            .config("spark.sql.catalog." + CATALOG + ".warehouse", warehouse.toUri().toString())
            // Iceberg's source loads a table by path through this catalog (Hive unless told).
            .config("spark.sql.catalog.default_iceberg", "org.apache.iceberg.spark.SparkCatalog")
            .config("spark.sql.catalog.default_iceberg.type", "hadoop")
            .config("spark.sql.catalog.default_iceberg.warehouse", warehouse.toUri().toString())
            // PLATFORM.md: Iceberg's executor cache can serve rows of another projection.
            .config("spark.sql.iceberg.executor-cache.enabled", "false")
            .getOrCreate();
    session.sparkContext().setLogLevel("WARN");
    return new SharedSpark(session, warehouse);
  }

  /** What every session of the suites shares, with Iceberg's catalogs or without. */
  private static SparkSession.Builder commonSettings(SparkSession.Builder builder) {
    return builder
        .appName("floe-it")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "2")
        // UTC makes timestamp literals in filters and transform boundaries read the same
        // everywhere; the values themselves are compared as instants.
        .config("spark.sql.session.timeZone", "UTC")
        // Hadoop caches one file system per scheme for the whole JVM, whatever configuration asked
        // for it: the planning suites' ChmodFreeLocalFileSystem, cached first, lacks what Spark
        // needs. Spark's own configuration gets uncached local file systems.
        .config("spark.hadoop.fs.file.impl.disable.cache", "true")
        // Rows are compared as JSON: keep null fields, so a null struct and a struct of nulls
        // differ.
        .config("spark.sql.jsonGenerator.ignoreNullFields", "false");
  }

  /**
   * Iceberg's Hadoop catalog on the same warehouse, for what Spark SQL cannot create (uuid, fixed).
   */
  public Catalog catalog() {
    return new HadoopCatalog(session.sparkContext().hadoopConfiguration(), warehouse.toString());
  }

  public SparkSession session() {
    return session;
  }

  /** The directory of table {@code db.name} in the Hadoop catalog's warehouse. */
  public Path tableLocation(String database, String name) {
    return warehouse.resolve(database).resolve(name);
  }

  public Path warehouse() {
    return warehouse;
  }

  /**
   * Names this session's warehouse as a Floe catalog {@code name}, whose loaded tables are reused
   * for {@code cacheExpirationMs} (0: every query loads the newest metadata).
   */
  public void addFloeCatalog(String name, long cacheExpirationMs) {
    String catalog = "spark.sql.catalog." + name;
    session.conf().set(catalog, "dev.floe.spark.FloeCatalog");
    session.conf().set(catalog + ".warehouse", warehouse.toUri().toString());
    session.conf().set(catalog + ".cache-expiration-interval-ms", Long.toString(cacheExpirationMs));
  }

  /** Stops the session and deletes the warehouse. */
  public void stop() {
    session.stop();
    deleteRecursively(warehouse);
  }

  /** The kept warehouse, emptied of an earlier run's tables. */
  private static Path emptied(Path warehouse) {
    deleteRecursively(warehouse);
    try {
      return Files.createDirectories(warehouse);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create the warehouse directory " + warehouse, e);
    }
  }

  private static Path temporaryWarehouse() {
    try {
      return Files.createTempDirectory("floe-spark-warehouse");
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create a temporary warehouse directory", e);
    }
  }

  static void deleteRecursively(Path directory) {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + directory, e);
    }
  }
}
