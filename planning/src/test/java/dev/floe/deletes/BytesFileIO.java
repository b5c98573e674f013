package dev.floe.deletes;

import dev.floe.FileReadException;
import dev.floe.io.FileIO;
import dev.floe.io.InputFile;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A {@link FileIO} over byte arrays that records every ranged read, to prove reads are exact. */
final class BytesFileIO implements FileIO {
  private final Map<String, byte[]> files = new HashMap<>();
  private final List<String> reads = new ArrayList<>();

  BytesFileIO add(String location, byte[] contents) {
    files.put(location, contents.clone());
    return this;
  }

  /** The reads made so far, as {@code "location@offset+length"}. */
  List<String> reads() {
    return List.copyOf(reads);
  }

  @Override
  public InputFile newInputFile(String location) {
    return new BytesInputFile(location);
  }

  @Override
  public List<String> listDirectory(String location) {
    throw new UnsupportedOperationException("deletion vectors are never listed");
  }

  private final class BytesInputFile implements InputFile {
    private final String location;

    BytesInputFile(String location) {
      this.location = location;
    }

    private byte[] contents() {
      byte[] contents = files.get(location);
      if (contents == null) {
        throw new FileReadException("Cannot read " + location + ": the file does not exist");
      }
      return contents;
    }

    @Override
    public String location() {
      return location;
    }

    @Override
    public long length() {
      reads.add(location + "@length");
      return contents().length;
    }

    @Override
    public boolean exists() {
      return files.containsKey(location);
    }

    @Override
    public byte[] readRange(long offset, int length) {
      reads.add(location + "@" + offset + "+" + length);
      byte[] contents = contents();
      if (offset + length > contents.length) {
        throw new FileReadException(
            "Cannot read " + location + ": wanted " + length + " bytes at offset " + offset);
      }
      return Arrays.copyOfRange(contents, (int) offset, (int) offset + length);
    }

    @Override
    public InputStream newStream() {
      throw new UnsupportedOperationException("a deletion vector is read by range only");
    }
  }
}
