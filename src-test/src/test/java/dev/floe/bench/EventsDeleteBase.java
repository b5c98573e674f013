package dev.floe.bench;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.Parquet;
import org.apache.spark.sql.SparkSession;

/**
 * The delete and count benchmarks' base table: {@link EventsTable}, unpartitioned, the rows with
 * {@code id % (100 / percent) = 0} deleted.
 */
final class EventsDeleteBase implements DeleteBaseTable {
  private final ReadBenchmarkSettings sizes;

  EventsDeleteBase(ReadBenchmarkSettings sizes) {
    this.sizes = sizes;
  }

  @Override
  public String name() {
    return "deletes_base";
  }

  @Override
  public String deleteTablePrefix() {
    return "deletes";
  }

  @Override
  public String layout() {
    return String.format(Locale.ROOT, "rows=%d files=%d", sizes.rows(), sizes.files());
  }

  @Override
  public long rows() {
    return sizes.rows();
  }

  @Override
  public void write(SparkSession spark, String identifier, Map<String, String> tableProperties) {
    EventsTable.write(spark, identifier, sizes.rows(), sizes.files(), tableProperties);
  }

  @Override
  public void create(SparkSession spark, String identifier, Map<String, String> tableProperties) {
    EventsTable.create(spark, identifier, tableProperties);
  }

  @Override
  public String deletedCondition(int percent) {
    return DeleteBenchmarkSettings.deletedCondition(percent);
  }

  @Override
  public long liveRows(int percent) {
    return DeleteBenchmarkSettings.liveRows(sizes.rows(), percent);
  }

  /** One equality delete file on {@code id}: the table is unpartitioned, so it applies to all. */
  @Override
  public List<DeleteFile> writeEqualityDeletes(SparkSession spark, Table table, int percent)
      throws IOException {
    Schema deleteSchema = table.schema().select("id");
    int idField = table.schema().findField("id").fieldId();
    String location =
        table.locationProvider().newDataLocation("equality-deletes-" + percent + "pct.parquet");
    OutputFile output = table.io().newOutputFile(location);
    EqualityDeleteWriter<Record> writer =
        Parquet.writeDeletes(output)
            .forTable(table)
            .rowSchema(deleteSchema)
            .createWriterFunc(GenericParquetWriter::create)
            .overwrite()
            .equalityFieldIds(idField)
            .buildEqualityWriter();
    GenericRecord template = GenericRecord.create(deleteSchema);
    try (writer) {
      for (long id = 0; id < sizes.rows(); id++) {
        if (DeleteBenchmarkSettings.isDeleted(id, percent)) {
          writer.write(template.copy(Map.of("id", id)));
        }
      }
    }
    return List.of(writer.toDeleteFile());
  }

  @Override
  public String equalityKey() {
    return "id";
  }
}
