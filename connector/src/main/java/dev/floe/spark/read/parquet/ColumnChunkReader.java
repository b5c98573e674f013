package dev.floe.spark.read.parquet;

import dev.floe.CorruptFileException;
import dev.floe.FloeException;
import dev.floe.spark.read.parquet.format.ColumnChunkPages;
import dev.floe.spark.read.parquet.format.DataPage;
import dev.floe.spark.read.parquet.format.DictionaryPage;
import dev.floe.spark.read.parquet.format.Encoding;
import dev.floe.spark.read.parquet.format.ParquetColumn;
import dev.floe.spark.read.parquet.format.PhysicalType;
import dev.floe.spark.read.parquet.values.BitPackedLevels;
import dev.floe.spark.read.parquet.values.ByteStreamSplitDecoder;
import dev.floe.spark.read.parquet.values.DeltaBinaryPackedDecoder;
import dev.floe.spark.read.parquet.values.DeltaByteArrayDecoder;
import dev.floe.spark.read.parquet.values.DeltaLengthByteArrayDecoder;
import dev.floe.spark.read.parquet.values.DictionaryValuesDecoder;
import dev.floe.spark.read.parquet.values.PageDictionary;
import dev.floe.spark.read.parquet.values.PlainValuesDecoder;
import dev.floe.spark.read.parquet.values.RunLengthBitPackedDecoder;
import dev.floe.spark.read.parquet.values.RunLengthBooleanDecoder;
import dev.floe.spark.read.parquet.values.ValueSink;
import dev.floe.spark.read.parquet.values.ValuesDecoder;
import dev.floe.spark.read.parquet.values.VectorDictionary;
import java.util.function.Function;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * Decodes one column chunk (one leaf of one row group), page by page, into a column vector. A
 * page's levels are decoded when it is opened; its values as they are read, in runs: a run of
 * defined values in one bulk call, a run of nulls in one {@code putNulls}. The dictionary is
 * decoded and converted to the column's Spark values once for the chunk; a flat column keeps
 * dictionary ids in the vector (lazy decoding) in the batches that start on dictionary-encoded
 * pages, any other decodes ids in one typed loop.
 */
public final class ColumnChunkReader {
  private final ParquetColumn descriptor;
  private final PhysicalType physical;
  private final int typeLength;
  private final int maxDefinition;
  private final int maxRepetition;
  private final ColumnChunkPages pages;
  private final VectorDictionary dictionary;
  private final boolean keepDictionaryIds;
  private final WritableColumnVector vector;
  private final ValueSink sink;
  private final int slotDefinition;
  private final String location;
  private final int rowGroup;

  private final LeafBuffers buffers;
  private int[] repetitions;
  private int[] definitions;
  private byte[] pageData;
  private int pageStart;
  private int pageEnd;
  private int pageEntries;
  private int pageIndex;
  private long pageOffset = -1;
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
    private byte[] decompressed;
  }

  ColumnChunkReader(
      ParquetColumn descriptor,
      ColumnChunkPages pages,
      boolean mayKeepDictionaryIds,
      Target target,
      String location,
      int rowGroup) {
    this.descriptor = descriptor;
    this.physical = descriptor.type().physicalType();
    this.typeLength = descriptor.type().typeLength();
    this.maxDefinition = descriptor.maxDefinition();
    this.maxRepetition = descriptor.maxRepetition();
    this.pages = pages;
    this.vector = target.vector();
    this.sink = target.sinks().apply(vector);
    this.slotDefinition = target.slotDefinition();
    this.buffers = target.buffers();
    this.repetitions = buffers.repetitions;
    this.definitions = buffers.definitions;
    this.location = location;
    this.rowGroup = rowGroup;
    pages.reuseBuffer(buffers.decompressed);
    DictionaryPage dictionaryPage = pages.readDictionaryPage();
    try {
      this.dictionary =
          dictionaryPage == null
              ? null
              : VectorDictionary.convert(
                  new PageDictionary(
                      physical, typeLength, dictionaryPage.entryCount(), dictionaryPage.bytes()),
                  vector.dataType(),
                  target.sinks(),
                  sink.storesBytesUnchanged());
    } catch (RuntimeException failure) {
      pageOffset = dictionaryPage.fileOffset();
      throw corrupt("its dictionary page cannot be decoded", failure);
    }
    this.keepDictionaryIds =
        mayKeepDictionaryIds
            && dictionary != null
            && dictionary.worthKeepingIds(pages.chunk().valueCount());
  }

  /**
   * Reads the next {@code rows} values of a column without repetition or parents into rows {@code 0
   * .. rows - 1} of the vector.
   *
   * <p>A batch that starts on a dictionary-encoded page keeps dictionary ids, when the column may:
   * the vector decodes them lazily. Should a page of the batch hold values instead (a writer whose
   * dictionary grew too large goes on in plain), the ids read so far are decoded into the vector
   * and the batch goes on with values.
   */
  void readFlat(int rows) {
    vector.setDictionary(null);
    if (rows == 0) {
      return;
    }
    WritableColumnVector ids = null;
    int row = 0;
    try {
      while (row < rows) {
        if (pageIndex == pageEntries && !nextPage()) {
          throw corrupt("it ends " + (rows - row) + " rows early", null);
        }
        boolean dictionaryPage = values instanceof DictionaryValuesDecoder;
        if (row == 0 && keepDictionaryIds && dictionaryPage) {
          vector.setDictionary(dictionary);
          ids = vector.reserveDictionaryIds(rows);
        } else if (ids != null && !dictionaryPage) {
          decodeIds(ids, row);
          ids = null;
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
    } catch (FloeException failure) {
      throw failure;
    } catch (RuntimeException failure) {
      throw corrupt("a page cannot be decoded", failure);
    }
  }

  /** Replaces the dictionary ids of rows {@code 0 .. rows - 1} with their values. */
  private void decodeIds(WritableColumnVector ids, int rows) {
    dictionary.copy(ids.getInts(0, rows), rows, vector, 0);
    vector.setDictionary(null);
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
      ((DictionaryValuesDecoder) values).readIds(count, ids, row);
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
        // one page's entries up to the first that starts row rows + 1; the defined values among
        // them are contiguous in the page's value stream, so each run of them is one bulk read
        int runSlot = slot;
        int runLength = 0;
        int index = pageIndex;
        boolean batchFull = false;
        for (; index < pageEntries; index++) {
          int repetition = repetitions[index];
          if (repetition == 0) {
            if (started == rows) {
              batchFull = true;
              break;
            }
            started++;
          } else if (started == 0) {
            // a batch starts where the previous one stopped: before an entry that starts a row
            throw corrupt(
                "its levels repeat (repetition level "
                    + repetition
                    + ") where a row must start (level 0)",
                null);
          }
          int definition = definitions[index];
          if (definition >= slotDefinition) {
            if (definition == maxDefinition) {
              if (runLength == 0) {
                runSlot = slot;
              }
              runLength++;
            } else {
              readRun(runSlot, runLength);
              runLength = 0;
              vector.reserve(slot + 1);
              vector.putNull(slot);
            }
            slot++;
          }
        }
        readRun(runSlot, runLength);
        levels.addAll(repetitions, definitions, pageIndex, index - pageIndex);
        pageIndex = index;
        if (batchFull) {
          break;
        }
      }
    } catch (FloeException failure) {
      throw failure;
    } catch (RuntimeException failure) {
      throw corrupt("a page cannot be decoded", failure);
    }
    if (started < rows) {
      throw corrupt("it ends " + (rows - started) + " rows early", null);
    }
    return slot;
  }

  /** Reads {@code length} defined values of the open page into slots {@code first ..}. */
  private void readRun(int first, int length) {
    if (length > 0) {
      vector.reserve(first + length);
      values.read(length, sink, first);
    }
  }

  private boolean nextPage() {
    DataPage page = pages.nextDataPage();
    buffers.decompressed = pages.buffer();
    if (page == null) {
      return false;
    }
    pageOffset = page.fileOffset();
    if (page.version2()) {
      openV2(page);
    } else {
      openV1(page);
    }
    return true;
  }

  private void openV1(DataPage page) {
    int entries = page.valueCount();
    pageData = page.data();
    pageStart = page.start();
    pageEnd = page.end();
    byte[] data = pageData;
    int offset = pageStart;
    startLevels(entries);
    if (maxRepetition > 0) {
      offset =
          readV1Levels(
              page.repetitionEncoding(),
              data,
              offset,
              pageEnd,
              maxRepetition,
              repetitions,
              entries);
    }
    if (maxDefinition > 0) {
      offset =
          readV1Levels(
              page.definitionEncoding(),
              data,
              offset,
              pageEnd,
              maxDefinition,
              definitions,
              entries);
    }
    openValues(page.valueEncoding(), data, offset, pageEnd);
  }

  private void openV2(DataPage page) {
    int entries = page.valueCount();
    startLevels(entries);
    byte[] data = page.data();
    int repetitionStart = page.start();
    int definitionStart = repetitionStart + page.repetitionLength();
    if (maxRepetition > 0) {
      new RunLengthBitPackedDecoder(
              data,
              repetitionStart,
              definitionStart,
              RunLengthBitPackedDecoder.bitWidth(maxRepetition))
          .read(repetitions, 0, entries);
    }
    if (maxDefinition > 0) {
      new RunLengthBitPackedDecoder(
              data,
              definitionStart,
              page.valuesStart(),
              RunLengthBitPackedDecoder.bitWidth(maxDefinition))
          .read(definitions, 0, entries);
    }
    pageData = data;
    pageStart = page.valuesStart();
    pageEnd = page.end();
    openValues(page.valueEncoding(), pageData, pageStart, pageEnd);
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
      levelsEnd = BitPackedLevels.read(data, offset, maximum, target, entries);
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
            if (physical != PhysicalType.BOOLEAN) {
              throw corrupt("RLE values of type " + physical, null);
            }
            yield new RunLengthBooleanDecoder(data, offset, end);
          }
          case DELTA_BINARY_PACKED -> {
            if (physical != PhysicalType.INT32 && physical != PhysicalType.INT64) {
              throw corrupt("DELTA_BINARY_PACKED values of type " + physical, null);
            }
            yield new DeltaBinaryPackedDecoder(
                physical == PhysicalType.INT32, data, offset, end, pageEntries);
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

  private CorruptFileException corrupt(String problem, Throwable cause) {
    return new CorruptFileException(
        "Cannot read column "
            + descriptor.dottedPath()
            + " of "
            + location
            + " (row group "
            + rowGroup
            + (pageOffset < 0 ? "" : ", page at offset " + pageOffset)
            + "): "
            + problem
            + (cause == null || cause.getMessage() == null ? "" : ": " + cause.getMessage()),
        cause);
  }
}
