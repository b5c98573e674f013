package dev.floe.it.spark;

/**
 * Proves the delete matrix and its fixtures on Apache Iceberg itself: loading a table by its
 * directory (how Floe loads it) reads what the catalog reads, at every snapshot.
 */
class TestIcebergPathDeleteMatrix extends DeleteMatrixContract {
  @Override
  TableReader reader() {
    return TableReader.ICEBERG_PATH;
  }
}
