package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.floe.cli.FloeCli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code bin/floe plan} on tables Iceberg wrote: the plan JSON names what Iceberg plans. */
class TestFloeCliOnIcebergTables {
  private static JsonNode plan(String... arguments) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        FloeCli.run(
            arguments,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(exit).as("exit code; stderr: %s", err.toString(StandardCharsets.UTF_8)).isZero();
    return new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
  }

  private static List<String> dataFiles(JsonNode plan) {
    List<String> files = new ArrayList<>();
    plan.get("file-scan-tasks")
        .forEach(task -> files.add(task.get("data-file").get("file-path").asText()));
    return files;
  }

  @Test
  void planWithASplitSizeCutsFilesAtTheirRowGroups() throws Exception {
    Scenario scenario = ScenarioLibrary.shared("split-offsets", 2);

    JsonNode whole = plan("plan", scenario.location());
    JsonNode split = plan("plan", scenario.location(), "--split-size", "1000");

    assertThat(whole.get("plan-status").asText()).isEqualTo("completed");
    assertThat(whole.get("file-scan-tasks"))
        .as("without a split size, whole files: no start/length")
        .allSatisfy(task -> assertThat(task.has("start")).isFalse());
    java.util.Map<String, List<Long>> startsByFile = new java.util.TreeMap<>();
    split
        .get("file-scan-tasks")
        .forEach(
            task ->
                startsByFile
                    .computeIfAbsent(
                        task.get("data-file").get("file-path").asText(), key -> new ArrayList<>())
                    .add(task.has("start") ? task.get("start").asLong() : 0L));
    assertThat(startsByFile.values())
        .as("the 10,000-byte file with row groups at 4, 3000, 6000, 9000 is cut at each")
        .contains(List.of(4L, 3_000L, 6_000L, 9_000L));
    assertThat(split.get("file-scan-tasks").size())
        .isGreaterThan(whole.get("file-scan-tasks").size());
    assertThat(new java.util.TreeSet<>(dataFiles(split)))
        .as("the same files as Iceberg plans")
        .isEqualTo(
            new IcebergPlanner().planFiles(scenario, new ScanTarget.Current()).files().keySet());
  }

  @Test
  void planListsEachDeleteFileOnceAndTasksReferenceThem() throws Exception {
    Scenario scenario = ScenarioLibrary.shared("position-deletes", 2);

    JsonNode plan = plan("plan", scenario.location());

    List<String> listed = new ArrayList<>();
    plan.get("delete-files").forEach(file -> listed.add(file.get("file-path").asText()));
    java.util.Set<String> expected = new java.util.TreeSet<>();
    new IcebergPlanner()
        .planFiles(scenario, new ScanTarget.Current())
        .files()
        .values()
        .forEach(file -> file.deletes().forEach(delete -> expected.add(delete.location())));
    assertThat(listed).as("each delete file Iceberg attaches, once").doesNotHaveDuplicates();
    assertThat(new java.util.TreeSet<>(listed)).isEqualTo(expected);
    plan.get("file-scan-tasks")
        .forEach(
            task ->
                task.get("delete-file-references")
                    .forEach(
                        reference ->
                            assertThat(reference.asInt())
                                .as("a reference indexes delete-files")
                                .isBetween(0, listed.size() - 1)));
  }

  private static String run(String... arguments) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        FloeCli.run(
            arguments,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(exit).as("exit code; stderr: %s", err.toString(StandardCharsets.UTF_8)).isZero();
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void planWithAFilterPlansWhatIcebergPlansAndWritesEachResidual() throws Exception {
    Scenario scenario = ScenarioLibrary.shared("spec-evolution", 2);
    String filter = "{\"type\":\"gt-eq\",\"term\":\"id\",\"value\":3}";

    JsonNode plan = plan("plan", scenario.location(), "--filter-json", filter);

    java.util.Set<String> expected = new java.util.TreeSet<>();
    try (org.apache.iceberg.io.CloseableIterable<org.apache.iceberg.FileScanTask> tasks =
        scenario
            .table()
            .newScan()
            .filter(org.apache.iceberg.expressions.Expressions.greaterThanOrEqual("id", 3L))
            .planFiles()) {
      tasks.forEach(task -> expected.add(task.file().location()));
    }
    assertThat(new java.util.TreeSet<>(dataFiles(plan)))
        .as("the files Iceberg plans with the same filter")
        .isEqualTo(expected);
    assertThat(plan.get("file-scan-tasks"))
        .as("id is no partition source of an identity field: every residual keeps the filter")
        .isNotEmpty()
        .allSatisfy(
            task ->
                assertThat(task.get("residual-filter").toString())
                    .isEqualTo("{\"type\":\"gt-eq\",\"term\":\"id\",\"value\":3}"));
  }

  @Test
  void explainListsPrunedFilesWithTheConjunctThatPrunedThem() {
    String filter =
        "{\"type\":\"and\",\"left\":{\"type\":\"gt\",\"term\":\"id\",\"value\":-100},"
            + "\"right\":{\"type\":\"lt\",\"term\":\"id\",\"value\":0}}";

    // the first scenario whose files have id bounds that rule out more than one file
    Scenario scenario = null;
    long skipped = 0;
    for (Scenario candidate : ScenarioLibrary.shared()) {
      skipped =
          FloePlanner.scan(candidate.location(), new ScanTarget.Current())
              .filter(dev.floe.expr.ExpressionJson.parse(filter))
              .plan()
              .report()
              .dataFiles()
              .skippedByMetrics();
      if (skipped > 1) {
        scenario = candidate;
        break;
      }
    }
    assertThat(scenario).as("a scenario with id bounds").isNotNull();

    String report =
        run("explain", scenario.location(), "--filter-json", filter, "--max-skipped", "1");

    dev.floe.scan.ScanReport expected =
        FloePlanner.scan(scenario.location(), new ScanTarget.Current())
            .filter(dev.floe.expr.ExpressionJson.parse(filter))
            .reportSkipped(1)
            .plan()
            .report();
    long allSkipped = expected.skipped().size() + expected.unlistedSkips();
    assertThat(expected.skipped()).as("one file listed").hasSize(1);
    assertThat(report)
        .as("the report's hops, the one listed file, and the count of the others")
        .contains("filter    (id > -100 and id < 0)")
        .containsPattern("data files by column metrics\\s+\\d+\\s+" + skipped + "\\s")
        .contains("skipped (1 listed of " + allSkipped + "):")
        .contains(expected.skipped().get(0).location())
        .contains("by id < 0")
        .contains("... and " + (allSkipped - 1) + " more (raise --max-skipped to list them)");
  }
}
