package dev.floe.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.columnar.InMemoryRelation;
import org.apache.spark.storage.RDDInfo;
import org.apache.spark.storage.StorageLevel;

/**
 * The lineitem suite's floor ({@link BenchmarkReader#IN_MEMORY}): one table at a time, read with
 * Spark's Parquet reader into Spark's in-memory columnar cache (MEMORY_ONLY) and counted, so a
 * query timed on it costs Spark's operators and no decoding of Parquet. The cache is taken before
 * the first timed query on a table and dropped when the suite moves to another table, so it holds
 * the heap only while its own table's cases run.
 *
 * <p>A floor that is not all in memory would time decoding after all, so every partition must be
 * cached (MEMORY_ONLY recomputes, silently, what did not fit); and no other reader's query may be
 * answered from the cache, which the floor's own read option ensures and {@link #rows} checks.
 */
final class MemoryFloor implements AutoCloseable {
  private final SparkSession spark;
  private DeleteBenchmarkTable table;
  private Dataset<Row> cached;

  MemoryFloor(SparkSession spark) {
    this.spark = spark;
  }

  /**
   * The table's rows in memory, cached and counted now unless they already are.
   *
   * @throws IllegalStateException when the table has deletes, not every row stayed in memory, or
   *     Spark's Parquet reader would read from the cache
   */
  Dataset<Row> rows(DeleteBenchmarkTable wanted) {
    if (wanted == table) {
      return cached;
    }
    if (wanted.hasDeletes()) {
      throw new IllegalStateException(
          "The in-memory floor reads the data files, without deletes: not " + wanted.label());
    }
    release();
    table = wanted;
    cached =
        BenchmarkReader.IN_MEMORY
            .load(spark, wanted.fixture(), wanted.dataFiles())
            .persist(StorageLevel.MEMORY_ONLY());
    long rows = cached.count();
    if (rows != wanted.fixture().rowCount()) {
      throw new IllegalStateException(
          String.format(
              Locale.ROOT,
              "The in-memory floor of %s counted %,d rows, not %,d",
              wanted.fixture().name(),
              rows,
              wanted.fixture().rowCount()));
    }
    requireAllInMemory(wanted.fixture().name());
    LogicalPlan parquetPlan =
        BenchmarkReader.SPARK_PARQUET
            .load(spark, wanted.fixture(), wanted.dataFiles())
            .queryExecution()
            .withCachedData();
    if (readsCache(parquetPlan) || !readsCache(cached.queryExecution().withCachedData())) {
      throw new IllegalStateException(
          "The in-memory floor of "
              + wanted.fixture().name()
              + " is not its own: Spark's Parquet reader would read it, or it would not");
    }
    return cached;
  }

  /** Drops the cache unless it holds {@code next}, the table of the case to come. */
  void keepOnly(DeleteBenchmarkTable next) {
    if (table != null && table != next) {
      release();
    }
  }

  /** Drops the cache, waiting until its blocks are gone. */
  void release() {
    if (cached != null) {
      cached.unpersist(true);
    }
    cached = null;
    table = null;
  }

  @Override
  public void close() {
    release();
  }

  /** Every cached RDD of the session (the floor's alone) has every partition in memory. */
  private void requireAllInMemory(String name) {
    RDDInfo[] infos = spark.sparkContext().getRDDStorageInfo();
    List<String> partial = new ArrayList<>();
    for (RDDInfo info : infos) {
      if (info.numCachedPartitions() != info.numPartitions() || info.diskSize() > 0) {
        partial.add(
            String.format(
                Locale.ROOT,
                "%s: %d of %d partitions in memory, %,d bytes on disk",
                info.name(),
                info.numCachedPartitions(),
                info.numPartitions(),
                info.diskSize()));
      }
    }
    if (infos.length == 0 || !partial.isEmpty()) {
      throw new IllegalStateException(
          "The in-memory floor of "
              + name
              + " does not fit in memory (MEMORY_ONLY): "
              + (infos.length == 0 ? "nothing was cached" : String.join("; ", partial))
              + "; give the JVM more heap (bench.lineitem.heap)");
    }
  }

  private static boolean readsCache(LogicalPlan plan) {
    if (plan instanceof InMemoryRelation) {
      return true;
    }
    scala.collection.Iterator<LogicalPlan> children = plan.children().iterator();
    while (children.hasNext()) {
      if (readsCache(children.next())) {
        return true;
      }
    }
    return false;
  }
}
