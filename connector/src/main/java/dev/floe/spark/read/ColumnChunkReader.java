package dev.floe.spark.read;

import dev.floe.CorruptTableException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.Function;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * Decodes one column chunk (one leaf of one row group), page by page, into a column vector. A
 * page's levels are decoded when it is opened; its values as they are read, in runs: a run of
 * defined values in one bulk call, a run of nulls in one {@code putNulls}. The dictionary is
 * decoded and converted to the column's Spark values once for the chunk; a flat column whose pages
 * all use it keeps dictionary ids in the vector (lazy decoding), any other decodes ids in one typed
 * loop.
 */
final class ColumnChunkReader {
  private final ColumnDescriptor descriptor;
  private final PrimitiveTypeName physical;
  private final int typeLength;
  private final int maxDefinition;
  private final int maxRepetition;
  private final PageReader pages;
  private final VectorDictionary dictionary;
  private final boolean keepDictionaryIds;
  private final WritableColumnVector vector;
  private final ValueSink sink;
  private final int slotDefinition;
  private final String description;

  private final LeafBuffers buffers;
  private int[] repetitions;
  private int[] definitions;
  private byte[] pageData;
  private int pageStart;
  private int pageEnd;
  private int pageEntries;
  private int pageIndex;
  private ValuesDecoder values;

  /**
   * What one leaf decodes into and how its values convert: {@code sinks} gives the sink converting
   * the leaf's values into a vector of the leaf's Spark type (its own, or its dictionary's).
   */
  record Target(
      WritableColumnVector vector,
      Function<WritableColumnVector, ValueSink> sinks,
      int slotDefinition,
      LeafBuffers buffers) {}

  /**
   * The scratch arrays of one leaf, kept from row group to row group so that pages of a similar
   * size do not allocate: the decompressed page, its levels and its dictionary ids.
   */
  static final class LeafBuffers {
    private byte[] page = new byte[0];
    private int[] repetitions = new int[0];
    private int[] definitions = new int[0];
    private int[] ids = new int[64];
  }

  ColumnChunkReader(
      ColumnDescriptor descriptor,
      PageReader pages,
      boolean mayKeepDictionaryIds,
      Target target,
      String description) {
    this.descriptor = descriptor;
    this.physical = descriptor.getPrimitiveType().getPrimitiveTypeName();
    this.typeLength = descriptor.getPrimitiveType().getTypeLength();
    this.maxDefinition = descriptor.getMaxDefinitionLevel();
    this.maxRepetition = descriptor.getMaxRepetitionLevel();
    this.pages = pages;
    this.vector = target.vector();
    this.sink = target.sinks().apply(vector);
    this.slotDefinition = target.slotDefinition();
    this.buffers = target.buffers();
    this.repetitions = buffers.repetitions;
    this.definitions = buffers.definitions;
    this.description = description;
    DictionaryPage dictionaryPage = pages.readDictionaryPage();
    try {
      this.dictionary =
          dictionaryPage == null
              ? null
              : VectorDictionary.convert(
                  new PageDictionary(
                      physical,
                      typeLength,
                      dictionaryPage.getDictionarySize(),
                      dictionaryPage.getBytes().toByteArray()),
                  vector.dataType(),
                  target.sinks());
    } catch (IOException | RuntimeException failure) {
      throw corrupt("its dictionary page cannot be decoded", failure);
    }
    this.keepDictionaryIds = mayKeepDictionaryIds && dictionary != null;
  }

  /**
   * Reads the next {@code rows} values of a column without repetition or parents into rows {@code 0
   * .. rows - 1} of the vector.
   */
  void readFlat(int rows) {
    WritableColumnVector ids = null;
    if (keepDictionaryIds) {
      vector.setDictionary(dictionary);
      ids = vector.reserveDictionaryIds(rows);
    } else {
      vector.setDictionary(null);
    }
    int row = 0;
    try {
      while (row < rows) {
        if (pageIndex == pageEntries && !nextPage()) {
          throw corrupt("it ends " + (rows - row) + " rows early", null);
        }
        int count = Math.min(rows - row, pageEntries - pageIndex);
        if (maxDefinition == 0) {
          readValues(count, row, ids);
        } else {
          readDefinedRuns(count, row, ids);
        }
        pageIndex += count;
        row += count;
      }
    } catch (RuntimeException failure) {
      throw failure instanceof CorruptTableException corrupt
          ? corrupt
          : corrupt("a page cannot be decoded", failure);
    }
  }

  /** Reads {@code count} entries of the page, alternating runs of defined values and of nulls. */
  private void readDefinedRuns(int count, int row, WritableColumnVector ids) {
    int[] levels = definitions;
    int first = pageIndex;
    int index = 0;
    while (index < count) {
      boolean defined = levels[first + index] == maxDefinition;
      int runEnd = index + 1;
      if (defined) {
        while (runEnd < count && levels[first + runEnd] == maxDefinition) {
          runEnd++;
        }
        readValues(runEnd - index, row + index, ids);
      } else {
        while (runEnd < count && levels[first + runEnd] != maxDefinition) {
          runEnd++;
        }
        vector.putNulls(row + index, runEnd - index);
        if (ids != null) {
          // a null row still has an id a careless reader may decode: make it a valid one
          ids.putInts(row + index, runEnd - index, 0);
        }
      }
      index = runEnd;
    }
  }

  private void readValues(int count, int row, WritableColumnVector ids) {
    if (ids != null) {
      if (!(values instanceof DictionaryValuesDecoder dictionaryValues)) {
        throw corrupt("a page is not dictionary encoded though the chunk says all are", null);
      }
      dictionaryValues.readIds(count, ids, row);
    } else {
      values.read(count, sink, row);
    }
  }

  /**
   * Reads the level entries of the next {@code rows} rows into {@code levels}, and this leaf's
   * slots (entries defined up to its parent) into the vector from slot 0.
   *
   * @return the number of slots written
   */
  int readNested(int rows, LevelBuffer levels) {
    vector.setDictionary(null);
    levels.clear();
    int started = 0;
    int slot = 0;
    try {
      while (true) {
        if (pageIndex == pageEntries && !nextPage()) {
          break;
        }
        int repetition = repetitions[pageIndex];
        if (repetition == 0) {
          if (started == rows) {
            break;
          }
          started++;
        }
        int definition = definitions[pageIndex];
        levels.add(repetition, definition);
        if (definition >= slotDefinition) {
          vector.reserve(slot + 1);
          if (definition == maxDefinition) {
            values.read(1, sink, slot);
          } else {
            vector.putNull(slot);
          }
          slot++;
        }
        pageIndex++;
      }
    } catch (RuntimeException failure) {
      throw failure instanceof CorruptTableException corrupt
          ? corrupt
          : corrupt("a page cannot be decoded", failure);
    }
    if (started < rows) {
      throw corrupt("it ends " + (rows - started) + " rows early", null);
    }
    return slot;
  }

  private boolean nextPage() {
    DataPage page = pages.readPage();
    if (page == null) {
      return false;
    }
    try {
      if (page instanceof DataPageV1 v1) {
        openV1(v1);
      } else {
        openV2((DataPageV2) page);
      }
    } catch (IOException failure) {
      throw corrupt("a page cannot be read", failure);
    }
    return true;
  }

  private void openV1(DataPageV1 page) throws IOException {
    int entries = page.getValueCount();
    openPageBytes(page.getBytes());
    byte[] data = pageData;
    int offset = pageStart;
    startLevels(entries);
    if (maxRepetition > 0) {
      offset =
          readV1Levels(
              page.getRlEncoding(), data, offset, pageEnd, maxRepetition, repetitions, entries);
    }
    if (maxDefinition > 0) {
      offset =
          readV1Levels(
              page.getDlEncoding(), data, offset, pageEnd, maxDefinition, definitions, entries);
    }
    openValues(page.getValueEncoding(), data, offset, pageEnd);
  }

  private void openV2(DataPageV2 page) throws IOException {
    int entries = page.getValueCount();
    startLevels(entries);
    if (maxRepetition > 0) {
      readLevels(page.getRepetitionLevels(), maxRepetition, repetitions, entries);
    }
    if (maxDefinition > 0) {
      readLevels(page.getDefinitionLevels(), maxDefinition, definitions, entries);
    }
    openPageBytes(page.getData());
    openValues(page.getDataEncoding(), pageData, pageStart, pageEnd);
  }

  /**
   * Points {@code pageData[pageStart .. pageEnd)} at a page's (decompressed) bytes: a zstd page is
   * decompressed into this leaf's reused buffer, an uncompressed one is read in place from the
   * column chunk's buffer; only pages of other codecs cost a copy.
   */
  private void openPageBytes(BytesInput bytes) throws IOException {
    if (bytes instanceof PageCodecs.ZstdPage compressed) {
      buffers.page = compressed.decompressInto(buffers.page);
      pageData = buffers.page;
      pageStart = 0;
      pageEnd = (int) compressed.size();
      return;
    }
    ByteBuffer buffer = PageCodecs.inPlace(bytes);
    if (buffer.hasArray()) {
      pageData = buffer.array();
      pageStart = buffer.arrayOffset() + buffer.position();
      pageEnd = pageStart + buffer.remaining();
    } else {
      pageData = bytes.toByteArray();
      pageStart = 0;
      pageEnd = pageData.length;
    }
  }

  /**
   * Readies the level arrays for a page of {@code entries} entries. Levels a column does not have
   * are never written, so the arrays keep the zeros they were created with: repetition 0, and
   * definition 0, which is then the column's maximum (every entry defined).
   */
  private void startLevels(int entries) {
    if (repetitions.length < entries) {
      int length = Math.max(entries, repetitions.length + repetitions.length / 2);
      repetitions = new int[length];
      definitions = new int[length];
      buffers.repetitions = repetitions;
      buffers.definitions = definitions;
    }
    pageEntries = entries;
    pageIndex = 0;
  }

  /** Levels of a version 1 page: RLE with a length prefix, or the deprecated BIT_PACKED. */
  private int readV1Levels(
      Encoding encoding, byte[] data, int offset, int end, int maximum, int[] target, int entries) {
    @SuppressWarnings("deprecation")
    boolean bitPacked = encoding == Encoding.BIT_PACKED;
    int levelsEnd;
    if (bitPacked) {
      levelsEnd = readBitPackedLevels(data, offset, maximum, target, entries);
    } else if (encoding != Encoding.RLE) {
      throw corrupt("levels use " + encoding + ", which Parquet does not allow for levels", null);
    } else {
      if (end - offset < 4) {
        throw corrupt("its levels run past the page end", null);
      }
      levelsEnd = readPrefixedLevels(data, offset, end, maximum, target, entries);
    }
    // the page may be read in place from a larger buffer: reading past its end must fail
    if (levelsEnd > end || levelsEnd < offset) {
      throw corrupt("its levels run past the page end", null);
    }
    return levelsEnd;
  }

  /**
   * The deprecated BIT_PACKED levels of old writers: no length prefix, values packed from the most
   * significant bit of each byte.
   */
  static int readBitPackedLevels(byte[] data, int offset, int maximum, int[] target, int entries) {
    int width = RunLengthBitPackedDecoder.bitWidth(maximum);
    long bit = (long) offset * 8;
    for (int index = 0; index < entries; index++) {
      int value = 0;
      for (int taken = 0; taken < width; taken++, bit++) {
        int current = data[(int) (bit >>> 3)] & 0xFF;
        value = (value << 1) | ((current >>> (7 - (int) (bit & 7))) & 1);
      }
      target[index] = value;
    }
    return offset + (int) (((long) entries * width + 7) / 8);
  }

  private int readPrefixedLevels(
      byte[] data, int offset, int end, int maximum, int[] target, int entries) {
    int length =
        (data[offset] & 0xFF)
            | (data[offset + 1] & 0xFF) << 8
            | (data[offset + 2] & 0xFF) << 16
            | (data[offset + 3] & 0xFF) << 24;
    int start = offset + 4;
    if (length < 0 || length > end - start) {
      throw corrupt("its levels run past the page end", null);
    }
    new RunLengthBitPackedDecoder(
            data, start, start + length, RunLengthBitPackedDecoder.bitWidth(maximum))
        .read(target, 0, entries);
    return start + length;
  }

  private static void readLevels(BytesInput bytes, int maximum, int[] target, int entries)
      throws IOException {
    ByteBuffer buffer = PageCodecs.inPlace(bytes);
    byte[] data;
    int start;
    if (buffer.hasArray()) {
      data = buffer.array();
      start = buffer.arrayOffset() + buffer.position();
    } else {
      data = bytes.toByteArray();
      start = 0;
    }
    new RunLengthBitPackedDecoder(
            data, start, start + buffer.remaining(), RunLengthBitPackedDecoder.bitWidth(maximum))
        .read(target, 0, entries);
  }

  private void openValues(Encoding encoding, byte[] data, int offset, int end) {
    if (values instanceof DictionaryValuesDecoder previous) {
      buffers.ids = previous.buffer();
    }
    values =
        switch (encoding) {
          case PLAIN -> new PlainValuesDecoder(physical, typeLength, data, offset, end);
          case PLAIN_DICTIONARY, RLE_DICTIONARY -> {
            if (dictionary == null) {
              throw corrupt("a dictionary-encoded page has no dictionary page", null);
            }
            yield new DictionaryValuesDecoder(dictionary, vector, data, offset, end, buffers.ids);
          }
          case RLE -> {
            if (physical != PrimitiveTypeName.BOOLEAN) {
              throw corrupt("RLE values of type " + physical, null);
            }
            yield new RunLengthBooleanDecoder(data, offset, end);
          }
          case DELTA_BINARY_PACKED -> {
            if (physical != PrimitiveTypeName.INT32 && physical != PrimitiveTypeName.INT64) {
              throw corrupt("DELTA_BINARY_PACKED values of type " + physical, null);
            }
            yield new DeltaBinaryPackedDecoder(
                physical == PrimitiveTypeName.INT32, data, offset, end, pageEntries);
          }
          case DELTA_LENGTH_BYTE_ARRAY ->
              new DeltaLengthByteArrayDecoder(data, offset, end, pageEntries);
          case DELTA_BYTE_ARRAY -> new DeltaByteArrayDecoder(data, offset, end, pageEntries);
          case BYTE_STREAM_SPLIT ->
              new ByteStreamSplitDecoder(physical, width(), data, offset, end);
          case BIT_PACKED -> throw corrupt("values use the deprecated BIT_PACKED encoding", null);
        };
  }

  private int width() {
    return switch (physical) {
      case INT32, FLOAT -> 4;
      case INT64, DOUBLE -> 8;
      case FIXED_LEN_BYTE_ARRAY -> typeLength;
      case BOOLEAN, INT96, BINARY ->
          throw corrupt("BYTE_STREAM_SPLIT values of type " + physical, null);
    };
  }

  private CorruptTableException corrupt(String problem, Throwable cause) {
    return new CorruptTableException(
        "Cannot read column "
            + String.join(".", descriptor.getPath())
            + " of "
            + description
            + ": "
            + problem
            + (cause == null || cause.getMessage() == null ? "" : ": " + cause.getMessage()),
        cause);
  }
}
