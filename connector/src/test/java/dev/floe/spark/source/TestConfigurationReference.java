package dev.floe.spark.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.floe.metadata.MetadataTableType;
import dev.floe.spark.FloeCatalog;
import dev.floe.spark.metrics.FloeMetrics;
import dev.floe.table.NameMapping;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.junit.jupiter.api.Test;

/**
 * Keeps the user documentation true to the code: every setting a user can give (read options,
 * session settings, Spark's time-travel options, catalog and table properties, identifier
 * selectors, metadata tables, CLI options) has a row in {@code docs/configuration.md}, and every
 * scan metric a row in {@code docs/planning-and-explain.md}. The names are taken from the code's
 * constants by reflection, so a setting added without documentation fails here.
 */
class TestConfigurationReference {
  private static final String CONFIGURATION = "configuration.md";
  private static final String PLANNING_AND_EXPLAIN = "planning-and-explain.md";

  @Test
  void everyReadOptionHasARow() {
    Map<String, String> constants = stringConstants(FloeReadOptions.class);
    constants.remove("SESSION_PREFIX");

    assertThat(constants).as("FloeReadOptions' option names, found by reflection").isNotEmpty();
    assertThat(rowsMissing(document(CONFIGURATION), constants.values()))
        .as(
            "read options and table properties of FloeReadOptions without a row in %s: %s",
            CONFIGURATION, constants)
        .isEmpty();
  }

  @Test
  void everySessionSettingHasARow() {
    List<String> keys = new ArrayList<>();
    for (String name : FloeReadOptions.SESSION_SETTINGS) {
      keys.add(FloeReadOptions.SESSION_PREFIX + name);
    }

    assertThat(rowsMissing(document(CONFIGURATION), keys))
        .as("session settings without a row in %s", CONFIGURATION)
        .isEmpty();
  }

  @Test
  void sparkTimeTravelOptionsHaveRows() {
    Map<String, String> constants = stringConstants(SparkTimeTravelOptions.class);

    assertThat(constants.values())
        .as("Spark's time-travel options, found by reflection")
        .contains("versionAsOf", "timestampAsOf");
    assertThat(rowsMissing(document(CONFIGURATION), constants.values()))
        .as("Spark time-travel options without a row in %s", CONFIGURATION)
        .isEmpty();
  }

  @Test
  void streamingOptionsHaveRows() {
    assertThat(rowsMissing(document(CONFIGURATION), StreamingReadOptions.NAMES))
        .as("streaming read options without a row in %s", CONFIGURATION)
        .isEmpty();
  }

  @Test
  void catalogPropertiesHaveRows() {
    Map<String, String> constants = stringConstants(FloeCatalog.class);

    assertThat(constants.values())
        .as("FloeCatalog's property names, found by reflection")
        .contains("warehouse", "cache-expiration-interval-ms");
    assertThat(rowsMissing(document(CONFIGURATION), constants.values()))
        .as("catalog properties without a row in %s", CONFIGURATION)
        .isEmpty();
  }

  @Test
  void tablePropertiesHaveRows() throws ClassNotFoundException {
    Map<String, String> planning =
        stringConstants(Class.forName("dev.floe.scan.SplitTableProperties"));
    List<String> properties = new ArrayList<>(planning.values());
    properties.add(NameMapping.PROPERTY);

    assertThat(properties)
        .as("table properties planning reads, found by reflection")
        .contains(
            "read.split.target-size",
            "read.split.open-file-cost",
            "read.split.planning-lookback",
            "read.split.adaptive-size.enabled");
    assertThat(rowsMissing(document(CONFIGURATION), properties))
        .as("table properties without a row in %s", CONFIGURATION)
        .isEmpty();
  }

  @Test
  void identifierSelectorsAndMetadataTablesAreNamed() {
    String configuration = document(CONFIGURATION);
    List<String> missing = new ArrayList<>();
    for (IdentifierSelector.Form form : IdentifierSelector.Form.values()) {
      if (!configuration.contains("`<table>." + form.prefix() + "<")) {
        missing.add(form.prefix());
      }
    }
    for (MetadataTableType type : MetadataTableType.values()) {
      if (!configuration.contains("`" + type.tableName() + "`")) {
        missing.add(type.tableName());
      }
    }

    assertThat(missing)
        .as("identifier selectors and metadata tables not named in %s", CONFIGURATION)
        .isEmpty();
  }

  @Test
  void everyCommandLineOptionHasARow() throws ClassNotFoundException {
    Map<String, String> constants =
        stringConstants(Class.forName("dev.floe.cli.CommandLineParser"));
    List<String> options = new ArrayList<>();
    for (String value : constants.values()) {
      if (value.startsWith("--")) {
        options.add(value);
      }
    }

    assertThat(options).as("CLI options, found by reflection").contains("--ref", "--verbose");
    assertThat(rowsMissing(document(CONFIGURATION), options))
        .as("bin/floe options without a row in %s", CONFIGURATION)
        .isEmpty();
  }

  @Test
  void everyScanMetricHasARowWithItsUiLabel() {
    String explainDocument = document(PLANNING_AND_EXPLAIN);
    Map<String, String> constants = stringConstants(FloeMetrics.class);
    List<String> missing = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (CustomMetric metric : FloeMetrics.supported()) {
      names.add(metric.name());
      List<String> rows = rowsStartingWith(explainDocument, metric.name());
      if (rows.isEmpty() || !rows.get(0).contains(metric.description())) {
        missing.add(metric.name() + " (\"" + metric.description() + "\")");
      }
    }

    assertThat(names)
        .as("the metrics a scan offers Spark are FloeMetrics' named metrics")
        .containsExactlyInAnyOrderElementsOf(constants.values());
    assertThat(missing)
        .as("scan metrics without a row (name, then UI label) in %s", PLANNING_AND_EXPLAIN)
        .isEmpty();
  }

  @Test
  void aMissingRowIsReported() {
    String text =
        String.join(
            "\n",
            "| option | meaning |",
            "|---|---|",
            "| `split-size` | bytes |",
            "Prose naming `batch-size` is not a row.");

    assertThat(rowsMissing(text, List.of("split-size", "batch-size", "tag")))
        .as("names without a table row of their own")
        .containsExactly("batch-size", "tag");
  }

  /** The names none of whose table rows start with it, in backticks. */
  private static List<String> rowsMissing(String document, Iterable<String> names) {
    List<String> missing = new ArrayList<>();
    for (String name : names) {
      if (rowsStartingWith(document, name).isEmpty()) {
        missing.add(name);
      }
    }
    return missing;
  }

  /**
   * The Markdown table rows whose first cell starts with {@code name} in backticks ({@code `name`}
   * or {@code `name N`}).
   */
  private static List<String> rowsStartingWith(String document, String name) {
    List<String> rows = new ArrayList<>();
    for (String line : document.split("\n")) {
      String trimmed = line.trim();
      if (!trimmed.startsWith("|")) {
        continue;
      }
      String firstCell = trimmed.substring(1).split("\\|", 2)[0].trim();
      if (firstCell.equals("`" + name + "`") || firstCell.startsWith("`" + name + " ")) {
        rows.add(trimmed);
      }
    }
    return rows;
  }

  /** The values of a class's static final String fields, by field name, private ones too. */
  private static Map<String, String> stringConstants(Class<?> type) {
    Map<String, String> constants = new LinkedHashMap<>();
    for (Field field : type.getDeclaredFields()) {
      int modifiers = field.getModifiers();
      if (Modifier.isStatic(modifiers)
          && Modifier.isFinal(modifiers)
          && field.getType() == String.class) {
        field.setAccessible(true);
        try {
          constants.put(field.getName(), (String) field.get(null));
        } catch (IllegalAccessException e) {
          throw new AssertionError("Cannot read " + type.getName() + "." + field.getName(), e);
        }
      }
    }
    return constants;
  }

  /** A file of docs/, resolved from the project root Surefire names ({@code floe.project.root}). */
  private static String document(String name) {
    Path path = Path.of(System.getProperty("floe.project.root"), "docs", name).normalize();
    if (!Files.isRegularFile(path)) {
      fail(
          "The user documentation "
              + path
              + " is missing: docs/"
              + name
              + " must document every setting (run by Maven, which sets floe.project.root)");
    }
    try {
      return Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError("Cannot read " + path, e);
    }
  }
}
