package dev.floe.expr;

import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Where each partition field's value sits in a partition tuple and in a manifest's summaries. */
final class PartitionPositions {
  private PartitionPositions() {}

  /** Partition field id to its index in {@code spec}'s fields. */
  static Map<Integer, Integer> of(PartitionSpec spec) {
    List<PartitionField> fields = spec.fields();
    Map<Integer, Integer> positions = new HashMap<>();
    for (int index = 0; index < fields.size(); index++) {
      positions.put(fields.get(index).fieldId(), index);
    }
    return Map.copyOf(positions);
  }

  /**
   * Checks that every predicate of {@code expression} references a field of {@code spec}.
   *
   * @throws IllegalArgumentException naming the first field that is not
   */
  static void requireFieldsOf(
      PartitionSpec spec,
      Map<Integer, Integer> positions,
      Expression expression,
      String evaluator) {
    BoundPredicateVisitor.forEachPredicate(
        expression,
        predicate -> {
          BoundReference reference = predicate.reference();
          if (!positions.containsKey(reference.fieldId())) {
            throw new IllegalArgumentException(
                "Cannot build a "
                    + evaluator
                    + " for partition spec "
                    + spec.specId()
                    + ": "
                    + predicate
                    + " references field "
                    + reference.name()
                    + " (id "
                    + reference.fieldId()
                    + "), which is not a field of the spec; bind the filter to the spec's"
                    + " partition struct");
          }
        });
  }
}
