package dev.floe.manifest;

/** The status of a manifest entry: what the snapshot that wrote it did to the file. */
public enum EntryStatus {
  EXISTING(0),
  ADDED(1),
  DELETED(2);

  /** {@code values()} copies its array on every call; this is read once per manifest entry. */
  private static final EntryStatus[] ALL = values();

  private final int id;

  EntryStatus(int id) {
    this.id = id;
  }

  public int id() {
    return id;
  }

  public static EntryStatus fromId(int id) {
    for (EntryStatus status : ALL) {
      if (status.id == id) {
        return status;
      }
    }
    throw new IllegalArgumentException("Unknown manifest entry status " + id);
  }
}
