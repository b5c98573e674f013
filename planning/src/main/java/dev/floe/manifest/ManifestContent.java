package dev.floe.manifest;

/** What a manifest tracks; the spec's {@code content} field of a manifest list entry. */
public enum ManifestContent {
  DATA(0),
  DELETES(1);

  private final int id;

  ManifestContent(int id) {
    this.id = id;
  }

  public int id() {
    return id;
  }

  public static ManifestContent fromId(int id) {
    for (ManifestContent content : values()) {
      if (content.id == id) {
        return content;
      }
    }
    throw new IllegalArgumentException("Unknown manifest content id " + id);
  }
}
