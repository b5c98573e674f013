package dev.floe.examples;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;

/**
 * Writes the quickstart's demo table the way users' tables are written: with Apache Iceberg's Java
 * API, as a Hadoop-layout table at {@code <warehouse>/db/events}.
 *
 * <p>The table is format v2, partitioned by {@code category}, with real Parquet files written by
 * Iceberg's generic writers and four snapshots:
 *
 * <ol>
 *   <li>append {@code books} (tagged {@code first});
 *   <li>append {@code games} and {@code music};
 *   <li>a position delete of two {@code books} rows;
 *   <li>an equality delete of one {@code games} id.
 * </ol>
 *
 * <p>Run it with {@code mvn -B -q -pl examples exec:java
 * -Dexec.mainClass=dev.floe.examples.DemoWarehouse -Dexec.args=demo-warehouse}.
 */
public final class DemoWarehouse {
  static final String TAG = "first";

  static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.required(2, "ts", Types.TimestampType.withZone()),
          Types.NestedField.required(3, "category", Types.StringType.get()),
          Types.NestedField.optional(4, "message", Types.StringType.get()));

  static final PartitionSpec SPEC = PartitionSpec.builderFor(SCHEMA).identity("category").build();

  private static final OffsetDateTime START =
      OffsetDateTime.of(2026, 1, 1, 8, 0, 0, 0, ZoneOffset.UTC);

  /** What was written: the table's location and the files each snapshot added. */
  public record DemoTable(
      String location, List<String> dataFiles, List<String> deleteFiles, List<Long> snapshotIds) {
    public DemoTable {
      dataFiles = List.copyOf(dataFiles);
      deleteFiles = List.copyOf(deleteFiles);
      snapshotIds = List.copyOf(snapshotIds);
    }
  }

  private final Table table;
  private final PrintStream out;
  private final List<String> dataFiles = new ArrayList<>();
  private final List<String> deleteFiles = new ArrayList<>();
  private final List<Long> snapshotIds = new ArrayList<>();

  private DemoWarehouse(Table table, PrintStream out) {
    this.table = table;
    this.out = out;
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("Usage: DemoWarehouse <warehouse directory>");
      System.exit(2);
    }
    write(Path.of(args[0]), System.out);
  }

  /** Writes the demo table under {@code warehouse}, printing a line per step. */
  public static DemoTable write(Path warehouse, PrintStream out) throws IOException {
    Path location = warehouse.resolve("db").resolve("events").toAbsolutePath().normalize();
    if (Files.exists(location)) {
      throw new IllegalStateException(
          "A table already exists at " + location + "; delete the warehouse first");
    }
    Table table =
        new HadoopTables(new Configuration())
            .create(SCHEMA, SPEC, Map.of(TableProperties.FORMAT_VERSION, "2"), location.toString());
    out.println("Created table " + location + " (format v2, partitioned by category)");
    DemoWarehouse demo = new DemoWarehouse(table, out);
    demo.writeSnapshots();
    return new DemoTable(
        table.location(), demo.dataFiles, demo.deleteFiles, List.copyOf(demo.snapshotIds));
  }

  private void writeSnapshots() throws IOException {
    DataFile books = writeData("books", 1, 0, 5);
    table.newAppend().appendFile(books).commit();
    long first = committed("append books", "1 data file, 5 rows");
    table.manageSnapshots().createTag(TAG, first).commit();
    out.println("  tagged snapshot " + first + " as '" + TAG + "'");

    DataFile games = writeData("games", 2, 100, 4);
    DataFile music = writeData("music", 2, 200, 3);
    table.newAppend().appendFile(games).appendFile(music).commit();
    committed("append games and music", "2 data files, 7 rows");

    table.newRowDelta().addDeletes(writePositionDeletes(books, 1, 3)).commit();
    committed("position delete", "rows 1 and 3 of " + fileName(books.location()));

    table.newRowDelta().addDeletes(writeEqualityDelete("games", 102)).commit();
    committed("equality delete", "id = 102 in category games");
  }

  /** Records the snapshot just committed and keeps commit timestamps apart for time travel. */
  private long committed(String operation, String detail) {
    long snapshotId = table.currentSnapshot().snapshotId();
    snapshotIds.add(snapshotId);
    out.println(
        "Snapshot " + snapshotIds.size() + " (" + snapshotId + "): " + operation + ", " + detail);
    // The next commit must get a later timestamp, or time travel could not tell them apart:
    // wait for the clock to pass this commit's millisecond (at most about one), not a fixed time.
    long committedAt = table.currentSnapshot().timestampMillis();
    while (System.currentTimeMillis() <= committedAt) {
      Thread.onSpinWait();
    }
    return snapshotId;
  }

  private DataFile writeData(String category, int snapshot, long firstId, int rows)
      throws IOException {
    GenericRecord template = GenericRecord.create(SCHEMA);
    List<Record> records = new ArrayList<>();
    for (int row = 0; row < rows; row++) {
      long id = firstId + row;
      records.add(
          template.copy(
              Map.<String, Object>of(
                  "id",
                  id,
                  "ts",
                  START.plusHours(id),
                  "category",
                  category,
                  "message",
                  category + " event " + id)));
    }
    PartitionKey partition = partitionOf(category);
    OutputFile file = newFile(partition, category + "-" + snapshot + ".parquet");
    DataWriter<Record> writer =
        Parquet.writeData(file)
            .forTable(table)
            .withSpec(SPEC)
            .withPartition(partition)
            .createWriterFunc(GenericParquetWriter::create)
            .overwrite()
            .build();
    try (writer) {
      records.forEach(writer::write);
    }
    DataFile written = writer.toDataFile();
    dataFiles.add(written.location());
    return written;
  }

  private DeleteFile writePositionDeletes(DataFile target, long... positions) throws IOException {
    PartitionKey partition = partitionOf(target.partition().get(0, String.class));
    OutputFile file = newFile(partition, fileName(target.location()) + "-deletes.parquet");
    PositionDeleteWriter<Record> writer =
        Parquet.writeDeletes(file)
            .forTable(table)
            // Only (file, position) pairs: keeping deleted rows in position deletes is deprecated.
            .rowSchema(null)
            .withSpec(SPEC)
            .withPartition(partition)
            .overwrite()
            .buildPositionWriter();
    try (writer) {
      for (long position : positions) {
        writer.write(PositionDelete.<Record>create().set(target.location(), position));
      }
    }
    DeleteFile written = writer.toDeleteFile();
    deleteFiles.add(written.location());
    return written;
  }

  private DeleteFile writeEqualityDelete(String category, long id) throws IOException {
    Schema idOnly = SCHEMA.select("id");
    PartitionKey partition = partitionOf(category);
    OutputFile file = newFile(partition, category + "-id-deletes.parquet");
    EqualityDeleteWriter<Record> writer =
        Parquet.writeDeletes(file)
            .forTable(table)
            .withSpec(SPEC)
            .withPartition(partition)
            .rowSchema(idOnly)
            .equalityFieldIds(SCHEMA.findField("id").fieldId())
            .createWriterFunc(GenericParquetWriter::create)
            .overwrite()
            .buildEqualityWriter();
    try (writer) {
      writer.write(GenericRecord.create(idOnly).copy(Map.<String, Object>of("id", id)));
    }
    DeleteFile written = writer.toDeleteFile();
    deleteFiles.add(written.location());
    return written;
  }

  private PartitionKey partitionOf(String category) {
    GenericRecord row = GenericRecord.create(SCHEMA);
    row.setField("category", category);
    PartitionKey key = new PartitionKey(SPEC, SCHEMA);
    key.partition(row);
    return key;
  }

  private OutputFile newFile(PartitionKey partition, String name) {
    return table
        .io()
        .newOutputFile(table.locationProvider().newDataLocation(SPEC, partition, name));
  }

  private static String fileName(String location) {
    String name = location.substring(location.lastIndexOf('/') + 1);
    return name.endsWith(".parquet")
        ? name.substring(0, name.length() - ".parquet".length())
        : name;
  }
}
