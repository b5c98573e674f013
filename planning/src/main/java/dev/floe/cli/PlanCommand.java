package dev.floe.cli;

import dev.floe.scan.TableScan;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * {@code floe plan} or {@code floe explain}: the table as the user named it, at most one snapshot
 * selector (each null when not given), the split size (null to plan whole files), the filter as the
 * user gave it ({@code --filter-json}: inline JSON or a file; null for none), and how many pruned
 * files {@code explain} lists.
 */
record PlanCommand(
    Mode mode,
    String table,
    Long snapshotId,
    String ref,
    Long asOfTimestampMillis,
    Long splitSize,
    String filterJson,
    int skippedListLimit)
    implements CliCommand {

  /** Which output the command prints. */
  enum Mode {
    /** The plan as REST PlanTableScan JSON. */
    PLAN,
    /** The scan report: per-hop pruning counts and the first pruned files. */
    EXPLAIN
  }

  PlanCommand {
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(table, "table");
    if (skippedListLimit < 0) {
      throw new IllegalArgumentException("The skipped list limit must not be negative");
    }
    if (Stream.of(snapshotId, ref, asOfTimestampMillis).filter(Objects::nonNull).count() > 1) {
      throw new IllegalArgumentException("At most one snapshot selector can be given");
    }
    if (splitSize != null && splitSize <= 0) {
      throw new IllegalArgumentException("Split size must be positive: " + splitSize);
    }
  }

  /** The scan with this command's snapshot selector applied; the current snapshot when none. */
  TableScan select(TableScan scan) {
    if (snapshotId != null) {
      return scan.useSnapshot(snapshotId);
    } else if (ref != null) {
      return scan.useRef(ref);
    } else if (asOfTimestampMillis != null) {
      return scan.asOfTime(asOfTimestampMillis);
    }
    return scan;
  }
}
