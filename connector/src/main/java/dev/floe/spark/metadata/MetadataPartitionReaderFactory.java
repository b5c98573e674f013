package dev.floe.spark.metadata;

import dev.floe.io.CloseableIterator;
import dev.floe.metadata.MetadataTable;
import dev.floe.spark.convert.SparkRowValues;
import dev.floe.table.Schema;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/** Reads metadata table tasks row by row: metadata tables are small next to the data. */
final class MetadataPartitionReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return false;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    if (partition instanceof MetadataInputPartition.ComputedRows computed) {
      return new ComputedRowReader(Arrays.asList(computed.rows()).iterator());
    }
    MetadataInputPartition.ManifestRows task = (MetadataInputPartition.ManifestRows) partition;
    MetadataTable table =
        ExecutorMetadataTables.of(
            task.io().value(), task.metadataLocation(), task.tableName(), task.type());
    return new ManifestRowReader(table.schema(), table.rows(task.manifest().manifest()));
  }

  private static final class ComputedRowReader implements PartitionReader<InternalRow> {
    private final Iterator<InternalRow> rows;
    private InternalRow current;

    ComputedRowReader(Iterator<InternalRow> rows) {
      this.rows = rows;
    }

    @Override
    public boolean next() {
      current = rows.hasNext() ? rows.next() : null;
      return current != null;
    }

    @Override
    public InternalRow get() {
      return current;
    }

    @Override
    public void close() {}
  }

  private static final class ManifestRowReader implements PartitionReader<InternalRow> {
    private final Schema schema;
    private final CloseableIterator<List<Object>> rows;
    private InternalRow current;

    ManifestRowReader(Schema schema, CloseableIterator<List<Object>> rows) {
      this.schema = schema;
      this.rows = rows;
    }

    @Override
    public boolean next() {
      current = rows.hasNext() ? SparkRowValues.toRow(schema, rows.next()) : null;
      return current != null;
    }

    @Override
    public InternalRow get() {
      return current;
    }

    @Override
    public void close() {
      rows.close();
    }
  }
}
