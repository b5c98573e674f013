package dev.floe.catalog;

import dev.floe.InvalidRequestException;
import dev.floe.cache.MetadataCache;
import dev.floe.cache.MetadataSource;
import dev.floe.io.FileIO;
import dev.floe.io.InputFile;
import dev.floe.table.LoadedTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tables named by their location, without a catalog. The location is either a metadata file ({@code
 * .../metadata/v3.metadata.json}, also {@code .metadata.json.gz}), read directly, or a table
 * directory, whose current metadata file is found as Iceberg's Hadoop tables find it:
 *
 * <ol>
 *   <li>{@code metadata/version-hint.text} holds a version N (or a metadata file name): the file is
 *       {@code metadata/vN.metadata.json} (or {@code vN.gz.metadata.json}, {@code
 *       vN.metadata.json.gz}); newer versions N+1, N+2, ... that exist win, since a writer may have
 *       committed without updating the hint yet. A hint naming no existing file is ignored.
 *   <li>Otherwise the highest {@code vN.metadata.json} (or gzip variant) in {@code metadata/}.
 *   <li>Otherwise the newest {@code *.metadata.json}, by the number that starts names like {@code
 *       00003-<uuid>.metadata.json}, as catalogs write them.
 * </ol>
 *
 * <p>A local location is first made absolute ({@link #absoluteLocation}), since the metadata file
 * found here is what executors read again, from another working directory.
 */
public final class PathTables {
  private static final String HINT_FILE = "version-hint.text";
  private static final Pattern VERSIONED =
      Pattern.compile("v(\\d+)(?:\\.gz\\.metadata\\.json|\\.metadata\\.json(?:\\.gz)?)");
  private static final Pattern NUMBERED = Pattern.compile("(\\d+)-.*\\.metadata\\.json(?:\\.gz)?");
  private static final Pattern METADATA_FILE = Pattern.compile(".*\\.metadata\\.json(?:\\.gz)?");

  /** A URI scheme of two or more letters; one letter would be a Windows drive. */
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+:.*");

  private static final String FILE_SCHEME = "file:";

  private PathTables() {}

  /**
   * Loads the table at {@code location} (a table directory, with or without a trailing slash, or a
   * metadata file). The table's name is {@code location} as given; it is read from its {@link
   * #absoluteLocation}.
   *
   * @throws InvalidRequestException when there is no table there
   */
  public static LoadedTable load(String location, FileIO io) {
    return load(location, io, MetadataCache.disabled());
  }

  /**
   * Like {@link #load(String, FileIO)}, the current metadata file parsed once while {@code cache}
   * keeps it: which file is current is found again on every load.
   */
  public static LoadedTable load(String location, FileIO io, MetadataCache cache) {
    String absolute = absoluteLocation(location);
    String described = absolute.equals(location) ? location : location + " (" + absolute + ")";
    String metadataFile;
    if (isMetadataFile(absolute)) {
      if (!io.newInputFile(absolute).exists()) {
        throw new InvalidRequestException(
            "No Iceberg metadata file at " + described + ": the file does not exist");
      }
      metadataFile = absolute;
    } else {
      metadataFile =
          currentMetadataFile(absolute, io)
              .orElseThrow(
                  () ->
                      new InvalidRequestException(
                          "No Iceberg table at "
                              + described
                              + ": no metadata/ directory with a metadata file (looked for "
                              + HINT_FILE
                              + " and *.metadata.json)"));
    }
    return new LoadedTable(location, MetadataSource.metadataFile(cache, io, metadataFile), io);
  }

  /**
   * The location a table given by {@code location} is read from. A plain path or a {@code file:}
   * URI is made absolute against the working directory, with symbolic links resolved when it
   * exists: the metadata file's location travels to executors, whose working directory is another
   * (with {@code local-cluster} or a cluster manager), and who must read the very files the driver
   * planned even if a link is changed meanwhile. A {@code file:} URI keeps its scheme and loses an
   * empty or {@code localhost} authority. Other schemes ({@code s3a:}, {@code hdfs:}, ...) and a
   * {@code file:} URI naming another host are returned as given. With working directory {@code
   * /home/me} and a link {@code /lake -> /mnt/lake}:
   *
   * <pre>
   * wh/db/t                 -> /home/me/wh/db/t
   * ./wh/db/t/              -> /home/me/wh/db/t
   * file:wh/db/t            -> file:/home/me/wh/db/t
   * file:///lake/db/t       -> file:/mnt/lake/db/t
   * /lake/db/t/metadata/v3.metadata.json -> /mnt/lake/db/t/metadata/v3.metadata.json
   * s3a://bucket/db/t       -> s3a://bucket/db/t
   * </pre>
   */
  public static String absoluteLocation(String location) {
    boolean fileUri = location.regionMatches(true, 0, FILE_SCHEME, 0, FILE_SCHEME.length());
    if (location.isEmpty() || (!fileUri && SCHEME.matcher(location).matches())) {
      return location;
    }
    String path = fileUri ? location.substring(FILE_SCHEME.length()) : location;
    if (fileUri && path.startsWith("//")) {
      int authorityEnd = path.indexOf('/', 2);
      String authority = path.substring(2, authorityEnd < 0 ? path.length() : authorityEnd);
      if (!authority.isEmpty() && !authority.equalsIgnoreCase("localhost")) {
        return location;
      }
      path = path.substring(2 + authority.length());
    }
    if (path.isEmpty()) {
      return location;
    }
    Path absolute;
    try {
      absolute = Paths.get(path).toAbsolutePath();
    } catch (InvalidPathException invalid) {
      return location;
    }
    Path resolved = absolute;
    if (Files.exists(absolute)) {
      try {
        resolved = absolute.toRealPath();
      } catch (IOException unreadable) {
        // the load that follows reports what it cannot read, with the location
        resolved = absolute;
      }
    }
    return fileUri ? FILE_SCHEME + resolved : resolved.toString();
  }

  private static boolean isMetadataFile(String location) {
    return METADATA_FILE.matcher(fileName(location)).matches();
  }

  private static Optional<String> currentMetadataFile(String tableLocation, FileIO io) {
    String metadataDirectory = withoutTrailingSlash(tableLocation) + "/metadata";
    Optional<String> hinted = fromVersionHint(metadataDirectory, io);
    if (hinted.isPresent()) {
      return hinted;
    }
    List<String> files = io.listDirectory(metadataDirectory);
    Optional<String> highestVersion =
        files.stream()
            .filter(file -> VERSIONED.matcher(fileName(file)).matches())
            .max(Comparator.comparingLong(file -> number(VERSIONED, file)));
    if (highestVersion.isPresent()) {
      return highestVersion;
    }
    // names without a leading number rank below numbered ones, then by name
    return files.stream()
        .filter(file -> METADATA_FILE.matcher(fileName(file)).matches())
        .max(
            Comparator.<String>comparingLong(file -> number(NUMBERED, file))
                .thenComparing(PathTables::fileName));
  }

  private static Optional<String> fromVersionHint(String metadataDirectory, FileIO io) {
    InputFile hint = io.newInputFile(metadataDirectory + "/" + HINT_FILE);
    if (!hint.exists()) {
      return Optional.empty();
    }
    String text = new String(hint.readAll(), StandardCharsets.UTF_8).trim();
    if (text.matches("\\d{1,18}")) {
      return newestFrom(metadataDirectory, Long.parseLong(text), io);
    }
    Matcher versioned = VERSIONED.matcher(fileName(text));
    if (versioned.matches() && versioned.group(1).length() <= 18) {
      return newestFrom(metadataDirectory, Long.parseLong(versioned.group(1)), io);
    }
    if (!text.isEmpty() && METADATA_FILE.matcher(fileName(text)).matches()) {
      String named = text.contains("/") ? text : metadataDirectory + "/" + text;
      return io.newInputFile(named).exists() ? Optional.of(named) : Optional.empty();
    }
    return Optional.empty();
  }

  /** Version {@code hinted}, or a newer one committed after the hint was written. */
  private static Optional<String> newestFrom(String metadataDirectory, long hinted, FileIO io) {
    Optional<String> newest = versionFile(metadataDirectory, hinted, io);
    if (newest.isEmpty()) {
      return newest;
    }
    for (long version = hinted + 1; ; version++) {
      Optional<String> next = versionFile(metadataDirectory, version, io);
      if (next.isEmpty()) {
        return newest;
      }
      newest = next;
    }
  }

  private static Optional<String> versionFile(String metadataDirectory, long version, FileIO io) {
    for (String suffix : List.of(".metadata.json", ".gz.metadata.json", ".metadata.json.gz")) {
      String candidate = metadataDirectory + "/v" + version + suffix;
      if (io.newInputFile(candidate).exists()) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** The number a name starts with, or -1 when it has none (or it does not fit a long). */
  private static long number(Pattern pattern, String file) {
    Matcher matcher = pattern.matcher(fileName(file));
    if (!matcher.matches() || matcher.group(1).length() > 18) {
      return -1;
    }
    return Long.parseLong(matcher.group(1));
  }

  private static String fileName(String location) {
    String trimmed = withoutTrailingSlash(location);
    return trimmed.substring(trimmed.lastIndexOf('/') + 1);
  }

  private static String withoutTrailingSlash(String location) {
    String result = location;
    while (result.length() > 1 && result.endsWith("/")) {
      result = result.substring(0, result.length() - 1);
    }
    return result;
  }
}
