package dev.floe.spark.convert;

import dev.floe.aggregate.Aggregate;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.GeneralScalarExpression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Avg;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.aggregate.Sum;

/** Spark's pushed {@link Aggregation} as the {@link Aggregate} Floe answers, where it can. */
public final class SparkAggregateConverter {
  private SparkAggregateConverter() {}

  /**
   * The functions of {@code aggregation} on columns of {@code schema} or on the lengths of their
   * values, or empty when Floe cannot answer one of them (a GROUP BY, DISTINCT, another function or
   * expression, a nested or unknown column, MIN or MAX of a type without exact bounds, SUM of a
   * column executors cannot sum exactly: floating point, whose sum depends on the order of the
   * additions, or a decimal of over 18 digits).
   */
  public static Optional<Aggregate> convert(Aggregation aggregation, Schema schema) {
    return convert(aggregation, schema, Set.of());
  }

  /**
   * As {@link #convert(Aggregation, Schema)}, declining also a SUM of an integer column in {@code
   * averagedIntegers}. Spark rewrites an AVG it cannot push whole into a SUM and a COUNT, then
   * divides the cast sum: for integers it would add the partial sums as longs, where its own AVG
   * adds doubles, so a sum past 2^63 would fail or wrap where Spark's answer would not.
   */
  public static Optional<Aggregate> convert(
      Aggregation aggregation, Schema schema, Set<String> averagedIntegers) {
    if (aggregation.groupByExpressions().length > 0) {
      return Optional.empty();
    }
    List<Aggregate.Function> functions = new ArrayList<>();
    for (AggregateFunc function : aggregation.aggregateExpressions()) {
      Optional<Aggregate.Function> converted = convert(function, schema);
      if (converted.isPresent()
          && converted.get().kind() == Aggregate.Kind.SUM
          && averagedIntegers.contains(converted.get().column().name())) {
        return Optional.empty();
      }
      if (converted.isEmpty()) {
        return Optional.empty();
      }
      functions.add(converted.get());
    }
    return functions.isEmpty() ? Optional.empty() : Optional.of(new Aggregate(functions));
  }

  private static Optional<Aggregate.Function> convert(AggregateFunc function, Schema schema) {
    if (function instanceof CountStar) {
      return Optional.of(new Aggregate.Function(Aggregate.Kind.COUNT_STAR, null));
    }
    if (function instanceof Count count) {
      // a length is null exactly where its value is: counting lengths counts values
      Expression counted = lengthOf(count.column()).orElse(count.column());
      return count.isDistinct()
          ? Optional.empty()
          : column(counted, schema)
              .map(column -> new Aggregate.Function(Aggregate.Kind.COUNT, column));
    }
    if (function instanceof Sum sum) {
      return sum.isDistinct()
          ? Optional.empty()
          : ofValuesOrLengths(Aggregate.Kind.SUM, sum.column(), schema)
              .filter(Aggregate.Function::computableFromRows);
    }
    if (function instanceof Min min) {
      return ofValuesOrLengths(Aggregate.Kind.MIN, min.column(), schema);
    }
    if (function instanceof Max max) {
      return ofValuesOrLengths(Aggregate.Kind.MAX, max.column(), schema);
    }
    return Optional.empty();
  }

  /**
   * A SUM, MIN or MAX of a column, or of the lengths of a string column; a MIN or MAX of values
   * only where the manifests' bounds can answer it.
   */
  private static Optional<Aggregate.Function> ofValuesOrLengths(
      Aggregate.Kind kind, Expression argument, Schema schema) {
    Optional<Expression> lengthOf = lengthOf(argument);
    if (lengthOf.isPresent()) {
      return column(lengthOf.get(), schema)
          .filter(Aggregate.Function::hasLength)
          .map(column -> new Aggregate.Function(kind, column, Aggregate.Argument.LENGTH));
    }
    return column(argument, schema)
        .filter(column -> kind == Aggregate.Kind.SUM || hasSparkExactBounds(column))
        .map(column -> new Aggregate.Function(kind, column));
  }

  /**
   * The expression whose length {@code expression} is: Spark translates its {@code length} (alias
   * {@code char_length}, {@code character_length}) of a string as {@code CHAR_LENGTH}; it does not
   * translate lengths of binaries.
   */
  private static Optional<Expression> lengthOf(Expression expression) {
    if (expression instanceof GeneralScalarExpression call
        && call.name().equals("CHAR_LENGTH")
        && call.children().length == 1) {
      return Optional.of(call.children()[0]);
    }
    return Optional.empty();
  }

  /**
   * The integer columns {@code aggregation} averages, by name: an AVG whose SUM, once Spark
   * rewrites it, Floe must not push.
   */
  public static Set<String> averagedIntegers(Aggregation aggregation, Schema schema) {
    Set<String> columns = new HashSet<>();
    for (AggregateFunc function : aggregation.aggregateExpressions()) {
      if (function instanceof Avg average) {
        column(average.column(), schema)
            .filter(column -> column.type() instanceof PrimitiveType type && isInteger(type))
            .ifPresent(column -> columns.add(column.name()));
      }
    }
    return columns;
  }

  private static boolean isInteger(PrimitiveType type) {
    return type.typeId() == TypeId.INT || type.typeId() == TypeId.LONG;
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
}
