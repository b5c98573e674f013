package dev.floe.expr;

/**
 * A row filter. Planning carries one per task as its residual: what a reader must still check on
 * each row. Until filter pushdown lands, every residual is {@link #alwaysTrue()}.
 */
public sealed interface Expression permits Expression.Constant {

  static Expression alwaysTrue() {
    return Constant.TRUE;
  }

  static Expression alwaysFalse() {
    return Constant.FALSE;
  }

  /** The two constant expressions. */
  enum Constant implements Expression {
    TRUE,
    FALSE
  }
}
