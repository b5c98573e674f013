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
 * {@code MIN(col)} and {@code MAX(col)} of top-level columns, without {@code GROUP BY} and without
 * {@code DISTINCT}; MIN and MAX only of columns whose bounds can be exact. The scan returns partial
 * results, one row per input partition, and the engine combines them (a sum of the counts, the min
 * of the minimums, the max of the maximums).
 */
public record Aggregate(List<Function> functions) {

  /** What one pushed function computes. */
  public enum Kind {
    COUNT_STAR,
    COUNT,
    MIN,
    MAX
  }

  /**
   * One pushed function; {@code column} is null for {@code COUNT(*)}.
   *
   * @param column a top-level column of the scan's schema
   */
  public record Function(Kind kind, NestedField column) {
    public Function {
      Objects.requireNonNull(kind, "kind");
      if ((kind == Kind.COUNT_STAR) != (column == null)) {
        throw new IllegalArgumentException(kind + " cannot take column " + column);
      }
    }

    public String describe() {
      return switch (kind) {
        case COUNT_STAR -> "COUNT(*)";
        case COUNT, MIN, MAX -> kind.name() + "(" + column.name() + ")";
      };
    }

    /** The column of this function's partial result, named by the function. */
    public NestedField resultField(int fieldId) {
      return switch (kind) {
        case COUNT_STAR, COUNT ->
            NestedField.required(
                fieldId, describe().toLowerCase(Locale.ROOT), PrimitiveType.of(TypeId.LONG));
        case MIN, MAX ->
            NestedField.optional(fieldId, describe().toLowerCase(Locale.ROOT), column.type());
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

  /** The columns whose values a count over rows reads: those of {@code COUNT(col)}. */
  public List<NestedField> countedColumns() {
    List<NestedField> columns = new ArrayList<>();
    for (Function function : functions) {
      if (function.kind() == Kind.COUNT && !columns.contains(function.column())) {
        columns.add(function.column());
      }
    }
    return columns;
  }

  public String describe() {
    return functions.stream().map(Function::describe).toList().toString();
  }
}
