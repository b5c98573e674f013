package dev.floe.bench;

/**
 * The shape of one synthetic table: how many data manifests of how many files, spread over how many
 * identity partitions, and how many partition-scoped position delete files each partition gets (0
 * for none).
 */
record TableShape(
    String name,
    int dataManifests,
    int filesPerManifest,
    int partitions,
    int deleteFilesPerPartition) {

  TableShape {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("A table shape needs a name");
    }
    requirePositive("data manifests", dataManifests);
    requirePositive("files per manifest", filesPerManifest);
    requirePositive("partitions", partitions);
    if (deleteFilesPerPartition < 0) {
      throw new IllegalArgumentException(
          "Delete files per partition must not be negative: " + deleteFilesPerPartition);
    }
  }

  /** A table of data files only, named after its size, e.g. {@code 1000 manifests x 100 files}. */
  static TableShape dataOnly(int dataManifests, int filesPerManifest, int partitions) {
    return new TableShape(
        dataManifests + " manifests x " + filesPerManifest + " files",
        dataManifests,
        filesPerManifest,
        partitions,
        0);
  }

  /** This table with position delete files added to every partition. */
  TableShape withDeleteFilesPerPartition(int count) {
    return new TableShape(
        name + " + " + count + " position deletes/partition",
        dataManifests,
        filesPerManifest,
        partitions,
        count);
  }

  long dataFiles() {
    return (long) dataManifests * filesPerManifest;
  }

  long deleteFiles() {
    return (long) partitions * deleteFilesPerPartition;
  }

  /**
   * The plan every correct planner must produce: each data file once, and every delete file of its
   * partition attached to it (the deletes are committed after the data, so all of them apply).
   */
  PlanOutcome expectedOutcome() {
    return PlanFilter.none().expectedOutcome(this);
  }

  /**
   * The data file with this global index: its partition and record count. All files of a manifest
   * share one partition and the manifests cycle through the partitions, as appends of one partition
   * at a time would leave them, so a partition filter can skip whole manifests.
   */
  int partitionOf(long fileIndex) {
    return (int) ((fileIndex / filesPerManifest) % partitions);
  }

  long recordCountOf(long fileIndex) {
    return 50_000 + fileIndex % 1_000;
  }

  private static void requirePositive(String what, int value) {
    if (value < 1) {
      throw new IllegalArgumentException("A table needs at least one of " + what + ": " + value);
    }
  }
}
