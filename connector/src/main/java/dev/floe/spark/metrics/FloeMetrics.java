package dev.floe.spark.metrics;

import dev.floe.aggregate.AggregatePlan;
import dev.floe.scan.ScanReport;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The metrics a Floe scan shows in Spark's UI. Spark instantiates each by its class name, so each
 * is a public class with a public no-argument constructor.
 */
public final class FloeMetrics {
  static final String TOTAL_DATA_MANIFESTS = "totalDataManifests";
  static final String SKIPPED_DATA_MANIFESTS = "skippedDataManifests";
  static final String LIVE_DATA_FILES = "liveDataFiles";
  static final String SKIPPED_DATA_FILES = "skippedDataFiles";
  static final String RESULT_DATA_FILES = "resultDataFiles";
  static final String ATTACHED_DELETE_FILES = "attachedDeleteFiles";
  static final String PLANNING_TIME = "planningTimeMs";
  static final String METADATA_FROM_CACHE = "metadataFilesFromCache";
  static final String METADATA_FROM_STORAGE = "metadataFilesFromStorage";
  static final String METADATA_BYTES_READ = "metadataBytesRead";
  public static final String SPLITS_READ = "splitsRead";
  public static final String BATCHES_READ = "batchesRead";
  public static final String DELETED_ROWS = "deletedRows";
  public static final String BYTES_READ = "bytesRead";
  static final String FILES_ANSWERED_FROM_METADATA = "filesAnsweredFromMetadata";
  static final String TASK_GROUPS = "taskGroups";
  static final String TARGET_SIZE = "splitTargetSize";

  private FloeMetrics() {}

  public static CustomMetric[] supported() {
    return new CustomMetric[] {
      new TotalDataManifests(),
      new SkippedDataManifests(),
      new LiveDataFiles(),
      new SkippedDataFiles(),
      new ResultDataFiles(),
      new AttachedDeleteFiles(),
      new PlanningTime(),
      new MetadataFromCache(),
      new MetadataFromStorage(),
      new MetadataBytesRead(),
      new SplitsRead(),
      new BatchesRead(),
      new DeletedRows(),
      new BytesRead(),
      new FilesAnsweredFromMetadata(),
      new TaskGroups(),
      new TargetSize()
    };
  }

  public static CustomTaskMetric[] driverValues(ScanReport report) {
    return new CustomTaskMetric[] {
      new Value(TOTAL_DATA_MANIFESTS, report.dataManifests().total()),
      new Value(
          SKIPPED_DATA_MANIFESTS, report.dataManifests().total() - report.dataManifests().read()),
      new Value(LIVE_DATA_FILES, report.dataFiles().live()),
      new Value(
          SKIPPED_DATA_FILES,
          report.dataFiles().skippedByPartition() + report.dataFiles().skippedByMetrics()),
      new Value(RESULT_DATA_FILES, report.resultFiles()),
      new Value(ATTACHED_DELETE_FILES, report.deleteFilesAttached().total()),
      new Value(PLANNING_TIME, report.planningTime().toMillis()),
      new Value(METADATA_FROM_CACHE, report.metadataReads().fromCache()),
      new Value(METADATA_FROM_STORAGE, report.metadataReads().fromStorage()),
      new Value(METADATA_BYTES_READ, report.metadataReads().bytesRead())
    };
  }

  /**
   * {@link #driverValues(ScanReport)}, and the task groups the splits were packed into with the
   * target weight they were filled to.
   */
  public static CustomTaskMetric[] driverValues(
      ScanReport report, int taskGroups, long targetSize) {
    CustomTaskMetric[] planning = driverValues(report);
    CustomTaskMetric[] values = java.util.Arrays.copyOf(planning, planning.length + 2);
    values[planning.length] = new Value(TASK_GROUPS, taskGroups);
    values[planning.length + 1] = new Value(TARGET_SIZE, targetSize);
    return values;
  }

  /** {@link #driverValues(ScanReport)}, and how many files a pushed aggregate answered unread. */
  public static CustomTaskMetric[] driverValues(ScanReport report, AggregatePlan aggregate) {
    CustomTaskMetric[] planning = driverValues(report);
    CustomTaskMetric[] values = java.util.Arrays.copyOf(planning, planning.length + 1);
    values[planning.length] =
        new Value(FILES_ANSWERED_FROM_METADATA, aggregate.filesFromMetadata());
    return values;
  }

  /** One metric's value, as a task or the driver reports it. */
  public record Value(String name, long value) implements CustomTaskMetric {}

  /** Manifest lists and manifests the plan took from the driver's metadata cache. */
  public static final class MetadataFromCache extends CustomSumMetric {
    @Override
    public String name() {
      return METADATA_FROM_CACHE;
    }

    @Override
    public String description() {
      return "manifest lists and manifests from the metadata cache";
    }
  }

  /** Manifest lists and manifests the plan read from storage. */
  public static final class MetadataFromStorage extends CustomSumMetric {
    @Override
    public String name() {
      return METADATA_FROM_STORAGE;
    }

    @Override
    public String description() {
      return "manifest lists and manifests read from storage";
    }
  }

  /** Bytes of manifest lists and manifests the plan read from storage. */
  public static final class MetadataBytesRead extends CustomSumMetric {
    @Override
    public String name() {
      return METADATA_BYTES_READ;
    }

    @Override
    public String description() {
      return "metadata bytes read while planning";
    }
  }

  /** Data manifests in the manifest list. */
  public static final class TotalDataManifests extends CustomSumMetric {
    @Override
    public String name() {
      return TOTAL_DATA_MANIFESTS;
    }

    @Override
    public String description() {
      return "total data manifests";
    }
  }

  /** Data manifests never opened: no live files, or partition summaries rule them out. */
  public static final class SkippedDataManifests extends CustomSumMetric {
    @Override
    public String name() {
      return SKIPPED_DATA_MANIFESTS;
    }

    @Override
    public String description() {
      return "skipped data manifests";
    }
  }

  /** Live data files in the manifests read. */
  public static final class LiveDataFiles extends CustomSumMetric {
    @Override
    public String name() {
      return LIVE_DATA_FILES;
    }

    @Override
    public String description() {
      return "live data files in manifests read";
    }
  }

  /** Data files pruned by partition or by column metrics. */
  public static final class SkippedDataFiles extends CustomSumMetric {
    @Override
    public String name() {
      return SKIPPED_DATA_FILES;
    }

    @Override
    public String description() {
      return "skipped data files";
    }
  }

  /** Data files left to read. */
  public static final class ResultDataFiles extends CustomSumMetric {
    @Override
    public String name() {
      return RESULT_DATA_FILES;
    }

    @Override
    public String description() {
      return "result data files";
    }
  }

  /** Delete files attached to the data files left to read. */
  public static final class AttachedDeleteFiles extends CustomSumMetric {
    @Override
    public String name() {
      return ATTACHED_DELETE_FILES;
    }

    @Override
    public String description() {
      return "attached delete files";
    }
  }

  /** Time spent planning on the driver. */
  public static final class PlanningTime extends CustomSumMetric {
    @Override
    public String name() {
      return PLANNING_TIME;
    }

    @Override
    public String description() {
      return "planning time (ms)";
    }
  }

  /** Splits opened by readers. */
  public static final class SplitsRead extends CustomSumMetric {
    @Override
    public String name() {
      return SPLITS_READ;
    }

    @Override
    public String description() {
      return "splits read";
    }
  }

  /** Columnar batches produced by readers. */
  public static final class BatchesRead extends CustomSumMetric {
    @Override
    public String name() {
      return BATCHES_READ;
    }

    @Override
    public String description() {
      return "batches read";
    }
  }

  /**
   * Rows that row-level deletes removed while reading (or marked, when {@code _deleted} is read).
   */
  public static final class DeletedRows extends CustomSumMetric {
    @Override
    public String name() {
      return DELETED_ROWS;
    }

    @Override
    public String description() {
      return "rows deleted by row-level deletes";
    }
  }

  /**
   * Bytes the readers got back from storage: data files, delete files and deletion vectors, as
   * read, so a scan that projects few columns of a Parquet file reads less than the file.
   */
  public static final class BytesRead extends CustomSumMetric {
    @Override
    public String name() {
      return BYTES_READ;
    }

    @Override
    public String description() {
      return "bytes read from storage";
    }
  }

  /** Data files a pushed aggregate answered from their manifest entries, without opening them. */
  public static final class FilesAnsweredFromMetadata extends CustomSumMetric {
    @Override
    public String name() {
      return FILES_ANSWERED_FROM_METADATA;
    }

    @Override
    public String description() {
      return "data files answered from metadata";
    }
  }

  /** Task groups (Spark input partitions) the planned splits were packed into. */
  public static final class TaskGroups extends CustomSumMetric {
    @Override
    public String name() {
      return TASK_GROUPS;
    }

    @Override
    public String description() {
      return "task groups planned";
    }
  }

  /**
   * The weight in bytes each task group was filled to: the split target size, or less when a small
   * scan shrank it to give every Spark slot a group.
   */
  public static final class TargetSize extends CustomSumMetric {
    @Override
    public String name() {
      return TARGET_SIZE;
    }

    @Override
    public String description() {
      return "split target size (bytes)";
    }
  }
}
