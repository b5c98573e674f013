package dev.floe.table;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The Iceberg spec's binary single-value serialization (Appendix D), used for column bounds in
 * manifests and for partition summary bounds in manifest lists.
 *
 * <p>Values use Floe's representation: Boolean; Integer for int and date (days); Long for long,
 * time (micros), timestamp and timestamptz (micros), timestamp_ns and timestamptz_ns (nanos);
 * Float; Double; BigDecimal with the type's scale; String; UUID; ByteBuffer for fixed, binary,
 * geometry and geography (WKB, or the spec's point encoding for bounds: kept as raw bytes).
 *
 * <p>Bounds outlive schema evolution: a bound written for an {@code int} column stays 4 bytes after
 * the column is promoted to {@code long}, and likewise {@code float} to {@code double}. {@link
 * #fromBytes} widens those, and (format v3) a 4-byte {@code date} bound of a column promoted to
 * {@code timestamp} or {@code timestamp_ns}: midnight of that day. The zoned types allow no such
 * promotion, so 4 bytes for them is malformed.
 */
public final class SingleValueBinary {
  private static final int UUID_LENGTH = 16;
  private static final long MICROS_PER_DAY = 86_400_000_000L;
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  private SingleValueBinary() {}

  /**
   * Decodes one value of {@code type} from the remaining bytes of {@code bytes}. The caller's
   * buffer position is left as it was; fixed and binary values are returned as a copy.
   *
   * @throws IllegalArgumentException when the length does not fit the type, the bytes of a string
   *     are not UTF-8, or the type has no binary single-value form (unknown, variant)
   */
  public static Object fromBytes(PrimitiveType type, ByteBuffer bytes) {
    if (bytes == null) {
      throw new IllegalArgumentException("Cannot read a " + type + " value from null bytes");
    }
    ByteBuffer buffer = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int length = buffer.remaining();
    return switch (type.typeId()) {
      case BOOLEAN -> {
        requireLength(type, length, 1);
        yield buffer.get() != 0;
      }
      case INT, DATE -> {
        requireLength(type, length, Integer.BYTES);
        yield buffer.getInt();
      }
      case LONG -> {
        if (length == Integer.BYTES) {
          // written before the column was promoted from int
          yield (long) buffer.getInt();
        }
        requireLength(type, length, Long.BYTES);
        yield buffer.getLong();
      }
      case TIMESTAMP, TIMESTAMP_NS -> {
        if (length == Integer.BYTES) {
          // a date bound written before the column was promoted to a timestamp (v3)
          long perDay = type.typeId() == TypeId.TIMESTAMP ? MICROS_PER_DAY : NANOS_PER_DAY;
          yield Math.multiplyExact((long) buffer.getInt(), perDay);
        }
        requireLength(type, length, Long.BYTES);
        yield buffer.getLong();
      }
      case TIME, TIMESTAMPTZ, TIMESTAMPTZ_NS -> {
        requireLength(type, length, Long.BYTES);
        yield buffer.getLong();
      }
      case FLOAT -> {
        requireLength(type, length, Float.BYTES);
        yield buffer.getFloat();
      }
      case DOUBLE -> {
        if (length == Float.BYTES) {
          // written before the column was promoted from float
          yield (double) buffer.getFloat();
        }
        requireLength(type, length, Double.BYTES);
        yield buffer.getDouble();
      }
      case DECIMAL -> {
        if (length == 0) {
          throw malformedLength(type, length, "at least 1");
        }
        yield new BigDecimal(new BigInteger(remainingBytes(buffer)), type.scale());
      }
      case STRING -> decodeUtf8(type, buffer);
      case UUID -> {
        requireLength(type, length, UUID_LENGTH);
        buffer.order(ByteOrder.BIG_ENDIAN);
        yield new UUID(buffer.getLong(), buffer.getLong());
      }
      case FIXED, BINARY, GEOMETRY, GEOGRAPHY -> ByteBuffer.wrap(remainingBytes(buffer));
      case UNKNOWN, VARIANT, STRUCT, LIST, MAP -> throw notSerializable(type);
    };
  }

  /**
   * Encodes {@code value} as {@code type}'s binary single value. The returned buffer is positioned
   * at 0 and holds exactly the encoded bytes. A decimal is first brought to the type's scale, which
   * must not need rounding.
   *
   * @throws IllegalArgumentException when the value is null, is not of the Java class the type is
   *     represented by, or the type has no binary single-value form
   */
  public static ByteBuffer toBytes(PrimitiveType type, Object value) {
    if (value == null) {
      throw new IllegalArgumentException("Cannot serialize a null " + type + " value to bytes");
    }
    return switch (type.typeId()) {
      case BOOLEAN ->
          ByteBuffer.wrap(new byte[] {(byte) (cast(type, value, Boolean.class) ? 1 : 0)});
      case INT, DATE -> littleEndian(Integer.BYTES).putInt(0, cast(type, value, Integer.class));
      case LONG, TIME, TIMESTAMP, TIMESTAMPTZ, TIMESTAMP_NS, TIMESTAMPTZ_NS ->
          littleEndian(Long.BYTES).putLong(0, cast(type, value, Long.class));
      case FLOAT -> littleEndian(Float.BYTES).putFloat(0, cast(type, value, Float.class));
      case DOUBLE -> littleEndian(Double.BYTES).putDouble(0, cast(type, value, Double.class));
      case DECIMAL ->
          ByteBuffer.wrap(
              rescale(type, cast(type, value, BigDecimal.class)).unscaledValue().toByteArray());
      case STRING ->
          ByteBuffer.wrap(
              cast(type, value, CharSequence.class).toString().getBytes(StandardCharsets.UTF_8));
      case UUID -> {
        UUID uuid = cast(type, value, UUID.class);
        yield ByteBuffer.allocate(UUID_LENGTH)
            .putLong(0, uuid.getMostSignificantBits())
            .putLong(Long.BYTES, uuid.getLeastSignificantBits());
      }
      case FIXED, BINARY, GEOMETRY, GEOGRAPHY ->
          ByteBuffer.wrap(remainingBytes(cast(type, value, ByteBuffer.class).duplicate()));
      case UNKNOWN, VARIANT, STRUCT, LIST, MAP -> throw notSerializable(type);
    };
  }

  /** The decimal at exactly the type's scale; a value that would need rounding is refused. */
  static BigDecimal rescale(PrimitiveType type, BigDecimal value) {
    if (value.scale() == type.scale()) {
      return value;
    }
    try {
      return value.setScale(type.scale(), RoundingMode.UNNECESSARY);
    } catch (ArithmeticException notExact) {
      throw new IllegalArgumentException(
          "Cannot use " + value + " as a " + type + " value: its scale is not " + type.scale(),
          notExact);
    }
  }

  static <T> T cast(PrimitiveType type, Object value, Class<T> javaClass) {
    if (!javaClass.isInstance(value)) {
      throw new IllegalArgumentException(
          "Cannot use a "
              + value.getClass().getName()
              + " as a "
              + type
              + " value (expected "
              + javaClass.getName()
              + "): "
              + value);
    }
    return javaClass.cast(value);
  }

  private static ByteBuffer littleEndian(int length) {
    return ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
  }

  private static byte[] remainingBytes(ByteBuffer buffer) {
    byte[] copy = new byte[buffer.remaining()];
    buffer.get(copy);
    return copy;
  }

  private static String decodeUtf8(PrimitiveType type, ByteBuffer buffer) {
    int length = buffer.remaining();
    try {
      CharBuffer chars =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(buffer);
      return chars.toString();
    } catch (CharacterCodingException notUtf8) {
      throw new IllegalArgumentException(
          "Cannot read a " + type + " value: its " + length + " bytes are not valid UTF-8",
          notUtf8);
    }
  }

  private static void requireLength(PrimitiveType type, int length, int expected) {
    if (length != expected) {
      throw malformedLength(type, length, String.valueOf(expected));
    }
  }

  private static IllegalArgumentException malformedLength(
      PrimitiveType type, int length, String expected) {
    return new IllegalArgumentException(
        "Cannot read a "
            + type
            + " value from "
            + length
            + " bytes: its binary form has "
            + expected
            + " bytes");
  }

  private static IllegalArgumentException notSerializable(PrimitiveType type) {
    return new IllegalArgumentException(
        "Type " + type + " has no binary single-value serialization in the Iceberg spec");
  }
}
