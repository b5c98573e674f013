package dev.floe.it.spark;

/**
 * Floe's reader, loading each table by its directory at each snapshot, against Apache Iceberg's:
 * the rows that survive position deletes, deletion vectors and equality deletes, and the deleted
 * rows themselves through {@code _deleted}.
 */
class TestFloeDeleteMatrix extends DeleteMatrixContract {
  @Override
  TableReader reader() {
    return TableReader.FLOE;
  }
}
