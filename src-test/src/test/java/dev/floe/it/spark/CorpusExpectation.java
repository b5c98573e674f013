package dev.floe.it.spark;

import java.util.List;
import java.util.Objects;
import org.apache.iceberg.Schema;

/**
 * What reading one corpus file through Floe must give, and on whose word.
 *
 * @param oracle where the expected outcome comes from
 * @param source the words the expectation rests on (a README's, a commit's, a reason to defer to
 *     another reader)
 * @param declaredSchema the table schema a user would declare where Iceberg cannot derive one, with
 *     why; null when Iceberg's conversion is the schema
 * @param rows the documented rows, for {@link Oracle#DOCUMENTED}
 * @param selection what is read and compared: every column, or expressions over them where the
 *     values themselves are too large to collect
 * @param columnNames for {@link Oracle#CHECKSUM_MISMATCH}, the columns whose pages are damaged: the
 *     error must name one of them
 * @param equalColumnPairs the file pairs each column with a twin holding the same values (column 0
 *     with 1, 2 with 3, ...), and the rows read must show it
 */
record CorpusExpectation(
    Oracle oracle,
    String source,
    DeclaredSchema declaredSchema,
    List<List<Object>> rows,
    List<String> selection,
    List<String> columnNames,
    boolean equalColumnPairs) {

  /** Where the expected outcome comes from, in the order they are preferred. */
  enum Oracle {
    /** The corpus's {@code <name>_expect.csv} beside the file. */
    EXPECTED_CSV,
    /** Rows written here from upstream's documentation of the file. */
    DOCUMENTED,
    /** Apache Iceberg's own Spark reader on the same table. */
    ICEBERG,
    /** Spark's {@code spark.read.parquet} of the file itself. */
    SPARK,
    /** A damaged file: the read fails with a {@code FileReadException} naming the file. */
    CORRUPT,
    /**
     * Pages whose CRC-32 does not match: with verification (the default) the read fails naming the
     * file, the column and the row group; with {@code verify-checksums=false} it returns the rows
     * Spark's reader (which does not verify) returns.
     */
    CHECKSUM_MISMATCH,
    /**
     * A valid file past a limit Floe states: the read fails with an {@code InvalidRequestException}
     * naming the file and the limit, never with an OutOfMemoryError or partial rows.
     */
    BEYOND_LIMITS
  }

  /** A table schema chosen by hand, and why Iceberg's conversion could not be used. */
  record DeclaredSchema(Schema schema, String why) {
    DeclaredSchema {
      Objects.requireNonNull(schema, "schema");
      Objects.requireNonNull(why, "why");
    }
  }

  CorpusExpectation {
    Objects.requireNonNull(oracle, "oracle");
    Objects.requireNonNull(source, "source");
    rows = List.copyOf(rows);
    selection = List.copyOf(selection);
    columnNames = List.copyOf(columnNames);
    if (selection.isEmpty()) {
      throw new IllegalArgumentException("An expectation reads at least one column");
    }
    if (oracle == Oracle.DOCUMENTED && rows.isEmpty()) {
      throw new IllegalArgumentException("Documented rows are missing: " + source);
    }
  }

  static CorpusExpectation of(Oracle oracle, String source) {
    return new CorpusExpectation(oracle, source, null, List.of(), List.of("*"), List.of(), false);
  }

  static CorpusExpectation documented(String source, List<List<Object>> rows) {
    return new CorpusExpectation(
        Oracle.DOCUMENTED, source, null, rows, List.of("*"), List.of(), false);
  }

  static CorpusExpectation checksumMismatch(String source, String... damagedColumns) {
    return new CorpusExpectation(
        Oracle.CHECKSUM_MISMATCH,
        source,
        null,
        List.of(),
        List.of("*"),
        List.of(damagedColumns),
        false);
  }

  CorpusExpectation withDeclaredSchema(Schema schema, String why) {
    return new CorpusExpectation(
        oracle,
        source,
        new DeclaredSchema(schema, why),
        rows,
        selection,
        columnNames,
        equalColumnPairs);
  }

  CorpusExpectation withSelection(String... expressions) {
    return new CorpusExpectation(
        oracle, source, declaredSchema, rows, List.of(expressions), columnNames, equalColumnPairs);
  }

  CorpusExpectation withEqualColumnPairs() {
    return new CorpusExpectation(
        oracle, source, declaredSchema, rows, selection, columnNames, true);
  }

  /** The table schema: declared here, or Iceberg's conversion of the file's. */
  CorpusSchema schema(CorpusFile file, CorpusFooter footer) {
    return declaredSchema == null
        ? CorpusSchema.converted(file, footer)
        : CorpusSchema.declared(footer, declaredSchema.schema(), declaredSchema.why());
  }
}
