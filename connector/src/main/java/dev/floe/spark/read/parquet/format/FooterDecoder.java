package dev.floe.spark.read.parquet.format;

import static dev.floe.spark.read.parquet.format.ThriftCompactReader.BINARY;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.I16;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.I32;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.I64;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.LIST;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.STOP;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.STRUCT;

import dev.floe.spark.read.parquet.format.LogicalType.TimeUnit;
import dev.floe.spark.read.parquet.format.ThriftCompactReader.ThriftException;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes a footer's Thrift {@code FileMetaData} into a {@link ParquetFooter}: the fields a reader
 * needs, every other one skipped. A field of an unexpected wire type, a schema whose children do
 * not add up, or a row group whose chunks do not match the schema's leaves is malformed.
 */
final class FooterDecoder {
  private final ThriftCompactReader thrift;

  private FooterDecoder(ThriftCompactReader thrift) {
    this.thrift = thrift;
  }

  /** Decodes {@code data[offset .. end)}; throws {@link ThriftException} on malformed input. */
  static ParquetFooter decode(byte[] data, int offset, int end) {
    return new FooterDecoder(new ThriftCompactReader(data, offset, end)).fileMetaData();
  }

  /** A struct field read by a field decoder. */
  private interface FieldDecoder {
    /** Reads field {@code id} if it knows it (the wire type checked), else returns false. */
    boolean read(int id);
  }

  private void struct(FieldDecoder fields) {
    thrift.beginStruct();
    int id;
    while ((id = thrift.nextField()) != STOP) {
      if (!fields.read(id)) {
        thrift.skipField();
      }
    }
    thrift.endStruct();
  }

  private void expect(int id, int wireType) {
    int actual = thrift.fieldType();
    boolean booleanField =
        wireType == ThriftCompactReader.TRUE
            && (actual == ThriftCompactReader.TRUE || actual == ThriftCompactReader.FALSE);
    boolean compatibleInteger = (wireType == I32 || wireType == I16) && actual == I16;
    if (actual != wireType && !booleanField && !compatibleInteger) {
      throw new ThriftException("field " + id + " has wire type " + actual + ", not " + wireType);
    }
  }

  private int i32(int id) {
    expect(id, I32);
    return thrift.readI32();
  }

  private long i64(int id) {
    expect(id, I64);
    return thrift.readI64();
  }

  private boolean bool(int id) {
    expect(id, ThriftCompactReader.TRUE);
    return thrift.fieldBoolean();
  }

  private String string(int id) {
    expect(id, BINARY);
    return thrift.readString();
  }

  private byte[] binary(int id) {
    expect(id, BINARY);
    return thrift.readBinary();
  }

  private int list(int id, int elementType) {
    expect(id, LIST);
    int size = thrift.readListBegin();
    if (size > 0 && thrift.fieldType() != elementType) {
      throw new ThriftException(
          "list field " + id + " holds wire type " + thrift.fieldType() + ", not " + elementType);
    }
    return size;
  }

  private ParquetFooter fileMetaData() {
    List<SchemaElement> elements = new ArrayList<>();
    List<RawRowGroup> rowGroups = new ArrayList<>();
    List<Boolean> typeDefinedOrders = new ArrayList<>();
    long[] rowCount = {-1};
    String[] createdBy = {null};
    boolean[] sawSchema = {false};
    struct(
        id -> {
          switch (id) {
            case 2 -> {
              int size = list(id, STRUCT);
              for (int index = 0; index < size; index++) {
                elements.add(schemaElement());
              }
              sawSchema[0] = true;
            }
            case 3 -> rowCount[0] = i64(id);
            case 4 -> {
              int size = list(id, STRUCT);
              for (int index = 0; index < size; index++) {
                rowGroups.add(rowGroup());
              }
            }
            case 6 -> createdBy[0] = string(id);
            case 7 -> {
              int size = list(id, STRUCT);
              for (int index = 0; index < size; index++) {
                typeDefinedOrders.add(columnOrder());
              }
            }
            case 8 ->
                throw new ThriftException(
                    "its columns are encrypted, which Floe does not read (encryption_algorithm is"
                        + " set)");
            default -> {
              return false;
            }
          }
          return true;
        });
    if (!sawSchema[0] || elements.isEmpty()) {
      throw new ThriftException("the footer has no schema");
    }
    if (rowCount[0] < 0) {
      throw new ThriftException("the footer has no row count");
    }
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
    ParquetSchema schema = new ParquetSchema(root, typeDefinedOrders);
    List<RowGroup> groups = new ArrayList<>();
    for (int index = 0; index < rowGroups.size(); index++) {
      groups.add(rowGroups.get(index).resolve(index, schema));
    }
    return new ParquetFooter(schema, rowCount[0], groups, createdBy[0]);
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
  private static final class SchemaElement {
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

  private SchemaElement schemaElement() {
    SchemaElement element = new SchemaElement();
    struct(
        id -> {
          switch (id) {
            case 1 -> element.type = i32(id);
            case 2 -> element.typeLength = i32(id);
            case 3 -> element.repetition = i32(id);
            case 4 -> element.name = string(id);
            case 5 -> element.childCount = i32(id);
            case 6 -> element.convertedType = i32(id);
            case 7 -> element.scale = i32(id);
            case 8 -> element.precision = i32(id);
            case 9 -> element.fieldId = i32(id);
            case 10 -> {
              expect(id, STRUCT);
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
    struct(
        id -> {
          if (id < 1 || id > 18 || id == 9) {
            unknownId[0] = id;
            return false;
          }
          expect(id, STRUCT);
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
    thrift.skipField();
    return type;
  }

  private LogicalType decimal() {
    int[] values = {0, 0};
    struct(
        id -> {
          switch (id) {
            case 1 -> values[0] = i32(id);
            case 2 -> values[1] = i32(id);
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
    struct(
        id -> {
          switch (id) {
            case 1 -> adjusted[0] = bool(id);
            case 2 -> {
              expect(id, STRUCT);
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
    struct(
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
    struct(
        id -> {
          switch (id) {
            case 1 -> {
              expect(id, ThriftCompactReader.BYTE);
              width[0] = thrift.readByte();
            }
            case 2 -> signed[0] = bool(id);
            default -> {
              return false;
            }
          }
          return true;
        });
    return new LogicalType.IntegerType(width[0], signed[0]);
  }

  /** Whether a column order is the type-defined order (the only one the format defines). */
  private boolean columnOrder() {
    boolean[] typeOrder = {false};
    struct(
        id -> {
          if (id == 1) {
            typeOrder[0] = true;
          }
          return false;
        });
    return typeOrder[0];
  }

  /** A row group before its chunks are matched with the schema's leaves. */
  private record RawRowGroup(long rowCount, List<RawChunk> chunks) {
    RowGroup resolve(int index, ParquetSchema schema) {
      List<ParquetColumn> leaves = schema.columns();
      if (chunks.size() != leaves.size()) {
        throw new ThriftException(
            "row group "
                + index
                + " has "
                + chunks.size()
                + " column chunks for "
                + leaves.size()
                + " columns");
      }
      if (rowCount < 0) {
        throw new ThriftException("row group " + index + " has " + rowCount + " rows");
      }
      List<ColumnChunk> columns = new ArrayList<>(chunks.size());
      for (int ordinal = 0; ordinal < chunks.size(); ordinal++) {
        columns.add(chunks.get(ordinal).resolve(index, leaves.get(ordinal)));
      }
      return new RowGroup(index, rowCount, columns);
    }
  }

  private static final class RawChunk {
    String filePath;
    boolean hasMetaData;
    boolean encrypted;
    Integer type;
    List<String> path = new ArrayList<>();
    int codec;
    long valueCount = -1;
    long compressedSize = -1;
    long dataPageOffset = -1;
    long dictionaryPageOffset = -1;
    ColumnStatistics statistics;
    int dictionaryPages;
    int otherDataPages;
    boolean encodingStats;

    ColumnChunk resolve(int rowGroup, ParquetColumn column) {
      String where = "column " + column.dottedPath() + " of row group " + rowGroup;
      if (encrypted) {
        throw new ThriftException(where + " is encrypted, which Floe does not read");
      }
      if (filePath != null) {
        throw new ThriftException(
            where + " lies in another file (" + filePath + "), which Floe does not read");
      }
      if (!hasMetaData) {
        throw new ThriftException(where + " has no column metadata");
      }
      if (!path.equals(column.path())) {
        throw new ThriftException(
            where + " names path " + String.join(".", path) + " in its metadata");
      }
      if (type == null || PhysicalType.ofThrift(type) != column.type().physicalType()) {
        throw new ThriftException(
            where
                + " has physical type "
                + type
                + " where the schema says "
                + column.type().physicalType());
      }
      if (valueCount < 0 || compressedSize < 0 || dataPageOffset < 0) {
        throw new ThriftException(
            where
                + " has "
                + valueCount
                + " values, "
                + compressedSize
                + " bytes at offset "
                + dataPageOffset);
      }
      Boolean dictionaryOnly = encodingStats ? dictionaryPages > 0 && otherDataPages == 0 : null;
      return new ColumnChunk(
          column,
          CompressionCodec.ofThrift(codec),
          codec,
          valueCount,
          compressedSize,
          dataPageOffset,
          dictionaryPageOffset,
          statistics,
          dictionaryOnly);
    }
  }

  private RawRowGroup rowGroup() {
    List<RawChunk> chunks = new ArrayList<>();
    long[] rows = {-1};
    struct(
        id -> {
          switch (id) {
            case 1 -> {
              int size = list(id, STRUCT);
              for (int index = 0; index < size; index++) {
                chunks.add(columnChunk());
              }
            }
            case 3 -> rows[0] = i64(id);
            default -> {
              return false;
            }
          }
          return true;
        });
    return new RawRowGroup(rows[0], chunks);
  }

  private RawChunk columnChunk() {
    RawChunk chunk = new RawChunk();
    struct(
        id -> {
          switch (id) {
            case 1 -> chunk.filePath = string(id);
            case 3 -> {
              expect(id, STRUCT);
              columnMetaData(chunk);
              chunk.hasMetaData = true;
            }
            case 8, 9 -> {
              chunk.encrypted = true;
              return false;
            }
            default -> {
              return false;
            }
          }
          return true;
        });
    return chunk;
  }

  private void columnMetaData(RawChunk chunk) {
    struct(
        id -> {
          switch (id) {
            case 1 -> chunk.type = i32(id);
            case 3 -> {
              int size = list(id, BINARY);
              for (int index = 0; index < size; index++) {
                chunk.path.add(thrift.readString());
              }
            }
            case 4 -> chunk.codec = i32(id);
            case 5 -> chunk.valueCount = i64(id);
            case 7 -> chunk.compressedSize = i64(id);
            case 9 -> chunk.dataPageOffset = i64(id);
            case 11 -> chunk.dictionaryPageOffset = i64(id);
            case 12 -> {
              expect(id, STRUCT);
              chunk.statistics = statistics();
            }
            case 13 -> {
              int size = list(id, STRUCT);
              chunk.encodingStats = true;
              for (int index = 0; index < size; index++) {
                pageEncodingStats(chunk);
              }
            }
            default -> {
              return false;
            }
          }
          return true;
        });
  }

  private void pageEncodingStats(RawChunk chunk) {
    int[] values = {-1, -1, 0};
    struct(
        id -> {
          if (id >= 1 && id <= 3) {
            values[id - 1] = i32(id);
            return true;
          }
          return false;
        });
    int pageType = values[0];
    Encoding encoding = Encoding.ofThrift(values[1]);
    boolean dataPage = pageType == PageHeader.DATA_PAGE || pageType == PageHeader.DATA_PAGE_V2;
    if (dataPage && values[2] > 0) {
      if (encoding != null && encoding.isDictionary()) {
        chunk.dictionaryPages += values[2];
      } else {
        chunk.otherDataPages += values[2];
      }
    }
  }

  /** Statistics; a page header's too ({@link PageHeaderDecoder} skips those). */
  private ColumnStatistics statistics() {
    byte[][] bounds = new byte[4][];
    Long[] nulls = {null};
    struct(
        id -> {
          switch (id) {
            case 1 -> bounds[3] = binary(id);
            case 2 -> bounds[2] = binary(id);
            case 3 -> nulls[0] = i64(id);
            case 5 -> bounds[1] = binary(id);
            case 6 -> bounds[0] = binary(id);
            default -> {
              return false;
            }
          }
          return true;
        });
    return new ColumnStatistics(nulls[0], bounds[0], bounds[1], bounds[2], bounds[3]);
  }
}
