package dev.floe.spark.read.parquet.format;

import dev.floe.CorruptFileException;
import dev.floe.io.InputFile;
import dev.floe.spark.read.parquet.format.ThriftCompactReader.ThriftException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One Parquet file, opened for reading: its footer, parsed by Floe (not by the parquet-java copy a
 * Spark distribution ships), and the column chunks of a row group, read with as few requests as
 * their layout allows.
 *
 * <p>Opening reads the file's last {@link #TAIL} bytes in one request: the footer is parsed from
 * them, and a row group lying in them is served from memory too, so a small file takes one request
 * in all. Adjacent column chunks of a row group are read in one request.
 *
 * <pre>{@code
 * try (ParquetFile file = ParquetFile.open(inputFile, length, true)) {
 *   RowGroup group = file.footer().rowGroups().get(0);
 *   Map<ParquetColumn, ColumnChunkPages> pages = file.readRowGroup(group, columns);
 * }
 * }</pre>
 */
public final class ParquetFile implements AutoCloseable {
  /**
   * Most footers fit, and a request of this size costs on an object store what a small one does.
   */
  static final int TAIL = 64 * 1024;

  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ENCRYPTED_MAGIC = "PARE".getBytes(StandardCharsets.US_ASCII);

  private final InputFile file;
  private final long length;
  private final byte[] tail;
  private final long tailStart;
  private final ParquetFooter footer;
  private final boolean verifyChecksums;
  private final PageDecompressors decompressors = new PageDecompressors();

  private ParquetFile(
      InputFile file,
      long length,
      byte[] tail,
      long tailStart,
      ParquetFooter footer,
      boolean verifyChecksums) {
    this.file = file;
    this.length = length;
    this.tail = tail;
    this.tailStart = tailStart;
    this.footer = footer;
    this.verifyChecksums = verifyChecksums;
  }

  /**
   * Opens a file and parses its footer.
   *
   * @param knownLength the file's length when the caller knows it (the manifest's), else 0
   * @param verifyChecksums whether pages whose header carries a CRC are checked against it
   * @throws CorruptFileException when the file is not a readable Parquet file
   */
  public static ParquetFile open(InputFile file, long knownLength, boolean verifyChecksums) {
    long length = knownLength > 0 ? knownLength : file.length();
    String location = file.location();
    if (length < MAGIC.length * 2 + 4) {
      throw new CorruptFileException(
          "Cannot read Parquet file " + location + ": it is " + length + " bytes, too short");
    }
    long tailStart = Math.max(0, length - TAIL);
    byte[] tail = file.readRange(tailStart, (int) (length - tailStart));
    int magicAt = tail.length - MAGIC.length;
    if (regionEquals(tail, magicAt, ENCRYPTED_MAGIC)) {
      throw new CorruptFileException(
          "Cannot read Parquet file "
              + location
              + ": its footer is encrypted, which Floe does not read");
    }
    if (!regionEquals(tail, magicAt, MAGIC)) {
      throw new CorruptFileException(
          "Cannot read Parquet file " + location + ": it does not end with the magic PAR1");
    }
    int footerLength =
        (tail[magicAt - 4] & 0xFF)
            | (tail[magicAt - 3] & 0xFF) << 8
            | (tail[magicAt - 2] & 0xFF) << 16
            | (tail[magicAt - 1] & 0xFF) << 24;
    if (footerLength <= 0 || footerLength > length - (MAGIC.length * 2 + 4)) {
      throw new CorruptFileException(
          "Cannot read Parquet file "
              + location
              + ": its footer length "
              + Integer.toUnsignedString(footerLength)
              + " does not fit a file of "
              + length
              + " bytes");
    }
    int footerEndInTail = magicAt - 4;
    byte[] footerBytes;
    int footerStart;
    if (footerLength <= footerEndInTail) {
      footerBytes = tail;
      footerStart = footerEndInTail - footerLength;
    } else {
      footerBytes = file.readRange(length - 8 - footerLength, footerLength);
      footerStart = 0;
    }
    ParquetFooter footer;
    try {
      footer = FooterDecoder.decode(footerBytes, footerStart, footerStart + footerLength);
    } catch (ThriftException malformed) {
      throw new CorruptFileException(
          "Cannot read Parquet footer of " + location + ": " + malformed.getMessage(), malformed);
    }
    return new ParquetFile(file, length, tail, tailStart, footer, verifyChecksums);
  }

  private static boolean regionEquals(byte[] data, int offset, byte[] expected) {
    if (offset < 0) {
      return false;
    }
    for (int index = 0; index < expected.length; index++) {
      if (data[offset + index] != expected[index]) {
        return false;
      }
    }
    return true;
  }

  public ParquetFooter footer() {
    return footer;
  }

  public String location() {
    return file.location();
  }

  /**
   * Reads the chunks of {@code columns} in a row group into memory: one request per run of adjacent
   * chunks, none for chunks in the tail read at open.
   *
   * @return the pages of each column, in the order given
   */
  public Map<ParquetColumn, ColumnChunkPages> readRowGroup(
      RowGroup group, List<ParquetColumn> columns) {
    List<ColumnChunk> chunks = new ArrayList<>();
    for (ParquetColumn column : columns) {
      ColumnChunk chunk = group.chunk(column);
      checkBounds(group, chunk);
      chunks.add(chunk);
    }
    List<ColumnChunk> byOffset = new ArrayList<>(chunks);
    byOffset.sort(Comparator.comparingLong(ColumnChunk::startingPosition));
    Map<ColumnChunk, ColumnChunkPages> pages = new LinkedHashMap<>();
    int index = 0;
    while (index < byOffset.size()) {
      long runStart = byOffset.get(index).startingPosition();
      long runEnd = runStart + byOffset.get(index).compressedSize();
      int last = index;
      while (last + 1 < byOffset.size()
          && byOffset.get(last + 1).startingPosition() == runEnd
          && runEnd + byOffset.get(last + 1).compressedSize() - runStart <= Integer.MAX_VALUE - 8) {
        last++;
        runEnd += byOffset.get(last).compressedSize();
      }
      byte[] bytes;
      int base;
      if (runStart >= tailStart) {
        bytes = tail;
        base = (int) (runStart - tailStart);
      } else {
        bytes = file.readRange(runStart, Math.toIntExact(runEnd - runStart));
        base = 0;
      }
      for (int member = index; member <= last; member++) {
        ColumnChunk chunk = byOffset.get(member);
        int offset = base + (int) (chunk.startingPosition() - runStart);
        pages.put(chunk, pagesOf(group, chunk, bytes, offset));
      }
      index = last + 1;
    }
    Map<ParquetColumn, ColumnChunkPages> ordered = new LinkedHashMap<>();
    for (int position = 0; position < columns.size(); position++) {
      ordered.put(columns.get(position), pages.get(chunks.get(position)));
    }
    return ordered;
  }

  /**
   * The bytes of a chunk's dictionary page (with its header), read on their own, for pruning by
   * dictionary; null when the chunk has no dictionary page before its data pages.
   */
  public ColumnChunkPages readDictionaryRegion(RowGroup group, ColumnChunk chunk) {
    checkBounds(group, chunk);
    if (!chunk.hasDictionaryPage()) {
      return null;
    }
    long start = chunk.dictionaryPageOffset();
    int size = Math.toIntExact(chunk.dataPageOffset() - start);
    byte[] bytes = start >= tailStart ? tail : file.readRange(start, size);
    int offset = start >= tailStart ? (int) (start - tailStart) : 0;
    ColumnChunk dictionaryOnly =
        new ColumnChunk(
            chunk.column(),
            chunk.codec(),
            chunk.codecThriftValue(),
            0,
            size,
            chunk.dataPageOffset(),
            chunk.dictionaryPageOffset(),
            chunk.statistics(),
            chunk.dictionaryEncodedOnly());
    return new ColumnChunkPages(
        dictionaryOnly,
        bytes,
        offset,
        start,
        decompressors,
        verifyChecksums,
        location(),
        group.index());
  }

  private ColumnChunkPages pagesOf(RowGroup group, ColumnChunk chunk, byte[] bytes, int offset) {
    return new ColumnChunkPages(
        chunk,
        bytes,
        offset,
        chunk.startingPosition(),
        decompressors,
        verifyChecksums,
        location(),
        group.index());
  }

  private void checkBounds(RowGroup group, ColumnChunk chunk) {
    long start = chunk.startingPosition();
    if (start < 0
        || chunk.compressedSize() > length
        || start > length - chunk.compressedSize()
        || chunk.compressedSize() > Integer.MAX_VALUE - 8) {
      throw new CorruptFileException(
          "Cannot read column "
              + chunk.column().dottedPath()
              + " of "
              + location()
              + " (row group "
              + group.index()
              + "): its chunk of "
              + chunk.compressedSize()
              + " bytes at offset "
              + start
              + " lies outside the file's "
              + length
              + " bytes");
    }
  }

  @Override
  public void close() {
    decompressors.close();
  }
}
