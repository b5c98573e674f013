package dev.floe.io;

import dev.floe.FileReadException;
import dev.floe.InvalidRequestException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Files on the local file system, named by a plain path ({@code /data/t}) or a {@code file:} URI
 * ({@code file:/data/t}, {@code file:///data/t}). Locations are not percent-decoded: like Hadoop,
 * Iceberg writes them raw. Every handle keeps its location string exactly as given, and listings
 * return locations in the style of the directory asked for.
 *
 * <p>Needs nothing beyond the JDK, so the CLI can use it without Hadoop on the classpath.
 */
public final class LocalFileIO implements FileIO {
  private static final long serialVersionUID = 1L;

  /** A URI scheme of two or more letters; one letter would be a Windows drive. */
  private static final Pattern OTHER_SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+:.*");

  private static final String FILE_SCHEME = "file:";

  @Override
  public InputFile newInputFile(String location) {
    return new LocalInputFile(location, toPath(location));
  }

  /** Every instance reads the same files the same way. */
  @Override
  public boolean equals(Object other) {
    return other instanceof LocalFileIO;
  }

  @Override
  public int hashCode() {
    return LocalFileIO.class.hashCode();
  }

  @Override
  public List<String> listDirectory(String location) {
    Path directory = toPath(location);
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    String prefix = location.endsWith("/") ? location : location + "/";
    try (Stream<Path> children = Files.list(directory)) {
      return children.map(child -> prefix + child.getFileName()).sorted().toList();
    } catch (IOException | UncheckedIOException failure) {
      throw new FileReadException(
          "Cannot list directory " + location + ": " + failure.getMessage(), failure);
    }
  }

  /** The local path of a plain path or {@code file:} location. */
  static Path toPath(String location) {
    String path = location;
    if (location.regionMatches(true, 0, FILE_SCHEME, 0, FILE_SCHEME.length())) {
      path = location.substring(FILE_SCHEME.length());
      if (path.startsWith("//")) {
        int authorityEnd = path.indexOf('/', 2);
        String authority = path.substring(2, authorityEnd < 0 ? path.length() : authorityEnd);
        if (!authority.isEmpty() && !authority.equalsIgnoreCase("localhost")) {
          throw new InvalidRequestException(
              "Cannot read " + location + " as a local file: it names host '" + authority + "'");
        }
        path = path.substring(2 + authority.length());
      }
    } else if (OTHER_SCHEME.matcher(location).matches()) {
      throw new InvalidRequestException(
          "Cannot read "
              + location
              + " as a local file: only plain paths and file: URIs are local;"
              + " other schemes need HadoopFileIO");
    }
    try {
      return Paths.get(path);
    } catch (InvalidPathException invalid) {
      throw new InvalidRequestException(
          "Cannot read " + location + ": not a valid local path (" + invalid.getMessage() + ")");
    }
  }

  private static final class LocalInputFile implements InputFile {
    private final String location;
    private final Path path;

    LocalInputFile(String location, Path path) {
      this.location = location;
      this.path = path;
    }

    @Override
    public String location() {
      return location;
    }

    @Override
    public long length() {
      try {
        return Files.size(path);
      } catch (IOException failure) {
        throw readFailure(failure);
      }
    }

    @Override
    public boolean exists() {
      return Files.exists(path);
    }

    @Override
    public byte[] readRange(long offset, int length) {
      if (offset < 0 || length < 0) {
        throw new IllegalArgumentException(
            "Cannot read " + length + " bytes at offset " + offset + " of " + location);
      }
      ByteBuffer buffer = ByteBuffer.allocate(length);
      try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
        while (buffer.hasRemaining()) {
          int read = channel.read(buffer, offset + buffer.position());
          if (read < 0) {
            throw new FileReadException(
                "Cannot read "
                    + location
                    + ": wanted "
                    + length
                    + " bytes at offset "
                    + offset
                    + " but the file has "
                    + channel.size()
                    + " bytes");
          }
        }
      } catch (IOException failure) {
        throw readFailure(failure);
      }
      return buffer.array();
    }

    @Override
    public InputStream newStream() {
      try {
        return new LocatedInputStream(location, Files.newInputStream(path));
      } catch (IOException failure) {
        throw readFailure(failure);
      }
    }

    private FileReadException readFailure(IOException failure) {
      if (failure instanceof NoSuchFileException) {
        return new FileReadException(
            "Cannot read " + location + ": the file does not exist", failure);
      }
      return new FileReadException("Cannot read " + location + ": " + failure, failure);
    }
  }
}
