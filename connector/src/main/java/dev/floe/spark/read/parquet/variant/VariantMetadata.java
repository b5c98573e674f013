package dev.floe.spark.read.parquet.variant;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The dictionary of a variant's metadata (Parquet's VariantEncoding.md): a header byte (version 1,
 * the offset size), the number of strings, their offsets and their UTF-8 bytes. Every field name of
 * a variant, shredded or not, is in its metadata, so a shredded field finds its id here by name.
 */
public final class VariantMetadata {
  private final byte[] bytes;
  private final int offsetSize;
  private final int size;
  private final int offsetsStart;
  private final int stringsStart;
  private Map<String, Integer> ids;

  private VariantMetadata(byte[] bytes, int offsetSize, int size) {
    this.bytes = bytes;
    this.offsetSize = offsetSize;
    this.size = size;
    this.offsetsStart = 1 + offsetSize;
    this.stringsStart = offsetsStart + (size + 1) * offsetSize;
  }

  /**
   * Reads the metadata's header and checks that its offsets lie in its bytes.
   *
   * @throws MalformedVariantException when they do not, or the version is not 1
   */
  public static VariantMetadata of(byte[] bytes) {
    if (bytes.length < 1) {
      throw new MalformedVariantException("the variant metadata is empty");
    }
    int header = bytes[0] & 0xFF;
    if ((header & 0x0F) != 1) {
      throw new MalformedVariantException(
          "the variant metadata has version " + (header & 0x0F) + " (only version 1 is defined)");
    }
    int offsetSize = ((header >> 6) & 0x03) + 1;
    int size = (int) VariantBytes.unsigned(bytes, 1, offsetSize, "the dictionary size");
    VariantMetadata metadata = new VariantMetadata(bytes, offsetSize, size);
    long stringsStart = 1L + offsetSize + (long) (size + 1) * offsetSize;
    if (stringsStart > bytes.length) {
      throw new MalformedVariantException(
          "the variant metadata holds "
              + bytes.length
              + " bytes, too few for a dictionary of "
              + size
              + " strings");
    }
    long last = metadata.offset(size);
    if (stringsStart + last > bytes.length) {
      throw new MalformedVariantException(
          "the variant metadata's strings end at byte "
              + (stringsStart + last)
              + " of "
              + bytes.length);
    }
    return metadata;
  }

  /** Whether this metadata was read from these bytes (so a row may reuse the previous row's). */
  public boolean isOf(byte[] other) {
    return Arrays.equals(bytes, other);
  }

  public int size() {
    return size;
  }

  /** The string of dictionary id {@code id}. */
  public String name(int id) {
    if (id < 0 || id >= size) {
      throw new MalformedVariantException(
          "field id " + id + " is not in the variant metadata's " + size + " strings");
    }
    int start = (int) offset(id);
    int end = (int) offset(id + 1);
    if (end < start) {
      throw new MalformedVariantException(
          "the variant metadata's string " + id + " ends before it starts");
    }
    return new String(bytes, stringsStart + start, end - start, StandardCharsets.UTF_8);
  }

  /**
   * The dictionary id of a field name.
   *
   * @throws MalformedVariantException when the name is not in the dictionary, as the shredding spec
   *     requires of every field name
   */
  public int id(String name) {
    if (ids == null) {
      Map<String, Integer> found = new HashMap<>();
      for (int id = 0; id < size; id++) {
        found.putIfAbsent(name(id), id);
      }
      ids = found;
    }
    Integer id = ids.get(name);
    if (id == null) {
      throw new MalformedVariantException(
          "the shredded field '" + name + "' is not in the variant metadata");
    }
    return id;
  }

  private long offset(int index) {
    return VariantBytes.unsigned(
        bytes, offsetsStart + index * offsetSize, offsetSize, "a dictionary offset");
  }
}
