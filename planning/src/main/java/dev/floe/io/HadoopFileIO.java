package dev.floe.io;

import dev.floe.FileReadException;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Files reached through a Hadoop {@link FileSystem}: {@code hdfs:}, {@code s3a:}, {@code abfs:},
 * {@code gs:}, ... The {@code s3:} and {@code s3n:} schemes Iceberg writers often use are read
 * through {@code s3a:}; handles and listings still show the location as given.
 *
 * <p>Serializable: it holds only the Hadoop properties and builds its {@link Configuration} (which
 * is not serializable) on first use, in each JVM it lands in.
 */
public final class HadoopFileIO implements FileIO {
  private static final long serialVersionUID = 1L;

  private final Map<String, String> properties;
  private transient volatile Configuration configuration;

  /** File access configured by these Hadoop properties, over the defaults on the classpath. */
  public HadoopFileIO(Map<String, String> properties) {
    this.properties = Map.copyOf(properties);
  }

  @Override
  public InputFile newInputFile(String location) {
    return new HadoopInputFile(location, toPath(location), configuration());
  }

  @Override
  public List<String> listDirectory(String location) {
    Path directory = toPath(location);
    String prefix = location.endsWith("/") ? location : location + "/";
    try {
      FileSystem fileSystem = directory.getFileSystem(configuration());
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
    private final String location;
    private final Path path;
    private final Configuration configuration;
    private Long length;

    HadoopInputFile(String location, Path path, Configuration configuration) {
      this.location = location;
      this.path = path;
      this.configuration = configuration;
    }

    @Override
    public String location() {
      return location;
    }

    @Override
    public long length() {
      if (length == null) {
        try {
          length = fileSystem().getFileStatus(path).getLen();
        } catch (IOException failure) {
          throw readFailure(failure);
        }
      }
      return length;
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
      try (FSDataInputStream stream = fileSystem().open(path)) {
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

    private FileSystem fileSystem() throws IOException {
      return path.getFileSystem(configuration);
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
