package dev.floe.expr;

import dev.floe.table.PrimitiveType;

/**
 * A partition transform of the Iceberg spec, as written in partition specs: {@code identity},
 * {@code bucket[N]}, {@code truncate[W]}, {@code year}, {@code month}, {@code day}, {@code hour},
 * {@code void}. A transform Floe does not know still parses; it never prunes.
 *
 * <p>Projections turn a predicate on a source column into one on a partition field: an
 * <em>inclusive</em> projection holds for every partition that may hold a matching row (so a
 * partition that fails it can be skipped); a <em>strict</em> projection holds only for partitions
 * whose every row matches (so the predicate can be dropped from their residual).
 */
public interface Transform {

  /** The transform written as {@code text} in a partition spec; unknown names parse too. */
  static Transform parse(String text) {
    return TransformParser.parse(text);
  }

  /** Whether the transform applies to a source column of this type. */
  boolean canTransform(PrimitiveType sourceType);

  /** The type of the transform's values for a source column of this type. */
  PrimitiveType resultType(PrimitiveType sourceType);

  /** The partition value of a source value (Floe's representation); null gives null. */
  Object apply(PrimitiveType sourceType, Object value);

  /**
   * A predicate on {@code partitionField} that holds for every partition value of a row matching
   * {@code predicate}; {@code true} when nothing can be said. {@code predicate} is on the source
   * column (a {@link BoundReference}) or on this same transform of it; its operation is never
   * {@code not}-wrapped.
   */
  Expression projectInclusive(BoundReference partitionField, BoundPredicate predicate);

  /**
   * A predicate on {@code partitionField} that holds only for partition values whose every row
   * matches {@code predicate}; {@code false} when nothing can be said.
   */
  Expression projectStrict(BoundReference partitionField, BoundPredicate predicate);

  /** The transform as a partition spec writes it. */
  @Override
  String toString();
}
