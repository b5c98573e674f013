package dev.floe.scan;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What one plan read and what each hop pruned, for {@code EXPLAIN}, Spark's UI metrics and {@code
 * bin/floe explain}. Counts cover the whole plan; {@code skipped} lists the first pruned manifests
 * and files with the hop and the conjunct of the filter that pruned them, up to the limit the scan
 * asked for ({@link TableScan#reportSkipped}); {@code unlistedSkips} counts the rest.
 *
 * @param snapshotId the snapshot planned, or null for a table with no snapshot
 * @param filter the filter as bound to the snapshot's schema ({@code true} when none)
 * @param metadataReads which metadata files came from the metadata cache and which from storage
 * @param planning where the data and the delete manifests were read
 */
public record ScanReport(
    String table,
    Long snapshotId,
    int schemaId,
    String filter,
    ManifestPruning dataManifests,
    ManifestPruning deleteManifests,
    EntryPruning dataFiles,
    EntryPruning deleteFiles,
    DeleteFileCounts deleteFilesIndexed,
    DeleteFileCounts deleteFilesAttached,
    long resultFiles,
    long resultBytes,
    long resultRecords,
    Duration planningTime,
    List<SkippedFile> skipped,
    long unlistedSkips,
    MetadataReads metadataReads,
    Planning planning) {

  public ScanReport {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(filter, "filter");
    Objects.requireNonNull(dataManifests, "dataManifests");
    Objects.requireNonNull(deleteManifests, "deleteManifests");
    Objects.requireNonNull(dataFiles, "dataFiles");
    Objects.requireNonNull(deleteFiles, "deleteFiles");
    Objects.requireNonNull(deleteFilesIndexed, "deleteFilesIndexed");
    Objects.requireNonNull(deleteFilesAttached, "deleteFilesAttached");
    Objects.requireNonNull(planningTime, "planningTime");
    Objects.requireNonNull(metadataReads, "metadataReads");
    Objects.requireNonNull(planning, "planning");
    skipped = List.copyOf(skipped);
  }

  /**
   * Metadata files of one hop: how many came from the metadata cache, how many were read from
   * storage, and the bytes read.
   */
  public record FileReads(long fromCache, long fromStorage, long bytesRead) {
    public static final FileReads NONE = new FileReads(0, 0, 0);

    FileReads plus(boolean cached, long bytes) {
      return new FileReads(
          fromCache + (cached ? 1 : 0), fromStorage + (cached ? 0 : 1), bytesRead + bytes);
    }

    @Override
    public String toString() {
      return "[cached=" + fromCache + ", read=" + fromStorage + ", bytesRead=" + bytesRead + "]";
    }
  }

  /** The metadata files a plan read, by hop. */
  public record MetadataReads(
      FileReads manifestList, FileReads dataManifests, FileReads deleteManifests) {
    public static final MetadataReads NONE =
        new MetadataReads(FileReads.NONE, FileReads.NONE, FileReads.NONE);

    public MetadataReads {
      Objects.requireNonNull(manifestList, "manifestList");
      Objects.requireNonNull(dataManifests, "dataManifests");
      Objects.requireNonNull(deleteManifests, "deleteManifests");
    }

    /** Bytes of metadata read from storage by the plan, over all hops. */
    public long bytesRead() {
      return manifestList.bytesRead() + dataManifests.bytesRead() + deleteManifests.bytesRead();
    }

    /** Manifest lists and manifests the metadata cache answered. */
    public long fromCache() {
      return manifestList.fromCache() + dataManifests.fromCache() + deleteManifests.fromCache();
    }

    /** Manifest lists and manifests read from storage. */
    public long fromStorage() {
      return manifestList.fromStorage()
          + dataManifests.fromStorage()
          + deleteManifests.fromStorage();
    }
  }

  /**
   * Where a plan read its data manifests and its delete manifests: {@link PlanningMode#LOCAL} on
   * the planning process's threads, {@link PlanningMode#DISTRIBUTED} on an engine's executors (what
   * {@code auto} chose, never {@code auto} itself). Manifests that were never read (none to read)
   * count as local.
   */
  public record Planning(PlanningMode data, PlanningMode deletes) {
    public static final Planning LOCAL = new Planning(PlanningMode.LOCAL, PlanningMode.LOCAL);

    public Planning {
      Objects.requireNonNull(data, "data");
      Objects.requireNonNull(deletes, "deletes");
      if (data == PlanningMode.AUTO || deletes == PlanningMode.AUTO) {
        throw new IllegalArgumentException("A plan reports the mode auto chose, not auto");
      }
    }

    @Override
    public String toString() {
      return "[data=" + data.modeName() + ", deletes=" + deletes.modeName() + "]";
    }
  }

  /** Manifests of one content in the manifest list, and how many were never opened. */
  public record ManifestPruning(long total, long withoutLiveFiles, long skippedByPartitionSummary) {
    public static final ManifestPruning NONE = new ManifestPruning(0, 0, 0);

    /** Manifests opened and read. */
    public long read() {
      return total - withoutLiveFiles - skippedByPartitionSummary;
    }

    ManifestPruning plus(ManifestPruning other) {
      return new ManifestPruning(
          total + other.total,
          withoutLiveFiles + other.withoutLiveFiles,
          skippedByPartitionSummary + other.skippedByPartitionSummary);
    }
  }

  /** Live entries of the manifests read, and how many were pruned and by which evidence. */
  public record EntryPruning(long live, long skippedByPartition, long skippedByMetrics) {
    public static final EntryPruning NONE = new EntryPruning(0, 0, 0);

    /** Entries that passed both tests. */
    public long kept() {
      return live - skippedByPartition - skippedByMetrics;
    }

    EntryPruning plus(EntryPruning other) {
      return new EntryPruning(
          live + other.live,
          skippedByPartition + other.skippedByPartition,
          skippedByMetrics + other.skippedByMetrics);
    }
  }

  /** Delete files by kind. */
  public record DeleteFileCounts(long positionDeletes, long equalityDeletes, long deletionVectors) {
    public static final DeleteFileCounts NONE = new DeleteFileCounts(0, 0, 0);

    public long total() {
      return positionDeletes + equalityDeletes + deletionVectors;
    }
  }

  /** Where a manifest or file was pruned. */
  public enum Hop {
    /** A data manifest whose partition summaries rule out every partition. */
    DATA_MANIFEST_PARTITION_SUMMARY,
    /** A delete manifest whose partition summaries rule out every partition. */
    DELETE_MANIFEST_PARTITION_SUMMARY,
    /** A data file whose partition tuple cannot match. */
    DATA_FILE_PARTITION,
    /** A data file whose column metrics prove that no row matches. */
    DATA_FILE_METRICS,
    /** A delete file in a partition that cannot match. */
    DELETE_FILE_PARTITION,
    /** A delete file whose column metrics prove that it deletes no matching row. */
    DELETE_FILE_METRICS
  }

  /** One pruned manifest or file, and the conjunct of the filter that pruned it. */
  public record SkippedFile(Hop hop, String location, String conjunct) {
    public SkippedFile {
      Objects.requireNonNull(hop, "hop");
      Objects.requireNonNull(location, "location");
      Objects.requireNonNull(conjunct, "conjunct");
    }
  }

  /**
   * What planning did, for {@code EXPLAIN}: the table and snapshot, the filter, and what each hop
   * pruned. Shared by every scan of a planned table, which adds what it does with the result.
   */
  public String describe(String tableName) {
    ManifestPruning manifests = dataManifests();
    EntryPruning files = dataFiles();
    return "Floe "
        + tableName
        + " snapshot="
        + snapshotId()
        + " filter="
        + filter()
        + " dataManifests=[total="
        + manifests.total()
        + ", skippedByPartitionSummary="
        + manifests.skippedByPartitionSummary()
        + ", withoutLiveFiles="
        + manifests.withoutLiveFiles()
        + ", read="
        + manifests.read()
        + "] dataFiles=[live="
        + files.live()
        + ", skippedByPartition="
        + files.skippedByPartition()
        + ", skippedByMetrics="
        + files.skippedByMetrics()
        + "] deleteFiles=[attached="
        + deleteFilesAttached().total()
        + "] metadata=[manifestList="
        + metadataReads.manifestList()
        + ", dataManifests="
        + metadataReads.dataManifests()
        + ", deleteManifests="
        + metadataReads.deleteManifests()
        + "] planning="
        + planning;
  }
}
