package dev.floe.it.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Apache's parquet-testing corpus, read in place from the directory the build names in the system
 * property {@value #PROPERTY} ({@code src-test/pom.xml}: {@code ../shared/testdata/parquet-testing}
 * beside the project root, as CI checks it out). A missing corpus fails the suite: a corpus suite
 * that skips itself when its files are gone cannot fail, and so tests nothing.
 */
final class ParquetCorpus {
  static final String PROPERTY = "floe.testdata.parquet";
  static final String DATA = "data";
  static final String BAD_DATA = "bad_data";

  private final Path root;

  private ParquetCorpus(Path root) {
    this.root = root;
  }

  /** The corpus the build points at; fails, saying where it looked, when it is not there. */
  static ParquetCorpus locate() {
    String configured = System.getProperty(PROPERTY);
    if (configured == null || configured.isBlank()) {
      throw new IllegalStateException(
          "System property "
              + PROPERTY
              + " is not set: src-test/pom.xml sets it to the parquet-testing corpus,"
              + " ${maven.multiModuleProjectDirectory}/../shared/testdata/parquet-testing");
    }
    Path root = Paths.get(configured).toAbsolutePath().normalize();
    for (String directory : List.of(DATA, BAD_DATA)) {
      if (!Files.isDirectory(root.resolve(directory))) {
        throw new IllegalStateException(
            "The parquet-testing corpus is not at "
                + root
                + " (no "
                + directory
                + "/ directory there; "
                + PROPERTY
                + "="
                + configured
                + "): the build expects it in shared/testdata/parquet-testing beside the project"
                + " root");
      }
    }
    return new ParquetCorpus(root);
  }

  /** Every {@code .parquet} file under data/ and bad_data/, at any depth, in path order. */
  Stream<CorpusFile> files() {
    List<CorpusFile> files =
        Stream.of(DATA, BAD_DATA)
            .flatMap(directory -> parquetFiles(root.resolve(directory)))
            .toList();
    if (files.isEmpty()) {
      throw new IllegalStateException("No .parquet file in the corpus at " + root);
    }
    return files.stream();
  }

  /** One file of the corpus by its relative path; fails when the corpus has no such file. */
  CorpusFile file(String relativePath) {
    return files()
        .filter(file -> file.relativePath().equals(relativePath))
        .findFirst()
        .orElseThrow(
            () -> new IllegalStateException("No " + relativePath + " in the corpus at " + root));
  }

  private Stream<CorpusFile> parquetFiles(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      return paths
          .filter(Files::isRegularFile)
          .filter(path -> path.getFileName().toString().endsWith(".parquet"))
          .map(path -> new CorpusFile(root.relativize(path).toString().replace('\\', '/'), path))
          .sorted(Comparator.comparing(CorpusFile::relativePath))
          .toList()
          .stream();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the corpus directory " + directory, e);
    }
  }
}
