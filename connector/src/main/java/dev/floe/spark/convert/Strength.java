package dev.floe.spark.convert;

/** How closely a Floe expression converted from a Spark predicate keeps to Spark's rows. */
enum Strength {
  /**
   * The expression matches every row for which Spark's predicate is TRUE, and may match more: good
   * for skipping files and row groups, while Spark still evaluates the predicate.
   */
  PRUNING,

  /**
   * The expression matches exactly the rows for which Spark's predicate is TRUE, so the reader's
   * row filter may evaluate it in Spark's place.
   *
   * <p>Spark's predicates are three-valued, Floe's two-valued: every predicate has two exact forms,
   * where it is TRUE and where it is FALSE; a row where it is neither (SQL's unknown, from a null)
   * satisfies neither form. {@code NOT p} is TRUE where {@code p} is FALSE, and De Morgan turns
   * {@code AND} and {@code OR} into their forms. Floe's predicates are false on a null value
   * (except {@code is-null}), but the forms of {@code not-equal}, {@code not-in} and {@code
   * not-starts-with} also require {@code not-null}, so they stay exact under Iceberg's semantics
   * too, where those three hold for nulls.
   *
   * <p>Only columns whose comparisons Floe's reader reproduces bit for bit are claimed ({@link
   * ExactPredicates#comparesExactly}), each with a literal of exactly the column's Spark type; not
   * nested fields. Null tests are claimed on any top-level primitive column.
   */
  EXACT
}
