package dev.floe.it.spark;

/** Floe's reader, loading each table by its directory, against Apache Iceberg's. */
class TestFloeReadMatrix extends ReadMatrixContract {
  @Override
  TableReader reader() {
    return TableReader.FLOE;
  }
}
