package dev.floe.expr;

import dev.floe.table.PrimitiveType;
import dev.floe.table.SingleValueBinary;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Comparator;
import java.util.UUID;

/**
 * The order Iceberg uses to compare values of one type, for bounds, partition summaries and
 * literals. Values use Floe's representation (see {@link SingleValueBinary}); comparators do not
 * accept null, so callers decide where nulls go.
 *
 * <ul>
 *   <li>strings by Unicode code point, which is the order of their UTF-8 bytes compared unsigned
 *       (not Java's UTF-16 {@code compareTo}: {@code "\uFFFF"} sorts before {@code "😀"});
 *   <li>fixed and binary by unsigned bytes, lexicographically (a prefix sorts first);
 *   <li>float and double by {@link Float#compare} / {@link Double#compare}: {@code -0.0} before
 *       {@code 0.0}, NaN after everything;
 *   <li>uuid as Apache Iceberg 1.10 orders it: {@link UUID#compareTo}, which compares the two
 *       halves as <em>signed</em> longs. That is not the RFC 4122 byte order, but it is the order
 *       in which Iceberg 1.10 computes and checks bounds.
 * </ul>
 */
public final class ValueComparators {
  private static final Comparator<Object> BOOLEANS =
      (left, right) -> Boolean.compare((Boolean) left, (Boolean) right);
  private static final Comparator<Object> INTS =
      (left, right) -> Integer.compare((Integer) left, (Integer) right);
  private static final Comparator<Object> LONGS =
      (left, right) -> Long.compare((Long) left, (Long) right);
  private static final Comparator<Object> FLOATS =
      (left, right) -> Float.compare((Float) left, (Float) right);
  private static final Comparator<Object> DOUBLES =
      (left, right) -> Double.compare((Double) left, (Double) right);
  private static final Comparator<Object> DECIMALS =
      (left, right) -> ((BigDecimal) left).compareTo((BigDecimal) right);
  private static final Comparator<Object> STRINGS =
      (left, right) -> compareCodePoints((CharSequence) left, (CharSequence) right);
  private static final Comparator<Object> UUIDS =
      (left, right) -> ((UUID) left).compareTo((UUID) right);
  private static final Comparator<Object> BYTES =
      (left, right) -> compareUnsigned((ByteBuffer) left, (ByteBuffer) right);

  private static final Comparator<Object> UNSIGNED_UUIDS =
      Comparator.comparing(
              (Object value) -> ((UUID) value).getMostSignificantBits(), Long::compareUnsigned)
          .thenComparing(value -> ((UUID) value).getLeastSignificantBits(), Long::compareUnsigned);

  private ValueComparators() {}

  /**
   * UUIDs as unsigned bytes: the spec's and RFC 4122's order, and Parquet's, in which writers other
   * than Iceberg 1.10 compute bounds. Bounds-based pruning of uuid columns consults both orders.
   */
  public static Comparator<Object> unsignedUuids() {
    return UNSIGNED_UUIDS;
  }

  /**
   * The comparator for values of {@code type}. A value of another Java class than the type's
   * representation fails with a {@link ClassCastException}.
   *
   * @throws IllegalArgumentException for types without an order: unknown, variant, geometry,
   *     geography
   */
  public static Comparator<Object> forType(PrimitiveType type) {
    return switch (type.typeId()) {
      case BOOLEAN -> BOOLEANS;
      case INT, DATE -> INTS;
      case LONG, TIME, TIMESTAMP, TIMESTAMPTZ, TIMESTAMP_NS, TIMESTAMPTZ_NS -> LONGS;
      case FLOAT -> FLOATS;
      case DOUBLE -> DOUBLES;
      case DECIMAL -> DECIMALS;
      case STRING -> STRINGS;
      case UUID -> UUIDS;
      case FIXED, BINARY -> BYTES;
      case UNKNOWN, VARIANT, GEOMETRY, GEOGRAPHY, STRUCT, LIST, MAP ->
          throw new IllegalArgumentException(
              "Cannot compare " + type + " values: the type has no order");
    };
  }

  private static int compareCodePoints(CharSequence left, CharSequence right) {
    int length = Math.min(left.length(), right.length());
    for (int index = 0; index < length; index++) {
      char leftChar = left.charAt(index);
      char rightChar = right.charAt(index);
      if (leftChar != rightChar) {
        boolean leftSurrogate = Character.isSurrogate(leftChar);
        // A surrogate encodes a code point above U+FFFF, so it sorts after any other char even
        // though its UTF-16 unit (D800-DFFF) is below E000-FFFF. Two surrogates at the same index
        // are both high or both low, and then their units are in code point order.
        if (leftSurrogate != Character.isSurrogate(rightChar)) {
          return leftSurrogate ? 1 : -1;
        }
        return Character.compare(leftChar, rightChar);
      }
    }
    return Integer.compare(left.length(), right.length());
  }

  private static int compareUnsigned(ByteBuffer left, ByteBuffer right) {
    // mismatch compares the remaining bytes without moving either buffer
    int mismatch = left.mismatch(right);
    if (mismatch >= 0 && mismatch < Math.min(left.remaining(), right.remaining())) {
      return Byte.compareUnsigned(
          left.get(left.position() + mismatch), right.get(right.position() + mismatch));
    }
    return Integer.compare(left.remaining(), right.remaining());
  }
}
