package dev.floe.cli;

import dev.floe.scan.TableScan;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * {@code floe plan}: the table as the user named it, at most one snapshot selector (each null when
 * not given), and the split size, null to plan whole files.
 */
record PlanCommand(
    String table, Long snapshotId, String ref, Long asOfTimestampMillis, Long splitSize)
    implements CliCommand {

  PlanCommand {
    Objects.requireNonNull(table, "table");
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
