package dev.floe.spark.read.parquet.format;

import dev.floe.CorruptFileException;
import dev.floe.InvalidRequestException;
import dev.floe.spark.read.parquet.format.ThriftCompactReader.ThriftException;
import java.io.IOException;
import java.util.zip.CRC32;

/**
 * The pages of one column chunk, read in order from the chunk's bytes in memory: the dictionary
 * page if the chunk starts with one, then data pages until the chunk's values are all read. Each
 * page's CRC-32, when its header carries one, is checked over the page's bytes as stored (before
 * decompression), unless checks are off; a mismatch is damage, never data.
 *
 * <p>Uncompressed pages are handed out in place; compressed ones are decompressed into a buffer
 * this reader reuses, so a page is valid only until the next is read.
 */
public final class ColumnChunkPages {
  /**
   * The largest page, decompressed, that Floe reads. Writers cut pages at about 1 MiB; a page of
   * hundreds of MiB holds values that Spark's column vectors (at most 2 GiB a batch) and an
   * executor's heap cannot take several copies of, as decoding does: such a page is refused before
   * anything is allocated for it, rather than failing the executor with an OutOfMemoryError.
   */
  static final int MAX_PAGE_BYTES = 512 << 20;

  private final ColumnChunk chunk;
  private final byte[] data;
  private final int end;
  private final long fileOffsetOfStart;
  private final int start;
  private final PageDecompressors decompressors;
  private final boolean verifyChecksums;
  private final String location;
  private final int rowGroupIndex;
  private final CRC32 crc = new CRC32();

  private int position;
  private long valuesRead;
  private boolean pastDictionary;
  private byte[] buffer = new byte[0];

  ColumnChunkPages(
      ColumnChunk chunk,
      byte[] data,
      int start,
      long fileOffsetOfStart,
      PageDecompressors decompressors,
      boolean verifyChecksums,
      String location,
      int rowGroupIndex) {
    this.chunk = chunk;
    this.rowGroupIndex = rowGroupIndex;
    this.data = data;
    this.start = start;
    this.position = start;
    this.end = start + Math.toIntExact(chunk.compressedSize());
    this.fileOffsetOfStart = fileOffsetOfStart;
    this.decompressors = decompressors;
    this.verifyChecksums = verifyChecksums;
    this.location = location;
  }

  public ColumnChunk chunk() {
    return chunk;
  }

  /** Hands this reader's decompression buffer over to reuse (the previous chunk's, say). */
  public void reuseBuffer(byte[] previous) {
    if (previous != null && previous.length > buffer.length) {
      buffer = previous;
    }
  }

  /** The decompression buffer, for the next chunk of the same column to reuse. */
  public byte[] buffer() {
    return buffer;
  }

  /** The chunk's dictionary page, or null when its first page is not one; call before pages. */
  public DictionaryPage readDictionaryPage() {
    if (pastDictionary || position >= end) {
      pastDictionary = true;
      return null;
    }
    int headerStart = position;
    PageHeader header = header();
    if (header.type() != PageHeader.DICTIONARY_PAGE) {
      position = headerStart;
      pastDictionary = true;
      return null;
    }
    pastDictionary = true;
    if (header.encoding() != Encoding.PLAIN && header.encoding() != Encoding.PLAIN_DICTIONARY) {
      throw damaged(
          headerStart,
          "its dictionary page has encoding "
              + describe(header.encoding(), header.encodingThriftValue())
              + " (only PLAIN is allowed)",
          null);
    }
    int pageStart = position;
    checkSize(header, headerStart);
    verify(header, headerStart);
    position += header.compressedSize();
    int[] bounds = decompress(header, pageStart, header.compressedSize(), 0, headerStart);
    return new DictionaryPage(
        header.valueCount(),
        header.encoding(),
        bounds[0] == -1 ? buffer : data,
        bounds[0] == -1 ? 0 : bounds[0],
        bounds[0] == -1 ? header.uncompressedSize() : bounds[1],
        fileOffset(headerStart));
  }

  /** The next data page, or null once the chunk's values are all read. */
  public DataPage nextDataPage() {
    if (!pastDictionary) {
      DictionaryPage ignored = readDictionaryPage();
    }
    while (valuesRead < chunk.valueCount()) {
      if (position >= end) {
        throw damaged(
            position,
            "the column chunk ends after "
                + valuesRead
                + " of its "
                + chunk.valueCount()
                + " values",
            null);
      }
      int headerStart = position;
      PageHeader header = header();
      checkSize(header, headerStart);
      int pageStart = position;
      position += header.compressedSize();
      switch (header.type()) {
        case PageHeader.DATA_PAGE -> {
          verify(header, headerStart, pageStart);
          valuesRead += header.valueCount();
          return dataPageV1(header, pageStart, headerStart);
        }
        case PageHeader.DATA_PAGE_V2 -> {
          verify(header, headerStart, pageStart);
          valuesRead += header.valueCount();
          return dataPageV2(header, pageStart, headerStart);
        }
        case PageHeader.DICTIONARY_PAGE ->
            throw damaged(headerStart, "a second dictionary page follows data pages", null);
        default -> {
          // index pages and page types newer than this reader carry no values: skip them
        }
      }
    }
    return null;
  }

  private DataPage dataPageV1(PageHeader header, int pageStart, int headerStart) {
    int[] bounds = decompress(header, pageStart, header.compressedSize(), 0, headerStart);
    boolean inPlace = bounds[0] != -1;
    return new DataPage(
        false,
        header.valueCount(),
        -1,
        valueEncoding(header, headerStart),
        levelEncoding(header.definitionEncoding(), headerStart),
        levelEncoding(header.repetitionEncoding(), headerStart),
        inPlace ? data : buffer,
        inPlace ? bounds[0] : 0,
        inPlace ? bounds[1] : header.uncompressedSize(),
        -1,
        -1,
        fileOffset(headerStart));
  }

  private DataPage dataPageV2(PageHeader header, int pageStart, int headerStart) {
    int levels = header.repetitionLength() + header.definitionLength();
    if (levels > header.compressedSize() || levels > header.uncompressedSize()) {
      throw damaged(
          headerStart,
          "its levels take " + levels + " bytes of a page of " + header.compressedSize() + " bytes",
          null);
    }
    boolean compressed =
        header.valuesCompressed() && chunk.codec() != CompressionCodec.UNCOMPRESSED;
    DataPage page;
    if (header.uncompressedSize() == levels) {
      // no values (every entry null): whatever a codec wrote for nothing is not read
      page = dataPage(header, data, pageStart, pageStart + levels, headerStart);
    } else if (!compressed) {
      if (header.compressedSize() != header.uncompressedSize()) {
        throw damaged(
            headerStart,
            "its uncompressed page holds "
                + header.compressedSize()
                + " bytes where its header says "
                + header.uncompressedSize(),
            null);
      }
      page = dataPage(header, data, pageStart, pageStart + header.compressedSize(), headerStart);
    } else {
      ensureBuffer(header.uncompressedSize());
      System.arraycopy(data, pageStart, buffer, 0, levels);
      decompressValues(
          header, pageStart + levels, header.compressedSize() - levels, levels, headerStart);
      page = dataPage(header, buffer, 0, header.uncompressedSize(), headerStart);
    }
    return page;
  }

  private DataPage dataPage(PageHeader header, byte[] bytes, int from, int to, int headerStart) {
    return new DataPage(
        true,
        header.valueCount(),
        header.nullCount(),
        valueEncoding(header, headerStart),
        Encoding.RLE,
        Encoding.RLE,
        bytes,
        from,
        to,
        header.repetitionLength(),
        header.definitionLength(),
        fileOffset(headerStart));
  }

  private Encoding valueEncoding(PageHeader header, int headerStart) {
    if (header.encoding() == null) {
      throw damaged(
          headerStart,
          "its values use encoding " + header.encodingThriftValue() + ", which Floe does not know",
          null);
    }
    return header.encoding();
  }

  private Encoding levelEncoding(Encoding encoding, int headerStart) {
    if (encoding == null) {
      throw damaged(headerStart, "its levels use an encoding Floe does not know", null);
    }
    return encoding;
  }

  /**
   * Decompresses a whole page into the buffer; returns {@code {-1, -1}} then, or the page's bounds
   * in the chunk's bytes when it is stored uncompressed.
   */
  private int[] decompress(
      PageHeader header, int pageStart, int length, int targetOffset, int headerStart) {
    if (chunk.codec() == CompressionCodec.UNCOMPRESSED) {
      if (length != header.uncompressedSize()) {
        throw damaged(
            headerStart,
            "its uncompressed page holds "
                + length
                + " bytes where its header says "
                + header.uncompressedSize(),
            null);
      }
      return new int[] {pageStart, pageStart + length};
    }
    ensureBuffer(header.uncompressedSize());
    decompressValues(header, pageStart, length, targetOffset, headerStart);
    return new int[] {-1, -1};
  }

  private void decompressValues(
      PageHeader header, int from, int length, int targetOffset, int headerStart) {
    CompressionCodec codec = chunk.codec();
    if (codec == null) {
      throw damaged(
          headerStart,
          "it uses compression codec " + chunk.codecThriftValue() + ", which Floe does not know",
          null);
    }
    int size = header.uncompressedSize() - targetOffset;
    try {
      decompressors.decompress(codec, data, from, length, buffer, targetOffset, size);
    } catch (IOException failure) {
      throw damaged(headerStart, failure.getMessage(), failure);
    }
  }

  private void ensureBuffer(int size) {
    if (buffer.length < size) {
      buffer = new byte[Math.max(size, buffer.length + buffer.length / 2)];
    }
  }

  private PageHeader header() {
    int headerStart = position;
    PageHeader header;
    try {
      header = PageHeader.decode(data, position, end);
    } catch (ThriftException malformed) {
      throw damaged(headerStart, "its page header is malformed: " + malformed.getMessage(), null);
    }
    position += header.headerLength();
    if (header.uncompressedSize() > MAX_PAGE_BYTES) {
      throw new InvalidRequestException(
          where(headerStart)
              + "the page decompresses to "
              + header.uncompressedSize()
              + " bytes, more than the "
              + MAX_PAGE_BYTES
              + " Floe reads in one page (its values would not fit Spark's column vectors);"
              + " rewrite the file with smaller pages");
    }
    return header;
  }

  private void checkSize(PageHeader header, int headerStart) {
    if (header.compressedSize() > end - position) {
      throw damaged(
          headerStart,
          "its page of "
              + header.compressedSize()
              + " bytes runs past the column chunk's end ("
              + (end - position)
              + " bytes remain)",
          null);
    }
  }

  private void verify(PageHeader header, int headerStart) {
    verify(header, headerStart, position);
  }

  private void verify(PageHeader header, int headerStart, int pageStart) {
    if (!verifyChecksums || header.crc() == null) {
      return;
    }
    crc.reset();
    crc.update(data, pageStart, header.compressedSize());
    int actual = (int) crc.getValue();
    if (actual != header.crc()) {
      throw damaged(
          headerStart,
          String.format(
              "the page fails its CRC-32 check (the header records %08x, its %d bytes give %08x):"
                  + " the file is damaged",
              header.crc(), header.compressedSize(), actual),
          null);
    }
  }

  private long fileOffset(int index) {
    return fileOffsetOfStart + (index - start);
  }

  private static String describe(Encoding encoding, int thriftValue) {
    return encoding == null ? Integer.toString(thriftValue) : encoding.name();
  }

  private CorruptFileException damaged(int index, String problem, Throwable cause) {
    return new CorruptFileException(where(index) + problem, cause);
  }

  /** How messages name the page whose header starts at {@code data[index]}. */
  private String where(int index) {
    return "Cannot read column "
        + chunk.column().dottedPath()
        + " of "
        + location
        + " (row group "
        + rowGroupIndex
        + ", page at offset "
        + fileOffset(index)
        + "): ";
  }
}
