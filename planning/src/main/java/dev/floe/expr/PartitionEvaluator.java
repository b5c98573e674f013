package dev.floe.expr;

import dev.floe.manifest.PartitionValues;
import dev.floe.table.PartitionSpec;
import java.util.Map;
import java.util.Objects;

/**
 * Evaluates a partition filter on one file's partition tuple, to skip manifest entries whose
 * partition cannot hold a matching row. The filter is bound to the partition struct of the spec the
 * file was written with (field ids 1000 and up), usually the inclusive projection of a row filter,
 * so a tuple that fails it holds no matching row.
 *
 * <p>Each predicate tests the value at its field's position with {@link BoundPredicate#test}, after
 * widening a value stored before a promotion of its source column ({@link ValueWidening}): an
 * identity partition of an {@code int} column later promoted to {@code long} holds an Integer,
 * which {@code id = 5L} compares as 5L.
 *
 * <p>Immutable and thread-safe.
 */
public final class PartitionEvaluator {
  public static final boolean ROWS_MIGHT_MATCH = true;
  public static final boolean ROWS_CANNOT_MATCH = false;

  private final int specId;
  private final int fieldCount;
  private final Map<Integer, Integer> positions;
  private final Expression expression;

  /**
   * @param spec the partition spec the evaluated tuples were written with
   * @param boundToPartition a partition filter bound to {@code spec}'s partition struct, {@code
   *     not} rewritten
   * @throws IllegalArgumentException when the filter is not bound, holds a {@code not}, or
   *     references a field that is not one of {@code spec}'s
   */
  public PartitionEvaluator(PartitionSpec spec, Expression boundToPartition) {
    Objects.requireNonNull(spec, "spec");
    this.specId = spec.specId();
    this.fieldCount = spec.fields().size();
    this.positions = PartitionPositions.of(spec);
    this.expression =
        BoundPredicateVisitor.requireBoundWithoutNot(boundToPartition, "PartitionEvaluator");
    PartitionPositions.requireFieldsOf(spec, positions, expression, "PartitionEvaluator");
  }

  /**
   * Whether rows of a file with this partition tuple might match.
   *
   * @throws IllegalArgumentException when the tuple does not have one value per field of the spec
   */
  public boolean rowsMightMatch(PartitionValues partition) {
    Objects.requireNonNull(partition, "partition");
    if (partition.size() != fieldCount) {
      throw new IllegalArgumentException(
          "Cannot evaluate partition "
              + partition
              + " with an evaluator for partition spec "
              + specId
              + ": the tuple has "
              + partition.size()
              + " values and the spec "
              + fieldCount
              + " fields; use the evaluator of the file's own spec");
    }
    return BoundPredicateVisitor.visit(
        expression,
        predicate -> {
          BoundReference reference = predicate.reference();
          Object value = partition.get(positions.get(reference.fieldId()));
          return predicate.test(ValueWidening.widen(value, reference.type()));
        });
  }
}
