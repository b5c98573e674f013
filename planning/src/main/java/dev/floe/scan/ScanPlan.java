package dev.floe.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A plan's whole-file tasks, in manifest order, and the report of how it was made. */
public record ScanPlan(List<FileScanTask> files, ScanReport report) {
  public ScanPlan {
    files = List.copyOf(files);
    Objects.requireNonNull(report, "report");
  }

  /**
   * The first files of this plan that hold at least {@code rows} live rows, for a reader that needs
   * only that many rows of the scan (a {@code LIMIT} with no filter left to the engine). A file
   * counts only when metadata proves its live rows ({@link CountMethod#METADATA}: no residual, no
   * equality deletes, no position delete files); others are kept but add nothing, so the files kept
   * always hold enough rows when the table does.
   */
  public ScanPlan firstFilesHolding(long rows) {
    if (rows < 0) {
      throw new IllegalArgumentException("A row count cannot be negative: " + rows);
    }
    List<FileScanTask> kept = new ArrayList<>();
    long known = 0;
    for (FileScanTask file : files) {
      if (known >= rows) {
        break;
      }
      kept.add(file);
      FileAggregates aggregates = FileAggregates.of(file);
      if (aggregates.countMethod() == CountMethod.METADATA) {
        known += aggregates.liveRowCount();
      }
    }
    return kept.size() == files.size() ? this : new ScanPlan(kept, report);
  }
}
