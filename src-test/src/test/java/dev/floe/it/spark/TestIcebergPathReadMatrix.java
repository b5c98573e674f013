package dev.floe.it.spark;

/**
 * Proves the matrix and its fixtures on Apache Iceberg itself: loading a table by its directory
 * (how Floe loads it) reads what the catalog reads.
 */
class TestIcebergPathReadMatrix extends ReadMatrixContract {
  @Override
  TableReader reader() {
    return TableReader.ICEBERG_PATH;
  }
}
