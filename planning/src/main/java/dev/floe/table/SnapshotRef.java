package dev.floe.table;

/** A named reference to a snapshot: a branch or a tag, with its retention settings (nullable). */
public record SnapshotRef(
    long snapshotId,
    RefType type,
    Integer minSnapshotsToKeep,
    Long maxSnapshotAgeMs,
    Long maxRefAgeMs) {

  public static final String MAIN_BRANCH = "main";

  public enum RefType {
    BRANCH,
    TAG
  }

  public boolean isBranch() {
    return type == RefType.BRANCH;
  }

  public boolean isTag() {
    return type == RefType.TAG;
  }
}
