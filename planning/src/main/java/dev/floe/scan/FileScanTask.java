package dev.floe.scan;

import dev.floe.expr.Expression;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import java.util.List;
import java.util.Objects;

/**
 * The unit of reading: the byte range {@code [start, start + length)} of one data file, the delete
 * files that apply to it, and the residual filter a reader must still evaluate. A reader reads
 * exactly the row groups whose first byte lies in the range, so every row group belongs to one
 * task. The data file carries its data sequence number after inheritance and its spec id.
 */
public record FileScanTask(
    DataFile file, List<DeleteFile> deletes, Expression residual, long start, long length) {

  public FileScanTask {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(residual, "residual");
    deletes = List.copyOf(deletes);
    if (start < 0 || length < 0 || start + length > Math.max(file.fileSizeInBytes(), start)) {
      throw new IllegalArgumentException(
          "Split ["
              + start
              + ", "
              + (start + length)
              + ") lies outside "
              + file.location()
              + " ("
              + file.fileSizeInBytes()
              + " bytes)");
    }
  }

  public int specId() {
    return file.specId();
  }

  public long dataSequenceNumber() {
    return file.dataSequenceNumber();
  }

  /** Whether this task covers the whole file. */
  public boolean isWholeFile() {
    return start == 0 && length == file.fileSizeInBytes();
  }
}
