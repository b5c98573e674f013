package dev.floe.spark.read.parquet.format;

/** How often a Parquet field occurs in its parent. */
public enum Repetition {
  REQUIRED,
  OPTIONAL,
  REPEATED;

  static Repetition ofThrift(int value) {
    Repetition[] repetitions = values();
    return value >= 0 && value < repetitions.length ? repetitions[value] : null;
  }
}
