package dev.floe.spark.read.parquet.format;

import static dev.floe.spark.read.parquet.format.ThriftCompactReader.BINARY;
import static dev.floe.spark.read.parquet.format.ThriftCompactReader.STRUCT;

import dev.floe.spark.read.parquet.format.ThriftCompactReader.ThriftException;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes a footer's Thrift {@code RowGroup}s: their column chunks' metadata, statistics and page
 * encoding counts, matched with the schema's leaves once the schema is known ({@link
 * RawRowGroup#resolve}).
 */
final class RowGroupDecoder {
  private final ThriftFieldReader reader;

  RowGroupDecoder(ThriftFieldReader reader) {
    this.reader = reader;
  }

  /** A row group before its chunks are matched with the schema's leaves. */
  record RawRowGroup(long rowCount, List<RawChunk> chunks) {
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

  RawRowGroup rowGroup() {
    List<RawChunk> chunks = new ArrayList<>();
    long[] rows = {-1};
    reader.struct(
        id -> {
          switch (id) {
            case 1 -> {
              int size = reader.list(id, STRUCT);
              for (int index = 0; index < size; index++) {
                chunks.add(columnChunk());
              }
            }
            case 3 -> rows[0] = reader.i64(id);
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
    reader.struct(
        id -> {
          switch (id) {
            case 1 -> chunk.filePath = reader.string(id);
            case 3 -> {
              reader.expect(id, STRUCT);
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
    reader.struct(
        id -> {
          switch (id) {
            case 1 -> chunk.type = reader.i32(id);
            case 3 -> {
              int size = reader.list(id, BINARY);
              for (int index = 0; index < size; index++) {
                chunk.path.add(reader.readString());
              }
            }
            case 4 -> chunk.codec = reader.i32(id);
            case 5 -> chunk.valueCount = reader.i64(id);
            case 7 -> chunk.compressedSize = reader.i64(id);
            case 9 -> chunk.dataPageOffset = reader.i64(id);
            case 11 -> chunk.dictionaryPageOffset = reader.i64(id);
            case 12 -> {
              reader.expect(id, STRUCT);
              chunk.statistics = statistics();
            }
            case 13 -> {
              int size = reader.list(id, STRUCT);
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
    reader.struct(
        id -> {
          if (id >= 1 && id <= 3) {
            values[id - 1] = reader.i32(id);
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

  /** Statistics; a page header's too ({@link PageHeader} skips those). */
  private ColumnStatistics statistics() {
    byte[][] bounds = new byte[4][];
    Long[] nulls = {null};
    reader.struct(
        id -> {
          switch (id) {
            case 1 -> bounds[3] = reader.binary(id);
            case 2 -> bounds[2] = reader.binary(id);
            case 3 -> nulls[0] = reader.i64(id);
            case 5 -> bounds[1] = reader.binary(id);
            case 6 -> bounds[0] = reader.binary(id);
            default -> {
              return false;
            }
          }
          return true;
        });
    return new ColumnStatistics(nulls[0], bounds[0], bounds[1], bounds[2], bounds[3]);
  }
}
