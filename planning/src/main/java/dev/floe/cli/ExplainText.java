package dev.floe.cli;

import dev.floe.scan.ScanReport;
import dev.floe.scan.ScanReport.DeleteFileCounts;
import dev.floe.scan.ScanReport.EntryPruning;
import dev.floe.scan.ScanReport.FileReads;
import dev.floe.scan.ScanReport.ManifestPruning;
import dev.floe.scan.ScanReport.MetadataReads;
import dev.floe.scan.ScanReport.SkippedFile;
import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code floe explain}'s output: the scan report as a table of hops, then the first pruned
 * manifests and files with the conjunct that pruned each.
 *
 * <pre>
 * hop                                     total  skipped  kept
 * data manifests by partition summary        12        9     3
 * data files by partition                   240      180    60
 * data files by column metrics               60       52     8
 * </pre>
 */
final class ExplainText {
  private static final String ROW = "%-42s %10s %10s %10s%n";

  private ExplainText() {}

  static void write(ScanReport report, PrintStream out) {
    out.printf("table     %s%n", report.table());
    out.printf(
        "snapshot  %s (schema %d)%n",
        report.snapshotId() == null ? "none: the table has no snapshot" : report.snapshotId(),
        report.schemaId());
    out.printf("filter    %s%n%n", report.filter());
    out.printf(ROW, "hop", "total", "skipped", "kept");
    manifests(out, "data manifests", report.dataManifests());
    entries(out, "data files", report.dataFiles());
    manifests(out, "delete manifests", report.deleteManifests());
    entries(out, "delete files", report.deleteFiles());
    out.println();
    out.printf("delete files indexed   %s%n", deletes(report.deleteFilesIndexed()));
    out.printf("delete files attached  %s%n", deletes(report.deleteFilesAttached()));
    MetadataReads reads = report.metadataReads();
    out.printf("metadata read          manifest list %s%n", reads(reads.manifestList()));
    out.printf("                       data manifests %s%n", reads(reads.dataManifests()));
    out.printf("                       delete manifests %s%n", reads(reads.deleteManifests()));
    out.printf(
        Locale.ROOT,
        "result                 %d data files, %d bytes, %d records, planned in %.1f ms%n",
        report.resultFiles(),
        report.resultBytes(),
        report.resultRecords(),
        report.planningTime().toNanos() / 1e6);
    long skippedTotal = report.skipped().size() + report.unlistedSkips();
    if (skippedTotal == 0) {
      return;
    }
    out.println();
    out.printf("skipped (%d listed of %d):%n", report.skipped().size(), skippedTotal);
    for (SkippedFile skipped : report.skipped()) {
      out.printf("  %-34s %s%n      by %s%n", hop(skipped), skipped.location(), skipped.conjunct());
    }
    if (report.unlistedSkips() > 0) {
      out.printf("  ... and %d more (raise --max-skipped to list them)%n", report.unlistedSkips());
    }
  }

  private static void manifests(PrintStream out, String name, ManifestPruning counts) {
    out.printf(
        ROW,
        name + " without live files",
        counts.total(),
        counts.withoutLiveFiles(),
        counts.total() - counts.withoutLiveFiles());
    out.printf(
        ROW,
        name + " by partition summary",
        counts.total() - counts.withoutLiveFiles(),
        counts.skippedByPartitionSummary(),
        counts.read());
  }

  private static void entries(PrintStream out, String name, EntryPruning counts) {
    out.printf(
        ROW,
        name + " by partition",
        counts.live(),
        counts.skippedByPartition(),
        counts.live() - counts.skippedByPartition());
    out.printf(
        ROW,
        name + " by column metrics",
        counts.live() - counts.skippedByPartition(),
        counts.skippedByMetrics(),
        counts.kept());
  }

  private static String deletes(DeleteFileCounts counts) {
    return counts.positionDeletes()
        + " position, "
        + counts.equalityDeletes()
        + " equality, "
        + counts.deletionVectors()
        + " deletion vectors";
  }

  private static String reads(FileReads reads) {
    return reads.fromStorage()
        + " from storage ("
        + reads.bytesRead()
        + " bytes), "
        + reads.fromCache()
        + " from the metadata cache";
  }

  private static String hop(SkippedFile skipped) {
    return switch (skipped.hop()) {
      case DATA_MANIFEST_PARTITION_SUMMARY -> "data manifest, partition summary";
      case DELETE_MANIFEST_PARTITION_SUMMARY -> "delete manifest, partition summary";
      case DATA_FILE_PARTITION -> "data file, partition";
      case DATA_FILE_METRICS -> "data file, column metrics";
      case DELETE_FILE_PARTITION -> "delete file, partition";
      case DELETE_FILE_METRICS -> "delete file, column metrics";
    };
  }
}
