package dev.floe.bench;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.input_file_name;

import java.io.IOException;
import java.net.URI;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.Parquet;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A TPC-H-like lineitem table of {@code rows} rows, generated in Spark from {@code range(rows)}:
 * TPC-H's 16 columns and types, every value a hash of the row number (deterministic, no rows on the
 * driver), ship dates from 1992-01-03 to 1998-12-01, partitioned by {@code months(l_shipdate)}
 * (about 84 partitions), zstd Parquet, hash-distributed on write so each month is one file.
 *
 * <p>Row {@code i} is line {@code i % 4 + 1} of order {@code i / 4 + 1}, so {@code (l_orderkey,
 * l_linenumber)} is a key. Orders are dated in key order (as orders arrive), so a range of order
 * keys falls in a few months' files and file statistics, not partitions, prune it.
 */
final class LineitemTable implements DeleteBaseTable {
  static final String COLUMNS =
      "l_orderkey bigint, l_partkey bigint, l_suppkey bigint, l_linenumber int,"
          + " l_quantity decimal(15, 2), l_extendedprice decimal(15, 2), l_discount decimal(15, 2),"
          + " l_tax decimal(15, 2), l_returnflag string, l_linestatus string, l_shipdate date,"
          + " l_commitdate date, l_receiptdate date, l_shipinstruct string, l_shipmode string,"
          + " l_comment string";

  /** Bumped when the generated values change, so a kept table of older values is rewritten. */
  private static final int GENERATION = 1;

  private static final String WORDS =
      "'carefully', 'final', 'deposits', 'quickly', 'ironic', 'requests', 'furiously', 'regular',"
          + " 'accounts', 'slyly', 'express', 'packages', 'blithely', 'pending', 'theodolites',"
          + " 'boldly', 'special', 'instructions', 'even', 'foxes', 'bold', 'dependencies',"
          + " 'silent', 'pinto', 'beans', 'unusual', 'platelets', 'thin', 'excuses', 'asymptotes',"
          + " 'idle'";

  private final String name;
  private final long rows;

  LineitemTable(String name, long rows) {
    if (rows < 4) {
      throw new IllegalArgumentException("A lineitem table needs at least 4 rows, not " + rows);
    }
    this.name = name;
    this.rows = rows;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String deleteTablePrefix() {
    return name;
  }

  @Override
  public String layout() {
    return String.format(Locale.ROOT, "lineitem generation=%d rows=%d", GENERATION, rows);
  }

  @Override
  public long rows() {
    return rows;
  }

  @Override
  public void write(SparkSession spark, String identifier, Map<String, String> tableProperties) {
    create(spark, identifier, tableProperties);
    spark.sql(String.format(Locale.ROOT, "INSERT INTO %s %s", identifier, generator()));
  }

  /**
   * The rows as Spark SQL: inner query hashes, middle query dates and numbers, outer query the
   * flags TPC-H derives from the dates.
   */
  String generator() {
    int parallelism = (int) Math.max(1, Math.min(8, rows / 500_000));
    return String.format(
        Locale.ROOT,
        """
        SELECT l_orderkey, l_partkey, l_suppkey, l_linenumber, l_quantity, l_extendedprice,
          l_discount, l_tax,
          IF(l_receiptdate <= DATE '1995-06-17', IF(pmod(h9, 2) = 0, 'R', 'A'), 'N'),
          IF(l_shipdate > DATE '1995-06-17', 'O', 'F'),
          l_shipdate, l_commitdate, l_receiptdate, l_shipinstruct, l_shipmode, l_comment
        FROM (
          SELECT l_orderkey, l_linenumber, h9,
            pmod(h1, 200000) + 1 AS l_partkey,
            pmod(h2, 10000) + 1 AS l_suppkey,
            CAST(quantity AS DECIMAL(15, 2)) AS l_quantity,
            CAST(CAST(quantity * (90000 + pmod(h3, 110000)) AS DECIMAL(18, 0)) / 100
              AS DECIMAL(15, 2)) AS l_extendedprice,
            CAST(CAST(pmod(h4, 11) AS DECIMAL(18, 0)) / 100 AS DECIMAL(15, 2)) AS l_discount,
            CAST(CAST(pmod(h5, 9) AS DECIMAL(18, 0)) / 100 AS DECIMAL(15, 2)) AS l_tax,
            date_add(orderdate, CAST(pmod(h6, 121) AS INT) + 1) AS l_shipdate,
            date_add(orderdate, CAST(pmod(h7, 61) AS INT) + 30) AS l_commitdate,
            date_add(orderdate, CAST(pmod(h6, 121) + pmod(h8, 30) AS INT) + 2) AS l_receiptdate,
            element_at(array('DELIVER IN PERSON', 'COLLECT COD', 'NONE', 'TAKE BACK RETURN'),
              CAST(pmod(h7 DIV 61, 4) AS INT) + 1) AS l_shipinstruct,
            element_at(array('REG AIR', 'AIR', 'RAIL', 'SHIP', 'TRUCK', 'MAIL', 'FOB'),
              CAST(pmod(h8 DIV 30, 7) AS INT) + 1) AS l_shipmode,
            concat_ws(' ', slice(transform(array(h10, h10 DIV 31, h10 DIV 961, h11, h11 DIV 31,
              h11 DIV 961), h -> element_at(words, CAST(pmod(h, 31) AS INT) + 1)), 1,
              CAST(pmod(h12, 5) AS INT) + 2)) AS l_comment
          FROM (
            SELECT id DIV 4 + 1 AS l_orderkey, CAST(id %% 4 + 1 AS INT) AS l_linenumber,
              pmod(xxhash64(id, 5), 50) + 1 AS quantity,
              date_add(DATE '1992-01-01', CAST(id DIV 4 * 2406 DIV %d AS INT)) AS orderdate,
              xxhash64(id, 1) AS h1, xxhash64(id, 2) AS h2, xxhash64(id, 3) AS h3,
              xxhash64(id, 4) AS h4, xxhash64(id, 6) AS h5, xxhash64(id, 7) AS h6,
              xxhash64(id, 8) AS h7, xxhash64(id, 9) AS h8, xxhash64(id, 10) AS h9,
              xxhash64(id, 11) AS h10, xxhash64(id, 12) AS h11, xxhash64(id, 13) AS h12,
              array(%s) AS words
            FROM range(0, %d, 1, %d)))
        """,
        Math.max(1, (rows + 3) / 4),
        WORDS,
        rows,
        parallelism);
  }

  @Override
  public void create(SparkSession spark, String identifier, Map<String, String> tableProperties) {
    Map<String, String> properties = new TreeMap<>(tableProperties);
    properties.put("write.parquet.compression-codec", "zstd");
    // cluster each month in one writer task: one file per partition, not one per task
    properties.put("write.distribution-mode", "hash");
    spark.sql(
        "CREATE TABLE "
            + identifier
            + " ("
            + COLUMNS
            + ") USING iceberg PARTITIONED BY (months(l_shipdate))"
            + properties.entrySet().stream()
                .map(entry -> "'" + entry.getKey() + "'='" + entry.getValue() + "'")
                .collect(Collectors.joining(", ", " TBLPROPERTIES (", ")")));
  }

  /** Row {@code (l_orderkey - 1) * 4 + l_linenumber - 1}, as the events delete by id. */
  @Override
  public String deletedCondition(int percent) {
    return "pmod((l_orderkey - 1) * 4 + l_linenumber - 1, " + (100 / percent) + ") = 0";
  }

  @Override
  public long liveRows(int percent) {
    return DeleteBenchmarkSettings.liveRows(rows, percent);
  }

  /**
   * One equality delete file per data file, in that file's partition, on {@code (l_orderkey,
   * l_linenumber)}: a writer of equality deletes (Flink's upsert, a CDC sink) deletes by the
   * table's key and writes its delete files partitioned like its data files, so each applies only
   * to the data files of its partition. The deleted keys are read from the data files with Spark's
   * Parquet reader in one pass, each row tagged with its file.
   */
  @Override
  public List<DeleteFile> writeEqualityDeletes(SparkSession spark, Table table, int percent)
      throws IOException {
    Schema deleteSchema = table.schema().select("l_orderkey", "l_linenumber");
    int[] fieldIds = {
      table.schema().findField("l_orderkey").fieldId(),
      table.schema().findField("l_linenumber").fieldId()
    };
    Map<String, DataFile> dataFiles = new LinkedHashMap<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> dataFiles.put(pathOf(task.file().location()), task.file()));
    }
    Map<String, EqualityDeleteWriter<Record>> writers = new LinkedHashMap<>();
    GenericRecord template = GenericRecord.create(deleteSchema);
    Iterator<Row> keys =
        spark
            .read()
            .parquet(dataFiles.values().stream().map(DataFile::location).toArray(String[]::new))
            .where(deletedCondition(percent))
            .select(input_file_name(), col("l_orderkey"), col("l_linenumber"))
            .toLocalIterator();
    try {
      while (keys.hasNext()) {
        Row key = keys.next();
        String path = pathOf(key.getString(0));
        EqualityDeleteWriter<Record> writer = writers.get(path);
        if (writer == null) {
          DataFile dataFile = dataFiles.get(path);
          if (dataFile == null) {
            throw new IllegalStateException(
                "Spark read a row from " + path + ", which is no data file of " + table.name());
          }
          writer = equalityWriter(table, dataFile, deleteSchema, fieldIds, percent, writers.size());
          writers.put(path, writer);
        }
        writer.write(
            template.copy(Map.of("l_orderkey", key.getLong(1), "l_linenumber", key.getInt(2))));
      }
    } finally {
      for (EqualityDeleteWriter<Record> writer : writers.values()) {
        writer.close();
      }
    }
    return writers.values().stream().map(EqualityDeleteWriter::toDeleteFile).toList();
  }

  private static EqualityDeleteWriter<Record> equalityWriter(
      Table table, DataFile dataFile, Schema deleteSchema, int[] fieldIds, int percent, int index)
      throws IOException {
    PartitionSpec spec = table.specs().get(dataFile.specId());
    String location =
        table
            .locationProvider()
            .newDataLocation(
                spec,
                dataFile.partition(),
                String.format(Locale.ROOT, "equality-deletes-%dpct-%05d.parquet", percent, index));
    OutputFile output = table.io().newOutputFile(location);
    return Parquet.writeDeletes(output)
        .forTable(table)
        .withSpec(spec)
        .withPartition(dataFile.partition())
        .rowSchema(deleteSchema)
        .createWriterFunc(GenericParquetWriter::create)
        .overwrite()
        .equalityFieldIds(fieldIds)
        .buildEqualityWriter();
  }

  /** The path of a location, whether written {@code file:/x}, {@code file:///x} or {@code /x}. */
  private static String pathOf(String location) {
    return location.startsWith("/") ? location : URI.create(location).getPath();
  }

  @Override
  public String equalityKey() {
    return "(l_orderkey, l_linenumber), one file per data file, in its partition";
  }
}
