package dev.floe.spark.read.parquet;

import java.util.Arrays;

/** The repetition and definition levels of one leaf for one batch, kept to assemble its parents. */
final class LevelBuffer {
  private int[] repetitions = new int[1024];
  private int[] definitions = new int[1024];
  private int size;

  void clear() {
    size = 0;
  }

  /** Appends entries {@code from .. from + count - 1} of the two level arrays. */
  void addAll(int[] repetitionLevels, int[] definitionLevels, int from, int count) {
    if (size + count > repetitions.length) {
      int capacity = Math.max(size + count, repetitions.length * 2);
      repetitions = Arrays.copyOf(repetitions, capacity);
      definitions = Arrays.copyOf(definitions, capacity);
    }
    System.arraycopy(repetitionLevels, from, repetitions, size, count);
    System.arraycopy(definitionLevels, from, definitions, size, count);
    size += count;
  }

  int size() {
    return size;
  }

  int repetition(int index) {
    return repetitions[index];
  }

  int definition(int index) {
    return definitions[index];
  }
}
