package dev.floe.spark.read.parquet.format;

import static dev.floe.spark.read.parquet.format.ThriftCompactReader.STRUCT;

import dev.floe.spark.read.parquet.format.LogicalType.TimeUnit;
import dev.floe.spark.read.parquet.format.ThriftCompactReader.ThriftException;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the footer's schema: each flattened Thrift {@code SchemaElement} with its logical type,
 * then the tree they describe (each group's children follow it, depth first).
 */
final class SchemaDecoder {
  private final ThriftFieldReader reader;

  SchemaDecoder(ThriftFieldReader reader) {
    this.reader = reader;
  }

  /** The tree of the flattened elements, rooted at the first. */
  static ParquetField.Group tree(List<SchemaElement> elements) {
    int[] next = {1};
    ParquetField.Group root =
        new ParquetField.Group(
            elements.get(0).name,
            Repetition.REQUIRED,
            null,
            null,
            children(elements, next, elements.get(0).childCount, 1));
    if (next[0] != elements.size()) {
      throw new ThriftException(
          "the schema lists " + elements.size() + " elements but its groups hold " + next[0]);
    }
    return root;
  }

  private static List<ParquetField> children(
      List<SchemaElement> elements, int[] next, int count, int depth) {
    if (depth > 64) {
      throw new ThriftException("the schema nests deeper than 64 levels");
    }
    if (count < 0 || count > elements.size() - next[0]) {
      throw new ThriftException(
          "a group declares "
              + count
              + " children where "
              + (elements.size() - next[0])
              + " elements remain");
    }
    List<ParquetField> fields = new ArrayList<>(count);
    for (int index = 0; index < count; index++) {
      if (next[0] >= elements.size()) {
        throw new ThriftException("the schema's groups declare more children than it has elements");
      }
      SchemaElement element = elements.get(next[0]++);
      fields.add(element.toField(elements, next, depth));
    }
    return fields;
  }

  /** One flattened schema element, as Thrift gives it. */
  static final class SchemaElement {
    Integer type;
    int typeLength;
    Integer repetition;
    String name;
    int childCount;
    Integer convertedType;
    int scale;
    int precision;
    Integer fieldId;
    LogicalType logicalType;

    ParquetField toField(List<SchemaElement> elements, int[] next, int depth) {
      if (name == null) {
        throw new ThriftException("a schema element has no name");
      }
      Repetition fieldRepetition = repetition == null ? null : Repetition.ofThrift(repetition);
      if (fieldRepetition == null) {
        throw new ThriftException("field " + name + " has repetition " + repetition);
      }
      LogicalType logical = logicalType();
      if (type == null || childCount > 0) {
        return new ParquetField.Group(
            name,
            fieldRepetition,
            fieldId,
            logical,
            children(elements, next, childCount, depth + 1));
      }
      PhysicalType physical = PhysicalType.ofThrift(type);
      if (physical == null) {
        throw new ThriftException("column " + name + " has physical type " + type);
      }
      if (physical == PhysicalType.FIXED_LEN_BYTE_ARRAY && typeLength <= 0) {
        throw new ThriftException("fixed-length column " + name + " has type length " + typeLength);
      }
      return new ParquetField.Primitive(
          name,
          fieldRepetition,
          fieldId,
          logical,
          physical,
          physical == PhysicalType.FIXED_LEN_BYTE_ARRAY ? typeLength : 0);
    }

    /**
     * The logical type; a logical type this reader does not know falls back to the converted type
     * when the writer gave one (the format asks writers to, for older readers).
     */
    private LogicalType logicalType() {
      LogicalType converted =
          convertedType == null
              ? null
              : LogicalType.ofConvertedType(convertedType, scale, precision);
      if (logicalType == null
          || (logicalType instanceof LogicalType.Unrecognized && converted != null)) {
        return converted;
      }
      return logicalType;
    }
  }

  SchemaElement element() {
    SchemaElement element = new SchemaElement();
    reader.struct(
        id -> {
          switch (id) {
            case 1 -> element.type = reader.i32(id);
            case 2 -> element.typeLength = reader.i32(id);
            case 3 -> element.repetition = reader.i32(id);
            case 4 -> element.name = reader.string(id);
            case 5 -> element.childCount = reader.i32(id);
            case 6 -> element.convertedType = reader.i32(id);
            case 7 -> element.scale = reader.i32(id);
            case 8 -> element.precision = reader.i32(id);
            case 9 -> element.fieldId = reader.i32(id);
            case 10 -> {
              reader.expect(id, STRUCT);
              element.logicalType = logicalTypeUnion();
            }
            default -> {
              return false;
            }
          }
          return true;
        });
    return element;
  }

  /** The {@code LogicalType} union: the member that is set, or {@link LogicalType.Unrecognized}. */
  private LogicalType logicalTypeUnion() {
    LogicalType[] found = {null};
    int[] unknownId = {0};
    reader.struct(
        id -> {
          if (id < 1 || id > 18 || id == 9) {
            unknownId[0] = id;
            return false;
          }
          reader.expect(id, STRUCT);
          LogicalType type =
              switch (id) {
                case 1 -> empty(new LogicalType.StringType());
                case 2 -> empty(new LogicalType.MapType());
                case 3 -> empty(new LogicalType.ListType());
                case 4 -> empty(new LogicalType.EnumType());
                case 5 -> decimal();
                case 6 -> empty(new LogicalType.DateType());
                case 7 -> time(false);
                case 8 -> time(true);
                case 10 -> integer();
                case 11 -> empty(new LogicalType.NullType());
                case 12 -> empty(new LogicalType.JsonType());
                case 13 -> empty(new LogicalType.BsonType());
                case 14 -> empty(new LogicalType.UuidType());
                case 15 -> empty(new LogicalType.Float16Type());
                case 16 -> empty(new LogicalType.VariantType());
                case 17 -> empty(new LogicalType.GeometryType());
                case 18 -> empty(new LogicalType.GeographyType());
                default -> throw new IllegalStateException("logical type member " + id);
              };
          found[0] = type;
          return true;
        });
    if (found[0] != null) {
      return found[0];
    }
    return new LogicalType.Unrecognized(unknownId[0]);
  }

  /** A union member whose struct's content does not matter here (skipped, fields included). */
  private LogicalType empty(LogicalType type) {
    reader.skipField();
    return type;
  }

  private LogicalType decimal() {
    int[] values = {0, 0};
    reader.struct(
        id -> {
          switch (id) {
            case 1 -> values[0] = reader.i32(id);
            case 2 -> values[1] = reader.i32(id);
            default -> {
              return false;
            }
          }
          return true;
        });
    return new LogicalType.DecimalType(values[0], values[1]);
  }

  private LogicalType time(boolean timestamp) {
    boolean[] adjusted = {false};
    TimeUnit[] unit = {null};
    reader.struct(
        id -> {
          switch (id) {
            case 1 -> adjusted[0] = reader.bool(id);
            case 2 -> {
              reader.expect(id, STRUCT);
              unit[0] = timeUnit();
            }
            default -> {
              return false;
            }
          }
          return true;
        });
    if (unit[0] == null) {
      return new LogicalType.Unrecognized(timestamp ? 8 : 7);
    }
    return timestamp
        ? new LogicalType.TimestampType(adjusted[0], unit[0])
        : new LogicalType.TimeType(adjusted[0], unit[0]);
  }

  private TimeUnit timeUnit() {
    TimeUnit[] unit = {null};
    reader.struct(
        id -> {
          unit[0] =
              switch (id) {
                case 1 -> TimeUnit.MILLIS;
                case 2 -> TimeUnit.MICROS;
                case 3 -> TimeUnit.NANOS;
                default -> null;
              };
          return false;
        });
    return unit[0];
  }

  private LogicalType integer() {
    int[] width = {0};
    boolean[] signed = {true};
    reader.struct(
        id -> {
          switch (id) {
            case 1 -> {
              reader.expect(id, ThriftCompactReader.BYTE);
              width[0] = reader.readByte();
            }
            case 2 -> signed[0] = reader.bool(id);
            default -> {
              return false;
            }
          }
          return true;
        });
    return new LogicalType.IntegerType(width[0], signed[0]);
  }
}
