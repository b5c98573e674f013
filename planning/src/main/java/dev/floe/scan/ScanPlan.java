package dev.floe.scan;

import java.util.List;
import java.util.Objects;

/** A plan's whole-file tasks, in manifest order, and the report of how it was made. */
public record ScanPlan(List<FileScanTask> files, ScanReport report) {
  public ScanPlan {
    files = List.copyOf(files);
    Objects.requireNonNull(report, "report");
  }
}
