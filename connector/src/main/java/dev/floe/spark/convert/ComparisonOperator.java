package dev.floe.spark.convert;

import java.util.Optional;

/** A Spark comparison between a column and a literal, by the name Spark gives its predicate. */
enum ComparisonOperator {
  EQUAL("="),
  NULL_SAFE_EQUAL("<=>"),
  NOT_EQUAL("<>"),
  LESS_THAN("<"),
  LESS_THAN_OR_EQUAL("<="),
  GREATER_THAN(">"),
  GREATER_THAN_OR_EQUAL(">=");

  private final String sparkName;

  ComparisonOperator(String sparkName) {
    this.sparkName = sparkName;
  }

  /** The comparison Spark names {@code sparkName}, or empty when it names none. */
  static Optional<ComparisonOperator> of(String sparkName) {
    for (ComparisonOperator operator : values()) {
      if (operator.sparkName.equals(sparkName)) {
        return Optional.of(operator);
      }
    }
    return Optional.empty();
  }

  /** The comparison with its operands swapped: {@code 5 < x} reads as {@code x > 5}. */
  ComparisonOperator flipped() {
    return switch (this) {
      case LESS_THAN -> GREATER_THAN;
      case LESS_THAN_OR_EQUAL -> GREATER_THAN_OR_EQUAL;
      case GREATER_THAN -> LESS_THAN;
      case GREATER_THAN_OR_EQUAL -> LESS_THAN_OR_EQUAL;
      case EQUAL, NULL_SAFE_EQUAL, NOT_EQUAL -> this;
    };
  }
}
