package dev.floe.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The JVM's Hadoop {@link FileSystem}s for Floe, one per scheme, authority, user and Floe property
 * map. Hadoop's own cache keys by scheme, authority and user only, so two tables on one bucket with
 * different credentials would share whichever file system was made first; here they do not, while
 * the equal copies of one {@link HadoopFileIO} that each task deserializes share one instance
 * instead of leaking one per task. An instance not asked for during {@link #IDLE_LIMIT_NANOS} is
 * closed ({@link FileSystemCache}); the rest at the JVM's end.
 */
final class FileSystems {
  /** Ten minutes: a read asks at every range, far more often. */
  static final long IDLE_LIMIT_NANOS = 10L * 60 * 1_000_000_000;

  private static final FileSystemCache<Key> OPEN =
      new FileSystemCache<>(IDLE_LIMIT_NANOS, System::nanoTime);

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(OPEN::closeAll, "floe-filesystems"));
  }

  private FileSystems() {}

  /** What tells two file systems apart; its text leaves out every property value. */
  record Key(
      String scheme, String authority, UserGroupInformation user, Map<String, String> properties) {
    Key {
      Objects.requireNonNull(scheme, "scheme");
      Objects.requireNonNull(authority, "authority");
      Objects.requireNonNull(user, "user");
      properties = Map.copyOf(properties);
    }

    @Override
    public String toString() {
      return scheme
          + "://"
          + authority
          + " as "
          + user.getShortUserName()
          + " with properties "
          + new TreeMap<>(properties).keySet();
    }
  }

  /**
   * The file system for a URI under the given Floe properties, made with {@link
   * FileSystem#newInstance(URI, Configuration)} on first use.
   *
   * @param configuration the properties over the classpath defaults, used only to make a new one
   */
  static FileSystem of(URI uri, Map<String, String> properties, Configuration configuration)
      throws IOException {
    URI qualified = uri.getScheme() == null ? FileSystem.getDefaultUri(configuration) : uri;
    String scheme = lower(qualified.getScheme());
    String authority = lower(qualified.getAuthority());
    Key key = new Key(scheme, authority, UserGroupInformation.getCurrentUser(), properties);
    try {
      return OPEN.get(key, missing -> newInstance(qualified, configuration));
    } catch (UncheckedIOException failure) {
      throw failure.getCause();
    }
  }

  /** How many file systems are open, for tests. */
  static int openCount() {
    return OPEN.size();
  }

  private static FileSystem newInstance(URI uri, Configuration configuration) {
    try {
      return FileSystem.newInstance(uri, configuration);
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
  }

  private static String lower(String text) {
    return text == null ? "" : text.toLowerCase(Locale.ROOT);
  }
}
