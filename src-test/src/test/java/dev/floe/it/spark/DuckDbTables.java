package dev.floe.it.spark;

import static dev.floe.it.spark.DuckDbFixtures.ROW_GROUP_SIZE;

import dev.floe.it.spark.DuckDbParquet.Codec;
import dev.floe.it.spark.DuckDbParquet.ParquetVersion;
import dev.floe.it.spark.ParquetFileImport.FileMetrics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The files DuckDB writes for {@link TestFloeReadsDuckDbParquet}, in one directory, and the Iceberg
 * tables of the Hadoop catalog each is imported into: one all-types file per Parquet version and
 * codec, and one UBIGINT file per Parquet version under a table for each type it is given.
 */
final class DuckDbTables {
  static final String DATABASE = "db";

  /**
   * Table properties of the all-types tables. {@code timestamp_ns} needs format version 3. Iceberg
   * computes no right bounds of two columns (see {@code
   * TestFloeReadsDuckDbParquet.icebergsMetricsNeedTwoColumnsLeftToCounts}): they get counts only,
   * as a user of add_files would have to set.
   */
  private static final Map<String, String> ALL_TYPES_PROPERTIES =
      Map.of(
          TableProperties.FORMAT_VERSION,
          "3",
          TableProperties.METRICS_MODE_COLUMN_CONF_PREFIX + "uint",
          "counts",
          TableProperties.METRICS_MODE_COLUMN_CONF_PREFIX + "ts_ms",
          "counts");

  /** One file of {@link DuckDbFixtures#SELECT_ALL_TYPES}, and its table. */
  record AllTypesFile(ParquetVersion version, Codec codec) {
    String table() {
      return "duckdb_" + version.keyword() + "_" + codec.keyword();
    }

    @Override
    public String toString() {
      return version.keyword() + " " + codec.keyword();
    }
  }

  /** The table types a UBIGINT column is given. */
  enum UnsignedTableType {
    LONG(Types.LongType.get()),
    DECIMAL_20_0(Types.DecimalType.of(20, 0)),
    DECIMAL_38_0(Types.DecimalType.of(38, 0));

    private final Type type;

    UnsignedTableType(Type type) {
      this.type = type;
    }

    String table(ParquetVersion version) {
      return "duckdb_ubigint_" + version.keyword() + "_as_" + name().toLowerCase(Locale.ROOT);
    }
  }

  private final Path directory;

  DuckDbTables(Path directory) {
    this.directory = directory;
  }

  /** Every all-types file, version 1 first, codecs in {@link Codec}'s order. */
  static List<AllTypesFile> allTypesFiles() {
    List<AllTypesFile> files = new ArrayList<>();
    for (ParquetVersion version : ParquetVersion.values()) {
      for (Codec codec : Codec.values()) {
        files.add(new AllTypesFile(version, codec));
      }
    }
    return files;
  }

  Path path(AllTypesFile file) {
    return directory.resolve(file.table() + ".parquet");
  }

  Path unsignedFile(ParquetVersion version) {
    return directory.resolve("duckdb_ubigint_" + version.keyword() + ".parquet");
  }

  /** Writes every file with {@code duckDb} and imports it into its tables in {@code catalog}. */
  void writeAndImport(DuckDbParquet duckDb, Catalog catalog) {
    for (AllTypesFile file : allTypesFiles()) {
      duckDb.write(
          DuckDbFixtures.SELECT_ALL_TYPES,
          path(file),
          file.version(),
          file.codec(),
          ROW_GROUP_SIZE);
      ParquetFileImport.addToNewTable(
          catalog,
          TableIdentifier.of(DATABASE, file.table()),
          allTypesSchema(path(file)),
          ALL_TYPES_PROPERTIES,
          path(file),
          FileMetrics.FROM_FOOTER);
    }
    for (ParquetVersion version : ParquetVersion.values()) {
      duckDb.write(
          DuckDbFixtures.SELECT_UNSIGNED_BIGINT,
          unsignedFile(version),
          version,
          Codec.ZSTD,
          ROW_GROUP_SIZE);
      for (UnsignedTableType type : UnsignedTableType.values()) {
        // Iceberg converts no uint64 column and computes no metrics of a file with one: the
        // schema is set by hand and the manifest entry has the row count alone.
        ParquetFileImport.addToNewTable(
            catalog,
            TableIdentifier.of(DATABASE, type.table(version)),
            new Schema(
                Types.NestedField.optional(1, "id", Types.LongType.get()),
                Types.NestedField.optional(2, "ubig_value", type.type)),
            Map.of(),
            unsignedFile(version),
            FileMetrics.RECORD_COUNT_ONLY);
      }
    }
  }

  /**
   * Iceberg's conversion of the file's Parquet schema, but for the two columns it gives a type a
   * user would not pick (see {@code
   * TestFloeReadsDuckDbParquet.icebergsConversionGetsTwoColumnsWrongAndRefusesUint64}): the UUID
   * column is {@code uuid}, not {@code fixed[16]}, and the nanosecond column {@code timestamp_ns},
   * not {@code timestamp}.
   */
  static Schema allTypesSchema(Path file) {
    Schema converted = ParquetFileImport.convertedSchema(file);
    Schema withUuid = ParquetFileImport.withColumnType(converted, "u", Types.UUIDType.get());
    return ParquetFileImport.withColumnType(
        withUuid, "ts_ns", Types.TimestampNanoType.withoutZone());
  }
}
