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

  void add(int repetition, int definition) {
    if (size == repetitions.length) {
      repetitions = Arrays.copyOf(repetitions, size * 2);
      definitions = Arrays.copyOf(definitions, size * 2);
    }
    repetitions[size] = repetition;
    definitions[size] = definition;
    size++;
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
