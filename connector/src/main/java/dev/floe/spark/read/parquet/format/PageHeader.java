package dev.floe.spark.read.parquet.format;

import static dev.floe.spark.read.parquet.format.ThriftCompactReader.I16;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.I32;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.STOP;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.STRUCT;

import dev.floe.spark.read.parquet.format.ThriftCompactReader.ThriftException;
import java.util.function.IntPredicate;

/**
 * A page's header, as the pages of a column chunk are read: its type, sizes, CRC when the writer
 * recorded one, and the fields of its type's header. Levels of a version 2 data page lie
 * uncompressed before its values; {@code valuesCompressed} is false when the writer says so.
 *
 * @param headerLength the bytes the header itself takes, before the page's own
 */
record PageHeader(
    int type,
    int uncompressedSize,
    int compressedSize,
    Integer crc,
    int valueCount,
    int nullCount,
    int rowCount,
    Encoding encoding,
    int encodingThriftValue,
    Encoding definitionEncoding,
    Encoding repetitionEncoding,
    int definitionLength,
    int repetitionLength,
    boolean valuesCompressed,
    int headerLength) {
  static final int DATA_PAGE = 0;
  static final int INDEX_PAGE = 1;
  static final int DICTIONARY_PAGE = 2;
  static final int DATA_PAGE_V2 = 3;

  /** Decodes the header starting at {@code data[offset]}; {@code end} bounds it. */
  static PageHeader decode(byte[] data, int offset, int end) {
    ThriftCompactReader thrift = new ThriftCompactReader(data, offset, end);
    Builder header = new Builder();
    struct(
        thrift,
        id -> {
          switch (id) {
            case 1 -> header.type = i32(thrift);
            case 2 -> header.uncompressedSize = i32(thrift);
            case 3 -> header.compressedSize = i32(thrift);
            case 4 -> header.crc = i32(thrift);
            case 5 -> dataPageHeader(thrift, header);
            case 7 -> dictionaryPageHeader(thrift, header);
            case 8 -> dataPageHeaderV2(thrift, header);
            default -> {
              return false;
            }
          }
          return true;
        });
    if (header.type < 0) {
      throw new ThriftException("a page header has no page type");
    }
    if (header.uncompressedSize < 0 || header.compressedSize < 0) {
      throw new ThriftException(
          "a page header declares "
              + header.compressedSize
              + " compressed and "
              + header.uncompressedSize
              + " uncompressed bytes");
    }
    return header.build(thrift.position() - offset);
  }

  private static int i32(ThriftCompactReader thrift) {
    if (thrift.fieldType() != I32 && thrift.fieldType() != I16) {
      throw new ThriftException("an integer field has wire type " + thrift.fieldType());
    }
    return thrift.readI32();
  }

  private static void expectStruct(ThriftCompactReader thrift) {
    if (thrift.fieldType() != STRUCT) {
      throw new ThriftException("a page header field has wire type " + thrift.fieldType());
    }
  }

  /** Reads a struct: {@code field} reads the fields it knows, returning false for the others. */
  private static void struct(ThriftCompactReader thrift, IntPredicate field) {
    thrift.beginStruct();
    int id;
    while ((id = thrift.nextField()) != STOP) {
      if (!field.test(id)) {
        thrift.skipField();
      }
    }
    thrift.endStruct();
  }

  /** The header of the page's own type (data v1, dictionary, data v2): one per page header. */
  private static void typeHeader(ThriftCompactReader thrift, Builder header, IntPredicate field) {
    expectStruct(thrift);
    header.pageHeaders++;
    struct(thrift, field);
  }

  private static void dataPageHeader(ThriftCompactReader thrift, Builder header) {
    typeHeader(
        thrift,
        header,
        id -> {
          switch (id) {
            case 1 -> header.valueCount = i32(thrift);
            case 2 -> header.encoding = i32(thrift);
            case 3 -> header.definitionEncoding = i32(thrift);
            case 4 -> header.repetitionEncoding = i32(thrift);
            default -> {
              return false;
            }
          }
          return true;
        });
  }

  private static void dictionaryPageHeader(ThriftCompactReader thrift, Builder header) {
    typeHeader(
        thrift,
        header,
        id -> {
          switch (id) {
            case 1 -> header.valueCount = i32(thrift);
            case 2 -> header.encoding = i32(thrift);
            default -> {
              return false;
            }
          }
          return true;
        });
  }

  private static void dataPageHeaderV2(ThriftCompactReader thrift, Builder header) {
    typeHeader(
        thrift,
        header,
        id -> {
          switch (id) {
            case 1 -> header.valueCount = i32(thrift);
            case 2 -> header.nullCount = i32(thrift);
            case 3 -> header.rowCount = i32(thrift);
            case 4 -> header.encoding = i32(thrift);
            case 5 -> header.definitionLength = i32(thrift);
            case 6 -> header.repetitionLength = i32(thrift);
            case 7 -> {
              int type = thrift.fieldType();
              if (type != ThriftCompactReader.TRUE && type != ThriftCompactReader.FALSE) {
                throw new ThriftException("is_compressed has wire type " + type);
              }
              header.valuesCompressed = thrift.fieldBoolean();
            }
            default -> {
              return false;
            }
          }
          return true;
        });
  }

  private static final class Builder {
    int type = -1;
    int uncompressedSize = -1;
    int compressedSize = -1;
    Integer crc;
    int valueCount = -1;
    int nullCount;
    int rowCount = -1;
    int encoding = -1;
    int definitionEncoding = 3;
    int repetitionEncoding = 3;
    int definitionLength;
    int repetitionLength;
    boolean valuesCompressed = true;
    int pageHeaders;

    PageHeader build(int headerLength) {
      boolean isData = type == DATA_PAGE || type == DATA_PAGE_V2 || type == DICTIONARY_PAGE;
      if (isData) {
        if (pageHeaders != 1) {
          throw new ThriftException("a page header of type " + type + " has no header for it");
        }
        if (valueCount < 0) {
          throw new ThriftException("a page declares " + valueCount + " values");
        }
        if (definitionLength < 0 || repetitionLength < 0) {
          throw new ThriftException(
              "a page declares levels of "
                  + repetitionLength
                  + " and "
                  + definitionLength
                  + " bytes");
        }
      }
      return new PageHeader(
          type,
          uncompressedSize,
          compressedSize,
          crc,
          valueCount,
          nullCount,
          rowCount,
          Encoding.ofThrift(encoding),
          encoding,
          Encoding.ofThrift(definitionEncoding),
          Encoding.ofThrift(repetitionEncoding),
          definitionLength,
          repetitionLength,
          valuesCompressed,
          headerLength);
    }
  }
}
