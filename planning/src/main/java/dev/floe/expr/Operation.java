package dev.floe.expr;

import java.util.Locale;

/**
 * The operation of a predicate. Names follow the Iceberg REST expression JSON ({@code lt-eq},
 * {@code not-starts-with}).
 */
public enum Operation {
  IS_NULL,
  NOT_NULL,
  IS_NAN,
  NOT_NAN,
  LT,
  LT_EQ,
  GT,
  GT_EQ,
  EQ,
  NOT_EQ,
  IN,
  NOT_IN,
  STARTS_WITH,
  NOT_STARTS_WITH;

  /** The operation that holds exactly where this one does not (nulls aside, see {@link Not}). */
  public Operation negate() {
    return switch (this) {
      case IS_NULL -> NOT_NULL;
      case NOT_NULL -> IS_NULL;
      case IS_NAN -> NOT_NAN;
      case NOT_NAN -> IS_NAN;
      case LT -> GT_EQ;
      case LT_EQ -> GT;
      case GT -> LT_EQ;
      case GT_EQ -> LT;
      case EQ -> NOT_EQ;
      case NOT_EQ -> EQ;
      case IN -> NOT_IN;
      case NOT_IN -> IN;
      case STARTS_WITH -> NOT_STARTS_WITH;
      case NOT_STARTS_WITH -> STARTS_WITH;
    };
  }

  /** The operation with its operands swapped: {@code a < b} is {@code b > a}. */
  public Operation flip() {
    return switch (this) {
      case LT -> GT;
      case LT_EQ -> GT_EQ;
      case GT -> LT;
      case GT_EQ -> LT_EQ;
      case EQ, NOT_EQ -> this;
      case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN, IN, NOT_IN, STARTS_WITH, NOT_STARTS_WITH ->
          throw new IllegalArgumentException("Cannot flip " + this + ": it has one operand");
    };
  }

  /** How many literals the operation takes: none, exactly one, or a set. */
  public Arity arity() {
    return switch (this) {
      case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN -> Arity.UNARY;
      case LT, LT_EQ, GT, GT_EQ, EQ, NOT_EQ, STARTS_WITH, NOT_STARTS_WITH -> Arity.LITERAL;
      case IN, NOT_IN -> Arity.SET;
    };
  }

  /** The name in the REST expression JSON: {@code not-null}, {@code lt-eq}. */
  public String jsonName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The operation with this REST JSON name, ignoring case; null when there is none. */
  public static Operation fromJsonName(String name) {
    for (Operation operation : values()) {
      if (operation.jsonName().equalsIgnoreCase(name)) {
        return operation;
      }
    }
    return null;
  }

  /** The number of literals an operation takes. */
  public enum Arity {
    UNARY,
    LITERAL,
    SET
  }
}
