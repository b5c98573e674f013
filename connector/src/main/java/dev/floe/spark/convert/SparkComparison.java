package dev.floe.spark.convert;

import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;

/**
 * A Spark comparison predicate ({@code =}, {@code <=>}, {@code <>}, {@code <}, {@code <=}, {@code
 * >}, {@code >=}) between a column and a literal, turned so that the column is on the left: {@code
 * 5 < x} reads as {@code x > 5}.
 */
record SparkComparison(String operator, NamedReference column, Literal<?> literal) {

  /** The comparison of {@code children}, or empty unless they are one column and one literal. */
  static Optional<SparkComparison> of(String operator, Expression[] children) {
    if (children.length != 2) {
      return Optional.empty();
    }
    if (children[0] instanceof NamedReference column && children[1] instanceof Literal<?> literal) {
      return Optional.of(new SparkComparison(operator, column, literal));
    }
    if (children[0] instanceof Literal<?> literal && children[1] instanceof NamedReference column) {
      return Optional.of(new SparkComparison(flipped(operator), column, literal));
    }
    return Optional.empty();
  }

  private static String flipped(String operator) {
    return switch (operator) {
      case "<" -> ">";
      case "<=" -> ">=";
      case ">" -> "<";
      case ">=" -> "<=";
      default -> operator;
    };
  }
}
