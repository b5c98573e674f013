package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A join of a partitioned fact table with a small, filtered dimension table (broadcast): Spark
 * hands Floe's fact scan the dimension's join keys at run time, and Floe drops the planned files
 * that cannot hold them, by partition value on the partition column and by column bounds on a
 * column whose values cluster by file. The rows equal Apache Iceberg's; the fact scan reports the
 * splits before and after runtime filtering.
 *
 * <p>Spark adds a runtime filter only when the dimension side keeps a selective {@code Filter} in
 * the optimized plan, and its rule runs after filters are pushed into scans. A dimension predicate
 * Floe evaluates exactly ({@code d.label = ...}) leaves no {@code Filter} on a Floe dimension, so
 * Spark plans no runtime filter there: those joins check rows only. With one only Spark evaluates
 * ({@code upper(d.label) = ...}) the filter reaches the fact scan. With Spark's default {@code
 * reuseBroadcastOnly=true}, Spark keeps a runtime filter only when it can reuse the join's
 * broadcast exchange for it, which needs the dimension's scan to equal itself across plan copies;
 * with {@code false}, Spark runs the dimension's filter as a subquery of its own.
 */
class TestFloeRuntimeFiltering {
  private static final String FACT = "pushdown_fact";

  private final SparkSession spark = SharedSpark.get().session();

  @ParameterizedTest(
      name =
          "join on {0} where {1}, broadcast reuse only {2}, Spark keeps the dimension filter {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        "k | d.label = 'partition-one'               | true  | false",
        "c | d.label = 'range-two'                   | true  | false",
        "k | upper(d.label) = 'PARTITION-ONE'        | true  | true",
        "c | upper(d.label) = 'RANGE-TWO'            | true  | true",
        "k | d.label = 'partition-one'               | false | false",
        "c | d.label = 'range-two'                   | false | false",
        "k | upper(d.label) = 'PARTITION-ONE'        | false | true",
        "c | upper(d.label) = 'RANGE-TWO'            | false | true"
      })
  void joinPrunesFactFilesAtRunTime(
      String key, String dimensionFilter, String reuseBroadcastOnly, boolean sparkKeepsFilter) {
    PushdownFixtures.starSchema();
    CatalogFixture.get();
    String query =
        "SELECT f.id, f.k, f.c, f.payload, d.label FROM %s."
            + FixtureWriter.DATABASE
            + "."
            + FACT
            + " f JOIN %s."
            + FixtureWriter.DATABASE
            + ".pushdown_dimension d ON f."
            + key
            + " = d."
            + key
            + " WHERE "
            + dimensionFilter;
    String floeQuery = String.format(query, CatalogFixture.FLOE, CatalogFixture.FLOE);
    Map<String, String> before = setSessionConfs(joinConfs(reuseBroadcastOnly));
    try {
      ReadResult expected =
          ReadResult.of(spark.sql(String.format(query, SharedSpark.CATALOG, SharedSpark.CATALOG)));
      Dataset<String> joined = spark.sql(floeQuery).toJSON();
      ReadResult actual = new ReadResult(expected.schema(), joined.collectAsList());
      long splits = (long) PushdownFixtures.FACT_PARTITIONS * PushdownFixtures.FACT_RANGES;
      // One file, one split: a partition holds a file per range; a range a file per partition.
      long kept = key.equals("k") ? PushdownFixtures.FACT_RANGES : PushdownFixtures.FACT_PARTITIONS;

      assertThat(expected.rows()).as("Iceberg's rows of %s", floeQuery).isNotEmpty();
      assertThat(actual.rowDifferences(expected)).as("rows of %s", floeQuery).isEmpty();
      if (!sparkKeepsFilter) {
        return;
      }
      ScanDescription description = ScanDescription.ofExecuted(joined, FACT);
      assertThat(description.runtimeFiltered())
          .as("fact splits Floe kept at run time for %s: %s", floeQuery, description)
          .isEqualTo(new ScanDescription.RuntimeFiltered(splits, kept));
    } finally {
      setSessionConfs(before);
    }
  }

  private static Map<String, String> joinConfs(String reuseBroadcastOnly) {
    return Map.of(
        "spark.sql.optimizer.dynamicPartitionPruning.enabled",
        "true",
        "spark.sql.optimizer.dynamicPartitionPruning.reuseBroadcastOnly",
        reuseBroadcastOnly,
        "spark.sql.autoBroadcastJoinThreshold",
        "10485760");
  }

  /**
   * Runtime filters on columns whose bounds in older files were written for another type (int
   * before a promotion to long, a narrower decimal), dates before 1970, and a column kept without
   * bounds (metrics mode {@code counts}): pruning by bounds must keep every file that holds a
   * matching row. The dimension predicate is one only Spark evaluates and Spark runs the filter as
   * a subquery of its own ({@code reuseBroadcastOnly=false}), so the runtime filter reaches Floe's
   * scan whatever the two conditions above do.
   */
  @ParameterizedTest(name = "join on {0}")
  @ValueSource(strings = {"i", "amount", "day", "ts_ntz"})
  void runtimeFilterOnEvolvedColumnsKeepsMatchingFiles(String key) {
    String keys = PushdownFixtures.evolvedKeys();
    String fact = PushdownFixtures.evolved().name();
    CatalogFixture.get();
    String query =
        "SELECT f.id, f."
            + key
            + ", d.label FROM %s."
            + FixtureWriter.DATABASE
            + "."
            + fact
            + " f JOIN %s"
            + keys.substring(keys.indexOf('.'))
            + " d ON f."
            + key
            + " = d."
            + key
            + " WHERE upper(d.label) = 'PICK'";
    String floeQuery = String.format(query, CatalogFixture.FLOE, CatalogFixture.FLOE);
    Map<String, String> before = setSessionConfs(joinConfs("false"));
    try {
      ReadResult expected =
          ReadResult.of(spark.sql(String.format(query, SharedSpark.CATALOG, SharedSpark.CATALOG)));
      Dataset<String> joined = spark.sql(floeQuery).toJSON();
      ReadResult actual = new ReadResult(expected.schema(), joined.collectAsList());

      assertThat(expected.rows()).as("Iceberg's rows of %s", floeQuery).hasSize(2);
      assertThat(actual.rowDifferences(expected)).as("rows of %s", floeQuery).isEmpty();
      ScanDescription description = ScanDescription.ofExecuted(joined, fact);
      ScanDescription.RuntimeFiltered filtered = description.runtimeFiltered();
      assertThat(filtered.after())
          .as("fact splits Floe kept joining on %s: %s", key, description)
          .isPositive()
          .isLessThanOrEqualTo(filtered.before());
    } finally {
      setSessionConfs(before);
    }
  }

  /** Sets the confs, returning their values before (null where unset) for a later restore. */
  private Map<String, String> setSessionConfs(Map<String, String> confs) {
    Map<String, String> before = new HashMap<>();
    for (Map.Entry<String, String> conf : confs.entrySet()) {
      before.put(conf.getKey(), spark.conf().get(conf.getKey(), null));
      if (conf.getValue() == null) {
        spark.conf().unset(conf.getKey());
      } else {
        spark.conf().set(conf.getKey(), conf.getValue());
      }
    }
    return before;
  }
}
