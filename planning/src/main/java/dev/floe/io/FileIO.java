package dev.floe.io;

import java.io.Serializable;
import java.util.List;

/**
 * The only way planning reaches storage. Implementations must be serializable so that a plan's file
 * access can be shipped to executors.
 */
public interface FileIO extends Serializable {
  /** A handle on one file; nothing is read until the handle is used. */
  InputFile newInputFile(String location);

  /**
   * A handle on one file whose length the caller already knows (from a manifest), so that opening
   * it need not ask the storage; zero or less means unknown.
   */
  default InputFile newInputFile(String location, long length) {
    return newInputFile(location);
  }

  /**
   * The locations of the files directly inside a directory (not recursive), or an empty list when
   * the directory does not exist.
   */
  List<String> listDirectory(String location);
}
