package dev.floe.expr;

import java.util.List;

/** How predicates print: {@code id < 5}, {@code region in ('eu', 'us')}, {@code x is null}. */
final class PredicateText {
  private PredicateText() {}

  static String of(Operation operation, Object term, List<?> values) {
    return switch (operation) {
      case IS_NULL -> term + " is null";
      case NOT_NULL -> term + " is not null";
      case IS_NAN -> "is_nan(" + term + ")";
      case NOT_NAN -> "not_nan(" + term + ")";
      case LT -> term + " < " + text(values.get(0));
      case LT_EQ -> term + " <= " + text(values.get(0));
      case GT -> term + " > " + text(values.get(0));
      case GT_EQ -> term + " >= " + text(values.get(0));
      case EQ -> term + " = " + text(values.get(0));
      case NOT_EQ -> term + " != " + text(values.get(0));
      case IN -> term + " in " + list(values);
      case NOT_IN -> term + " not in " + list(values);
      case STARTS_WITH -> term + " starts with " + text(values.get(0));
      case NOT_STARTS_WITH -> term + " not starts with " + text(values.get(0));
    };
  }

  private static String list(List<?> values) {
    StringBuilder text = new StringBuilder("(");
    for (int index = 0; index < values.size(); index++) {
      text.append(index == 0 ? "" : ", ").append(text(values.get(index)));
    }
    return text.append(')').toString();
  }

  private static String text(Object value) {
    if (value instanceof Literal literal) {
      return literal.toString();
    }
    return value instanceof String string ? "'" + string + "'" : String.valueOf(value);
  }
}
