package dev.floe.catalog;

import dev.floe.FileReadException;
import dev.floe.io.FileIO;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The directory layout of a warehouse of Hadoop-layout tables: namespace {@code db} is the
 * directory {@code <root>/db}, table {@code db.events} the directory {@code <root>/db/events}, and
 * a directory is a table when its {@code metadata/} holds a {@code version-hint.text} or a {@code
 * *.metadata.json}, the files planning's path tables load from.
 */
public final class Warehouse {
  private static final Pattern METADATA_FILE =
      Pattern.compile("(version-hint\\.text|.*\\.metadata\\.json(\\.gz)?)");

  private final String root;
  private final FileIO io;
  private final Configuration hadoopConf;

  public Warehouse(String root, FileIO io, Configuration hadoopConf) {
    String trimmed = root;
    while (trimmed.length() > 1 && trimmed.endsWith("/")) {
      trimmed = trimmed.substring(0, trimmed.length() - 1);
    }
    this.root = trimmed;
    this.io = io;
    this.hadoopConf = hadoopConf;
  }

  String root() {
    return root;
  }

  public FileIO io() {
    return io;
  }

  /** The directory of a namespace, or of a table when {@code parts} ends with its name. */
  public String location(String... parts) {
    StringBuilder location = new StringBuilder(root);
    for (String part : parts) {
      location.append('/').append(part);
    }
    return location.toString();
  }

  public boolean isTable(String location) {
    return io.listDirectory(location + "/metadata").stream()
        .map(file -> file.substring(file.lastIndexOf('/') + 1))
        .anyMatch(name -> METADATA_FILE.matcher(name).matches());
  }

  public boolean isDirectory(String location) {
    Path path = new Path(location);
    try {
      return path.getFileSystem(hadoopConf).getFileStatus(path).isDirectory();
    } catch (FileNotFoundException absent) {
      return false;
    } catch (IOException failure) {
      throw new FileReadException("Cannot read directory " + location + ": " + failure, failure);
    }
  }

  /** The names of the directories inside {@code location}, sorted; hidden ones left out. */
  public List<String> childDirectories(String location) {
    Path directory = new Path(location);
    List<String> names = new ArrayList<>();
    try {
      FileSystem fileSystem = directory.getFileSystem(hadoopConf);
      for (FileStatus child : fileSystem.listStatus(directory)) {
        String name = child.getPath().getName();
        if (child.isDirectory() && !name.startsWith(".") && !name.startsWith("_")) {
          names.add(name);
        }
      }
    } catch (FileNotFoundException absent) {
      return List.of();
    } catch (IOException failure) {
      throw new FileReadException("Cannot list directory " + location + ": " + failure, failure);
    }
    names.sort(null);
    return names;
  }
}
