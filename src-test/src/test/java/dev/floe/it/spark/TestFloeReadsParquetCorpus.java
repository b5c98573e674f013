package dev.floe.it.spark;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.floe.FileReadException;
import dev.floe.FloeException;
import dev.floe.InvalidRequestException;
import java.nio.BufferUnderflowException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.opentest4j.AssertionFailedError;

/**
 * Every file of Apache's parquet-testing corpus, imported into an Iceberg table of its own as
 * {@code add_files} imports it ({@link CorpusTable}) and read through Floe: all its columns, every
 * row, compared exactly and in order with what upstream documents the file to hold, else with what
 * Iceberg's own Spark reader reads from the same table, else with Spark's read of the file ({@link
 * CorpusExpectations} says which, and why). A damaged file must be refused with a {@link
 * FileReadException} naming it, never a crash of the decoder, a hang or some of its rows. A file
 * added to the corpus gets a test of its own.
 */
class TestFloeReadsParquetCorpus {
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(60);
  private static final String VERIFY_CHECKSUMS = "verify-checksums";

  /** Throwables that mean the decoder crashed on the bytes rather than judged them. */
  private static final List<Class<? extends Throwable>> CRASHES =
      List.of(
          IndexOutOfBoundsException.class,
          NullPointerException.class,
          NegativeArraySizeException.class,
          ClassCastException.class,
          BufferUnderflowException.class,
          OutOfMemoryError.class,
          StackOverflowError.class);

  private final SparkSession spark = SharedSpark.get().session();

  static Stream<CorpusFile> corpusFiles() {
    return ParquetCorpus.locate().files();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpusFiles")
  void floeReadsTheFileAsDocumented(CorpusFile file) {
    CorpusExpectation expected = CorpusExpectations.of(file);
    CorpusFooter footer = CorpusFooter.read(file.path());
    CorpusSchema schema = expected.schema(file, footer);
    CorpusTable table = CorpusTable.importFile(file, file.tableName(), footer, schema);
    String context = context(file, expected, schema);
    switch (expected.oracle()) {
      case EXPECTED_CSV ->
          assertReads(
              table, expected, context, readType -> ExpectedCsv.read(file.expectedCsv(), readType));
      case DOCUMENTED -> assertReads(table, expected, context, readType -> expected.rows());
      case ICEBERG ->
          assertReads(
              table,
              expected,
              context,
              readType -> icebergRows(file, footer, schema, table, readType));
      case SPARK ->
          assertReads(table, expected, context, readType -> sparkRows(table, expected, readType));
      case CORRUPT -> assertRefused(table, context);
      case CHECKSUM_MISMATCH ->
          assertChecksumMismatchRefusedThenReadUnverified(table, expected, context);
      case BEYOND_LIMITS -> assertRefusedAsBeyondLimits(table, context);
    }
  }

  /**
   * UINT_64 holds values past a long's range: read into a {@code long} column it is refused naming
   * the column, never wrapped into negative numbers (decimal(20, 0) reads it, as above).
   */
  @Test
  void unsignedLongInALongColumnIsRefusedNamingTheColumn() {
    CorpusFile file = ParquetCorpus.locate().file("data/concatenated_gzip_members.parquet");
    CorpusTable table =
        importDeclared(
            file,
            "refused_uint64_as_long",
            new Schema(optional(1, "long_col", Types.LongType.get())),
            "long_col (UINT_64) declared long, too narrow for its values");

    Throwable failure = readWithin(table, Map.of(), "long_col as long").failure();

    assertThat(failure).as("reading UINT_64 into long must fail, not wrap").isNotNull();
    assertNoCrash(failure, "UINT_64 read as long");
    assertThat(FailureChain.causeOfType(failure, FloeException.class).getMessage())
        .as("Floe's error names the column")
        .contains("long_col");
  }

  /**
   * A column of an unknown logical type reads as its physical type (BYTE_ARRAY, above); a table
   * that declares it something the physical type cannot be read as gets a clear error naming it.
   */
  @Test
  void unknownLogicalTypeInAColumnOfAnotherTypeIsRefusedNamingTheColumn() {
    CorpusFile file = ParquetCorpus.locate().file("data/unknown-logical-type.parquet");
    CorpusTable table =
        importDeclared(
            file,
            "refused_unknown_logical_type_as_int",
            new Schema(
                optional(1, "column with known type", Types.StringType.get()),
                optional(2, "column with unknown type", Types.IntegerType.get())),
            "the BYTE_ARRAY column of an unknown logical type declared int");

    Throwable failure = readWithin(table, Map.of(), "BYTE_ARRAY as int").failure();

    assertThat(failure).as("reading BYTE_ARRAY into int must fail").isNotNull();
    assertNoCrash(failure, "BYTE_ARRAY read as int");
    assertThat(FailureChain.causeOfType(failure, FloeException.class).getMessage())
        .as("Floe's error names the column")
        .contains("column with unknown type");
  }

  private void assertReads(
      CorpusTable table,
      CorpusExpectation expected,
      String context,
      Function<StructType, List<List<Object>>> oracle) {
    ReadOutcome read = readWithin(table, Map.of(), context, expected.selection());
    read.assertSucceeded(context);
    List<List<Object>> rows = CorpusValues.rows(read.rows(), read.readType());
    assertThat(rows).as("every row of %s (its footer's count)", context).hasSize(table.rowCount());
    assertThat(CorpusValues.differences(rows, oracle.apply(read.readType())))
        .as("Floe's rows of %s", context)
        .isEmpty();
    if (expected.equalColumnPairs()) {
      assertThat(unequalColumnPairs(rows, read.readType()))
          .as("columns that differ from their twin in %s", context)
          .isEmpty();
    }
  }

  private void assertRefused(CorpusTable table, String context) {
    ReadOutcome read = readWithin(table, Map.of(), context);

    assertRefusedNamingTheFile(read, table, context);
  }

  private void assertRefusedAsBeyondLimits(CorpusTable table, String context) {
    Throwable failure = readWithin(table, Map.of(), context).failure();

    assertThat(failure).as("%s: refused", context).isNotNull();
    assertNoCrash(failure, context);
    assertThat(FailureChain.causeOfType(failure, InvalidRequestException.class).getMessage())
        .as("%s: the refusal names the file and the limit", context)
        .contains(table.dataFile().getFileName().toString())
        .contains("Floe reads in one page");
  }

  private void assertChecksumMismatchRefusedThenReadUnverified(
      CorpusTable table, CorpusExpectation expected, String context) {
    ReadOutcome verified = readWithin(table, Map.of(), context);

    String message = assertRefusedNamingTheFile(verified, table, context);
    assertThat(message).as("what is wrong").containsIgnoringCase("CRC");
    assertThat(message)
        .as("the damaged column, one of %s", expected.columnNames())
        .containsPattern(
            "(?i)column\\W{0,3}(?:"
                + expected.columnNames().stream()
                    .map(Pattern::quote)
                    .collect(Collectors.joining("|"))
                + ")(?!\\w)");
    assertThat(message).as("the row group").containsPattern("(?i)row[ -]?group\\W{0,3}0(?!\\d)");

    String unverified = context + ", read with " + VERIFY_CHECKSUMS + "=false";
    ReadOutcome read = readWithin(table, Map.of(VERIFY_CHECKSUMS, "false"), unverified);
    read.assertSucceeded(unverified);
    assertThat(
            CorpusValues.differences(
                CorpusValues.rows(read.rows(), read.readType()),
                sparkRows(table, expected, read.readType())))
        .as("Floe's unverified rows of %s", unverified)
        .isEmpty();
  }

  /** Asserts the refusal and returns Floe's message. */
  private static String assertRefusedNamingTheFile(
      ReadOutcome read, CorpusTable table, String context) {
    Throwable failure = read.failure();
    assertThat(failure)
        .as("%s: reading must fail, not return %d rows", context, read.rows().size())
        .isNotNull();
    assertNoCrash(failure, context);
    FileReadException error = FailureChain.causeOfType(failure, FileReadException.class);
    assertThat(error.getMessage())
        .as("Floe's error for %s names the file", context)
        .contains(table.dataFile().toString());
    return error.getMessage();
  }

  private static void assertNoCrash(Throwable failure, String context) {
    List<Throwable> crashes = new ArrayList<>();
    collectCrashes(failure, crashes);
    assertThat(crashes)
        .as(
            "%s: the decoder crashed instead of refusing the file:%n%s",
            context, FailureChain.trace(failure))
        .isEmpty();
  }

  private static void collectCrashes(Throwable thrown, List<Throwable> crashes) {
    for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
      Throwable current = cause;
      if (CRASHES.stream().anyMatch(crash -> crash.isInstance(current))) {
        crashes.add(current);
      }
      for (Throwable suppressed : cause.getSuppressed()) {
        collectCrashes(suppressed, crashes);
      }
    }
  }

  /** Iceberg's Spark reader (its row reader, which decodes every encoding parquet-java does). */
  private List<List<Object>> icebergRows(
      CorpusFile file,
      CorpusFooter footer,
      CorpusSchema schema,
      CorpusTable table,
      StructType readType) {
    CorpusTable oracleTable = table;
    if (!schema.notes().isEmpty()) {
      // Iceberg reads a declared float only as its own conversion: a FLOAT16's two bytes, which
      // CorpusValues decodes. Its own conversion lives in a twin table over the same file.
      Schema conversion =
          schema
              .icebergConversion()
              .orElseThrow(
                  () ->
                      new AssertionError(
                          file
                              + " has no Iceberg conversion for Iceberg's reader to read: "
                              + schema.notes()));
      oracleTable =
          CorpusTable.importFile(
              file,
              file.tableName() + "_iceberg",
              footer,
              new CorpusSchema(conversion, Optional.of(conversion), List.of()));
    }
    Dataset<Row> rows =
        spark
            .read()
            .format("iceberg")
            .option("vectorization-enabled", "false")
            .load(oracleTable.identifier());
    return CorpusValues.rows(rows.collectAsList(), readType);
  }

  /** Spark's own Parquet reader on the file (it verifies no checksum). */
  private List<List<Object>> sparkRows(
      CorpusTable table, CorpusExpectation expected, StructType readType) {
    Dataset<Row> rows =
        spark
            .read()
            .parquet(table.dataFile().toString())
            .selectExpr(expected.selection().toArray(String[]::new));
    return CorpusValues.rows(rows.collectAsList(), readType);
  }

  private static List<String> unequalColumnPairs(List<List<Object>> rows, StructType readType) {
    List<String> unequal = new ArrayList<>();
    for (int column = 0; column + 1 < readType.size(); column += 2) {
      for (int row = 0; row < rows.size(); row++) {
        Object value = rows.get(row).get(column);
        Object twin = rows.get(row).get(column + 1);
        if (!Objects.equals(value, twin)) {
          unequal.add(
              readType.fields()[column + 1].name()
                  + " row "
                  + row
                  + ": "
                  + twin
                  + ", "
                  + readType.fields()[column].name()
                  + " "
                  + value);
          break;
        }
      }
    }
    return unequal;
  }

  private ReadOutcome readWithin(CorpusTable table, Map<String, String> options, String context) {
    return readWithin(table, options, context, List.of("*"));
  }

  /**
   * Floe's read of the table, or how it failed; a read that outlasts {@link #READ_TIMEOUT} fails
   * the test (a hang), and its jobs are cancelled so the next test has the session.
   */
  private ReadOutcome readWithin(
      CorpusTable table, Map<String, String> options, String context, List<String> selection) {
    try {
      return assertTimeoutPreemptively(
          READ_TIMEOUT,
          () -> {
            Dataset<Row> read =
                spark
                    .read()
                    .format("floe")
                    .options(options)
                    .load(table.location().toString())
                    .selectExpr(selection.toArray(String[]::new));
            StructType readType = read.schema();
            return new ReadOutcome(read.collectAsList(), readType, null);
          },
          () -> "Floe's read of " + context + " did not end within " + READ_TIMEOUT);
    } catch (AssertionFailedError timeout) {
      spark.sparkContext().cancelAllJobs();
      throw timeout;
    } catch (Throwable failure) {
      return new ReadOutcome(List.of(), null, failure);
    }
  }

  private static CorpusTable importDeclared(
      CorpusFile file, String name, Schema schema, String why) {
    CorpusFooter footer = CorpusFooter.read(file.path());
    return CorpusTable.importFile(file, name, footer, CorpusSchema.declared(footer, schema, why));
  }

  private static String context(CorpusFile file, CorpusExpectation expected, CorpusSchema schema) {
    String imported =
        schema.notes().isEmpty()
            ? "Iceberg's conversion of its schema"
            : String.join("; ", schema.notes());
    return file
        + " (imported with "
        + imported
        + "; expected by "
        + expected.oracle()
        + ": "
        + expected.source()
        + ")";
  }

  /** What Floe's read returned, or how it failed. */
  private record ReadOutcome(List<Row> rows, StructType readType, Throwable failure) {
    void assertSucceeded(String context) {
      if (failure != null) {
        throw new AssertionError("Floe cannot read " + context + ": " + summary(failure), failure);
      }
    }
  }

  /** The failure a reader of the report wants first: Floe's own, else the root cause. */
  private static String summary(Throwable failure) {
    Throwable shown = failure;
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      shown = cause;
      if (cause instanceof FloeException) {
        break;
      }
    }
    String message = Objects.toString(shown.getMessage(), "");
    int newline = message.indexOf('\n');
    return shown.getClass().getName()
        + ": "
        + (newline < 0 ? message : message.substring(0, newline));
  }
}
