package dev.floe.io;

import dev.floe.FileReadException;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FutureDataInputStreamBuilder;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.functional.FutureIO;

/**
 * Files reached through a Hadoop {@link FileSystem}: {@code hdfs:}, {@code s3a:}, {@code abfs:},
 * {@code gs:}, ... The {@code s3:} and {@code s3n:} schemes Iceberg writers often use are read
 * through {@code s3a:}; handles and listings still show the location as given.
 *
 * <p>Serializable: it holds only the Hadoop properties and builds its {@link Configuration} (which
 * is not serializable) on first use, in each JVM it lands in. Its file systems come from {@link
 * FileSystems}, one per distinct property map, never from Hadoop's cache, which would hand a table
 * the file system (and the credentials) of another table on the same bucket.
 */
public final class HadoopFileIO implements FileIO {
  private static final long serialVersionUID = 1L;

  /** The read policy of ranged reads: the standard key (Hadoop 3.3.5 on), and S3A's own. */
  static final String READ_POLICY = "fs.option.openfile.read.policy";

  static final String S3A_FADVISE = "fs.s3a.experimental.input.fadvise";

  /** The length of a file opened for a ranged read, when known (Hadoop 3.3.5 on). */
  static final String KNOWN_LENGTH = "fs.option.openfile.length";

  /** The scheme whose file system is given a file's status when a range of it is opened. */
  private static final String OBJECT_STORE = "s3a";

  private final Map<String, String> properties;
  private transient volatile Configuration configuration;

  /** File access configured by these Hadoop properties, over the defaults on the classpath. */
  public HadoopFileIO(Map<String, String> properties) {
    this.properties = Map.copyOf(properties);
  }

  /**
   * This file access with Iceberg's storage properties of one table or catalog on top (see {@link
   * StorageProperties#hadoopProperties}); keys that map to nothing are ignored.
   */
  public HadoopFileIO withTableProperties(Map<String, String> storageProperties) {
    Map<String, String> merged = new HashMap<>(properties);
    merged.putAll(StorageProperties.hadoopProperties(storageProperties));
    return new HadoopFileIO(merged);
  }

  @Override
  public InputFile newInputFile(String location) {
    return new HadoopInputFile(this, location, toPath(location), null);
  }

  @Override
  public InputFile newInputFile(String location, long length) {
    return new HadoopInputFile(this, location, toPath(location), length > 0 ? length : null);
  }

  @Override
  public List<String> listDirectory(String location) {
    Path directory = toPath(location);
    String prefix = location.endsWith("/") ? location : location + "/";
    try {
      FileSystem fileSystem = fileSystem(directory);
      if (!fileSystem.exists(directory)) {
        return List.of();
      }
      List<String> children = new ArrayList<>();
      for (FileStatus child : fileSystem.listStatus(directory)) {
        children.add(prefix + child.getPath().getName());
      }
      children.sort(null);
      return children;
    } catch (FileNotFoundException gone) {
      return List.of();
    } catch (IOException failure) {
      throw new FileReadException(
          "Cannot list directory " + location + ": " + failure.getMessage(), failure);
    }
  }

  /** The Hadoop path for a location, with {@code s3:} and {@code s3n:} read as {@code s3a:}. */
  static Path toPath(String location) {
    String lower = location.toLowerCase(java.util.Locale.ROOT);
    if (lower.startsWith("s3:")) {
      return new Path("s3a:" + location.substring("s3:".length()));
    }
    if (lower.startsWith("s3n:")) {
      return new Path("s3a:" + location.substring("s3n:".length()));
    }
    return new Path(location);
  }

  /** Equal when the properties are: equal copies share their file systems. */
  @Override
  public boolean equals(Object other) {
    return other instanceof HadoopFileIO hadoop && hadoop.properties.equals(properties);
  }

  @Override
  public int hashCode() {
    return properties.hashCode();
  }

  /**
   * The property names alone: values hold credentials under names no list can foresee (a cloud's
   * account keys, a keystore's password), so none is shown.
   */
  @Override
  public String toString() {
    return "HadoopFileIO" + new TreeMap<>(properties).keySet();
  }

  private FileSystem fileSystem(Path path) throws IOException {
    return FileSystems.of(path.toUri(), properties, configuration());
  }

  private Configuration configuration() {
    Configuration current = configuration;
    if (current == null) {
      synchronized (this) {
        current = configuration;
        if (current == null) {
          current = new Configuration();
          properties.forEach(current::set);
          configuration = current;
        }
      }
    }
    return current;
  }

  private static final class HadoopInputFile implements InputFile {
    private final HadoopFileIO io;
    private final String location;
    private final Path path;
    private Long length;
    private FileStatus status;

    HadoopInputFile(HadoopFileIO io, String location, Path path, Long length) {
      this.io = io;
      this.location = location;
      this.path = path;
      this.length = length;
    }

    @Override
    public String location() {
      return location;
    }

    @Override
    public long length() {
      if (length == null) {
        try {
          length = status().getLen();
        } catch (IOException failure) {
          throw readFailure(failure);
        }
      }
      return length;
    }

    /** The file's status, asked for once: a HEAD request on an object store. */
    private FileStatus status() throws IOException {
      if (status == null) {
        status = fileSystem().getFileStatus(path);
      }
      return status;
    }

    @Override
    public boolean exists() {
      try {
        return fileSystem().exists(path);
      } catch (IOException failure) {
        throw readFailure(failure);
      }
    }

    @Override
    public byte[] readRange(long offset, int length) {
      if (offset < 0 || length < 0) {
        throw new IllegalArgumentException(
            "Cannot read " + length + " bytes at offset " + offset + " of " + location);
      }
      byte[] bytes = new byte[length];
      try (FSDataInputStream stream = openForRange()) {
        stream.readFully(offset, bytes, 0, length);
      } catch (EOFException shorter) {
        throw new FileReadException(
            "Cannot read "
                + location
                + ": wanted "
                + length
                + " bytes at offset "
                + offset
                + " but the file is shorter",
            shorter);
      } catch (IOException failure) {
        throw readFailure(failure);
      }
      return bytes;
    }

    @Override
    public InputStream newStream() {
      try {
        return new LocatedInputStream(location, fileSystem().open(path));
      } catch (IOException failure) {
        throw readFailure(failure);
      }
    }

    /**
     * Opens for a random read: S3A then asks for the range alone rather than the rest of the
     * object, and with the length known (on Hadoop versions that take it) skips its HEAD request.
     * Other file systems ignore these optional hints and open as {@code open} does.
     */
    private FSDataInputStream openForRange() throws IOException {
      FutureDataInputStreamBuilder builder =
          fileSystem().openFile(path).opt(READ_POLICY, "random").opt(S3A_FADVISE, "random");
      if (length != null) {
        builder.opt(KNOWN_LENGTH, Long.toString(length));
      }
      if (OBJECT_STORE.equalsIgnoreCase(path.toUri().getScheme())) {
        // S3A before Hadoop 3.3.5 asks for the status (a HEAD) at every open unless given one:
        // one HEAD per file, then every range of it opens without
        builder.withFileStatus(status());
      }
      return FutureIO.awaitFuture(builder.build());
    }

    private FileSystem fileSystem() throws IOException {
      return io.fileSystem(path);
    }

    private FileReadException readFailure(IOException failure) {
      if (failure instanceof FileNotFoundException) {
        return new FileReadException(
            "Cannot read " + location + ": the file does not exist", failure);
      }
      return new FileReadException("Cannot read " + location + ": " + failure, failure);
    }
  }
}
