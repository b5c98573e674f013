package dev.floe.spark.read.parquet;

import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.DOUBLE;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.CorruptFileException;
import dev.floe.FileReadException;
import dev.floe.expr.Expression;
import dev.floe.io.CloseableIterator;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.FileFormat;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.convert.SparkSchemas;
import dev.floe.spark.read.BatchRows;
import dev.floe.spark.read.parquet.format.ColumnChunkPages;
import dev.floe.spark.read.parquet.format.PageCrcs;
import dev.floe.spark.read.parquet.format.ParquetColumn;
import dev.floe.spark.read.parquet.format.ParquetFile;
import dev.floe.spark.read.parquet.format.RowGroup;
import dev.floe.table.ListType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Types;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Page CRC-32s, checked page by page: files written by parquet-java with page checksums on, in
 * every codec, both data page versions, with dictionary and plain pages, a required, an optional
 * and a nested list column, several pages per chunk and several row groups. Every page is found
 * independently of Floe (parquet-java's footer and page-header parser), and a bit flipped in any
 * page's body fails the read with a {@link CorruptFileException} naming the file, the column, the
 * row group and the offset of the page's header, after handing back only rows that equal the intact
 * file's. With checks off the same flips are read or fail inside Floe's error family. The
 * parquet-testing files with CRCs fail exactly at their first page whose CRC is wrong.
 *
 * <p>Spark 3.5's parquet-java (1.13.1) writes no CRC on version 2 data pages; the version 2
 * fixtures get theirs from {@link PageCrcs}, computed as the format defines it.
 */
class TestParquetPageChecksums {
  private static final int ROWS = 1_600;
  private static final int BATCH_SIZE = 200;
  private static final Duration BOUND = Duration.ofSeconds(10);

  private static final MessageType FILE_SCHEMA =
      Types.buildMessage()
          .required(INT64)
          .id(1)
          .named("id")
          .optional(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(2)
          .named("category")
          .optional(DOUBLE)
          .id(3)
          .named("amount")
          .optionalList()
          .id(4)
          .optionalElement(INT32)
          .id(5)
          .named("scores")
          .named("table");

  private static final Schema PROJECTION =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "category", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(3, "amount", PrimitiveType.of(TypeId.DOUBLE)),
              NestedField.optional(
                  4,
                  "scores",
                  new ListType(NestedField.optional(5, "element", PrimitiveType.of(TypeId.INT))))),
          Set.of());

  private static final List<String> COLUMNS =
      List.of("id", "category", "amount", "scores.list.element");

  @TempDir Path directory;

  /** How a fixture file is written. */
  record Layout(
      String name, CompressionCodecName codec, WriterVersion version, boolean dictionary) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Layout> layouts() {
    return Stream.of(
        new Layout(
            "v1, dictionary, zstd", CompressionCodecName.ZSTD, WriterVersion.PARQUET_1_0, true),
        new Layout(
            "v1, plain, snappy", CompressionCodecName.SNAPPY, WriterVersion.PARQUET_1_0, false),
        new Layout(
            "v1, dictionary, gzip", CompressionCodecName.GZIP, WriterVersion.PARQUET_1_0, true),
        new Layout(
            "v1, plain, uncompressed",
            CompressionCodecName.UNCOMPRESSED,
            WriterVersion.PARQUET_1_0,
            false),
        new Layout("v2, plain, zstd", CompressionCodecName.ZSTD, WriterVersion.PARQUET_2_0, false),
        new Layout(
            "v2, dictionary, snappy", CompressionCodecName.SNAPPY, WriterVersion.PARQUET_2_0, true),
        new Layout("v2, plain, gzip", CompressionCodecName.GZIP, WriterVersion.PARQUET_2_0, false),
        new Layout(
            "v2, dictionary, uncompressed",
            CompressionCodecName.UNCOMPRESSED,
            WriterVersion.PARQUET_2_0,
            true));
  }

  /** One page as parquet-java's own parser finds it: where its header and its body start. */
  record Page(
      int rowGroup,
      String column,
      long headerOffset,
      int bodyStart,
      int compressedSize,
      PageType type,
      Integer crc) {
    /** The byte in the middle of the page's body, as stored. */
    int middle() {
      return bodyStart + compressedSize / 2;
    }
  }

  /** The rows read before the read ended, and what ended it (null: the whole file was read). */
  record Outcome(List<List<Object>> rows, RuntimeException failure) {}

  @ParameterizedTest(name = "{0}")
  @MethodSource("layouts")
  void aBitFlippedInAnyPageFailsItsCrcCheckBeforeItsValuesAreReturned(Layout layout)
      throws IOException {
    Path file = write(layout, true);
    byte[] intact = Files.readAllBytes(file);
    List<Page> pages = pages(file, intact);
    assertCovers(layout, pages);
    for (Page page : pages) {
      assertThat(page.crc())
          .as("page at %d of %s records a CRC", page.headerOffset(), page.column())
          .isNotNull();
      assertThat(page.crc())
          .as("the CRC of the page at %d is over its bytes as stored", page.headerOffset())
          .isEqualTo(crc(intact, page.bodyStart(), page.compressedSize()));
    }
    Outcome whole = read(file, true);
    assertThat(whole.failure()).as("the intact file reads").isNull();
    assertThat(whole.rows()).as("the intact file's rows").isEqualTo(expectedRows());

    Path damaged = directory.resolve("damaged-" + layout.codec() + ".parquet");
    int withRowsBefore = 0;
    for (Page page : pages) {
      Files.write(damaged, flipped(intact, page.middle()));
      Outcome outcome = read(damaged, true);

      assertThat(outcome.failure())
          .as("a bit flipped in %s", page)
          .isInstanceOf(CorruptFileException.class)
          .hasMessageContaining(damaged.toString())
          .hasMessageContaining("Cannot read column " + page.column() + " of ")
          .hasMessageContaining(
              "(row group " + page.rowGroup() + ", page at offset " + page.headerOffset() + ")")
          .hasMessageContaining("CRC-32");
      assertThat(outcome.failure().getMessage())
          .as("the CRCs named for %s", page)
          .contains(
              String.format(
                  "the header records %08x, its %d bytes give %08x",
                  page.crc(),
                  page.compressedSize(),
                  crc(flipped(intact, page.middle()), page.bodyStart(), page.compressedSize())));
      assertThat(outcome.rows())
          .as("rows handed back before the damaged %s are the intact file's", page)
          .hasSizeLessThan(ROWS)
          .isEqualTo(whole.rows().subList(0, outcome.rows().size()));
      if (!outcome.rows().isEmpty()) {
        withRowsBefore++;
      }
    }
    assertThat(withRowsBefore)
        .as("flips that fail after batches were handed back (the prefix check bites)")
        .isPositive();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("layouts")
  void withChecksOffAFlippedPageIsReadOrAFloeError(Layout layout) throws IOException {
    Path file = write(layout, true);
    byte[] intact = Files.readAllBytes(file);
    List<List<Object>> expected = read(file, false).rows();
    assertThat(expected).as("the intact file reads with checks off").isEqualTo(expectedRows());
    Path damaged = directory.resolve("unchecked-" + layout.codec() + ".parquet");
    int changedRows = 0;
    for (Page page : pages(file, intact)) {
      Files.write(damaged, flipped(intact, page.middle()));
      Outcome outcome = readWithin(damaged);
      if (outcome.failure() != null) {
        assertThat(outcome.failure())
            .as("reading %s unchecked fails inside Floe's error family", page)
            .isInstanceOf(FileReadException.class)
            .hasMessageContaining(damaged.toString())
            .hasMessageNotContaining("CRC-32");
      } else if (!outcome.rows().equals(expected)) {
        changedRows++;
      }
    }
    if (layout.codec() == CompressionCodecName.UNCOMPRESSED) {
      assertThat(changedRows)
          .as("unchecked flips in uncompressed pages that change values without an error")
          .isPositive();
    }
  }

  @Test
  void aFileWithoutPageCrcsReadsAndIsNeverCalledDamagedByCrc() throws IOException {
    Layout layout = layouts().findFirst().orElseThrow();
    Path file = write(layout, false);
    byte[] intact = Files.readAllBytes(file);
    List<Page> pages = pages(file, intact);
    assertCovers(layout, pages);
    assertThat(pages)
        .as("pages written with checksums off")
        .allSatisfy(page -> assertThat(page.crc()).as("crc of %s", page).isNull());

    assertThat(read(file, true))
        .as("read with checks on")
        .isEqualTo(new Outcome(expectedRows(), null));

    Path damaged = directory.resolve("no-crc-damaged.parquet");
    for (Page page : pages) {
      Files.write(damaged, flipped(intact, page.middle()));
      Outcome outcome = readWithin(damaged);
      if (outcome.failure() != null) {
        assertThat(outcome.failure())
            .as("a flip in %s of a file without CRCs", page)
            .isInstanceOf(FileReadException.class)
            .hasMessageNotContaining("CRC-32");
      }
    }
  }

  /** parquet-testing's files with page CRCs, two of them with pages that fail theirs. */
  static Stream<Path> corpusFilesWithCrcs() throws IOException {
    String corpus = System.getProperty("floe.parquet.testing");
    assertThat(corpus).as("system property floe.parquet.testing (run with Maven)").isNotNull();
    try (Stream<Path> files = Files.list(Path.of(corpus).resolve("data"))) {
      List<Path> found =
          files.filter(file -> file.toString().endsWith("checksum.parquet")).sorted().toList();
      assertThat(found).as("parquet-testing's files with page checksums").hasSize(6);
      return found.stream();
    }
  }

  /**
   * Files another writer gave CRCs: read page by page, each fails exactly at the first page whose
   * CRC parquet-java's parser and the JDK's CRC32 find wrong, and only there.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("corpusFilesWithCrcs")
  void corpusFilesFailAtTheFirstPageWhoseCrcDisagrees(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    List<Page> pages = pages(file, bytes);
    // the version 2 data pages of the rle-dict files carry none
    List<Page> withCrcs = pages.stream().filter(page -> page.crc() != null).toList();
    assertThat(withCrcs).as("pages of %s with a CRC", file).isNotEmpty();
    List<Page> disagreeing =
        withCrcs.stream()
            .filter(page -> page.crc() != crc(bytes, page.bodyStart(), page.compressedSize()))
            .toList();

    RuntimeException checked = readEveryPage(file, true);
    if (disagreeing.isEmpty()) {
      assertThat(checked).as("every CRC of %s agrees: its pages read", file).isNull();
    } else {
      Page first = disagreeing.get(0);
      assertThat(checked)
          .as("reading %s, whose %s fails its CRC", file, first)
          .isInstanceOf(CorruptFileException.class)
          .hasMessage(
              String.format(
                  "Cannot read column %s of %s (row group %d, page at offset %d): the page fails"
                      + " its CRC-32 check (the header records %08x, its %d bytes give %08x): the"
                      + " file is damaged",
                  first.column(),
                  file,
                  first.rowGroup(),
                  first.headerOffset(),
                  first.crc(),
                  first.compressedSize(),
                  crc(bytes, first.bodyStart(), first.compressedSize())));
    }
    RuntimeException unchecked = readEveryPage(file, false);
    if (unchecked != null) {
      assertThat(unchecked)
          .as("pages of %s read unchecked", file)
          .isInstanceOf(FileReadException.class)
          .hasMessageNotContaining("CRC-32");
    }
  }

  /** Reads every page of every chunk with Floe's page reader; what stopped it, or null. */
  private static RuntimeException readEveryPage(Path file, boolean verifyChecksums) {
    try (ParquetFile parquet =
        ParquetFile.open(new LocalFileIO().newInputFile(file.toString()), 0, verifyChecksums)) {
      List<ParquetColumn> columns = parquet.footer().schema().columns();
      for (RowGroup group : parquet.footer().rowGroups()) {
        for (ColumnChunkPages chunk : parquet.readRowGroup(group, columns).values()) {
          chunk.readDictionaryPage();
          while (chunk.nextDataPage() != null) {
            // each page is checked as it is read
          }
        }
      }
    } catch (RuntimeException failure) {
      return failure;
    }
    return null;
  }

  /** The fixture holds what the test claims to cover, else it could pass by covering nothing. */
  private static void assertCovers(Layout layout, List<Page> pages) {
    assertThat(pages.stream().mapToInt(Page::rowGroup).max().orElse(-1))
        .as("row groups of %s", layout)
        .isGreaterThanOrEqualTo(1);
    assertThat(pages.stream().map(Page::column).distinct().toList())
        .as("columns with pages")
        .containsExactlyElementsOf(COLUMNS);
    PageType dataPages =
        layout.version() == WriterVersion.PARQUET_2_0 ? PageType.DATA_PAGE_V2 : PageType.DATA_PAGE;
    Set<PageType> types = EnumSet.noneOf(PageType.class);
    pages.forEach(page -> types.add(page.type()));
    assertThat(types)
        .as("page types of %s", layout)
        .isEqualTo(
            layout.dictionary()
                ? EnumSet.of(dataPages, PageType.DICTIONARY_PAGE)
                : EnumSet.of(dataPages));
    for (String column : COLUMNS) {
      long most =
          pages.stream()
              .filter(page -> page.column().equals(column) && page.type() == dataPages)
              .collect(Collectors.groupingBy(Page::rowGroup, Collectors.counting()))
              .values()
              .stream()
              .mapToLong(Long::longValue)
              .max()
              .orElse(0);
      assertThat(most)
          .as("the most data pages of %s in one chunk of %s", column, layout)
          .isGreaterThanOrEqualTo(3);
    }
    assertThat(pages).allSatisfy(page -> assertThat(page.compressedSize()).isPositive());
  }

  /** Every page of every column chunk, walked with parquet-java's footer and page-header parser. */
  private static List<Page> pages(Path file, byte[] bytes) throws IOException {
    List<Page> pages = new ArrayList<>();
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
      List<BlockMetaData> blocks = reader.getFooter().getBlocks();
      for (int group = 0; group < blocks.size(); group++) {
        for (ColumnChunkMetaData chunk : blocks.get(group).getColumns()) {
          int start = Math.toIntExact(chunk.getStartingPos());
          int end = Math.toIntExact(start + chunk.getTotalSize());
          ByteArrayInputStream in = new ByteArrayInputStream(bytes, start, end - start);
          int position = start;
          while (position < end) {
            org.apache.parquet.format.PageHeader header = Util.readPageHeader(in);
            int bodyStart = end - in.available();
            pages.add(
                new Page(
                    group,
                    chunk.getPath().toDotString(),
                    position,
                    bodyStart,
                    header.getCompressed_page_size(),
                    header.getType(),
                    header.isSetCrc() ? header.getCrc() : null));
            position = bodyStart + header.getCompressed_page_size();
            in.skipNBytes(header.getCompressed_page_size());
          }
          assertThat(position).as("pages fill the chunk of %s", chunk.getPath()).isEqualTo(end);
        }
      }
    }
    return pages;
  }

  private static int crc(byte[] bytes, int start, int length) {
    CRC32 crc = new CRC32();
    crc.update(bytes, start, length);
    return (int) crc.getValue();
  }

  private static byte[] flipped(byte[] intact, int offset) {
    byte[] damaged = intact.clone();
    damaged[offset] ^= (byte) (1 << (offset % 8));
    return damaged;
  }

  /** Reads the whole file through Floe's reader, keeping the rows of every batch handed back. */
  private static Outcome read(Path file, boolean verifyChecksums) {
    List<List<Object>> rows = new ArrayList<>();
    StructType sparkSchema = SparkSchemas.toSpark(PROJECTION);
    try (CloseableIterator<ColumnarBatch> batches =
        ParquetColumnarReader.open(new LocalFileIO(), request(file, verifyChecksums))) {
      while (batches.hasNext()) {
        rows.addAll(BatchRows.rows(batches.next(), sparkSchema));
      }
    } catch (RuntimeException failure) {
      return new Outcome(rows, failure);
    }
    return new Outcome(rows, null);
  }

  /** An unchecked read, bounded in time: damage read as data must not make it loop. */
  private static Outcome readWithin(Path file) {
    return Assertions.assertTimeoutPreemptively(
        BOUND, () -> read(file, false), () -> "reading " + file + " did not end within " + BOUND);
  }

  private static FileReadRequest request(Path file, boolean verifyChecksums) {
    try {
      long size = Files.size(file);
      return verifyChecksums
          // the constructor without the flag: checks are on unless a read turns them off
          ? new FileReadRequest(
              file.toString(),
              FileFormat.PARQUET,
              0,
              size,
              size,
              PROJECTION,
              Map.of(),
              null,
              Expression.alwaysTrue(),
              BATCH_SIZE)
          : new FileReadRequest(
              file.toString(),
              FileFormat.PARQUET,
              0,
              size,
              size,
              PROJECTION,
              Map.of(),
              null,
              Expression.alwaysTrue(),
              BATCH_SIZE,
              false);
    } catch (IOException failure) {
      throw new AssertionError(failure);
    }
  }

  /**
   * Writes the layout's fixture with page checksums on or off. Spark 3.5's parquet-java writes no
   * CRC on version 2 data pages, so a version 2 fixture with checksums gets them added after (see
   * {@link PageCrcs}); every other CRC is parquet-java's own.
   */
  private Path write(Layout layout, boolean checksums) throws IOException {
    SimpleGroupFactory factory = new SimpleGroupFactory(FILE_SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      List<Object> values = expectedRow(i);
      Group group = factory.newGroup();
      group.add("id", (Long) values.get(0));
      if (values.get(1) != null) {
        group.add("category", (String) values.get(1));
      }
      if (values.get(2) != null) {
        group.add("amount", (Double) values.get(2));
      }
      if (values.get(3) != null) {
        Group list = group.addGroup("scores");
        for (Object score : (List<?>) values.get(3)) {
          Group element = list.addGroup("list");
          if (score != null) {
            element.add("element", (Integer) score);
          }
        }
      }
      rows.add(group);
    }
    Path file =
        ParquetFiles.write(
            directory.resolve(
                layout.name().replaceAll("[^a-z0-9]+", "-")
                    + (checksums ? "" : "-no-crc")
                    + ".parquet"),
            FILE_SCHEMA,
            rows,
            builder ->
                builder
                    .withCompressionCodec(layout.codec())
                    .withWriterVersion(layout.version())
                    .withDictionaryEncoding(layout.dictionary())
                    // small enough that the ids' dictionary overflows: a dictionary page, then
                    // dictionary-encoded and plain pages in one chunk
                    .withDictionaryPageSize(1024)
                    .withPageSize(1024)
                    .withPageRowCountLimit(80)
                    // several row groups of several pages each, compressed or not
                    .withRowGroupSize(
                        layout.codec() == CompressionCodecName.UNCOMPRESSED
                            ? 12 * 1024L
                            : 4 * 1024L)
                    .withPageWriteChecksumEnabled(checksums));
    if (checksums && layout.version() == WriterVersion.PARQUET_2_0) {
      Files.write(file, PageCrcs.addMissing(Files.readAllBytes(file)));
    }
    return file;
  }

  private static List<List<Object>> expectedRows() {
    List<List<Object>> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(expectedRow(i));
    }
    return rows;
  }

  private static List<Object> expectedRow(int i) {
    String category = i % 11 == 0 ? null : "category-" + i % 5;
    Double amount = i % 13 == 0 ? null : i * 0.5;
    List<Object> scores;
    if (i % 7 == 0) {
      scores = null;
    } else {
      scores = new ArrayList<>();
      int size = i % 7 == 1 ? 0 : i % 4 + 1;
      for (int j = 0; j < size; j++) {
        scores.add(j == 1 && i % 3 == 0 ? null : i + j);
      }
    }
    return Arrays.asList((long) i * 7, category, amount, scores);
  }
}
