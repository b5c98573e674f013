package dev.floe.spark.convert;

import dev.floe.spark.compat.SparkLine;
import org.apache.spark.sql.connector.expressions.Cast;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.filter.Predicate;

/**
 * Whether Spark compares a predicate's operands byte for byte, as Floe's pruning and row filter do.
 * Spark 4 compares strings under a collation: {@code s = 'ABC' COLLATE UTF8_LCASE} reaches a scan
 * as {@code CAST(s AS STRING COLLATE UTF8_LCASE) = 'ABC'}, the literal typed with the collation,
 * and is true for {@code 'abc'}. A part with such a literal or cast is no comparison Floe may prune
 * or filter by, whatever shape it has: it stays with Spark ({@link SparkLine#comparesBinary}).
 */
final class ByteComparison {
  private ByteComparison() {}

  /**
   * Whether every literal and cast among {@code operands} and their operands has a type Spark
   * compares byte for byte. Predicates among the operands are not looked into: each is parsed, and
   * checked, on its own.
   */
  static boolean appliesTo(Expression[] operands) {
    for (Expression operand : operands) {
      if (!(operand instanceof Predicate) && !holdsWithin(operand)) {
        return false;
      }
    }
    return true;
  }

  private static boolean holdsWithin(Expression expression) {
    if (expression instanceof Literal<?> literal && !SparkLine.comparesBinary(literal.dataType())) {
      return false;
    }
    if (expression instanceof Cast cast && !SparkLine.comparesBinary(cast.dataType())) {
      return false;
    }
    for (Expression child : expression.children()) {
      if (!holdsWithin(child)) {
        return false;
      }
    }
    return true;
  }
}
