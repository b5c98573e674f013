package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.FileReadException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Proof that a pushed count reads no data file: tables with deletion vectors (v3) and with position
 * delete files (v2) whose data files were removed after the deletes were written, keeping their
 * metadata and delete files. Floe's {@code count(*)} still equals the count Iceberg made before the
 * removal, answered from manifests and delete files; reading the rows fails, naming a missing data
 * file.
 */
class TestFloeAggregatePushdownWithoutDataFiles {
  private final SparkSession spark = SharedSpark.get().session();

  static Stream<PushdownFixtures.TableWithoutDataFiles> tables() {
    return PushdownFixtures.withoutDataFiles().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tables")
  void countNeedsNoDataFile(PushdownFixtures.TableWithoutDataFiles table) {
    Dataset<Row> counted = floe(table).agg(functions.count("*"));
    long count = counted.collectAsList().get(0).getLong(0);
    ScanDescription description = ScanDescription.ofExecuted(counted, table.name());

    assertThat(count)
        .as("Floe's count of %s without its data files", table)
        .isEqualTo(table.liveRows());
    assertThat(description.aggregateFiles().read())
        .as("data files of %s Floe read for the count: %s", table, description)
        .isZero();
    assertThat(description.aggregateFiles().total())
        .as("data files of %s Floe answered for: %s", table, description)
        .isEqualTo(table.removedDataFiles().size());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tables")
  void readingRowsNamesAMissingDataFile(PushdownFixtures.TableWithoutDataFiles table) {
    String anyRemovedFile =
        table.removedDataFiles().stream()
            .map(path -> Pattern.quote(path.substring(path.lastIndexOf('/') + 1)))
            .collect(Collectors.joining("|", "(?s).*(", ").*"));

    assertThatThrownBy(() -> floe(table).collectAsList())
        .as("reading the rows of %s without its data files", table)
        .hasMessageMatching(anyRemovedFile)
        .satisfies(
            failure ->
                assertThat(causes(failure))
                    .as("causes of the failed read of %s", table)
                    .anySatisfy(
                        cause ->
                            assertThat(cause)
                                .isInstanceOf(FileReadException.class)
                                .hasMessageMatching(anyRemovedFile)));
  }

  private Dataset<Row> floe(PushdownFixtures.TableWithoutDataFiles table) {
    return spark.read().format("floe").load(table.location().toString());
  }

  private static List<Throwable> causes(Throwable failure) {
    List<Throwable> chain = new ArrayList<>();
    Throwable cause = failure;
    while (cause != null && !chain.contains(cause)) {
      chain.add(cause);
      cause = cause.getCause();
    }
    return chain;
  }
}
