package dev.floe.it.spark;

import static dev.floe.it.spark.DuckDbFixtures.COLUMNS;
import static dev.floe.it.spark.DuckDbFixtures.ROWS;
import static dev.floe.it.spark.DuckDbFixtures.ROW_GROUP_SIZE;
import static dev.floe.it.spark.DuckDbFixtures.UNSIGNED_COLUMNS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.it.spark.DuckDbParquet.Codec;
import dev.floe.it.spark.DuckDbParquet.ParquetVersion;
import dev.floe.it.spark.DuckDbTables.AllTypesFile;
import dev.floe.it.spark.DuckDbTables.UnsignedTableType;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.mapping.MappingUtil;
import org.apache.iceberg.parquet.ParquetUtil;
import org.apache.iceberg.shaded.org.apache.parquet.column.ColumnDescriptor;
import org.apache.iceberg.shaded.org.apache.parquet.column.Encoding;
import org.apache.iceberg.shaded.org.apache.parquet.column.page.DataPage;
import org.apache.iceberg.shaded.org.apache.parquet.column.page.DataPageV1;
import org.apache.iceberg.shaded.org.apache.parquet.column.page.PageReadStore;
import org.apache.iceberg.shaded.org.apache.parquet.column.page.PageReader;
import org.apache.iceberg.shaded.org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.iceberg.shaded.org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.iceberg.shaded.org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.iceberg.shaded.org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.iceberg.shaded.org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Parquet files written by DuckDB's own writer, not parquet-java, imported into Iceberg tables as
 * {@code add_files} imports them ({@link ParquetFileImport}) and read through Floe: every value is
 * what DuckDB's own reader reads from the same file, in the file's row order. One file per Parquet
 * version and codec DuckDB writes; the version decides the encodings, so each codec meets plain and
 * dictionary pages (version 1) and delta, byte-stream-split and dictionary pages (version 2).
 *
 * <p>Unsigned integers read as their unsigned value: UTINYINT and USMALLINT as {@code int},
 * UINTEGER as {@code long} (the types Iceberg's conversion gives them). UBIGINT does not fit a
 * {@code long}: it reads into a {@code decimal(20, 0)} or wider column, and a {@code long} column
 * over it is a table Floe refuses to read, naming the column, rather than returning wrong numbers.
 */
class TestFloeReadsDuckDbParquet {
  @TempDir static Path written;

  private static DuckDbParquet duckDb;
  private static DuckDbTables tables;

  private static final Map<AllTypesFile, ComparableRows> DUCKDB_READS = new ConcurrentHashMap<>();

  private final SparkSession spark = SharedSpark.get().session();

  /** A read of some columns, filtered by the same predicate in Spark's SQL and in DuckDB's. */
  record DuckDbQuery(String name, List<String> columns, String sparkFilter, String duckDbFilter) {
    static DuckDbQuery of(String name, List<String> columns, String filter) {
      return new DuckDbQuery(name, columns, filter, filter);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * Queries of every file: all columns, and a filter that reads dictionary pages (decompressed with
   * the file's codec) to skip row groups: only the first row group's dictionary holds 's-7'.
   */
  private static final List<DuckDbQuery> QUERIES_OF_EVERY_FILE =
      List.of(
          DuckDbQuery.of("every column", COLUMNS, ""),
          DuckDbQuery.of("s = 's-7'", List.of("id", "s", "st"), "s = 's-7'"));

  /**
   * Queries that test statistics, pruning and projection rather than pages, so one file per Parquet
   * version does ({@link #CODEC_OF_EVERY_QUERY}).
   */
  private static final List<DuckDbQuery> QUERIES_OF_ONE_FILE_PER_VERSION =
      List.of(
          // Row-group statistics of unsigned columns are in unsigned order.
          DuckDbQuery.of(
              "uint > 3000000000", List.of("id", "uint", "usmall", "utiny"), "uint > 3000000000"),
          // Millisecond statistics against a microsecond literal.
          new DuckDbQuery(
              "ts_ms before 1965",
              List.of("id", "ts_ms", "ts_ns", "ts_s", "tstz"),
              "ts_ms < TIMESTAMP_NTZ'1965-01-01 00:00:00'",
              "ts_ms < TIMESTAMP '1965-01-01 00:00:00'"),
          // Across the boundary of the first two row groups, nested columns only.
          DuckDbQuery.of(
              "id 2000 to 2100, nested columns",
              List.of("id", "arr", "m", "structs", "st"),
              "id BETWEEN 2000 AND 2100"),
          // Both engines order NaN above every number.
          DuckDbQuery.of("d > 100", List.of("id", "f", "d", "dec38"), "d > 100"));

  /** DuckDB's default codec. */
  private static final Codec CODEC_OF_EVERY_QUERY = Codec.SNAPPY;

  @BeforeAll
  static void writeAndImport() {
    duckDb = DuckDbParquet.open();
    tables = new DuckDbTables(written);
    tables.writeAndImport(duckDb, SharedSpark.get().catalog());
  }

  @AfterAll
  static void closeDuckDb() {
    if (duckDb != null) {
      duckDb.close();
    }
  }

  static Stream<Arguments> filesAndQueries() {
    return DuckDbTables.allTypesFiles().stream()
        .flatMap(
            file ->
                Stream.concat(
                        QUERIES_OF_EVERY_FILE.stream(),
                        file.codec() == CODEC_OF_EVERY_QUERY
                            ? QUERIES_OF_ONE_FILE_PER_VERSION.stream()
                            : Stream.empty())
                    .map(query -> Arguments.of(file, query)));
  }

  /**
   * DuckDB's read of every column of the file. Its driver takes half a second for one, so each file
   * is read once, and a filtered query asks DuckDB only which rows match.
   */
  private static ComparableRows duckDbRead(AllTypesFile file) {
    return DUCKDB_READS.computeIfAbsent(
        file, unread -> duckDb.read(tables.path(unread), COLUMNS, ""));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("filesAndQueries")
  void floeReadsWhatDuckDbReads(AllTypesFile file, DuckDbQuery query) {
    ComparableRows everything = duckDbRead(file);
    assertThat(everything.rows()).as("DuckDB's rows of %s", file).hasSize(ROWS);
    List<Long> positions = LongStream.range(0, ROWS).boxed().toList();
    if (!query.duckDbFilter().isEmpty()) {
      positions = duckDb.matchingRows(tables.path(file), query.duckDbFilter());
      assertThat(positions.size())
          .as("rows of %s matching %s: some, not all", file, query)
          .isBetween(1, ROWS - 1);
    }
    ComparableRows expected = everything.subset(query.columns(), positions);
    ComparableRows read =
        ComparableRows.of(floeRead(file.table(), query.columns(), query.sparkFilter()));
    assertThat(read.differencesFrom(expected))
        .as("Floe's read of %s (%s) against DuckDB's, row by row in file order", file, query)
        .isEmpty();
  }

  @ParameterizedTest(name = "PARQUET_VERSION {0}")
  @EnumSource(ParquetVersion.class)
  void unsignedBigintInALongColumnIsRefusedNamingTheColumn(ParquetVersion version) {
    String table = UnsignedTableType.LONG.table(version);
    assertThatThrownBy(() -> floeRead(table, UNSIGNED_COLUMNS, "").collectAsList())
        .as("reading UBIGINT values as a long column (%s)", table)
        .satisfies(
            thrown ->
                assertThat(
                        FailureChain.causeOfType(thrown, CorruptTableException.class).getMessage())
                    .as("Floe's error")
                    .contains("ubig_value")
                    .contains(tables.unsignedFile(version).getFileName().toString()));
  }

  @ParameterizedTest(name = "PARQUET_VERSION {0}")
  @EnumSource(ParquetVersion.class)
  void theOtherColumnsOfAFileWithAnUnreadableUnsignedBigintRead(ParquetVersion version) {
    List<String> columns = List.of("id");
    ComparableRows read =
        ComparableRows.of(floeRead(UnsignedTableType.LONG.table(version), columns, ""));
    assertThat(read.differencesFrom(duckDb.read(tables.unsignedFile(version), columns, "")))
        .as("Floe's read of id beside the UBIGINT column against DuckDB's")
        .isEmpty();
  }

  static Stream<Arguments> versionsAndDecimalTypes() {
    return Stream.of(ParquetVersion.values())
        .flatMap(
            version ->
                Stream.of(UnsignedTableType.DECIMAL_20_0, UnsignedTableType.DECIMAL_38_0)
                    .map(type -> Arguments.of(version, type)));
  }

  @ParameterizedTest(name = "PARQUET_VERSION {0}, {1}")
  @MethodSource("versionsAndDecimalTypes")
  void unsignedBigintInADecimalColumnReadsTheExactValue(
      ParquetVersion version, UnsignedTableType type) {
    String table = type.table(version);
    ComparableRows all = duckDb.read(tables.unsignedFile(version), UNSIGNED_COLUMNS, "");
    assertThat(ComparableRows.of(floeRead(table, UNSIGNED_COLUMNS, "")).differencesFrom(all))
        .as("Floe's read of %s against DuckDB's", table)
        .isEmpty();
    ComparableRows pastSignedLong =
        duckDb.read(
            tables.unsignedFile(version), UNSIGNED_COLUMNS, "ubig_value > 9223372036854775807");
    assertThat(pastSignedLong.rows().size())
        .as("values past the signed long range")
        .isBetween(ROWS / 4, ROWS - 1);
    assertThat(
            ComparableRows.of(
                    floeRead(table, UNSIGNED_COLUMNS, "ubig_value > 9223372036854775807BD"))
                .differencesFrom(pastSignedLong))
        .as("Floe's read of %s, values past the signed long range, against DuckDB's", table)
        .isEmpty();
  }

  @Test
  void everyFileHasItsCodecAndSeveralRowGroups() {
    for (AllTypesFile file : DuckDbTables.allTypesFiles()) {
      ParquetMetadata footer = ParquetFileImport.footer(tables.path(file));
      assertThat(footer.getFileMetaData().getCreatedBy())
          .as("writer of %s", file)
          .startsWith("DuckDB version " + duckDb.version() + " ");
      assertThat(footer.getBlocks().stream().map(BlockMetaData::getRowCount))
          .as("rows per row group of %s", file)
          .containsExactly(2048L, 2048L, (long) ROWS - 2 * ROW_GROUP_SIZE);
      for (ColumnChunkMetaData column : columns(footer)) {
        assertThat(column.getCodec().name())
            .as("codec of %s in %s", column.getPath(), file)
            .isEqualTo(file.codec().footerName());
      }
    }
  }

  /**
   * PARQUET_VERSION v2 changes DuckDB's encodings, not its page headers: its data pages are still
   * version 1 pages.
   */
  @Test
  void version2FilesHaveTheNewerEncodingsInVersion1DataPages() {
    Set<Encoding> version1 = EnumSet.noneOf(Encoding.class);
    Set<Encoding> version2 = EnumSet.noneOf(Encoding.class);
    for (AllTypesFile file : DuckDbTables.allTypesFiles()) {
      Set<Encoding> encodings = file.version() == ParquetVersion.V1 ? version1 : version2;
      columns(ParquetFileImport.footer(tables.path(file)))
          .forEach(column -> encodings.addAll(column.getEncodings()));
      if (file.codec() == Codec.UNCOMPRESSED) {
        // parquet-java decompresses a page to read its header, and cannot decompress brotli.
        assertThat(dataPageKinds(tables.path(file)))
            .as("kinds of data pages in the first row group of %s", file)
            .containsExactly(DataPageV1.class.getSimpleName());
      }
    }
    assertThat(version1)
        .as("encodings of the version 1 files")
        .containsExactlyInAnyOrder(Encoding.PLAIN, Encoding.PLAIN_DICTIONARY);
    assertThat(version2)
        .as("encodings of the version 2 files")
        .contains(
            Encoding.PLAIN,
            Encoding.RLE_DICTIONARY,
            Encoding.DELTA_BINARY_PACKED,
            Encoding.DELTA_LENGTH_BYTE_ARRAY,
            Encoding.BYTE_STREAM_SPLIT);
  }

  @Test
  void stringsHaveADictionaryInTheFirstRowGroupOnly() {
    for (AllTypesFile file : DuckDbTables.allTypesFiles()) {
      List<Boolean> dictionaries =
          ParquetFileImport.footer(tables.path(file)).getBlocks().stream()
              .map(block -> column(block, "s").hasDictionaryPage())
              .toList();
      assertThat(dictionaries)
          .as("dictionary pages of s, by row group, in %s", file)
          .containsExactly(true, false, false);
    }
  }

  /**
   * Iceberg's conversion of DuckDB's Parquet schema (Iceberg 1.10): a UUID column becomes {@code
   * fixed[16]} and a nanosecond timestamp a microsecond {@code timestamp} (Iceberg 1.11 and later:
   * {@code timestamp_ns}, right), both set by hand here; UINTEGER becomes {@code long} and UTINYINT
   * {@code int}, as a user would pick; a UBIGINT column fails the whole conversion.
   */
  @Test
  void icebergsConversionGetsTwoColumnsWrongAndRefusesUint64() {
    Schema converted =
        ParquetFileImport.convertedSchema(tables.path(DuckDbTables.allTypesFiles().get(0)));
    assertThat(converted.findField("u").type()).as("u").isEqualTo(Types.FixedType.ofLength(16));
    assertThat(converted.findField("ts_ns").type())
        .as("ts_ns, by Iceberg %s", org.apache.iceberg.IcebergBuild.version())
        .isEqualTo(
            org.apache.iceberg.IcebergBuild.version().startsWith("1.10.")
                ? Types.TimestampType.withoutZone()
                : Types.TimestampNanoType.withoutZone());
    assertThat(converted.findField("uint").type()).as("uint").isEqualTo(Types.LongType.get());
    assertThat(converted.findField("utiny").type()).as("utiny").isEqualTo(Types.IntegerType.get());
    assertThatThrownBy(
            () -> ParquetFileImport.convertedSchema(tables.unsignedFile(ParquetVersion.V1)))
        .as("converting a UBIGINT column")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot use uint64");
  }

  /**
   * Iceberg's metrics of DuckDB's files (Iceberg 1.10): a UINTEGER column (int32 statistics, a
   * {@code long} column) fails them all with a ClassCastException, so add_files would fail; and the
   * bounds of a millisecond timestamp column are its milliseconds, stored as the microseconds of a
   * {@code timestamp}, 1000 times too close to the epoch, which would prune files wrongly. The
   * tables here keep both columns to counts.
   */
  @Test
  void icebergsMetricsNeedTwoColumnsLeftToCounts() {
    Path file = tables.path(DuckDbTables.allTypesFiles().get(0));
    Schema schema = DuckDbTables.allTypesSchema(file);
    org.apache.iceberg.io.InputFile input = org.apache.iceberg.Files.localInput(file.toFile());
    assertThatThrownBy(
            () ->
                ParquetUtil.fileMetrics(
                    input, MetricsConfig.getDefault(), MappingUtil.create(schema)))
        .as("Iceberg's metrics of every column")
        .isInstanceOf(ClassCastException.class)
        .hasMessageContaining("java.lang.Integer cannot be cast to class java.lang.Long");

    Metrics metrics =
        ParquetUtil.fileMetrics(
            input,
            MetricsConfig.fromProperties(
                Map.of(TableProperties.METRICS_MODE_COLUMN_CONF_PREFIX + "uint", "counts")),
            MappingUtil.create(schema));
    long lowerBound =
        Conversions.fromByteBuffer(
            Types.TimestampType.withoutZone(),
            metrics.lowerBounds().get(schema.findField("ts_ms").fieldId()));
    assertThat(lowerBound)
        .as("Iceberg's lower bound of ts_ms, a timestamp in microseconds")
        .isEqualTo(
            duckDb.queryValue("SELECT epoch_ms(min(ts_ms)) FROM read_parquet('" + file + "')"));
  }

  private Dataset<Row> floeRead(String table, List<String> columns, String filter) {
    String location =
        SharedSpark.get().tableLocation(DuckDbTables.DATABASE, table).toUri().toString();
    Dataset<Row> rows = spark.read().format("floe").load(location);
    if (!filter.isEmpty()) {
      rows = rows.where(filter);
    }
    return rows.select(columns.stream().map(functions::col).toArray(Column[]::new));
  }

  private static List<ColumnChunkMetaData> columns(ParquetMetadata footer) {
    return footer.getBlocks().stream().flatMap(block -> block.getColumns().stream()).toList();
  }

  private static ColumnChunkMetaData column(BlockMetaData block, String name) {
    return block.getColumns().stream()
        .filter(column -> column.getPath().toDotString().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("No column " + name));
  }

  /** The classes of the data pages of the first row group, each once. */
  private static List<String> dataPageKinds(Path file) {
    Set<String> kinds = new java.util.TreeSet<>();
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()),
                new org.apache.hadoop.conf.Configuration()))) {
      PageReadStore rowGroup = reader.readNextRowGroup();
      for (ColumnDescriptor column :
          reader.getFooter().getFileMetaData().getSchema().getColumns()) {
        PageReader pages = rowGroup.getPageReader(column);
        for (DataPage page = pages.readPage(); page != null; page = pages.readPage()) {
          kinds.add(page.getClass().getSimpleName());
        }
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("Cannot read the pages of " + file, e);
    }
    return List.copyOf(kinds);
  }
}
