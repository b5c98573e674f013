package dev.floe.spark.read.parquet.format;

/**
 * What a Parquet column's physical values mean: the footer's logical type, or, for files older than
 * logical types, the one its converted type stands for. {@link Unrecognized} is a logical type
 * newer than this reader: the column reads as its physical type where the table allows.
 */
public sealed interface LogicalType {
  enum TimeUnit {
    MILLIS,
    MICROS,
    NANOS
  }

  record StringType() implements LogicalType {}

  record MapType() implements LogicalType {}

  /** The converted type {@code MAP_KEY_VALUE} of old writers: a map's repeated group. */
  record MapKeyValueType() implements LogicalType {}

  record ListType() implements LogicalType {}

  record EnumType() implements LogicalType {}

  record DecimalType(int scale, int precision) implements LogicalType {}

  record DateType() implements LogicalType {}

  record TimeType(boolean adjustedToUtc, TimeUnit unit) implements LogicalType {}

  record TimestampType(boolean adjustedToUtc, TimeUnit unit) implements LogicalType {}

  record IntegerType(int bitWidth, boolean signed) implements LogicalType {}

  /** Logical type {@code UNKNOWN}: every value is null. */
  record NullType() implements LogicalType {}

  record JsonType() implements LogicalType {}

  record BsonType() implements LogicalType {}

  record UuidType() implements LogicalType {}

  /** IEEE 754 half precision in a two-byte fixed array, little-endian. */
  record Float16Type() implements LogicalType {}

  record VariantType() implements LogicalType {}

  record GeometryType() implements LogicalType {}

  record GeographyType() implements LogicalType {}

  /** The converted type {@code INTERVAL}: months, days and millis in 12 bytes. */
  record IntervalType() implements LogicalType {}

  /** A logical type this reader does not know, by its field id in Thrift's union. */
  record Unrecognized(int thriftFieldId) implements LogicalType {}

  /**
   * The logical type a converted type stands for (the format's compatibility table), or null for an
   * unknown one; decimals take their scale and precision from the schema element.
   */
  static LogicalType ofConvertedType(int convertedType, int scale, int precision) {
    return switch (convertedType) {
      case 0 -> new StringType();
      case 1 -> new MapType();
      case 2 -> new MapKeyValueType();
      case 3 -> new ListType();
      case 4 -> new EnumType();
      case 5 -> new DecimalType(scale, precision);
      case 6 -> new DateType();
      case 7 -> new TimeType(true, TimeUnit.MILLIS);
      case 8 -> new TimeType(true, TimeUnit.MICROS);
      case 9 -> new TimestampType(true, TimeUnit.MILLIS);
      case 10 -> new TimestampType(true, TimeUnit.MICROS);
      case 11 -> new IntegerType(8, false);
      case 12 -> new IntegerType(16, false);
      case 13 -> new IntegerType(32, false);
      case 14 -> new IntegerType(64, false);
      case 15 -> new IntegerType(8, true);
      case 16 -> new IntegerType(16, true);
      case 17 -> new IntegerType(32, true);
      case 18 -> new IntegerType(64, true);
      case 19 -> new JsonType();
      case 20 -> new BsonType();
      case 21 -> new IntervalType();
      default -> null;
    };
  }
}
