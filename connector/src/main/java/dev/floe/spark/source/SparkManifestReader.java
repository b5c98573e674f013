package dev.floe.spark.source;

import dev.floe.FileReadException;
import dev.floe.FloeException;
import dev.floe.scan.codec.EncodedManifestReader;
import dev.floe.spark.exec.FileIOBroadcast;
import dev.floe.table.LoadedTable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.SparkSession;

/**
 * Reads a plan's manifests on Spark's executors: one Spark job over the encoded manifests, sliced
 * into at most {@value #TASKS_PER_SLOT} tasks per slot so that a few large manifests do not hold up
 * the rest; each task loads the table from its metadata file (once per executor, through the
 * executor's metadata cache, bounded by the scan's {@code metadata-cache-size} as the driver's is,
 * which also keeps the manifests it read for the next query) and returns only the entries that
 * survived pruning. {@code collect} keeps the tasks' order and each task its manifests' order, so
 * outcomes come back in manifest-list order.
 *
 * <p>Spark is found when a plan asks, not when the scan is made: a scan that plans locally never
 * touches it. A local master has no executors apart from the driver ({@link #remoteParallelism()}
 * is 0): its task threads are the driver's cores, which the planning threads already use, so {@code
 * auto} plans there locally (Iceberg counts the local master's slots and may not); {@code
 * distributed} still runs the job, on the driver's task threads.
 */
final class SparkManifestReader extends EncodedManifestReader {
  private static final int TASKS_PER_SLOT = 4;

  /** The local property Spark's UI shows as a job's description. */
  private static final String JOB_DESCRIPTION = "spark.job.description";

  private final LoadedTable table;
  private final long metadataCacheBytes;

  SparkManifestReader(LoadedTable table, long metadataCacheBytes) {
    this.table = table;
    this.metadataCacheBytes = metadataCacheBytes;
  }

  @Override
  public int remoteParallelism() {
    SparkContext context = SparkSession.active().sparkContext();
    return context.isLocal() ? 0 : context.defaultParallelism();
  }

  @Override
  protected List<byte[]> run(byte[] job, List<byte[]> manifests) {
    SparkSession spark = SparkSession.active();
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    int tasks =
        Math.max(1, Math.min(manifests.size(), TASKS_PER_SLOT * context.defaultParallelism()));
    String description = context.getLocalProperty(JOB_DESCRIPTION);
    context.setJobDescription(
        "Floe: read " + manifests.size() + " manifests of " + table.name() + " to plan a scan");
    try {
      return context
          .parallelize(manifests, tasks)
          .mapPartitions(
              new ManifestReadFunction(
                  FileIOBroadcast.of(spark, table.io()), job, metadataCacheBytes))
          .collect();
    } catch (Exception failure) {
      // Spark's own exception is checked (SparkException), though Scala declares nothing
      throw floeCause(failure);
    } finally {
      context.setLocalProperty(JOB_DESCRIPTION, description);
    }
  }

  /**
   * What a task threw, as Spark hands it back inside its own exception: the Floe error that names
   * the manifest and what is wrong with it, else the job's failure wrapped with the table.
   */
  private RuntimeException floeCause(Exception failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof FloeException floe) {
        return floe;
      }
    }
    return new FileReadException(
        "Cannot read the manifests of table "
            + table.name()
            + " on the executors: "
            + failure.getMessage(),
        failure);
  }

  /** The executors' half: a task's manifests read with {@link EncodedManifestReader#execute}. */
  private static final class ManifestReadFunction
      implements FlatMapFunction<Iterator<byte[]>, byte[]> {
    private static final long serialVersionUID = 1L;

    private final FileIOBroadcast io;
    private final byte[] job;
    private final long metadataCacheBytes;

    ManifestReadFunction(FileIOBroadcast io, byte[] job, long metadataCacheBytes) {
      this.io = io;
      this.job = job;
      this.metadataCacheBytes = metadataCacheBytes;
    }

    @Override
    public Iterator<byte[]> call(Iterator<byte[]> manifests) {
      List<byte[]> batch = new ArrayList<>();
      manifests.forEachRemaining(batch::add);
      return EncodedManifestReader.execute(
              job, batch, io.value(), SharedMetadataCache.bounded(metadataCacheBytes))
          .iterator();
    }
  }
}
