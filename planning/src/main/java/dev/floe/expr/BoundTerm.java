package dev.floe.expr;

import dev.floe.table.PrimitiveType;

/** What a bound predicate tests: a field by id, or a transform of one. */
public sealed interface BoundTerm permits BoundReference, BoundTransform {
  /** The field the term reads. */
  BoundReference reference();

  /** The type of the term's values, which is the type of the predicate's literals. */
  PrimitiveType type();

  /** The term's value for a value of the referenced field (null stays null). */
  Object apply(Object fieldValue);
}
