package dev.floe.spark;

import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;

/**
 * The aggregate functions a Floe scan answers for Spark: {@code COUNT(*)}, {@code COUNT(col)},
 * {@code MIN(col)} and {@code MAX(col)} of top-level columns, without {@code GROUP BY} and without
 * {@code DISTINCT}; MIN and MAX only of columns whose bounds can be exact. The scan returns partial
 * results, one row per input partition, and Spark combines them (a sum of the counts, the min of
 * the minimums, the max of the maximums).
 */
record PushedAggregate(List<Function> functions) {

  /** What one pushed function computes. */
  enum Kind {
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
  record Function(Kind kind, NestedField column) {
    Function {
      Objects.requireNonNull(kind, "kind");
      if ((kind == Kind.COUNT_STAR) != (column == null)) {
        throw new IllegalArgumentException(kind + " cannot take column " + column);
      }
    }

    String describe() {
      return switch (kind) {
        case COUNT_STAR -> "COUNT(*)";
        case COUNT, MIN, MAX -> kind.name() + "(" + column.name() + ")";
      };
    }

    /** The column of this function's partial result, named by the function. */
    NestedField resultField(int fieldId) {
      return switch (kind) {
        case COUNT_STAR, COUNT ->
            NestedField.required(
                fieldId, describe().toLowerCase(Locale.ROOT), PrimitiveType.of(TypeId.LONG));
        case MIN, MAX ->
            NestedField.optional(fieldId, describe().toLowerCase(Locale.ROOT), column.type());
      };
    }
  }

  PushedAggregate {
    functions = List.copyOf(functions);
    if (functions.isEmpty()) {
      throw new IllegalArgumentException("An aggregate needs at least one function");
    }
  }

  /**
   * The functions of {@code aggregation} on columns of {@code schema}, or empty when Floe cannot
   * answer one of them (a GROUP BY, DISTINCT, another function, a nested or unknown column, MIN or
   * MAX of a type without exact bounds).
   */
  static Optional<PushedAggregate> of(Aggregation aggregation, Schema schema) {
    if (aggregation.groupByExpressions().length > 0) {
      return Optional.empty();
    }
    List<Function> functions = new ArrayList<>();
    for (AggregateFunc function : aggregation.aggregateExpressions()) {
      Optional<Function> converted = convert(function, schema);
      if (converted.isEmpty()) {
        return Optional.empty();
      }
      functions.add(converted.get());
    }
    return functions.isEmpty() ? Optional.empty() : Optional.of(new PushedAggregate(functions));
  }

  private static Optional<Function> convert(AggregateFunc function, Schema schema) {
    if (function instanceof CountStar) {
      return Optional.of(new Function(Kind.COUNT_STAR, null));
    }
    if (function instanceof Count count) {
      return count.isDistinct()
          ? Optional.empty()
          : column(count.column(), schema).map(column -> new Function(Kind.COUNT, column));
    }
    if (function instanceof Min min) {
      return column(min.column(), schema)
          .filter(PushedAggregate::hasSparkExactBounds)
          .map(column -> new Function(Kind.MIN, column));
    }
    if (function instanceof Max max) {
      return column(max.column(), schema)
          .filter(PushedAggregate::hasSparkExactBounds)
          .map(column -> new Function(Kind.MAX, column));
    }
    return Optional.empty();
  }

  private static Optional<NestedField> column(Expression expression, Schema schema) {
    if (!(expression instanceof NamedReference reference) || reference.fieldNames().length != 1) {
      return Optional.empty();
    }
    String name = reference.fieldNames()[0];
    return schema.columns().stream().filter(column -> column.name().equals(name)).findFirst();
  }

  /**
   * Whether the column's manifest bounds can be Spark's minimum and maximum: exact bounds ({@link
   * TypeId#hasExactBounds}), of a type Spark holds as Iceberg does (not time, which Spark lacks,
   * nor nanosecond timestamps, which Spark holds as microseconds). Other columns' MIN and MAX are
   * left to Spark.
   */
  private static boolean hasSparkExactBounds(NestedField column) {
    if (!(column.type() instanceof PrimitiveType type) || !type.typeId().hasExactBounds()) {
      return false;
    }
    return type.typeId() != TypeId.TIME
        && type.typeId() != TypeId.TIMESTAMP_NS
        && type.typeId() != TypeId.TIMESTAMPTZ_NS;
  }

  /** The schema of one partial-result row: a column per function, in order. */
  Schema resultSchema() {
    List<NestedField> fields = new ArrayList<>();
    for (int index = 0; index < functions.size(); index++) {
      fields.add(functions.get(index).resultField(index + 1));
    }
    return new Schema(0, fields, java.util.Set.of());
  }

  /** Whether every function is a count, which executors can compute from rows. */
  boolean onlyCounts() {
    return functions.stream()
        .allMatch(function -> function.kind() == Kind.COUNT_STAR || function.kind() == Kind.COUNT);
  }

  /** The columns whose values a count over rows reads: those of {@code COUNT(col)}. */
  List<NestedField> countedColumns() {
    List<NestedField> columns = new ArrayList<>();
    for (Function function : functions) {
      if (function.kind() == Kind.COUNT && !columns.contains(function.column())) {
        columns.add(function.column());
      }
    }
    return columns;
  }

  String describe() {
    return functions.stream().map(Function::describe).toList().toString();
  }
}
