package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.catalog.PathTables;
import dev.floe.io.HadoopFileIO;
import dev.floe.scan.PlanJsonWriter;
import dev.floe.scan.ScanPlan;
import dev.floe.scan.TableScan;
import dev.floe.table.LoadedTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.ExplainMode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Credentials given to Floe, as Hadoop storage settings of the session ({@code fs.s3a.secret.key},
 * {@code fs.s3a.session.token}, ...) and as properties of a Floe catalog ({@code
 * spark.sql.catalog.<name>.s3.secret-access-key}, ...), never show in {@code EXPLAIN}, a scan's
 * {@code description()}, the plan JSON, the log or an error. The table is read through a Hadoop
 * scheme ({@code faulty:}, without faults), so Floe's file access really carries the session's
 * settings.
 */
class TestFloeKeepsCredentialsSecret {
  private static final String WRITER_CATALOG = "secret_ice";
  private static final String FLOE_CATALOG = "floe_secret";
  private static final String TABLE = "with_credentials";

  /** Session Hadoop settings: each value is a secret no output may show. */
  private static final Map<String, String> STORAGE_SECRETS =
      Map.of(
          "fs.s3a.access.key", "AKIAFLOEACCESSKEY0001",
          "fs.s3a.secret.key", "floe-s3a-secret-key-7f3a9",
          "fs.s3a.session.token", "floe-s3a-session-token-c41d",
          "spark.hadoop.fs.s3a.secret.key", "floe-prefixed-secret-22b",
          "fs.azure.account.key.acct.dfs.core.windows.net", "floe-azure-account-key-90e",
          "hadoop.security.credstore.java-keystore-provider.password", "floe-keystore-password-61f",
          "fs.gs.auth.client.secret", "floe-gcs-client-secret-3c8");

  /** Catalog properties of the Floe catalog, under {@code spark.sql.catalog.floe_secret.}. */
  private static final Map<String, String> CATALOG_SECRETS =
      Map.of(
          "s3.secret-access-key", "floe-catalog-secret-access-key-5d0",
          "s3.access-key-id", "AKIAFLOECATALOGKEY002",
          "token", "floe-catalog-token-a71",
          "credential", "floe-client:floe-catalog-credential-e19",
          "password", "floe-catalog-password-b22");

  private static String location;

  private final SparkSession spark = SharedSpark.get().session();

  @BeforeAll
  static void writeTableAndConfigureSecrets() throws IOException {
    SparkSession spark = SharedSpark.get().session();
    spark.conf().set("fs." + FaultyFileSystem.SCHEME + ".impl", FaultyFileSystem.class.getName());
    spark.conf().set("fs." + FaultyFileSystem.SCHEME + ".impl.disable.cache", "true");
    Path warehouse = Files.createTempDirectory("floe-secret-warehouse");
    String warehouseUri = FaultyFileSystem.SCHEME + "://" + warehouse;
    spark
        .conf()
        .set("spark.sql.catalog." + WRITER_CATALOG, "org.apache.iceberg.spark.SparkCatalog");
    spark.conf().set("spark.sql.catalog." + WRITER_CATALOG + ".type", "hadoop");
    spark.conf().set("spark.sql.catalog." + WRITER_CATALOG + ".warehouse", warehouseUri);
    String table = WRITER_CATALOG + ".db." + TABLE;
    spark.sql("DROP TABLE IF EXISTS " + table);
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT, part STRING) USING iceberg PARTITIONED BY (part)"
            + " TBLPROPERTIES ('format-version'='2')");
    spark.sql("INSERT INTO " + table + " SELECT id, IF(id < 50, 'a', 'b') FROM range(0, 100)");
    location = warehouseUri + "/db/" + TABLE;

    STORAGE_SECRETS.forEach(spark.conf()::set);
    spark.conf().set("spark.sql.catalog." + FLOE_CATALOG, "dev.floe.spark.FloeCatalog");
    spark.conf().set("spark.sql.catalog." + FLOE_CATALOG + ".warehouse", warehouseUri);
    CATALOG_SECRETS.forEach(
        (key, value) -> spark.conf().set("spark.sql.catalog." + FLOE_CATALOG + "." + key, value));
  }

  @AfterAll
  static void removeSecrets() {
    SparkSession spark = SharedSpark.get().session();
    STORAGE_SECRETS.keySet().forEach(spark.conf()::unset);
    CATALOG_SECRETS
        .keySet()
        .forEach(key -> spark.conf().unset("spark.sql.catalog." + FLOE_CATALOG + "." + key));
  }

  @Test
  void sessionCarriesTheSecretsToFloe() {
    org.apache.hadoop.conf.Configuration hadoop = spark.sessionState().newHadoopConf();
    STORAGE_SECRETS.forEach(
        (key, value) ->
            assertThat(hadoop.get(key))
                .as("precondition: Floe's file access is built from %s", key)
                .isEqualTo(value));
    assertThat(spark.read().format("floe").load(location).collectAsList())
        .as("the table reads with the secrets configured")
        .hasSize(100);
  }

  @Test
  void explainAndDescriptionShowNoSecret() {
    Dataset<Row> byPath = spark.read().format("floe").load(location).where("id > 10");
    Dataset<Row> byCatalog = spark.table(FLOE_CATALOG + ".db." + TABLE).where("part = 'a'");
    List<String> shown = new ArrayList<>();
    for (Dataset<Row> query : List.of(byPath, byCatalog)) {
      query.collectAsList();
      for (String mode : List.of("simple", "extended", "formatted", "cost", "codegen")) {
        shown.add(query.queryExecution().explainString(ExplainMode.fromString(mode)));
      }
      ScanDescription.scanDescriptions(query.queryExecution().executedPlan())
          .forEach(scan -> shown.add(scan.text()));
    }
    shown.add(
        rowsAsText(spark.sql("EXPLAIN EXTENDED SELECT * FROM " + FLOE_CATALOG + ".db." + TABLE)));
    shown.add(rowsAsText(spark.sql("DESCRIBE TABLE EXTENDED " + FLOE_CATALOG + ".db." + TABLE)));
    shown.add(rowsAsText(spark.sql("SHOW TBLPROPERTIES " + FLOE_CATALOG + ".db." + TABLE)));
    shown.add(
        rowsAsText(spark.sql("SELECT * FROM " + FLOE_CATALOG + ".db." + TABLE + ".snapshots")));
    assertThat(String.join("\n", shown))
        .as("EXPLAIN, scan descriptions, DESCRIBE and metadata tables")
        .contains("Floe ")
        .satisfies(TestFloeKeepsCredentialsSecret::containsNoSecret);
  }

  @Test
  void planJsonAndTextShowNoSecret() {
    Map<String, String> properties = new LinkedHashMap<>(STORAGE_SECRETS);
    properties.put("fs." + FaultyFileSystem.SCHEME + ".impl", FaultyFileSystem.class.getName());
    HadoopFileIO io = new HadoopFileIO(properties);
    LoadedTable table = PathTables.load(location, io);
    ScanPlan plan = TableScan.of(table).plan();
    String json = PlanJsonWriter.toJson(table.metadata(), plan.files());
    assertThat(json)
        .as("plan JSON")
        .contains("\"file-path\"")
        .satisfies(TestFloeKeepsCredentialsSecret::containsNoSecret);
    assertThat(io.toString() + table + table.metadata())
        .as("the file access and table as text")
        .satisfies(TestFloeKeepsCredentialsSecret::containsNoSecret);
  }

  @Test
  void logsOfAQueryShowNoSecret() {
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    Configuration configuration = context.getConfiguration();
    LoggerConfig root = configuration.getRootLogger();
    Level previous = root.getLevel();
    Capture capture = new Capture();
    capture.start();
    root.addAppender(capture, Level.ALL, null);
    root.setLevel(Level.INFO);
    context.updateLoggers();
    try {
      spark.read().format("floe").load(location).where("id % 3 = 0").collectAsList();
      spark.table(FLOE_CATALOG + ".db." + TABLE).groupBy("part").count().collectAsList();
      assertThatThrownBy(
              () -> spark.read().format("floe").load(location + "_absent").collectAsList())
          .as("a failing load logs too")
          .isInstanceOf(Exception.class);
    } finally {
      root.removeAppender(capture.getName());
      root.setLevel(previous);
      context.updateLoggers();
      capture.stop();
    }
    assertThat(capture.lines).as("log lines captured at INFO").isNotEmpty();
    assertThat(String.join("\n", capture.lines))
        .as("log output of the queries")
        .satisfies(TestFloeKeepsCredentialsSecret::containsNoSecret);
  }

  @Test
  void errorsShowNoSecret() {
    List<Throwable> failures = new ArrayList<>();
    failures.add(
        catchFailure(() -> spark.read().format("floe").load(location + "_absent").collectAsList()));
    failures.add(
        catchFailure(
            () ->
                spark
                    .read()
                    .format("floe")
                    .option("snapshot-id", "12345")
                    .load(location)
                    .collectAsList()));
    failures.add(catchFailure(() -> spark.table(FLOE_CATALOG + ".db.absent").collectAsList()));
    failures.add(catchFailure(() -> spark.sql("DROP TABLE " + FLOE_CATALOG + ".db." + TABLE)));
    String dataFile =
        spark
            .sql("SELECT file_path FROM " + WRITER_CATALOG + ".db." + TABLE + ".data_files")
            .collectAsList()
            .get(0)
            .getString(0);
    FaultyFileSystem.failAt(dataFile, 4);
    try {
      failures.add(catchFailure(() -> spark.read().format("floe").load(location).collectAsList()));
    } finally {
      FaultyFileSystem.clear();
    }
    for (Throwable failure : failures) {
      assertThat(FailureChain.trace(failure))
          .as("the error %s with its causes", failure)
          .satisfies(TestFloeKeepsCredentialsSecret::containsNoSecret);
    }
  }

  private static Throwable catchFailure(Runnable action) {
    try {
      action.run();
    } catch (Exception failure) { // Spark throws checked exceptions undeclared
      return failure;
    }
    throw new AssertionError("expected the action to fail");
  }

  private static String rowsAsText(Dataset<Row> rows) {
    return rows.collectAsList().toString();
  }

  private static void containsNoSecret(String text) {
    List<String> secrets = new ArrayList<>(STORAGE_SECRETS.values());
    secrets.addAll(CATALOG_SECRETS.values());
    for (String secret : secrets) {
      assertThat(text).as("output holding secret %s", secret).doesNotContain(secret);
    }
  }

  /** Every event's message and stack trace, as text. */
  private static final class Capture extends AbstractAppender {
    private final List<String> lines = Collections.synchronizedList(new ArrayList<>());

    Capture() {
      super("floe-secret-capture", null, null, true, Property.EMPTY_ARRAY);
    }

    @Override
    public void append(LogEvent event) {
      lines.add(event.getLoggerName() + ": " + event.getMessage().getFormattedMessage());
      if (event.getThrown() != null) {
        lines.add(FailureChain.trace(event.getThrown()));
      }
    }
  }
}
