package dev.floe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestFloeCli {
  // The documented exit codes, spelled out: scripts rely on the numbers.
  private static final int OK = 0;
  private static final int FAILED = 1;
  private static final int USAGE_ERROR = 2;

  @TempDir Path warehouse;

  /** What one run of the CLI returned and printed. */
  private record Run(int exitCode, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exitCode =
        FloeCli.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void helpPrintsTheUsageOnStandardOutput() {
    for (String help : new String[] {"help", "--help", "-h"}) {
      Run run = run(help);

      assertThat(run.exitCode()).as("exit code of '%s'", help).isEqualTo(OK);
      assertThat(run.out())
          .as("usage of '%s'", help)
          .startsWith("Usage:")
          .contains("floe plan")
          .contains("FLOE_JAVA_OPTS");
      assertThat(run.err()).as("nothing on stderr for '%s'", help).isEmpty();
    }
  }

  @Test
  void helpAfterACommandPrintsTheUsage() {
    Run run = run("plan", "--help");

    assertThat(run.exitCode()).as("plan --help succeeds").isEqualTo(OK);
    assertThat(run.out()).as("usage").contains("--as-of-timestamp");
  }

  @Test
  void noArgumentsIsAUsageError() {
    Run run = run();

    assertThat(run.exitCode()).as("exit code").isEqualTo(USAGE_ERROR);
    assertThat(run.err()).as("complaint, then usage").startsWith("floe: missing command");
    assertThat(run.err()).as("usage follows").contains("Usage:");
    assertThat(run.out()).as("nothing on stdout").isEmpty();
  }

  @Test
  void unknownCommandIsAUsageError() {
    assertUsageError(run("explode", "t"), "floe: unknown command 'explode'");
  }

  @Test
  void unknownOptionIsAUsageError() {
    assertUsageError(
        run("plan", tablePath(), "--snapshot", "5"), "floe: unknown option '--snapshot' for plan");
  }

  @Test
  void missingTableIsAUsageError() {
    assertUsageError(run("plan", "--ref", "main"), "floe: plan needs a <table>");
  }

  @Test
  void secondTableIsAUsageError() {
    assertUsageError(run("plan", "a", "b"), "unexpected argument 'b' after table a");
  }

  @Test
  void optionWithoutValueIsAUsageError() {
    assertUsageError(run("plan", tablePath(), "--ref"), "floe: --ref needs a value");
    assertUsageError(
        run("plan", tablePath(), "--snapshot-id", "--split-size", "10"),
        "floe: --snapshot-id needs a value");
    assertUsageError(run("plan", tablePath(), "--ref="), "floe: --ref needs a value");
  }

  @Test
  void nonNumericNumberIsAUsageError() {
    assertUsageError(
        run("plan", tablePath(), "--snapshot-id", "latest"),
        "floe: --snapshot-id expects a whole number, got 'latest'");
    assertUsageError(
        run("plan", tablePath(), "--as-of-timestamp", "2024-01-01"),
        "floe: --as-of-timestamp expects a whole number, got '2024-01-01'");
    assertUsageError(
        run("plan", tablePath(), "--split-size=64MB"),
        "floe: --split-size expects a whole number, got '64MB'");
  }

  @Test
  void nonPositiveSplitSizeIsAUsageError() {
    assertUsageError(
        run("plan", tablePath(), "--split-size", "0"),
        "floe: --split-size must be a positive number of bytes");
  }

  @Test
  void repeatedSplitSizeIsAUsageError() {
    assertUsageError(
        run("plan", tablePath(), "--split-size", "10", "--split-size", "20"),
        "floe: --split-size is given twice");
  }

  @Test
  void moreThanOneSnapshotSelectorIsAUsageError() {
    assertUsageError(
        run("plan", tablePath(), "--snapshot-id", "1", "--ref", "first"),
        "floe: give at most one of --snapshot-id, --ref and --as-of-timestamp"
            + " (got --snapshot-id and --ref)");
    assertUsageError(
        run("plan", tablePath(), "--ref=a", "--ref=b"),
        "floe: give at most one of --snapshot-id, --ref and --as-of-timestamp");
  }

  @Test
  void planOfAMissingTableFailsWithThePath() {
    String missing = warehouse.resolve("db").resolve("no_such_table").toString();

    Run run = run("plan", missing);

    assertThat(run.exitCode()).as("Floe failure exit code").isEqualTo(FAILED);
    assertThat(run.err()).as("message prefix").startsWith("floe: ");
    assertThat(run.err()).as("message names the table path").contains(missing);
    assertThat(run.err()).as("no stack trace without --verbose").doesNotContain("\tat ");
    assertThat(run.err()).as("no usage text for a table failure").doesNotContain("Usage:");
    assertThat(run.out()).as("no plan printed").isEmpty();
  }

  @Test
  void verbosePrintsTheStackTrace() {
    String missing = warehouse.resolve("no_such_table").toString();

    Run run = run("--verbose", "plan", missing);

    assertThat(run.exitCode()).as("Floe failure exit code").isEqualTo(FAILED);
    assertThat(run.err()).as("message first").startsWith("floe: ").contains(missing);
    assertThat(run.err()).as("stack trace under --verbose").contains("\tat dev.floe.");
  }

  @Test
  void verboseSaysWhereTheTimeWentOnStandardError() throws IOException {
    Path table = emptyTable();

    Run plan = run("plan", table.toString(), "--verbose");
    Run explain = run("explain", table.toString(), "--verbose");

    assertThat(plan.exitCode()).as("plan succeeds").isEqualTo(OK);
    assertThat(plan.err())
        .as("plan's timings")
        .matches(
            "floe: main took \\d+ ms: table loaded in \\d+ ms, 0 tasks planned in \\d+ ms,"
                + " output written in \\d+ ms\\R");
    assertThat(plan.out()).as("the plan stays clean JSON").doesNotContain("main took");
    assertThat(explain.err())
        .as("explain's timings")
        .matches(
            "floe: main took \\d+ ms: table loaded in \\d+ ms, planned and explained in \\d+"
                + " ms\\R");
    assertThat(run("plan", table.toString()).err()).as("no timings without --verbose").isEmpty();
  }

  @Test
  void planOfATableWithoutSnapshotsPrintsAnEmptyPlan() throws IOException {
    Path table = emptyTable();

    Run run = run("plan", table.toString());

    assertThat(run.err()).as("nothing on stderr").isEmpty();
    assertThat(run.exitCode()).as("success").isEqualTo(OK);
    JsonNode plan = new ObjectMapper().readTree(run.out());
    assertThat(plan.path("plan-status").asText()).as("plan status").isEqualTo("completed");
    assertThat(plan.path("file-scan-tasks").isArray()).as("tasks array").isTrue();
    assertThat(plan.path("file-scan-tasks")).as("no snapshot, no tasks").isEmpty();
    assertThat(plan.path("delete-files")).as("no deletes").isEmpty();
  }

  @Test
  void planWithSplitSizeAndAMetadataFileSucceeds() throws IOException {
    Path metadataFile = emptyTable().resolve("metadata").resolve("v1.metadata.json");

    Run run = run("plan", metadataFile.toString(), "--split-size", "1024");

    assertThat(run.err()).as("nothing on stderr").isEmpty();
    assertThat(run.exitCode()).as("success").isEqualTo(OK);
    assertThat(run.out()).as("plan JSON").contains("\"plan-status\" : \"completed\"");
  }

  @Test
  void unknownRefFailsWithItsName() throws IOException {
    Run run = run("plan", emptyTable().toString(), "--ref", "no_such_tag");

    assertThat(run.exitCode()).as("Floe failure exit code").isEqualTo(FAILED);
    assertThat(run.err()).as("message names the ref").startsWith("floe: ").contains("no_such_tag");
    assertThat(run.out()).as("no plan printed").isEmpty();
  }

  @Test
  void unknownSnapshotFailsWithItsId() throws IOException {
    Run run = run("plan", emptyTable().toString(), "--snapshot-id", "424242");

    assertThat(run.exitCode()).as("Floe failure exit code").isEqualTo(FAILED);
    assertThat(run.err()).as("message names the snapshot").startsWith("floe: ").contains("424242");
  }

  @Test
  void localPathsAreMadeAbsoluteAndUrisKept() {
    assertThat(FloeCli.absoluteLocation("demo-warehouse/db/events"))
        .as("relative path resolved against the working directory")
        .isEqualTo(Path.of("demo-warehouse/db/events").toAbsolutePath().toString());
    assertThat(FloeCli.absoluteLocation("/lake/db/../db/events"))
        .as("absolute path normalized")
        .isEqualTo("/lake/db/events");
    assertThat(FloeCli.absoluteLocation("s3a://bucket/db/events"))
        .as("URI kept as given")
        .isEqualTo("s3a://bucket/db/events");
    assertThat(FloeCli.absoluteLocation("file:/lake/db/events/metadata/v1.metadata.json"))
        .as("file URI kept as given")
        .isEqualTo("file:/lake/db/events/metadata/v1.metadata.json");
  }

  @Test
  void maxSkippedAppliesOnlyToExplain() {
    assertUsageError(
        run("plan", tablePath(), "--max-skipped", "5"), "--max-skipped applies only to explain");
    assertUsageError(
        run("explain", tablePath(), "--max-skipped", "-1"), "--max-skipped must be a number");
  }

  @Test
  void filterGivenTwiceIsAUsageError() {
    assertUsageError(
        run("plan", tablePath(), "--filter-json", "true", "--filter-json", "false"),
        "--filter-json is given twice");
  }

  @Test
  void unknownOptionOfExplainNamesTheCommand() {
    assertUsageError(
        run("explain", tablePath(), "--nope", "1"), "unknown option '--nope' for explain");
  }

  @Test
  void explainOfATableWithoutSnapshotsPrintsAnEmptyReport() throws IOException {
    Run run =
        run(
            "explain",
            emptyTable().toString(),
            "--filter-json",
            "{\"type\":\"gt\",\"term\":\"id\",\"value\":5}");

    assertThat(run.err()).as("nothing on stderr").isEmpty();
    assertThat(run.exitCode()).as("success").isEqualTo(OK);
    assertThat(run.out())
        .as("the report names the bound filter and says there is no snapshot")
        .contains("filter    id > 5")
        .contains("snapshot  none: the table has no snapshot")
        .contains("result                 0 data files, 0 bytes, 0 records");
  }

  @Test
  void filterOnAMissingColumnFailsWithTheColumnAndTable() throws IOException {
    Path table = emptyTable();

    Run run =
        run(
            "plan",
            table.toString(),
            "--filter-json",
            "{\"type\":\"eq\",\"term\":\"nope\",\"value\":5}");

    assertThat(run.exitCode()).as("Floe failure exit code").isEqualTo(FAILED);
    assertThat(run.err())
        .as("message names the column and the table")
        .contains("'nope'")
        .contains(table.toString());
  }

  @Test
  void filterFileIsReadAndAMissingOneNamed() throws IOException {
    Path filter = warehouse.resolve("filter.json");
    Files.writeString(filter, "{\"type\":\"is-null\",\"term\":\"id\"}");

    Run fromFile = run("explain", emptyTable().toString(), "--filter-json", filter.toString());
    Run missing =
        run(
            "plan",
            emptyTable().toString(),
            "--filter-json",
            warehouse.resolve("no.json").toString());

    assertThat(fromFile.exitCode()).as("success").isEqualTo(OK);
    assertThat(fromFile.out())
        .as("is-null on a required column binds to false")
        .contains("filter    false");
    assertThat(missing.exitCode()).as("Floe failure exit code").isEqualTo(FAILED);
    assertThat(missing.err())
        .as("message names the file and says what to give")
        .contains("Cannot read the filter file " + warehouse.resolve("no.json"))
        .contains("REST expression JSON");
  }

  @Test
  void malformedFilterJsonIsAFailureNamingTheOption() throws IOException {
    Run run = run("plan", emptyTable().toString(), "--filter-json", "{\"type\":\"between\"}");

    assertThat(run.exitCode()).as("Floe failure exit code").isEqualTo(FAILED);
    assertThat(run.err()).as("message says where the filter came from").contains("--filter-json");
  }

  /** A v2 table directory whose only metadata file has a schema and no snapshot. */
  private Path emptyTable() throws IOException {
    return EmptyTableFixture.write(warehouse);
  }

  private String tablePath() {
    return warehouse.resolve("t").toString();
  }

  private static void assertUsageError(Run run, String message) {
    assertThat(run.exitCode()).as("usage error exit code for: %s", message).isEqualTo(USAGE_ERROR);
    assertThat(run.err()).as("complaint on stderr").contains(message);
    assertThat(run.err()).as("usage text follows the complaint").contains("Usage:");
    assertThat(run.out()).as("nothing on stdout").isEmpty();
  }
}
