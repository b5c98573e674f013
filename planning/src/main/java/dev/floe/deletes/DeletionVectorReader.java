package dev.floe.deletes;

import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.io.FileIO;
import dev.floe.io.InputFile;
import dev.floe.manifest.DeleteFile;
import java.util.Objects;

/**
 * Reads a v3 deletion vector: exactly the {@code deletion-vector-v1} blob at {@code content_offset}
 * / {@code content_size_in_bytes} of its Puffin file, never the Puffin footer. The blob is checked
 * (length, magic, CRC-32, bitmap layout, cardinality against the manifest's record count) and any
 * failed check is a {@link CorruptTableException} naming the Puffin file and the blob's offset.
 */
public final class DeletionVectorReader {
  private final FileIO io;

  public DeletionVectorReader(FileIO io) {
    this.io = Objects.requireNonNull(io, "io");
  }

  /**
   * The positions {@code deletionVector} deletes from its referenced data file.
   *
   * @throws IllegalArgumentException if {@code deletionVector} is not a deletion vector
   * @throws CorruptTableException if the manifest entry or the blob breaks the spec
   * @throws FileReadException if the Puffin file cannot be read
   */
  public PositionIndex read(DeleteFile deletionVector) {
    if (!deletionVector.isDeletionVector()) {
      throw new IllegalArgumentException(
          "Cannot read "
              + deletionVector.location()
              + " as a deletion vector: it holds "
              + deletionVector.content()
              + " in "
              + deletionVector.format());
    }
    DeletionVectorBlob blob = DeletionVectorBlob.of(deletionVector);
    byte[] bytes = readBlob(io.newInputFile(deletionVector.location()), blob);
    return blob.decode(bytes, deletionVector.recordCount());
  }

  private static byte[] readBlob(InputFile file, DeletionVectorBlob blob) {
    try {
      return file.readRange(blob.offset(), blob.size());
    } catch (FileReadException failure) {
      // Only a failed read pays for a length request: a file that exists but ends before the
      // blob is a truncated table file, not a storage failure.
      long length = lengthIfExists(file);
      if (length >= 0 && length < blob.offset() + blob.size()) {
        throw blob.corrupt(
            "truncated: the blob ends at byte "
                + (blob.offset() + blob.size())
                + " but the file has "
                + length
                + " bytes",
            failure);
      }
      throw failure;
    }
  }

  private static long lengthIfExists(InputFile file) {
    return file.exists() ? file.length() : -1;
  }
}
