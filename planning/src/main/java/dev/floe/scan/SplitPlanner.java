package dev.floe.scan;

import dev.floe.manifest.DataFile;
import java.util.ArrayList;
import java.util.List;

/**
 * Divides whole-file tasks at the row-group offsets their writers recorded ({@code split_offsets}),
 * without opening any file. Consecutive row groups are put together while the split stays within
 * the split size; a row group larger than the split size is a split of its own. So every split
 * starts at a row group, and every row group lies in exactly one split: a reader takes the row
 * groups whose first byte is in {@code [start, start + length)}.
 *
 * <p>A file without offsets, or whose offsets are not strictly ascending within the file, is read
 * as one task: a wrong offset must never make a reader skip or repeat a row group.
 */
final class SplitPlanner {
  private final long splitSize;

  SplitPlanner(long splitSize) {
    if (splitSize <= 0) {
      throw new IllegalArgumentException("Split size must be positive, got " + splitSize);
    }
    this.splitSize = splitSize;
  }

  List<FileScanTask> split(List<FileScanTask> tasks) {
    List<FileScanTask> result = new ArrayList<>(tasks.size());
    for (FileScanTask task : tasks) {
      split(task, result);
    }
    return result;
  }

  /** The splits of one task: the task itself when it is not cut. */
  List<FileScanTask> split(FileScanTask task) {
    List<FileScanTask> splits = new ArrayList<>(1);
    split(task, splits);
    return splits;
  }

  private void split(FileScanTask task, List<FileScanTask> into) {
    DataFile file = task.file();
    long[] offsets = usableOffsets(file);
    if (!task.isWholeFile() || offsets.length <= 1 || file.fileSizeInBytes() <= splitSize) {
      into.add(task);
      return;
    }
    List<FileScanTask> splits = new ArrayList<>();
    long splitStart = offsets[0];
    for (int rowGroup = 1; rowGroup <= offsets.length; rowGroup++) {
      long rowGroupEnd = rowGroup < offsets.length ? offsets[rowGroup] : file.fileSizeInBytes();
      long rowGroupStart = offsets[rowGroup - 1];
      boolean splitHasRowGroups = rowGroupStart > splitStart;
      if (splitHasRowGroups && rowGroupEnd - splitStart > splitSize) {
        splits.add(piece(task, splitStart, rowGroupStart));
        splitStart = rowGroupStart;
      }
    }
    splits.add(piece(task, splitStart, file.fileSizeInBytes()));
    if (splits.size() == 1) {
      into.add(task);
    } else {
      into.addAll(splits);
    }
  }

  private static FileScanTask piece(FileScanTask task, long start, long end) {
    return new FileScanTask(task.file(), task.deletes(), task.residual(), start, end - start);
  }

  /** The offsets if they are strictly ascending and inside the file, else none. */
  static long[] usableOffsets(DataFile file) {
    List<Long> offsets = file.splitOffsets();
    long[] result = new long[offsets.size()];
    long previous = -1;
    for (int i = 0; i < result.length; i++) {
      long offset = offsets.get(i);
      if (offset <= previous || offset >= file.fileSizeInBytes()) {
        return new long[0];
      }
      result[i] = offset;
      previous = offset;
    }
    return result;
  }
}
