package dev.floe.aggregate;

import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The aggregate functions a Floe scan answers for an engine: {@code COUNT(*)}, {@code COUNT(col)},
 * {@code SUM(col)}, {@code MIN(col)} and {@code MAX(col)} of top-level columns, and {@code SUM},
 * {@code MIN} and {@code MAX} of the {@link Argument#LENGTH lengths} of string columns, without
 * {@code GROUP BY} and without {@code DISTINCT}. The scan returns partial results, at least one row
 * per input partition, and the engine combines them (a sum of the counts and of the sums, the min
 * of the minimums, the max of the maximums).
 *
 * <p>Counts, minimums and maximums come from manifests where their evidence is exact; otherwise,
 * and always for sums, executors compute them from the rows, which only {@link
 * Function#computableFromRows() some functions} allow. A partial sum never exceeds what its result
 * column holds ({@link Function#resultField}): a longer sum is split over several partial rows,
 * whose other functions then hold their neutral value (a count of 0, no sum, no bound).
 */
public record Aggregate(List<Function> functions) {

  /** What one pushed function computes. */
  public enum Kind {
    COUNT_STAR,
    COUNT,
    SUM,
    MIN,
    MAX
  }

  /**
   * What a function takes of its column's values: the values themselves, or their lengths, an
   * {@code int} per value: a string's number of characters as the engine counts them (executors ask
   * the engine's own string type). A length is null exactly where its value is, so a count of
   * lengths is a count of values.
   */
  public enum Argument {
    VALUE,
    LENGTH
  }

  /** The largest decimal precision whose unscaled values fit a long. */
  public static final int MAX_LONG_DECIMAL_DIGITS = 18;

  /**
   * One pushed function; {@code column} is null for {@code COUNT(*)}.
   *
   * @param column a top-level column of the scan's schema
   * @param argument what the function takes of the column's values: only {@code SUM}, {@code MIN}
   *     and {@code MAX} take {@link Argument#LENGTH lengths}, of string and uuid columns
   */
  public record Function(Kind kind, NestedField column, Argument argument) {
    public Function {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(argument, "argument");
      if ((kind == Kind.COUNT_STAR) != (column == null)) {
        throw new IllegalArgumentException(kind + " cannot take column " + column);
      }
      if (argument == Argument.LENGTH
          && (kind == Kind.COUNT_STAR || kind == Kind.COUNT || !hasLength(column))) {
        throw new IllegalArgumentException(kind + " cannot take the length of " + column);
      }
    }

    /** A function of the column's values themselves. */
    public Function(Kind kind, NestedField column) {
      this(kind, column, Argument.VALUE);
    }

    /**
     * Whether the function can take the column's lengths: those of strings (and of uuids, which
     * engines read as strings). An engine counts the characters of its own strings; binary lengths
     * are left to it (Spark does not offer them).
     */
    public static boolean hasLength(NestedField column) {
      return column.type() instanceof PrimitiveType type
          && (type.typeId() == TypeId.STRING || type.typeId() == TypeId.UUID);
    }

    public String describe() {
      return switch (kind) {
        case COUNT_STAR -> "COUNT(*)";
        case COUNT, SUM, MIN, MAX ->
            kind.name()
                + (argument == Argument.LENGTH
                    ? "(LENGTH(" + column.name() + "))"
                    : "(" + column.name() + ")");
      };
    }

    /**
     * Whether executors can compute this function from rows: counts always; sums of ints, longs and
     * decimals of up to 18 digits; minimums and maximums of those, dates and microsecond
     * timestamps, whose values all compare as longs; sums, minimums and maximums of lengths.
     */
    public boolean computableFromRows() {
      if (argument == Argument.LENGTH) {
        // the constructor allows lengths only where executors compute them
        return true;
      }
      return switch (kind) {
        case COUNT_STAR, COUNT -> true;
        case SUM -> isIntegral(column, false);
        case MIN, MAX -> isIntegral(column, true);
      };
    }

    private static boolean isIntegral(NestedField column, boolean orOrderedAsLongs) {
      if (!(column.type() instanceof PrimitiveType type)) {
        return false;
      }
      return switch (type.typeId()) {
        case INT, LONG -> true;
        case DECIMAL -> type.precision() <= MAX_LONG_DECIMAL_DIGITS;
        case DATE, TIMESTAMP, TIMESTAMPTZ -> orOrderedAsLongs;
        case BOOLEAN,
            FLOAT,
            DOUBLE,
            TIME,
            TIMESTAMP_NS,
            TIMESTAMPTZ_NS,
            STRING,
            UUID,
            FIXED,
            BINARY,
            UNKNOWN,
            VARIANT,
            GEOMETRY,
            GEOGRAPHY,
            STRUCT,
            LIST,
            MAP ->
            false;
      };
    }

    /**
     * The column of this function's partial result, named by the function: a long for counts and
     * for sums of integers and of lengths, an int for minimums and maximums of lengths, the
     * column's own type for other minimums, maximums and sums of decimals (an engine may cast a
     * partial sum to it, as Spark does, so no partial sum may exceed it).
     */
    public NestedField resultField(int fieldId) {
      String name = describe().toLowerCase(Locale.ROOT);
      if (argument == Argument.LENGTH) {
        return NestedField.optional(
            fieldId, name, PrimitiveType.of(kind == Kind.SUM ? TypeId.LONG : TypeId.INT));
      }
      return switch (kind) {
        case COUNT_STAR, COUNT ->
            NestedField.required(fieldId, name, PrimitiveType.of(TypeId.LONG));
        case SUM ->
            NestedField.optional(
                fieldId,
                name,
                column.type() instanceof PrimitiveType type && type.typeId() == TypeId.DECIMAL
                    ? type
                    : PrimitiveType.of(TypeId.LONG));
        case MIN, MAX -> NestedField.optional(fieldId, name, column.type());
      };
    }
  }

  public Aggregate {
    functions = List.copyOf(functions);
    if (functions.isEmpty()) {
      throw new IllegalArgumentException("An aggregate needs at least one function");
    }
  }

  /** The schema of one partial-result row: a column per function, in order. */
  public Schema resultSchema() {
    List<NestedField> fields = new ArrayList<>();
    for (int index = 0; index < functions.size(); index++) {
      fields.add(functions.get(index).resultField(index + 1));
    }
    return new Schema(0, fields, java.util.Set.of());
  }

  /** Whether every function is a count, which executors can compute from rows. */
  public boolean onlyCounts() {
    return functions.stream()
        .allMatch(function -> function.kind() == Kind.COUNT_STAR || function.kind() == Kind.COUNT);
  }

  /** Whether executors can compute every function from rows. */
  public boolean computableFromRows() {
    return functions.stream().allMatch(Function::computableFromRows);
  }

  /** The columns whose values a count over rows reads: those of {@code COUNT(col)}. */
  public List<NestedField> countedColumns() {
    return columns(kind -> kind == Kind.COUNT);
  }

  /** The columns every function reads together, each once, in the order functions name them. */
  public List<NestedField> aggregatedColumns() {
    return columns(kind -> true);
  }

  private List<NestedField> columns(java.util.function.Predicate<Kind> kinds) {
    List<NestedField> columns = new ArrayList<>();
    for (Function function : functions) {
      if (function.column() != null
          && kinds.test(function.kind())
          && !columns.contains(function.column())) {
        columns.add(function.column());
      }
    }
    return columns;
  }

  public String describe() {
    return functions.stream().map(Function::describe).toList().toString();
  }
}
