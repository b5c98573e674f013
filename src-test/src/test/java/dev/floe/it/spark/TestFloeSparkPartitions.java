package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.it.MetadataOnlyTable;
import java.nio.file.Path;
import java.util.List;
import org.apache.iceberg.Table;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How many Spark partitions a Floe scan has: the splits packed into groups of about the target
 * size, so the count grows with the table (issue 20: Floe gave 2 partitions in {@code local[2]}
 * where Iceberg gave 6,250), and a small table still gets a partition per slot. Counted with {@code
 * rdd().getNumPartitions()}, which plans without reading: the tables are metadata only, their data
 * files do not exist. Compared with Iceberg's own Spark reader on the same tables.
 */
class TestFloeSparkPartitions {
  private static final long MIB = 1024 * 1024;

  @TempDir static Path warehouse;

  private static Table small;
  private static Table large;

  private final SparkSession spark = SharedSpark.get().session();

  @BeforeAll
  static void writeTables() {
    // the 94 MB table of issue 20: 86 files of 1.1 MB, each weighing the 4 MiB open cost
    small = MetadataOnlyTable.write(warehouse, "small", 2, 43, index -> 1_153_434, 0);
    // 2,000 files of 8 MiB: 16,000 MiB, 125 groups of 128 MiB
    large = MetadataOnlyTable.write(warehouse, "large", 20, 100, index -> 8 * MIB, 0);
  }

  @Test
  void aLargeTableHasAPartitionPerTargetSizeAsIcebergsReaderHas() {
    int floe = partitions("floe", large);

    assertThat(floe).isEqualTo(partitions("iceberg", large)).isEqualTo(125);
  }

  @Test
  void aSmallTableHasAtLeastAPartitionPerSlot() {
    int slots = spark.sparkContext().defaultParallelism();

    assertThat(partitions("floe", small))
        .as(
            "344 MiB of weight is 3 groups at 128 MiB, the third read alone: 2 whole waves of"
                + " the %d slots instead, 22 files of 4 MiB a group",
            slots)
        .isEqualTo(4)
        .isGreaterThanOrEqualTo(slots);
  }

  @Test
  void aSmallTableOnManySlotsShrinksItsTargetToTheFloorAsIcebergsReaderDoes() {
    String leafNode = "spark.sql.leafNodeDefaultParallelism";
    String shuffle = "spark.sql.shuffle.partitions";
    String shufflePartitions = spark.conf().get(shuffle);
    try {
      // Floe counts the slots of the scan; Iceberg max(default parallelism, shuffle partitions)
      spark.conf().set(leafNode, "100");
      spark.conf().set(shuffle, "100");
      int floe = partitions("floe", small);

      assertThat(floe)
          .as("344 MiB over 100 slots is under the 16 MiB floor: 4 files a group")
          .isEqualTo(22)
          .isEqualTo(partitions("iceberg", small));
      assertThat(explained(small, ""))
          .contains("partitions=22 targetSize=" + 16 * MIB)
          .contains("splits=86");
      assertThat(explained(small, "split-size"))
          .as("a split size given as a read option is used as given")
          .contains("partitions=3 targetSize=" + 128 * MIB);
      spark.conf().set("spark.floe.read.adaptive-split-size-enabled", "false");
      assertThat(partitions("floe", small)).as("adaptive shrink turned off").isEqualTo(3);
    } finally {
      spark.conf().unset(leafNode);
      spark.conf().unset("spark.floe.read.adaptive-split-size-enabled");
      spark.conf().set(shuffle, shufflePartitions);
    }
  }

  @Test
  void theUiMetricsShowTheTaskGroupsAndTheTargetSize() {
    ReadFixture table = PushdownFixtures.manyFiles();
    Dataset<Row> query =
        spark
            .read()
            .format("floe")
            .option("split-size", "1048576")
            .load(table.location().toString())
            .select("id");
    query.collectAsList();
    BatchScanExec scan = floeScan(query.queryExecution().executedPlan());
    ScanDescription description = new ScanDescription(scan.scan().description());

    assertThat(scan.metrics().get("taskGroups").get().value())
        .as("task groups: %s", description)
        .isEqualTo(query.rdd().getNumPartitions())
        .isPositive();
    assertThat(scan.metrics().get("splitTargetSize").get().value()).isEqualTo(1_048_576L);
    assertThat(description.text()).contains("targetSize=1048576");
  }

  private int partitions(String format, Table table) {
    return spark.read().format(format).load(table.location()).rdd().getNumPartitions();
  }

  /** The Floe scan's description; with {@code option} set to 128 MiB when not empty. */
  private String explained(Table table, String option) {
    var reader = spark.read().format("floe");
    if (!option.isEmpty()) {
      reader = reader.option(option, Long.toString(128 * MIB));
    }
    Dataset<Row> query = reader.load(table.location());
    List<ScanDescription> scans =
        ScanDescription.scanDescriptions(query.queryExecution().executedPlan());
    assertThat(scans).hasSize(1);
    return scans.get(0).text();
  }

  private static BatchScanExec floeScan(SparkPlan plan) {
    if (plan instanceof AdaptiveSparkPlanExec adaptive) {
      return floeScan(adaptive.finalPhysicalPlan());
    }
    if (plan instanceof BatchScanExec scan) {
      return scan;
    }
    for (SparkPlan child : scala.collection.JavaConverters.seqAsJavaList(plan.children())) {
      BatchScanExec found = floeScan(child);
      if (found != null) {
        return found;
      }
    }
    return null;
  }
}
