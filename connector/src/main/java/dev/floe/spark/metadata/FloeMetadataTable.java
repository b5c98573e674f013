package dev.floe.spark.metadata;

import dev.floe.metadata.MetadataTable;
import dev.floe.spark.convert.SparkSchemas;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** A metadata table of an Iceberg table, at the snapshot chosen when it was loaded. */
final class FloeMetadataTable implements SupportsRead {
  private final MetadataTable table;

  FloeMetadataTable(MetadataTable table) {
    this.table = table;
  }

  MetadataTable metadataTable() {
    return table;
  }

  @Override
  public String name() {
    return table.table().name() + "." + table.type().tableName();
  }

  @Override
  @SuppressWarnings("deprecation") // Spark 3.5 still asks every table for schema()
  public org.apache.spark.sql.types.StructType schema() {
    return SparkSchemas.toSpark(table.schema());
  }

  @Override
  public Set<TableCapability> capabilities() {
    return Set.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    // the snapshot was chosen from the options when the table was loaded; a path table gets the
    // same options here, a catalog table none
    SparkSession spark = SparkSession.active();
    return () -> new MetadataScan(spark, table);
  }

  @Override
  public String toString() {
    return "FloeMetadataTable(" + name() + ")";
  }
}
