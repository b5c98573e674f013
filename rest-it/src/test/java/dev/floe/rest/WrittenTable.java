package dev.floe.rest;

import java.util.List;
import java.util.Objects;

/**
 * A table the writer made: its name in namespace {@code db}, its snapshots in commit order on main,
 * and its tag and branch (null when it has none).
 */
public record WrittenTable(String name, List<Long> snapshotIds, String tag, String branch) {
  public WrittenTable {
    Objects.requireNonNull(name, "name");
    snapshotIds = List.copyOf(snapshotIds);
  }

  /** {@code db.name}, as the REST catalog and the gateway's vending overrides name it. */
  public String qualifiedName() {
    return IcebergWriter.NAMESPACE + "." + name;
  }
}
