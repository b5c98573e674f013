package dev.floe.expr;

/**
 * A literal converted to a column's type: exactly, or, when the type cannot hold the value, as the
 * nearest representable values on either side ({@code floor < value < ceiling}), either of which is
 * null when the value lies beyond the type's range on that side. {@code 2.5} for an int column is
 * between 2 and 3; {@code 2^40} is above every int.
 */
sealed interface Converted {
  record Exact(Object value) implements Converted {}

  record Between(Object floor, Object ceiling) implements Converted {}
}
