package dev.floe.table;

import dev.floe.CorruptTableException;
import java.util.Objects;

/**
 * Which locations a table's metadata may name for Floe to read. Format versions 1 to 3 require
 * every location in metadata (manifest lists, manifests, data and delete files) to be
 * fully-qualified, and Floe reads each as written: it never resolves a relative path against the
 * process's working directory, and never normalizes a {@code ..} segment away, so a metadata file
 * cannot steer a read outside the storage the user configured unless its location says so with a
 * scheme.
 *
 * <p>One allowance: Apache Iceberg itself writes plain absolute paths ({@code
 * /data/t/metadata/snap-1.avro}) when its catalog or table location was given as a plain path, even
 * into a table whose earlier commits wrote {@code file:} URIs. A table on local storage (loaded
 * from a plain path or a {@code file:} URI) may therefore name plain absolute paths, which Floe
 * reads from the same local file system. A table loaded from any other scheme ({@code s3a:}, {@code
 * hdfs:}, ...) may not: there a path without a scheme would be read from whatever file system is
 * the default, another storage than the one the user named.
 *
 * @param plainPathsAllowed whether plain absolute paths are accepted, as for a table on local
 *     storage
 * @param loadedFrom the metadata file the table was loaded from, for messages; {@code "memory"}
 *     when it was built in memory
 */
public record LocationPolicy(boolean plainPathsAllowed, String loadedFrom) {
  public LocationPolicy {
    Objects.requireNonNull(loadedFrom, "loadedFrom");
  }

  /**
   * The policy for a table: plain absolute paths only when its metadata file is on local storage,
   * named by a plain path or a {@code file:} URI. A table built in memory gets the strict policy.
   */
  public static LocationPolicy of(LoadedTable table) {
    String metadataLocation = table.metadataLocation();
    if (metadataLocation == null) {
      return new LocationPolicy(false, "memory");
    }
    boolean local =
        !hasScheme(metadataLocation) || metadataLocation.regionMatches(true, 0, "file:", 0, 5);
    return new LocationPolicy(local, metadataLocation);
  }

  /**
   * Returns {@code location} when the table may read it.
   *
   * @param role what the location is, e.g. {@code "manifest"} or {@code "data file"}
   * @param referencedBy the file (or snapshot) that names it, e.g. {@code "manifest list
   *     file:/t/metadata/snap-1.avro"}
   * @throws CorruptTableException when the location is relative, lacks a scheme the table requires,
   *     or has a {@code ..} segment; the message names both files and the problem
   */
  public String check(String location, String role, String referencedBy) {
    return check(location, role, referencedBy, "");
  }

  /**
   * As {@link #check(String, String, String)}, the referring file named by its kind and location
   * ({@code "manifest", "file:/t/metadata/m1.avro"}), joined only for an error: planning checks
   * every entry of every manifest.
   */
  public String check(String location, String role, String referrerKind, String referrer) {
    String problem = problem(location);
    if (problem == null) {
      return location;
    }
    String referencedBy = referrer.isEmpty() ? referrerKind : referrerKind + " " + referrer;
    throw new CorruptTableException(
        referencedBy
            + " names "
            + role
            + " '"
            + location
            + "', "
            + problem
            + ": format versions 1 to 3 require every location in metadata to be"
            + " fully-qualified, and Floe reads locations as written (it neither resolves them"
            + " against the working directory nor normalizes '..' segments)");
  }

  /**
   * Checks what a snapshot names before any of it is read: its manifest list, or the manifests a v1
   * snapshot lists inline.
   */
  public void checkManifestLocations(Snapshot snapshot) {
    String referencedBy = "snapshot " + snapshot.snapshotId() + " of metadata file " + loadedFrom;
    if (snapshot.manifestList() != null) {
      check(snapshot.manifestList(), "manifest list", referencedBy);
    }
    for (String manifest : snapshot.manifests()) {
      check(manifest, "manifest", referencedBy);
    }
  }

  /** What is wrong with a location, or null when nothing is. */
  private String problem(String location) {
    if (location == null || location.isEmpty()) {
      return "an empty location";
    }
    String path;
    if (hasScheme(location)) {
      path = location.substring(location.indexOf(':') + 1);
      if (!path.startsWith("/")) {
        return "a URI whose path is relative";
      }
      if (path.startsWith("//")) {
        int authorityEnd = path.indexOf('/', 2);
        path = authorityEnd < 0 ? "/" : path.substring(authorityEnd);
      }
    } else {
      if (!location.startsWith("/")) {
        return "a relative path";
      }
      if (!plainPathsAllowed) {
        return "a path without a URI scheme, in a table loaded from " + loadedFrom;
      }
      path = location;
    }
    return hasParentSegment(path) ? "a path with a '..' segment" : null;
  }

  /** Whether a '/'-separated path has a '..' segment; planning asks this of every file. */
  private static boolean hasParentSegment(String path) {
    for (int dots = path.indexOf(".."); dots >= 0; dots = path.indexOf("..", dots + 1)) {
      boolean startsSegment = dots == 0 || path.charAt(dots - 1) == '/';
      boolean endsSegment = dots + 2 == path.length() || path.charAt(dots + 2) == '/';
      if (startsSegment && endsSegment) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code location} starts with a URI scheme of two or more characters (one letter would
   * be a Windows drive). Scanned by hand: planning asks this of every file it plans.
   */
  private static boolean hasScheme(String location) {
    if (location.isEmpty() || !isAsciiLetter(location.charAt(0))) {
      return false;
    }
    for (int index = 1; index < location.length(); index++) {
      char c = location.charAt(index);
      if (c == ':') {
        return index >= 2;
      }
      if (!isAsciiLetter(c) && !(c >= '0' && c <= '9') && c != '+' && c != '.' && c != '-') {
        return false;
      }
    }
    return false;
  }

  private static boolean isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
}
