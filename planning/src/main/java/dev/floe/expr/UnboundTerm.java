package dev.floe.expr;

/** What an unbound predicate tests: a column by name, or a transform of one. */
public sealed interface UnboundTerm permits NamedReference, UnboundTransform {
  /** The column the term reads. */
  NamedReference reference();
}
