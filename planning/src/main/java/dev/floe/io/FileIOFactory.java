package dev.floe.io;

import java.util.Map;
import java.util.regex.Pattern;

/** Picks the file access for a location from its scheme. */
public final class FileIOFactory {
  /** A URI scheme of two or more letters; one letter would be a Windows drive. */
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+:.*");

  private FileIOFactory() {}

  /**
   * {@link LocalFileIO} for a plain path or a {@code file:} URI, otherwise {@link HadoopFileIO}
   * with the Hadoop defaults of the classpath. Choosing local access never loads a Hadoop class, so
   * it works without Hadoop on the classpath.
   */
  public static FileIO forLocation(String location) {
    boolean local =
        !SCHEME.matcher(location).matches() || location.regionMatches(true, 0, "file:", 0, 5);
    if (local) {
      return new LocalFileIO();
    }
    return new HadoopFileIO(Map.of());
  }
}
