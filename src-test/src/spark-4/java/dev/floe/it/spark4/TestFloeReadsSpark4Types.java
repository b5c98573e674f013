package dev.floe.it.spark4;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.it.spark.ReadFixture;
import dev.floe.it.spark.SharedSpark;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Format version 3 types on Spark 4. A column of type {@code unknown} reads as Spark's {@code void}
 * (null in every row) as on Spark 3.5, and equals Iceberg's reading. Nanosecond timestamps read as
 * on Spark 3.5, floored to microseconds ({@code timestamp_ns} as {@code TIMESTAMP_NTZ}, {@code
 * timestamptz_ns} as {@code TIMESTAMP}); Iceberg 1.12's Spark 4.1 reader refuses them ("Cannot
 * convert unsupported type to Spark: timestamp_ns"), so filters on them are checked against Spark
 * filtering the rows Floe reads: a pushed filter must not lose a row whose floored value matches
 * ({@code …00.123456789} is {@code = …00.123456} to Spark).
 */
class TestFloeReadsSpark4Types {
  private static final Schema UNKNOWN_SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "s", Types.StringType.get()),
          Types.NestedField.optional(3, "u", Types.UnknownType.get()));

  private static final Schema NANOS_SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "ts_ns", Types.TimestampNanoType.withoutZone()),
          Types.NestedField.optional(3, "tstz_ns", Types.TimestampNanoType.withZone()));

  private static final List<LocalDateTime> NANOS =
      Arrays.asList(
          LocalDateTime.of(2024, 1, 1, 0, 0, 0, 123_456_789),
          LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999),
          LocalDateTime.of(2024, 1, 1, 0, 0, 0, 123_456_000),
          null);

  private static ReadFixture unknown;
  private static ReadFixture nanos;

  @BeforeAll
  static void writeTables() {
    unknown =
        writeV3("v3_unknown", UNKNOWN_SCHEMA, List.of(row(1L, "a", null), row(2L, null, null)));
    List<List<Object>> rows =
        List.of(
            nanosRow(1, NANOS.get(0)),
            nanosRow(2, NANOS.get(1)),
            nanosRow(3, NANOS.get(2)),
            nanosRow(4, NANOS.get(3)));
    nanos = writeV3("v3_nanos", NANOS_SCHEMA, rows);
  }

  private static List<Object> row(Object... values) {
    return Arrays.asList(values);
  }

  private static List<Object> nanosRow(long id, LocalDateTime value) {
    return row(id, value, value == null ? null : value.atOffset(ZoneOffset.UTC));
  }

  @Test
  void unknownColumnIsNullAsIcebergReadsIt() {
    Dataset<Row> floe = Spark4Tables.floe(unknown, "");
    assertThat(floe.schema().apply("u").dataType()).isEqualTo(DataTypes.NullType);
    assertThat(Spark4Tables.rows(floe))
        .containsExactly("{\"id\":1,\"s\":\"a\",\"u\":null}", "{\"id\":2,\"s\":null,\"u\":null}")
        .isEqualTo(Spark4Tables.rows(Spark4Tables.iceberg(unknown, "")));
    assertThat(Spark4Tables.rows(Spark4Tables.floe(unknown, "u IS NULL AND s = 'a'")))
        .containsExactly("{\"id\":1,\"s\":\"a\",\"u\":null}");
  }

  @Test
  void nanosecondTimestampsAreFlooredToMicroseconds() {
    Dataset<Row> floe = Spark4Tables.floe(nanos, "");
    assertThat(floe.schema().apply("ts_ns").dataType()).isEqualTo(DataTypes.TimestampNTZType);
    assertThat(floe.schema().apply("tstz_ns").dataType()).isEqualTo(DataTypes.TimestampType);
    assertThat(
            Spark4Tables.rows(
                floe.selectExpr("id", "CAST(ts_ns AS STRING) AS ts", "unix_micros(tstz_ns) AS us")))
        .containsExactly(
            "{\"id\":1,\"ts\":\"2024-01-01 00:00:00.123456\",\"us\":1704067200123456}",
            "{\"id\":2,\"ts\":\"1969-12-31 23:59:59.999999\",\"us\":-1}",
            "{\"id\":3,\"ts\":\"2024-01-01 00:00:00.123456\",\"us\":1704067200123456}",
            "{\"id\":4,\"ts\":null,\"us\":null}");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "ts_ns = TIMESTAMP_NTZ'2024-01-01 00:00:00.123456'",
        "ts_ns = TIMESTAMP_NTZ'1969-12-31 23:59:59.999999'",
        "ts_ns <= TIMESTAMP_NTZ'2024-01-01 00:00:00.123456'",
        "ts_ns < TIMESTAMP_NTZ'2024-01-01 00:00:00.123456'",
        "ts_ns > TIMESTAMP_NTZ'2024-01-01 00:00:00.123455'",
        "ts_ns >= TIMESTAMP_NTZ'2024-01-01 00:00:00.123456'",
        "ts_ns <> TIMESTAMP_NTZ'2024-01-01 00:00:00.123456'",
        "NOT (ts_ns <> TIMESTAMP_NTZ'2024-01-01 00:00:00.123456')",
        "ts_ns IN (TIMESTAMP_NTZ'1969-12-31 23:59:59.999999', TIMESTAMP_NTZ'2000-01-01 00:00:00')",
        "tstz_ns = TIMESTAMP'2024-01-01 00:00:00.123456'",
        "tstz_ns <= TIMESTAMP'1969-12-31 23:59:59.999999'",
        "tstz_ns IN (TIMESTAMP'2024-01-01 00:00:00.123456')"
      })
  void nanosecondFilterKeepsTheRowsSparkFindsInTheFlooredValues(String clause) {
    Dataset<Row> all = Spark4Tables.floe(nanos, "");
    Dataset<Row> sparkAlone =
        Spark4Tables.spark().createDataFrame(all.collectAsList(), all.schema()).where(clause);
    assertThat(Spark4Tables.rows(Spark4Tables.floe(nanos, clause)))
        .as("Floe's rows of %s", clause)
        .isNotEmpty()
        .isEqualTo(Spark4Tables.rows(sparkAlone));
  }

  /**
   * A format version 3 table of a Parquet file per row, written with Iceberg's generic writer: the
   * file bounds of each row prune it alone, so a filter that prunes a matching row loses it.
   */
  private static ReadFixture writeV3(String name, Schema schema, List<List<Object>> rows) {
    SupportsNamespaces namespaces = (SupportsNamespaces) SharedSpark.get().catalog();
    Namespace namespace = Namespace.of(Spark4Tables.DATABASE);
    if (!namespaces.namespaceExists(namespace)) {
      namespaces.createNamespace(namespace);
    }
    TableIdentifier identifier = TableIdentifier.of(namespace, name);
    if (SharedSpark.get().catalog().tableExists(identifier)) {
      SharedSpark.get().catalog().dropTable(identifier);
    }
    Table table =
        SharedSpark.get()
            .catalog()
            .createTable(
                identifier, schema, PartitionSpec.unpartitioned(), Map.of("format-version", "3"));
    AppendFiles append = table.newAppend();
    for (int index = 0; index < rows.size(); index++) {
      append.appendFile(writeFile(table, name + "-" + index + ".parquet", rows.get(index)));
    }
    append.commit();
    return new ReadFixture(
        name,
        SharedSpark.CATALOG + "." + Spark4Tables.DATABASE + "." + name,
        SharedSpark.get().tableLocation(Spark4Tables.DATABASE, name),
        rows.size(),
        List.of());
  }

  private static DataFile writeFile(Table table, String fileName, List<Object> values) {
    DataWriter<Record> writer;
    try {
      writer =
          Parquet.writeData(
                  EncryptedFiles.plainAsEncryptedOutput(
                      table.io().newOutputFile(table.location() + "/data/" + fileName)))
              .schema(table.schema())
              .createWriterFunc(GenericParquetWriter::create)
              .withSpec(PartitionSpec.unpartitioned())
              .overwrite()
              .build();
      try (writer) {
        GenericRecord record = GenericRecord.create(table.schema());
        for (int index = 0; index < values.size(); index++) {
          record.set(index, values.get(index));
        }
        writer.write(record);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + fileName + " of " + table.name(), e);
    }
    return writer.toDataFile();
  }
}
