package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.cache.MetadataCache;
import dev.floe.scan.ScanPlan;
import dev.floe.scan.ScanReport;
import dev.floe.scan.TableScan;
import java.time.Duration;

/**
 * Every plan the planning suites check against Iceberg is made three times: from storage, through a
 * metadata cache shared by the whole run (as a Spark driver shares one between queries), and
 * through it again. All three must be the same plan, task by task and delete file by delete file,
 * with the same report counts; the second cached plan must read nothing from storage. So every
 * table and filter of those suites checks the cache too, with Iceberg's answer as the oracle for
 * the one plan returned.
 */
final class MetadataCacheCheck {
  /** Shared by every plan of the run; its keys must keep the suites' many tables apart. */
  private static final MetadataCache SHARED = MetadataCache.withMaxBytes(64L << 20);

  private MetadataCacheCheck() {}

  /**
   * {@code scan}'s plan, from storage, after checking that the cached plans and the plans made on
   * executors ({@link DistributedPlanCheck}) equal it.
   */
  static ScanPlan plan(TableScan scan) {
    ScanPlan fromStorage = scan.metadataCache(MetadataCache.disabled()).plan();
    check(scan, fromStorage);
    return fromStorage;
  }

  /** Checks that {@code scan} planned through the cache, twice, is {@code fromStorage}. */
  static void check(TableScan scan, ScanPlan fromStorage) {
    ScanPlan cached = scan.metadataCache(SHARED).plan();
    ScanPlan again = scan.metadataCache(SHARED).plan();
    String table = scan.table().name();
    assertThat(cached.files())
        .as("tasks planned through the metadata cache, %s", table)
        .isEqualTo(fromStorage.files());
    assertThat(again.files())
        .as("tasks planned again through the metadata cache, %s", table)
        .isEqualTo(fromStorage.files());
    assertThat(counts(cached.report()))
        .as("report counts through the metadata cache, %s", table)
        .isEqualTo(counts(fromStorage.report()));
    assertThat(counts(again.report())).isEqualTo(counts(fromStorage.report()));

    ScanReport.MetadataReads uncached = fromStorage.report().metadataReads();
    ScanReport.MetadataReads first = cached.report().metadataReads();
    ScanReport.MetadataReads second = again.report().metadataReads();
    assertThat(uncached.fromCache()).as("nothing from a disabled cache, %s", table).isZero();
    assertThat(first.fromCache() + first.fromStorage())
        .as("the cached plan touches the files the uncached one reads, %s", table)
        .isEqualTo(uncached.fromStorage());
    assertThat(second.fromStorage())
        .as("the second cached plan reads no manifest list or manifest, %s", table)
        .isZero();
    assertThat(second.bytesRead()).as("and no byte, %s", table).isZero();
    assertThat(second.fromCache()).isEqualTo(uncached.fromStorage());
    DistributedPlanCheck.check(scan.metadataCache(MetadataCache.disabled()), fromStorage);
  }

  /**
   * The report without what differs between equal plans: the time, where files came from, and where
   * manifests were read.
   */
  static ScanReport counts(ScanReport report) {
    return new ScanReport(
        report.table(),
        report.snapshotId(),
        report.schemaId(),
        report.filter(),
        report.dataManifests(),
        report.deleteManifests(),
        report.dataFiles(),
        report.deleteFiles(),
        report.deleteFilesIndexed(),
        report.deleteFilesAttached(),
        report.resultFiles(),
        report.resultBytes(),
        report.resultRecords(),
        Duration.ZERO,
        report.skipped(),
        report.unlistedSkips(),
        ScanReport.MetadataReads.NONE,
        ScanReport.Planning.LOCAL);
  }
}
