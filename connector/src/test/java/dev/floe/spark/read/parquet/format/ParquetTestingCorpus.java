package dev.floe.spark.read.parquet.format;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Apache's parquet-testing corpus, which the build finds beside the project (the surefire property
 * {@code floe.parquet.testing}). It is part of the tests' input: a missing corpus fails them.
 */
final class ParquetTestingCorpus {
  private ParquetTestingCorpus() {}

  static Path directory() {
    String configured = System.getProperty("floe.parquet.testing");
    if (configured == null) {
      throw new IllegalStateException(
          "System property floe.parquet.testing is not set: run the tests with Maven");
    }
    Path directory = Path.of(configured).normalize();
    if (!Files.isDirectory(directory.resolve("data"))) {
      throw new IllegalStateException(
          "The parquet-testing corpus is missing: no directory " + directory.resolve("data"));
    }
    return directory;
  }

  /** Every .parquet file of the corpus, good and bad, sorted. */
  static List<Path> files() {
    Path directory = directory();
    try (Stream<Path> files = Files.walk(directory)) {
      return files.filter(file -> file.toString().endsWith(".parquet")).sorted().toList();
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
  }
}
