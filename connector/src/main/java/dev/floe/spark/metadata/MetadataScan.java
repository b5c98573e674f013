package dev.floe.spark.metadata;

import dev.floe.io.CloseableIterator;
import dev.floe.manifest.ManifestFile;
import dev.floe.metadata.MetadataTable;
import dev.floe.metadata.PartitionsAggregation;
import dev.floe.spark.convert.SparkRowValues;
import dev.floe.spark.convert.SparkSchemas;
import dev.floe.spark.exec.FileIOBroadcast;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;

/**
 * The read of one metadata table. Tables read from the metadata alone, and {@code manifests}, are
 * computed on the driver and handed to one task. Tables of manifest entries get one task per
 * manifest, which reads it on the executor; {@code partitions} totals each manifest in a Spark task
 * and merges the totals on the driver, in manifest order.
 */
final class MetadataScan implements Scan, Batch {
  private final SparkSession spark;
  private final MetadataTable table;
  private InputPartition[] planned;

  MetadataScan(SparkSession spark, MetadataTable table) {
    this.spark = spark;
    this.table = table;
  }

  @Override
  public StructType readSchema() {
    return SparkSchemas.toSpark(table.schema());
  }

  @Override
  public String description() {
    return "Floe metadata table " + table.table().name() + "." + table.type().tableName();
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    if (planned == null) {
      planned = plan();
    }
    return planned.clone();
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new MetadataPartitionReaderFactory();
  }

  private InputPartition[] plan() {
    if (!table.type().readsManifestEntries()) {
      return computed(table.tableRows());
    }
    List<ManifestFile> manifests = table.manifests();
    String metadataLocation = table.table().metadataLocation();
    switch (table.type()) {
      case PARTITIONS:
        return computed(table.partitionRows(partitionTotals(manifests, metadataLocation)));
      case FILES:
      case DATA_FILES:
      case DELETE_FILES:
      case ENTRIES:
        if (metadataLocation == null) {
          return computed(rowsOnDriver(manifests));
        }
        FileIOBroadcast io = broadcastIO();
        InputPartition[] partitions = new InputPartition[manifests.size()];
        for (int index = 0; index < partitions.length; index++) {
          partitions[index] =
              new MetadataInputPartition.ManifestRows(
                  io,
                  metadataLocation,
                  table.table().name(),
                  table.type(),
                  ManifestPointer.of(manifests.get(index)));
        }
        return partitions;
      case SNAPSHOTS:
      case HISTORY:
      case REFS:
      case MANIFESTS:
      case METADATA_LOG_ENTRIES:
        break;
    }
    throw new IllegalStateException("Not a table of manifest entries: " + table.type());
  }

  /**
   * A table loaded in memory has no metadata file for executors to read, and a single manifest is
   * not worth a Spark job: those are totalled on the driver.
   */
  private PartitionsAggregation partitionTotals(
      List<ManifestFile> manifests, String metadataLocation) {
    PartitionsAggregation merged = new PartitionsAggregation();
    if (metadataLocation == null || manifests.size() < 2) {
      for (ManifestFile manifest : manifests) {
        merged.merge(table.aggregate(manifest));
      }
      return merged;
    }
    List<ManifestPointer> pointers = manifests.stream().map(ManifestPointer::of).toList();
    List<byte[]> encoded = pointers.stream().map(ManifestPointer::encode).toList();
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<byte[]> totals =
        context
            .parallelize(encoded, encoded.size())
            .map(new PartitionTotalsFunction(broadcastIO(), metadataLocation, table.table().name()))
            .collect();
    for (int index = 0; index < totals.size(); index++) {
      merged.merge(PartitionTotalsFunction.decode(totals.get(index), pointers.get(index).path()));
    }
    return merged;
  }

  private List<List<Object>> rowsOnDriver(List<ManifestFile> manifests) {
    List<List<Object>> rows = new ArrayList<>();
    for (ManifestFile manifest : manifests) {
      try (CloseableIterator<List<Object>> manifestRows = table.rows(manifest)) {
        manifestRows.forEachRemaining(rows::add);
      }
    }
    return rows;
  }

  private InputPartition[] computed(List<List<Object>> rows) {
    InternalRow[] converted = new InternalRow[rows.size()];
    for (int index = 0; index < converted.length; index++) {
      converted[index] = SparkRowValues.toRow(table.schema(), rows.get(index));
    }
    return new InputPartition[] {new MetadataInputPartition.ComputedRows(converted)};
  }

  private FileIOBroadcast broadcastIO() {
    return FileIOBroadcast.of(spark, table.table().io());
  }
}
