package dev.floe.it.spark4;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.it.spark.ReadFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.iceberg.IcebergBuild;
import org.apache.iceberg.shaded.org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.iceberg.shaded.org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.iceberg.shaded.org.apache.parquet.schema.MessageType;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Iceberg v3 {@code variant} columns, written by Apache Iceberg's Spark writer, read by Floe as
 * Spark's {@code VariantType} and compared with Iceberg's own reading: unshredded ({@code value}
 * and {@code metadata} only) and shredded ({@code write.parquet.shred-variants}: Iceberg infers a
 * {@code typed_value} layout from the rows, and rows that do not fit it keep their values, or part
 * of them, in {@code value}). The rows hold objects, nested objects, arrays, every JSON type, type
 * conflicts with the shredded layout, missing and extra fields, top-level non-objects, the variant
 * null and SQL NULL, and typed values JSON lacks (dates, timestamps, decimals, binary).
 */
class TestFloeReadsVariants {
  /**
   * Each group is one INSERT, so one file for Iceberg to infer a shredded layout from: objects
   * (mostly of one shape, some conflicting with it), arrays, and values that are neither.
   */
  private static final List<List<String>> JSON =
      List.of(
          List.of(
              "{\"a\": 1, \"b\": \"x\", \"c\": {\"d\": 1.5, \"e\": true}, \"arr\": [1, 2, 3]}",
              "{\"a\": 2, \"b\": \"y\", \"c\": {\"d\": 2.5, \"e\": false}, \"arr\": [4]}",
              "{\"a\": 3, \"b\": \"a string of more than sixty-four bytes, which is no short"
                  + " string at all\", \"c\": {\"d\": 3.5}, \"arr\": []}",
              "{\"a\": 4, \"b\": \"z\", \"c\": {\"d\": -0.5, \"e\": true, \"g\": {\"h\": 1}},"
                  + " \"arr\": [5, 6]}",
              "{\"a\": 5, \"b\": \"w\", \"c\": {\"d\": 0.0, \"e\": false}, \"arr\": [7, 8, 9]}",
              "{\"a\": \"not a number\", \"b\": null, \"extra\": {\"z\": [1, \"two\", null]}}",
              "{\"b\": \"only b\"}",
              "{\"a\": 12345678901234, \"c\": {\"d\": \"text\", \"f\": [true]},"
                  + " \"arr\": [1.5, \"x\"]}",
              "{\"a\": 1.25, \"n\": 1e300, \"c\": 7}",
              "{}",
              "{\"a\": -7, \"c\": null, \"arr\": null}",
              "[1, 2]",
              "42"),
          List.of(
              "[1, 2, 3]",
              "[4, 5]",
              "[]",
              "[6, \"seven\", {\"k\": \"v\"}, null]",
              "[[1, 2], [3]]",
              "{\"not\": \"an array\"}"),
          List.of("42", "\"just a string\"", "null", "true", "-1.5", "{\"a\": 1}"));

  /** What Floe and Iceberg are compared on: the value as JSON, its type, and extracted paths. */
  private static final String QUERY =
      "SELECT id, v IS NULL AS is_null, to_json(v) AS json, schema_of_variant(v) AS type,"
          + " variant_get(v, '$.a', 'string') AS a, try_variant_get(v, '$.c.d', 'double') AS d,"
          + " try_variant_get(v, '$.arr[0]', 'int') AS first, variant_get(v, '$.b', 'string') AS b"
          + " FROM %s";

  /**
   * A decimal of more than 18 digits, shredded as a fixed-length binary (the variant's decimal16):
   * Iceberg 1.11's shredding writer (Spark 4.0's runtime) fails on it ("Fixed Binary size 9 does
   * not match field type length 16"), so it is written where Iceberg is 1.12 or later.
   */
  private static final String BIG_DECIMAL =
      IcebergBuild.version().startsWith("1.11")
          ? ""
          : " 'big', CAST(-98765432109876543210.5 AS DECIMAL(38, 1)),";

  private static ReadFixture plain;
  private static ReadFixture shredded;

  @BeforeAll
  static void writeTables() {
    plain = write("variant_plain", "'format-version' = '3'");
    shredded =
        write(
            "variant_shredded", "'format-version' = '3', 'write.parquet.shred-variants' = 'true'");
  }

  private static ReadFixture write(String name, String properties) {
    List<String> statements = new ArrayList<>();
    statements.add("DROP TABLE IF EXISTS {t}");
    statements.add(
        "CREATE TABLE {t} (id BIGINT, v VARIANT) USING iceberg TBLPROPERTIES (" + properties + ")");
    int id = 0;
    for (List<String> group : JSON) {
      List<String> rows = new ArrayList<>();
      for (String json : group) {
        rows.add("(" + ++id + ", parse_json('" + json.replace("'", "\\'") + "'))");
      }
      statements.add("INSERT INTO {t} VALUES " + String.join(", ", rows));
    }
    statements.add("INSERT INTO {t} VALUES (" + ++id + ", NULL)");
    statements.add(
        "INSERT INTO {t} SELECT 100, to_variant_object(named_struct('day', DATE'2024-02-29',"
            + " 'at', TIMESTAMP'2024-02-29 12:34:56.789012', 'local',"
            + " TIMESTAMP_NTZ'2024-02-29 01:02:03.000004', 'amount', CAST(12.34 AS DECIMAL(10, 2)),"
            + BIG_DECIMAL
            + " 'bytes', X'00FF10',"
            + " 'small', CAST(-3 AS TINYINT), 'ratio', CAST(0.25 AS FLOAT)))"
            + " UNION ALL SELECT 101, to_variant_object(named_struct('day', DATE'1969-12-31',"
            + " 'amount', CAST(-0.01 AS DECIMAL(10, 2)), 'bytes', X''))");
    return Spark4Tables.write(name, id + 2, statements.toArray(new String[0]));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"variant_plain", "variant_shredded"})
  void floeReadsIcebergsVariants(String name) {
    ReadFixture table = name.equals(plain.name()) ? plain : shredded;
    SparkSession spark = Spark4Tables.spark();
    Dataset<Row> floe = spark.read().format("floe").load(table.location().toString());
    floe.createOrReplaceTempView("floe_" + name);
    assertThat(floe.schema().apply("v").dataType().typeName()).isEqualTo("variant");

    Dataset<Row> floeRows = spark.sql(String.format(QUERY, "floe_" + name));
    Dataset<Row> icebergRows = spark.sql(String.format(QUERY, table.identifier()));
    assertThat(Spark4Tables.floeScan(floeRows)).as("Floe scans the table").isNotEmpty();
    List<String> expected = Spark4Tables.rows(icebergRows);
    assertThat(expected).as("Iceberg's rows").hasSize((int) table.rowCount());
    assertThat(Spark4Tables.rows(floeRows)).as("Floe's rows of %s", name).isEqualTo(expected);

    // a filter on another column, and the variant alone
    String filtered = " WHERE id > 8";
    assertThat(Spark4Tables.rows(spark.sql(String.format(QUERY, "floe_" + name) + filtered)))
        .isEqualTo(
            Spark4Tables.rows(spark.sql(String.format(QUERY, table.identifier()) + filtered)));
    String counts = "SELECT count(v), count(*) FROM %s";
    assertThat(Spark4Tables.rows(spark.sql(String.format(counts, "floe_" + name))))
        .as("counts of %s", name)
        .isEqualTo(Spark4Tables.rows(spark.sql(String.format(counts, table.identifier()))));
    for (String nullFilter : List.of("v IS NULL", "v IS NOT NULL")) {
      String query = "SELECT id FROM %s WHERE " + nullFilter;
      assertThat(Spark4Tables.rows(spark.sql(String.format(query, "floe_" + name))))
          .as("%s where %s", name, nullFilter)
          .isEqualTo(Spark4Tables.rows(spark.sql(String.format(query, table.identifier()))));
    }
    assertThat(Spark4Tables.rows(spark.sql("SELECT to_json(v) AS json FROM floe_" + name)))
        .isEqualTo(
            Spark4Tables.rows(spark.sql("SELECT to_json(v) AS json FROM " + table.identifier())));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"variant_plain", "variant_shredded"})
  void theFilesHoldTheLayoutTheTestIsAbout(String name) {
    ReadFixture table = name.equals(plain.name()) ? plain : shredded;
    List<Row> files =
        Spark4Tables.spark()
            .sql("SELECT file_path FROM " + table.identifier() + ".files")
            .collectAsList();
    assertThat(files).isNotEmpty();
    List<String> shreddedFiles = new ArrayList<>();
    List<String> schemas = new ArrayList<>();
    for (Row file : files) {
      MessageType schema = footerSchema(file.getString(0));
      schemas.add(schema.toString());
      if (schema.toString().contains("typed_value")) {
        shreddedFiles.add(file.getString(0));
      }
    }
    if (name.equals(shredded.name())) {
      // objects, objects in objects, arrays (top-level and in objects) and primitives shredded
      String all = String.join("\n", schemas);
      assertThat(shreddedFiles).as("shredded files of %s: %s", name, schemas).hasSizeGreaterThan(2);
      assertThat(all.split("optional group typed_value \\{", -1))
          .as("shredded objects in %s", all)
          .hasSizeGreaterThan(3);
      assertThat(all.split("optional group typed_value \\(LIST\\)", -1))
          .as("shredded arrays in %s", all)
          .hasSizeGreaterThan(2);
      assertThat(all).contains("TIMESTAMP(MICROS,true)", "DECIMAL(", "(STRING)", "boolean");
    } else {
      assertThat(shreddedFiles).as("shredded files of %s", name).isEmpty();
    }
  }

  /**
   * The file's Parquet schema, read with the parquet-java Iceberg's runtime shades: Spark 4.0's own
   * (1.15) fails on the {@code VARIANT} annotation.
   */
  private static MessageType footerSchema(String location) {
    try (ParquetFileReader reader =
        ParquetFileReader.open(HadoopInputFile.fromPath(new Path(location), new Configuration()))) {
      return reader.getFooter().getFileMetaData().getSchema();
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
  }
}
