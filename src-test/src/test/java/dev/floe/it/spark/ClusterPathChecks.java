package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Tables named as a user may name them on the driver: by a path relative to the driver's working
 * directory (the executors work in another), by a {@code file:} URI with a relative path, and
 * through a symbolic link. The table and its {@code files} and {@code entries} metadata tables,
 * which executors read from the metadata file's location, equal Iceberg's.
 */
abstract class ClusterPathChecks {
  private final SparkSession spark;
  private final ClusterFixtures fixtures;

  ClusterPathChecks(LocalCluster cluster) {
    this.spark = cluster.spark().session();
    this.fixtures = ClusterFixtures.writtenWith(cluster.spark());
  }

  /** How the user names the table. */
  enum Naming {
    RELATIVE_PATH,
    FILE_URI_OF_A_RELATIVE_PATH,
    SYMBOLIC_LINK
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Naming.class)
  void tableNamedThisWayMatchesIceberg(Naming naming) {
    String table = ClusterFixtures.POSITION_DELETES;
    String location = location(naming, table);
    Dataset<Row> rows = spark.read().format("floe").load(location);
    ClusterReadChecks.assertSameRows(
        table + " by " + naming + " " + location,
        rows,
        table,
        () -> spark.table(ClusterFixtures.identifier(table)));
    for (String name : new String[] {"files", "entries"}) {
      String what = table + "." + name;
      MetadataTableComparison.assertMatches(
          what + " by " + naming + " " + location,
          spark.read().format("floe").load(location + "#" + name),
          IcebergAnswers.of(
              what,
              () ->
                  MetadataTableComparison.expected(
                      spark.table(ClusterFixtures.identifier(table) + "." + name))));
    }
  }

  private String location(Naming naming, String table) {
    Path workingDirectory = Paths.get("").toAbsolutePath();
    Path relative = workingDirectory.relativize(fixtures.location(table));
    assertThat(relative.toString())
        .as("the warehouse lies under the working directory")
        .doesNotStartWith("..");
    switch (naming) {
      case RELATIVE_PATH:
        return relative.toString();
      case FILE_URI_OF_A_RELATIVE_PATH:
        return "file:" + relative;
      case SYMBOLIC_LINK:
        return symbolicLinkToDatabase() + "/" + table;
    }
    throw new IllegalStateException("Not a naming: " + naming);
  }

  /** {@code target/cluster-link} pointing at the warehouse's database directory. */
  private Path symbolicLinkToDatabase() {
    Path link = fixtures.warehouse().resolveSibling("cluster-link");
    try {
      if (!Files.isSymbolicLink(link)) {
        Files.createSymbolicLink(link, fixtures.warehouse().resolve(FixtureWriter.DATABASE));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot link " + link, e);
    }
    return link;
  }
}
