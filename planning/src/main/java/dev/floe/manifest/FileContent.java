package dev.floe.manifest;

/** What a content file holds; the spec's {@code content} field of a data file. */
public enum FileContent {
  DATA(0),
  POSITION_DELETES(1),
  EQUALITY_DELETES(2);

  /** {@code values()} copies its array on every call; this is read once per manifest entry. */
  private static final FileContent[] ALL = values();

  private final int id;

  FileContent(int id) {
    this.id = id;
  }

  public int id() {
    return id;
  }

  public static FileContent fromId(int id) {
    for (FileContent content : ALL) {
      if (content.id == id) {
        return content;
      }
    }
    throw new IllegalArgumentException("Unknown file content id " + id);
  }
}
