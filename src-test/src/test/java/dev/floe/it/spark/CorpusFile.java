package dev.floe.it.spark;

import java.nio.file.Path;
import java.util.Locale;

/**
 * One {@code .parquet} file of Apache's parquet-testing corpus, named by its path relative to the
 * corpus root ({@code data/nulls.snappy.parquet}, {@code bad_data/PARQUET-1481.parquet}).
 */
record CorpusFile(String relativePath, Path path) {
  private static final String SUFFIX = ".parquet";

  CorpusFile {
    if (!relativePath.endsWith(SUFFIX)) {
      throw new IllegalArgumentException("Not a Parquet file of the corpus: " + relativePath);
    }
  }

  /** Files under {@code bad_data/} are malformed on purpose (the corpus's bad_data/README.md). */
  boolean malformed() {
    return relativePath.startsWith(ParquetCorpus.BAD_DATA + "/");
  }

  String fileName() {
    return path.getFileName().toString();
  }

  /** The Iceberg table the file is imported into: its relative path as an identifier. */
  String tableName() {
    String stem = relativePath.substring(0, relativePath.length() - SUFFIX.length());
    return stem.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
  }

  /** The {@code <name>_expect.csv} beside the file: its rows as the corpus states them. */
  Path expectedCsv() {
    String name = fileName();
    return path.resolveSibling(name.substring(0, name.length() - SUFFIX.length()) + "_expect.csv");
  }

  @Override
  public String toString() {
    return relativePath;
  }
}
