package dev.floe.spark.read.parquet.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Brotli pages as a real writer compressed them: {@code large_string_map.brotli.parquet} of the
 * parquet-testing corpus, written by pyarrow 11 with Brotli, a {@code map<string, int32>} column of
 * two rows, each the map {@code {"a" * 2^30: 1}}. Its pages are found with parquet-java (footer and
 * page headers), decompressed by {@link BrotliPages}, and read back with parquet-java's own level,
 * dictionary and PLAIN decoders; parquet-java cannot decompress them itself, as Spark ships no
 * Brotli codec.
 */
class TestBrotliPages {
  private static final String FILE = "large_string_map.brotli.parquet";
  private static final String[] KEY = {"arr", "key_value", "key"};
  private static final String[] VALUE = {"arr", "key_value", "value"};

  /** The one PLAIN string of the key column's dictionary: its 4-byte length, then 'a' * 2^30. */
  private static final int KEY_LENGTH = 1 << 30;

  private static byte[] file;
  private static MessageType schema;

  /** The value column's dictionary page: PLAIN int32 1 (a stored, uncompressed meta-block). */
  private static Page valueDictionary;

  /** The value column's data page v1: both rows' levels and dictionary ids (Huffman-coded). */
  private static Page valueData;

  /** The key column's dictionary page: 1,627 bytes that decompress to 1 GiB. */
  private static Page keyDictionary;

  /** A page of the file: where its compressed bytes are and what its header says. */
  private record Page(PageType type, int offset, int compressedSize, int uncompressedSize) {
    byte[] compressed() {
      return Arrays.copyOfRange(file, offset, offset + compressedSize);
    }

    byte[] decompress() throws IOException {
      byte[] target = new byte[uncompressedSize];
      BrotliPages.decompress(file, offset, compressedSize, target, 0, uncompressedSize);
      return target;
    }
  }

  @BeforeAll
  static void findThePages() throws IOException {
    Path path = ParquetTestingCorpus.directory().resolve("data").resolve(FILE);
    assertThat(path)
        .as("the parquet-testing corpus (shared/testdata/parquet-testing beside the project)")
        .isRegularFile();
    file = Files.readAllBytes(path);

    ParquetMetadata footer;
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(path.toUri()), new Configuration()))) {
      footer = reader.getFooter();
    }
    schema = footer.getFileMetaData().getSchema();
    assertThat(footer.getBlocks()).as("row groups of %s", FILE).hasSize(1);
    List<ColumnChunkMetaData> columns = footer.getBlocks().get(0).getColumns();
    assertThat(columns)
        .as("every column chunk of %s is Brotli-compressed", FILE)
        .extracting(ColumnChunkMetaData::getCodec)
        .containsOnly(CompressionCodecName.BROTLI);

    List<Page> keyPages = pages(columns.get(0));
    List<Page> valuePages = pages(columns.get(1));
    keyDictionary = keyPages.get(0);
    valueDictionary = valuePages.get(0);
    valueData = valuePages.get(1);
    assertThat(List.of(keyDictionary.type(), valueDictionary.type(), valueData.type()))
        .as("the pages this test decompresses")
        .containsExactly(PageType.DICTIONARY_PAGE, PageType.DICTIONARY_PAGE, PageType.DATA_PAGE);
    assertThat(keyDictionary.uncompressedSize()).isEqualTo(4 + KEY_LENGTH);
  }

  /** The pages of a column chunk, by their headers. */
  private static List<Page> pages(ColumnChunkMetaData column) throws IOException {
    List<Page> pages = new ArrayList<>();
    int position = Math.toIntExact(column.getStartingPos());
    int end = Math.toIntExact(column.getStartingPos() + column.getTotalSize());
    while (position < end) {
      ByteArrayInputStream in = new ByteArrayInputStream(file, position, end - position);
      PageHeader header = Util.readPageHeader(in);
      int data = end - in.available();
      pages.add(
          new Page(
              header.getType(),
              data,
              header.getCompressed_page_size(),
              header.getUncompressed_page_size()));
      position = data + header.getCompressed_page_size();
    }
    return pages;
  }

  private static ColumnDescriptor column(String[] path) {
    return schema.getColumnDescription(path);
  }

  private static Dictionary valueDictionary() throws IOException {
    return Encoding.PLAIN.initDictionary(
        column(VALUE),
        new DictionaryPage(BytesInput.from(valueDictionary.decompress()), 1, Encoding.PLAIN));
  }

  private static int[] read(ValuesReader reader, ByteBufferInputStream page, int count)
      throws IOException {
    reader.initFromPage(count, page);
    int[] values = new int[count];
    for (int index = 0; index < count; index++) {
      values[index] = reader.readInteger();
    }
    return values;
  }

  private static byte[] flipBit(byte[] bytes, int bit) {
    byte[] flipped = bytes.clone();
    flipped[bit / 8] ^= (byte) (1 << (bit % 8));
    return flipped;
  }

  @Test
  void dictionaryPageDecompressesToItsPlainValue() throws IOException {
    assertThat(valueDictionary.decompress())
        .as("the value column's dictionary: int32 1, little-endian")
        .containsExactly(1, 0, 0, 0);
    assertThat(valueDictionary().decodeToInt(0))
        .as("parquet-java's PLAIN dictionary over the decompressed page")
        .isEqualTo(1);
  }

  @Test
  void dataPageDecompressesToTheRowsParquetJavaReads() throws IOException {
    ColumnDescriptor value = column(VALUE);
    int rows = 2;
    ByteBufferInputStream page =
        ByteBufferInputStream.wrap(ByteBuffer.wrap(valueData.decompress()));

    int[] repetition =
        read(Encoding.RLE.getValuesReader(value, ValuesType.REPETITION_LEVEL), page, rows);
    int[] definition =
        read(Encoding.RLE.getValuesReader(value, ValuesType.DEFINITION_LEVEL), page, rows);
    int[] values =
        read(
            Encoding.RLE_DICTIONARY.getDictionaryBasedValuesReader(
                value, ValuesType.VALUES, valueDictionary()),
            page,
            rows);

    assertThat(repetition).as("each row starts a new map").containsExactly(0, 0);
    assertThat(definition)
        .as("each row's map entry has a value")
        .containsExactly(value.getMaxDefinitionLevel(), value.getMaxDefinitionLevel());
    assertThat(values).as("the map value of both rows").containsExactly(1, 1);
    assertThat(page.available()).as("bytes of the page left unread").isZero();
  }

  @Test
  void decompressesBetweenOffsetsAndWritesOnlyItsTargetRange() throws IOException {
    byte[] expected = valueData.decompress();
    byte[] target = new byte[expected.length + 10];
    Arrays.fill(target, (byte) 0x5A);

    BrotliPages.decompress(
        file, valueData.offset(), valueData.compressedSize(), target, 5, expected.length);

    assertThat(Arrays.copyOfRange(target, 5, 5 + expected.length))
        .as("the page in its target range")
        .isEqualTo(expected);
    assertThat(Arrays.copyOfRange(target, 0, 5))
        .as("the bytes before the range")
        .containsOnly(0x5A);
    assertThat(Arrays.copyOfRange(target, 5 + expected.length, target.length))
        .as("the bytes after the range")
        .containsOnly(0x5A);
  }

  @Test
  void largePageIsNotDecompressedPastTheSizeItsHeaderSays() {
    int size = 1 << 20;
    byte[] target = new byte[size];

    assertThatThrownBy(
            () ->
                BrotliPages.decompress(
                    file, keyDictionary.offset(), keyDictionary.compressedSize(), target, 0, size))
        .isInstanceOf(IOException.class)
        .hasMessage(
            "Corrupt Brotli page of 1627 bytes: it decompresses to more than the 1048576 bytes its"
                + " header says");
    assertThat(Arrays.copyOf(target, 4))
        .as("the PLAIN length of the key, 2^30, little-endian")
        .containsExactly(0, 0, 0, 0x40);
    assertThat(Arrays.copyOfRange(target, 4, size))
        .as("the key's first bytes, written before the decoder stopped")
        .containsOnly('a');
  }

  @Test
  void pageLongerThanItsHeaderSaysIsCorrupt() {
    byte[] target = new byte[valueData.uncompressedSize()];

    assertThatThrownBy(
            () ->
                BrotliPages.decompress(
                    file,
                    valueData.offset(),
                    valueData.compressedSize(),
                    target,
                    0,
                    valueData.uncompressedSize() - 1))
        .isInstanceOf(IOException.class)
        .hasMessage(
            "Corrupt Brotli page of 14 bytes: it decompresses to more than the 14 bytes its header"
                + " says");
    assertThatThrownBy(
            () ->
                BrotliPages.decompress(
                    file, valueData.offset(), valueData.compressedSize(), target, 0, 0))
        .as("a header that says 0 bytes")
        .isInstanceOf(IOException.class)
        .hasMessage(
            "Corrupt Brotli page of 14 bytes: it decompresses to more than the 0 bytes its header"
                + " says");
  }

  @Test
  void pageShorterThanItsHeaderSaysIsCorrupt() {
    byte[] target = new byte[valueData.uncompressedSize() + 1];

    assertThatThrownBy(
            () ->
                BrotliPages.decompress(
                    file,
                    valueData.offset(),
                    valueData.compressedSize(),
                    target,
                    0,
                    valueData.uncompressedSize() + 1))
        .isInstanceOf(IOException.class)
        .hasMessage(
            "Corrupt Brotli page of 14 bytes: it decompresses to 15 bytes where its header says 16");
  }

  @Test
  void truncatedStreamIsCorrupt() {
    byte[] cut = Arrays.copyOf(valueData.compressed(), 12);
    byte[] target = new byte[valueData.uncompressedSize()];

    assertThatThrownBy(() -> BrotliPages.decompress(cut, 0, cut.length, target, 0, target.length))
        .as("the decoder reads past the end of the stream")
        .isInstanceOf(IOException.class)
        .hasMessage(
            "Corrupt Brotli page of 12 bytes: the stream ends early, after 15 of the 15 bytes its"
                + " header says (decoder: Read after end)");

    byte[] noLastBlock = Arrays.copyOf(valueDictionary.compressed(), 7);
    assertThatThrownBy(
            () -> BrotliPages.decompress(noLastBlock, 0, noLastBlock.length, target, 0, 4))
        .as("the decoder reads the zeros it puts past the input as a meta-block")
        .isInstanceOf(IOException.class)
        .hasMessage(
            "Corrupt Brotli page of 7 bytes: the stream is corrupt or truncated, after 0 of the 4"
                + " bytes its header says (decoder: Unused space)");
  }

  @Test
  void bitFlippedStreamIsCorrupt() {
    // Bit 43 lies in the Huffman code of the page's first meta-block.
    byte[] flipped = flipBit(valueData.compressed(), 43);
    byte[] target = new byte[valueData.uncompressedSize()];

    assertThatThrownBy(
            () -> BrotliPages.decompress(flipped, 0, flipped.length, target, 0, target.length))
        .isInstanceOf(IOException.class)
        .hasMessage(
            "Corrupt Brotli page of 14 bytes: the stream is corrupt or truncated, after 0 of the 15"
                + " bytes its header says (decoder: Can't readHuffmanCode)")
        .hasRootCauseMessage("Can't readHuffmanCode");
  }

  @Test
  void bytesAfterTheStreamAreCorrupt() {
    byte[] page = valueData.compressed();
    byte[] target = new byte[valueData.uncompressedSize()];

    byte[] fewMore = Arrays.copyOf(page, page.length + 3);
    assertThatThrownBy(
            () -> BrotliPages.decompress(fewMore, 0, fewMore.length, target, 0, target.length))
        .as("bytes the decoder read with the stream")
        .isInstanceOf(IOException.class)
        .hasMessage(
            "Corrupt Brotli page of 17 bytes: bytes follow the end of its stream, after 15 of the 15"
                + " bytes its header says (decoder: Unused bytes after end)");

    byte[] manyMore = Arrays.copyOf(page, page.length + 5000);
    assertThatThrownBy(
            () -> BrotliPages.decompress(manyMore, 0, manyMore.length, target, 0, target.length))
        .as("bytes the decoder never read")
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("Corrupt Brotli page of 5014 bytes: ")
        .hasMessageEndingWith(" bytes follow the end of its stream");
  }

  @Test
  void emptyPageAndNegativeSizeAreCorrupt() {
    byte[] target = new byte[16];

    assertThatThrownBy(() -> BrotliPages.decompress(file, 100, 0, target, 0, 0))
        .isInstanceOf(IOException.class)
        .hasMessage("Corrupt Brotli page of 0 bytes: a Brotli stream has at least one byte");
    assertThatThrownBy(
            () ->
                BrotliPages.decompress(
                    file, valueData.offset(), valueData.compressedSize(), target, 0, -1))
        .isInstanceOf(IOException.class)
        .hasMessage(
            "Corrupt Brotli page of 14 bytes: its header gives a negative uncompressed size, -1");
  }

  @Test
  void rangesOutsideTheirArraysAreCallerMistakes() {
    byte[] target = new byte[16];

    assertThatThrownBy(() -> BrotliPages.decompress(file, file.length - 4, 5, target, 0, 15))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("The compressed range [4321, 4321 + 5) lies outside its array of 4325 bytes");
    assertThatThrownBy(
            () ->
                BrotliPages.decompress(
                    file, valueData.offset(), valueData.compressedSize(), target, 2, 15))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("The target range [2, 2 + 15) lies outside its array of 16 bytes");
  }
}
