package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * Floe's reads on Spark 4.2, which Apache Iceberg ships no Spark runtime for, against Iceberg on
 * Spark 4.1: the Spark 4.1 suite, earlier in the same build, writes the read and delete matrices'
 * tables with Iceberg's 4.1 runtime into a warehouse it keeps, and records the schema and rows of
 * every matrix read on which Floe matched Iceberg there ({@link AnswerLog}). Floe on Spark 4.2
 * reads the same tables and must return exactly those: every query, at every snapshot, with the
 * same read options.
 */
class TestFloeReadsTablesWrittenOnSpark41 {
  /** Fewer tables than the matrices hold means the 4.1 suite ran only part of them. */
  private static final int TABLES_AT_LEAST = 40;

  private static List<RecordedRead> recorded;
  private static SparkSession spark;

  @BeforeAll
  static void loadTheAnswersOfSpark41() {
    String property = "floe.reference.answers";
    Path answers = Path.of(System.getProperty(property, ""));
    assertThat(Files.isRegularFile(answers))
        .as(
            "answers recorded by the Spark 4.1 suite at %s (%s, set by src-test/spark-4.2/pom.xml):"
                + " mvn -B -pl src-test/spark-4.2 -am verify runs that suite first",
            answers, property)
        .isTrue();
    recorded = RecordedRead.read(answers);
    spark = SharedSpark.floeOnly();
  }

  @AfterAll
  static void stop() {
    if (spark != null) {
      spark.stop();
    }
  }

  @TestFactory
  Stream<DynamicNode> floeOnSpark42ReturnsWhatIcebergAndFloeReturnOnSpark41() {
    assertThat(spark.version()).as("the Spark this suite runs on").startsWith("4.2.");
    assertThat(recorded.stream().map(RecordedRead::matrix).distinct().sorted())
        .as("the matrices recorded on Spark 4.1")
        .containsExactly("delete", "read");
    Map<String, List<RecordedRead>> byTable = new LinkedHashMap<>();
    recorded.forEach(
        read -> byTable.computeIfAbsent(read.table(), t -> new ArrayList<>()).add(read));
    assertThat(byTable).as("tables recorded on Spark 4.1").hasSizeGreaterThan(TABLES_AT_LEAST);
    return byTable.entrySet().stream()
        .map(
            table ->
                dynamicContainer(
                    table.getKey(),
                    table.getValue().stream()
                        .map(read -> dynamicTest(read.label(), () -> check(read)))));
  }

  private static void check(RecordedRead read) {
    Dataset<Row> rows = TableReader.FLOE.read(spark, read.fixture(), read.query(), read.options());
    assertThat(TableReader.FLOE.schemaOf(rows))
        .as("schema of %s", read.label())
        .isEqualTo(read.schema());
    assertThat(ReadResult.of(rows).rowDifferences(read.answer()))
        .as("rows of %s", read.label())
        .isEmpty();
    if (read.query().isFullScan()) {
      // count() asks for no column at all: deletes must still apply.
      assertThat(rows.count()).as("count of %s", read.label()).isEqualTo(read.rowCount());
    }
  }
}
