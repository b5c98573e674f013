package dev.floe.expr;

import dev.floe.CorruptTableException;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.PartitionFieldSummary;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.SingleValueBinary;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Decides from a manifest's partition field summaries (in the manifest list) whether the manifest
 * might track a file with rows matching a filter. The answer is inclusive: a manifest may be
 * skipped exactly when {@link #rowsMightMatch} is false.
 *
 * <p>The filter is a partition filter, bound to the partition struct of one spec: the inclusive
 * projection of a row filter onto that spec. References are partition field ids (1000 and up), and
 * their types the partition fields' types. Build one evaluator per spec id and give it only
 * manifests written with that spec.
 *
 * <p>A summary says whether some partition value is null ({@code contains_null}) or NaN ({@code
 * contains_nan}, unknown when absent), and bounds the other values; by the spec both bounds are
 * null exactly when every value is null or NaN. A manifest without summaries, or with fewer
 * summaries than its spec has fields, might match. Predicates follow SQL: {@code !=}, {@code not
 * in} and {@code not starts with} cannot match a field whose values are all null. UUID bounds may
 * be in signed-halves or unsigned byte order: {@code =} and {@code in} prune only when both orders
 * agree, order comparisons never.
 *
 * <p>Immutable and thread-safe.
 */
public final class ManifestEvaluator {
  public static final boolean ROWS_MIGHT_MATCH = true;
  public static final boolean ROWS_CANNOT_MATCH = false;

  private final int specId;
  private final Map<Integer, Integer> positions;
  private final Expression expression;

  /**
   * @param spec the partition spec the evaluated manifests were written with
   * @param boundToPartition a partition filter bound to {@code spec}'s partition struct, {@code
   *     not} rewritten
   * @throws IllegalArgumentException when the filter is not bound, holds a {@code not}, or
   *     references a field that is not one of {@code spec}'s
   */
  public ManifestEvaluator(PartitionSpec spec, Expression boundToPartition) {
    Objects.requireNonNull(spec, "spec");
    this.specId = spec.specId();
    this.positions = PartitionPositions.of(spec);
    this.expression =
        BoundPredicateVisitor.requireBoundWithoutNot(boundToPartition, "ManifestEvaluator");
    PartitionPositions.requireFieldsOf(spec, positions, expression, "ManifestEvaluator");
  }

  /**
   * Whether {@code manifest} might track a file with a matching row.
   *
   * @throws IllegalArgumentException when the manifest was written with another spec
   * @throws CorruptTableException when a summary bound the filter needs cannot be decoded
   */
  public boolean rowsMightMatch(ManifestFile manifest) {
    Objects.requireNonNull(manifest, "manifest");
    if (manifest.partitionSpecId() != specId) {
      throw new IllegalArgumentException(
          "Cannot evaluate manifest "
              + manifest.path()
              + " written with partition spec "
              + manifest.partitionSpecId()
              + " with an evaluator for spec "
              + specId
              + ": use the evaluator of the manifest's own spec");
    }
    List<PartitionFieldSummary> summaries = manifest.partitions();
    return BoundPredicateVisitor.visit(
        expression, predicate -> mightMatch(manifest, summaries, predicate));
  }

  private boolean mightMatch(
      ManifestFile manifest, List<PartitionFieldSummary> summaries, BoundPredicate predicate) {
    if (!predicate.isOnReference()) {
      return ROWS_MIGHT_MATCH;
    }
    BoundReference reference = predicate.reference();
    int position = positions.get(reference.fieldId());
    if (summaries == null
        || position >= summaries.size()
        || !reference.type().typeId().hasOrderedValues()) {
      return ROWS_MIGHT_MATCH;
    }
    PartitionFieldSummary summary = summaries.get(position);
    boolean onlyNullsAndNaNs = summary.lowerBound() == null && summary.upperBound() == null;
    Object lower = null;
    Object upper = null;
    if (!onlyNullsAndNaNs && ValueSummary.usesBounds(predicate.operation())) {
      lower = decode(manifest, reference, summary.lowerBound(), "lower");
      upper = decode(manifest, reference, summary.upperBound(), "upper");
    }
    boolean mayHoldNaN = summary.containsNan() == null || summary.containsNan();
    return new ValueSummary(
            reference.type(), summary.containsNull(), mayHoldNaN, !onlyNullsAndNaNs, lower, upper)
        .mightMatch(predicate);
  }

  private static Object decode(
      ManifestFile manifest, BoundReference reference, ByteBuffer bound, String which) {
    if (bound == null) {
      return null;
    }
    PrimitiveType type = reference.type();
    try {
      return SingleValueBinary.fromBytes(type, bound);
    } catch (IllegalArgumentException malformed) {
      throw new CorruptTableException(
          "Cannot read the "
              + which
              + " bound of partition field "
              + reference.name()
              + " (id "
              + reference.fieldId()
              + ", "
              + type
              + ") summarized for manifest "
              + manifest.path()
              + " in the manifest list: "
              + malformed.getMessage()
              + ". The manifest list is corrupt; rewrite the table's manifests",
          malformed);
    }
  }
}
