package dev.floe.spark.convert;

import dev.floe.InvalidRequestException;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.table.Schema;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.filter.Predicate;

/**
 * Spark's V2 predicates as Floe expressions, in two strengths ({@link Strength}). {@link #convert}
 * is for pruning: the expression matches every row for which Spark's predicate is true, and may
 * match more; a predicate that cannot be converted this way stays with Spark. {@link
 * #convertExactly} is for the reader's row filter: the expression matches exactly those rows, so
 * Spark need not evaluate the predicate again. Both take the predicate apart the same way ({@link
 * ParsedPredicate}); the strengths differ in what each part may claim.
 *
 * <p>Literals arrive as Spark's internal values and are converted to the column's Floe type:
 * strings from {@code UTF8String}, decimals from Spark's {@code Decimal}, dates as days, timestamps
 * as microseconds, binary as bytes; on a nanosecond column, whose values Spark sees floored to
 * microseconds, a comparison is the range of nanoseconds that floor to it ({@code
 * NanosecondComparison}). {@code col = NaN} becomes {@code isNaN(col)}; other comparisons with NaN
 * are not converted, since Spark orders NaN above every number and Floe does not order it at all.
 */
public final class SparkPredicateConverter {
  private final Schema schema;

  /**
   * @param schema the schema the scan reads with; predicates on other columns (metadata columns)
   *     are not converted
   */
  public SparkPredicateConverter(Schema schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
  }

  /** The Floe form of {@code predicate}, or empty when it cannot be converted. */
  public Optional<Expression> convert(Predicate predicate) {
    return ParsedPredicate.parse(predicate, schema)
        .flatMap(parsed -> parsed.whereTrue(Strength.PRUNING));
  }

  /**
   * The Floe form of {@code predicate} that holds on exactly the rows where Spark's predicate is
   * true, or empty when Floe's reader cannot reproduce Spark's answer on every row; see {@link
   * Strength#EXACT}.
   */
  public Optional<Expression> convertExactly(Predicate predicate) {
    return ParsedPredicate.parse(predicate, schema)
        .flatMap(parsed -> parsed.whereTrue(Strength.EXACT))
        .filter(expression -> binds(schema, expression));
  }

  /** Whether planning will accept the expression; one it would reject stays with Spark. */
  static boolean binds(Schema schema, Expression expression) {
    try {
      Binder.bind(schema, expression, true);
      return true;
    } catch (InvalidRequestException | IllegalArgumentException unbindable) {
      return false;
    }
  }
}
