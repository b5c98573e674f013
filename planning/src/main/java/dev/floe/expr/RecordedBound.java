package dev.floe.expr;

import dev.floe.CorruptTableException;
import dev.floe.manifest.ContentFile;
import dev.floe.table.PrimitiveType;
import dev.floe.table.SingleValueBinary;
import java.nio.ByteBuffer;

/** A lower or upper bound recorded in a manifest entry, decoded as its column's type. */
public final class RecordedBound {
  private RecordedBound() {}

  /**
   * The value of {@code bound}, widened to {@code type} when it was written before a promotion;
   * null when no bound is recorded.
   *
   * @param which {@code "lower"} or {@code "upper"}, for the message
   * @throws CorruptTableException naming the file and column when the bytes are not a {@code type}
   *     value
   */
  public static Object decode(
      ContentFile file,
      int fieldId,
      String column,
      PrimitiveType type,
      ByteBuffer bound,
      String which) {
    if (bound == null) {
      return null;
    }
    try {
      return SingleValueBinary.fromBytes(type, bound);
    } catch (IllegalArgumentException malformed) {
      throw new CorruptTableException(
          "Cannot read the "
              + which
              + " bound of column "
              + column
              + " (id "
              + fieldId
              + ", "
              + type
              + ") recorded for data file "
              + file.location()
              + ": "
              + malformed.getMessage()
              + ". The manifest entry's metrics are corrupt; rewrite the file's manifest",
          malformed);
    }
  }
}
