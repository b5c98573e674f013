package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's section "SQL: Floe's catalog", run as a new user would run it: its catalog
 * configuration is applied (with a fixture warehouse) and every statement of its SQL block runs,
 * the example snapshot id, timestamps and path replaced by the fixture's. Each query's rows must be
 * those of the same query through Iceberg's catalog on the same warehouse, so the README cannot
 * rot.
 */
class TestReadmeSqlExamples {
  private static final String SECTION = "## SQL: Floe's catalog";
  private static final String ICEBERG = "readme_ice";
  private static final String EXAMPLE_SNAPSHOT_ID = "3055729675574597004";
  private static final String EXAMPLE_TIMESTAMP = "2026-01-01 00:00:00";
  private static final String EXAMPLE_MILLIS = "1767225600000";
  private static final String EXAMPLE_WAREHOUSE = "/data/warehouse";

  private final SparkSession spark = SharedSpark.get().session();

  @TempDir Path warehouse;

  @Test
  void everyStatementOfTheReadmeRuns() throws IOException {
    String section = readmeSection();
    Map<String, String> settings = catalogSettings(section);
    assertThat(settings)
        .as("the README configures catalog lake")
        .containsEntry("spark.sql.catalog.lake", "dev.floe.spark.FloeCatalog")
        .containsKeys("spark.sql.catalog.lake.warehouse");
    settings.put("spark.sql.catalog.lake.warehouse", warehouse.toUri().toString());
    spark.conf().set("spark.sql.catalog." + ICEBERG, "org.apache.iceberg.spark.SparkCatalog");
    spark.conf().set("spark.sql.catalog." + ICEBERG + ".type", "hadoop");
    spark.conf().set("spark.sql.catalog." + ICEBERG + ".warehouse", warehouse.toUri().toString());
    settings.forEach(spark.conf()::set);
    long firstSnapshot = writeFixture();
    long firstMillis =
        spark
            .sql(
                "SELECT committed_at FROM "
                    + ICEBERG
                    + ".db.events.snapshots WHERE snapshot_id = "
                    + firstSnapshot)
            .first()
            .getTimestamp(0)
            .getTime();

    List<String> statements = sqlStatements(section);
    assertThat(statements).as("statements of the README's sql block").hasSizeGreaterThan(10);
    for (String written : statements) {
      String statement =
          written
              .replace(EXAMPLE_SNAPSHOT_ID, Long.toString(firstSnapshot))
              .replace(
                  EXAMPLE_TIMESTAMP, CatalogFixture.timestampLiteral(firstMillis).replace("'", ""))
              .replace(EXAMPLE_MILLIS, Long.toString(firstMillis))
              .replace(EXAMPLE_WAREHOUSE, warehouse.toString());
      String upper = statement.toUpperCase(Locale.ROOT);
      if (upper.startsWith("SELECT") && statement.contains("lake.")) {
        ReadResult actual = ReadResult.of(spark.sql(statement));
        ReadResult expected = ReadResult.of(spark.sql(statement.replace("lake.", ICEBERG + ".")));
        assertThat(actual.rows()).as("rows of %s", statement).isNotEmpty();
        assertThat(actual.rowDifferences(expected))
            .as("rows of %s, as Iceberg reads them", statement)
            .isEmpty();
        continue;
      }
      List<Row> rows = spark.sql(statement).collectAsList();
      if (upper.startsWith("SELECT") || upper.startsWith("SHOW") || upper.startsWith("DESCRIBE")) {
        assertThat(rows).as("rows of %s", statement).isNotEmpty();
      }
    }
  }

  /** Two snapshots on main, tag v1 at the first, a branch audit with a commit of its own. */
  private long writeFixture() {
    String table = ICEBERG + ".db.events";
    spark.sql("CREATE TABLE " + table + " (id BIGINT, data STRING) USING iceberg");
    spark.sql("INSERT INTO " + table + " VALUES (1, 'a'), (2, 'b')");
    long first = spark.sql("SELECT snapshot_id FROM " + table + ".snapshots").first().getLong(0);
    spark.sql("ALTER TABLE " + table + " CREATE TAG v1");
    spark.sql("ALTER TABLE " + table + " CREATE BRANCH audit");
    spark.sql("INSERT INTO " + table + ".branch_audit VALUES (3, 'audited')");
    spark.sql("INSERT INTO " + table + " VALUES (4, 'd')");
    return first;
  }

  private static String readmeSection() throws IOException {
    // Maven runs the tests in src-test/, which has no README; the project root above it does
    Path directory = Path.of("").toAbsolutePath();
    while (directory != null && !Files.exists(directory.resolve("README.md"))) {
      directory = directory.getParent();
    }
    assertThat(directory).as("a README.md above " + Path.of("").toAbsolutePath()).isNotNull();
    String readme = Files.readString(directory.resolve("README.md"), StandardCharsets.UTF_8);
    int start = readme.indexOf(SECTION);
    assertThat(start).as("README section " + SECTION).isNotNegative();
    int end = readme.indexOf("\n## ", start + SECTION.length());
    return readme.substring(start, end < 0 ? readme.length() : end);
  }

  private static String fencedBlock(String section, String language) {
    String open = "```" + language + "\n";
    int start = section.indexOf(open);
    assertThat(start).as("a ```" + language + " block in the README section").isNotNegative();
    int end = section.indexOf("```", start + open.length());
    return section.substring(start + open.length(), end);
  }

  private static Map<String, String> catalogSettings(String section) {
    Map<String, String> settings = new LinkedHashMap<>();
    for (String line : fencedBlock(section, "properties").split("\n")) {
      String trimmed = line.trim();
      if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
        int equals = trimmed.indexOf('=');
        settings.put(trimmed.substring(0, equals).trim(), trimmed.substring(equals + 1).trim());
      }
    }
    return settings;
  }

  /** The statements of the sql block, comment lines left out, split at semicolons. */
  private static List<String> sqlStatements(String section) {
    StringBuilder code = new StringBuilder();
    for (String line : fencedBlock(section, "sql").split("\n")) {
      if (!line.trim().startsWith("--")) {
        code.append(line).append('\n');
      }
    }
    List<String> statements = new ArrayList<>();
    for (String statement : code.toString().split(";")) {
      if (!statement.isBlank()) {
        statements.add(statement.trim().replaceAll("\\s+", " "));
      }
    }
    return statements;
  }
}
