package dev.floe.scan;

import dev.floe.manifest.DeleteFile;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Splits of one commit's inserted or deleted files, packed into one engine task: a changelog's
 * counterpart of a {@link ScanTaskGroup}, whose rows all carry the same change columns. {@code
 * priorDeletes} holds, by data file location, the prior delete files of the files whose removed
 * rows the group reads.
 */
public record ChangeGroup(
    ChangeType type,
    int ordinal,
    long commitSnapshotId,
    ScanTaskGroup group,
    Map<String, List<DeleteFile>> priorDeletes) {
  public ChangeGroup {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(group, "group");
    priorDeletes = Map.copyOf(priorDeletes);
  }

  /**
   * The prior delete files of a split's data file when the group reads the rows a commit removed
   * with delete files ({@link ChangeTask#priorDeletes()}), else null.
   */
  public List<DeleteFile> priorDeletes(FileScanTask split) {
    return priorDeletes.get(split.file().location());
  }
}
