package dev.floe.it.spark;

import static dev.floe.it.spark.DeleteFixtures.COLUMNS;
import static dev.floe.it.spark.DeleteFixtures.MERGE_ON_READ_V2;
import static dev.floe.it.spark.DeleteFixtures.MERGE_ON_READ_V3;
import static dev.floe.it.spark.DeleteFixtures.rows;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.functions;

/**
 * Tables whose deletes Apache Iceberg's Spark SQL wrote: merge-on-read DELETE, UPDATE and MERGE in
 * format v2 (position delete files, Parquet and Avro, file- and partition-scoped) and v3 (deletion
 * vectors, merged when a file is deleted from again), and copy-on-write for contrast.
 */
final class PositionDeleteFixtures {
  /** Several generations of row-level changes, the later ones hitting files deleted from before. */
  private static final List<String> GENERATIONS =
      List.of(
          "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM (" + rows(0, 1000) + ")",
          "DELETE FROM {t} WHERE id % 7 = 0",
          "UPDATE {t} SET name = concat(name, '-updated'), n = n + 100 WHERE id % 11 = 0",
          "MERGE INTO {t} t USING ("
              + rows(950, 1050)
              + ") s ON t.id = s.id"
              + " WHEN MATCHED AND s.id % 2 = 0 THEN DELETE"
              + " WHEN MATCHED THEN UPDATE SET t.name = 'merged'"
              + " WHEN NOT MATCHED THEN INSERT *",
          "INSERT INTO {t} SELECT * FROM (" + rows(1050, 1250) + ")",
          "DELETE FROM {t} WHERE id BETWEEN 100 AND 180 OR id % 29 = 0");

  /** Fewer generations, for the variants of a layout the full ones already cover. */
  private static final List<String> SHORT_GENERATIONS =
      List.of(
          "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM (" + rows(0, 1000) + ")",
          "DELETE FROM {t} WHERE id % 7 = 0",
          "UPDATE {t} SET name = concat(name, '-updated'), n = n + 100 WHERE id % 11 = 0",
          "DELETE FROM {t} WHERE id BETWEEN 100 AND 180 OR id % 29 = 0");

  private static final ReadQuery[] GENERATION_QUERIES = {
    ReadQuery.where("n BETWEEN 3 AND 9"),
    ReadQuery.where("category = 'red'"),
    ReadQuery.select("name", "day"),
    ReadQuery.where("id >= 940").withColumns("id", "name", "_pos", "_deleted"),
    ReadQuery.where("_deleted").withColumns("id", "_pos")
  };

  /** Row groups of a few dozen rows, so deleted positions fall in many row groups and splits. */
  private static final String SMALL_ROW_GROUPS =
      ", 'write.parquet.row-group-size-bytes' = '4096',"
          + " 'write.parquet.row-group-check-min-record-count' = '20',"
          + " 'write.parquet.row-group-check-max-record-count' = '50'";

  private PositionDeleteFixtures() {}

  static List<DeleteFixture> create(FixtureWriter writer) {
    return List.of(
        generations(
            writer,
            "mor_v2_unpartitioned",
            "",
            MERGE_ON_READ_V2 + SMALL_ROW_GROUPS,
            GENERATIONS,
            Set.of(DeleteKind.POSITION_PARQUET)),
        generations(
            writer,
            "mor_v2_partitioned",
            "PARTITIONED BY (category, bucket(2, id))",
            MERGE_ON_READ_V2,
            GENERATIONS,
            Set.of(DeleteKind.POSITION_PARQUET)),
        partitionGranularity(writer),
        generations(
            writer,
            "mor_v2_avro_deletes",
            "PARTITIONED BY (category)",
            MERGE_ON_READ_V2 + ", 'write.delete.format.default' = 'avro'",
            SHORT_GENERATIONS,
            Set.of(DeleteKind.POSITION_AVRO)),
        generations(
            writer,
            "mor_v2_avro_data",
            "",
            MERGE_ON_READ_V2
                + ", 'write.format.default' = 'avro', 'write.delete.format.default' = 'parquet'",
            SHORT_GENERATIONS,
            Set.of(DeleteKind.POSITION_PARQUET)),
        deletionVectors(
            writer, "mor_v3_unpartitioned", "", MERGE_ON_READ_V3 + SMALL_ROW_GROUPS, GENERATIONS),
        deletionVectors(
            writer,
            "mor_v3_partitioned_avro_data",
            "PARTITIONED BY (bucket(3, id))",
            MERGE_ON_READ_V3 + ", 'write.format.default' = 'avro'",
            SHORT_GENERATIONS),
        upgradedToV3(writer),
        compacted(writer),
        copyOnWrite(writer));
  }

  private static DeleteFixture generations(
      FixtureWriter writer,
      String name,
      String partitioning,
      String properties,
      List<String> statements,
      Set<DeleteKind> kinds) {
    create(writer, name, partitioning, properties);
    writer.sql(name, statements.toArray(String[]::new));
    return DeleteFixtures.inspect(writer, name, kinds, GENERATION_QUERIES);
  }

  /** v3: every delete, update and merge on a file already deleted from replaces its DV. */
  private static DeleteFixture deletionVectors(
      FixtureWriter writer,
      String name,
      String partitioning,
      String properties,
      List<String> statements) {
    DeleteFixture fixture =
        generations(
            writer, name, partitioning, properties, statements, Set.of(DeleteKind.DELETION_VECTOR));
    long most = DeleteFixtures.mostDeletionVectorsOfOneDataFile(writer, name);
    if (most < 3) {
      throw new IllegalStateException(
          "Fixture " + name + " should replace a data file's DV at least twice; most DVs: " + most);
    }
    return fixture;
  }

  /**
   * Partition-scoped position delete files over several data files per partition, all cut into
   * small row groups, so a reader must pick a data file's rows out of a shared delete file and
   * count positions across row groups.
   */
  private static DeleteFixture partitionGranularity(FixtureWriter writer) {
    String name = "mor_v2_partition_granularity";
    create(
        writer,
        name,
        "PARTITIONED BY (category)",
        MERGE_ON_READ_V2
            + SMALL_ROW_GROUPS
            + ", 'write.delete.granularity' = 'partition',"
            + " 'write.delete.parquet.row-group-size-bytes' = '2048',"
            + " 'write.delete.parquet.row-group-check-min-record-count' = '20',"
            + " 'write.delete.parquet.row-group-check-max-record-count' = '50'");
    List<String> statements = new ArrayList<>();
    for (int generation = 0; generation < 3; generation++) {
      statements.add(
          "INSERT INTO {t} SELECT * FROM ("
              + rows(generation * 1000L, (generation + 1) * 1000L)
              + ")");
    }
    statements.add("DELETE FROM {t} WHERE id % 5 = 0");
    statements.add("UPDATE {t} SET amount = amount + 1 WHERE id % 9 = 0");
    statements.add("DELETE FROM {t} WHERE id BETWEEN 1500 AND 1600");
    writer.sql(name, statements.toArray(String[]::new));
    long mostDataFiles =
        writer
            .session()
            .read()
            .parquet(DeleteFixtures.positionDeleteFiles(writer, name).toArray(String[]::new))
            .groupBy(functions.input_file_name())
            .agg(functions.countDistinct("file_path").as("data_files"))
            .agg(functions.max("data_files"))
            .first()
            .getLong(0);
    if (mostDataFiles < 2) {
      throw new IllegalStateException(
          "Fixture " + name + " should have a delete file shared by data files: " + mostDataFiles);
    }
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.POSITION_PARQUET),
        ReadQuery.where("n = 3"),
        ReadQuery.where("category = 'blue'"),
        ReadQuery.select("id", "_pos", "_deleted").withSplitSize(ReadFixture.SMALL_SPLIT_SIZE),
        ReadQuery.where("id BETWEEN 1400 AND 1700").withSplitSize(ReadFixture.SMALL_SPLIT_SIZE),
        ReadQuery.where("id BETWEEN 1400 AND 1700")
            .withColumns("id", "_pos", "_deleted")
            .withSplitSize(ReadFixture.SMALL_SPLIT_SIZE));
  }

  /**
   * Position delete files written in v2, then the table upgraded to v3: the next delete on those
   * data files writes DVs that absorb the older position deletes.
   */
  private static DeleteFixture upgradedToV3(FixtureWriter writer) {
    String name = "mor_upgraded_to_v3";
    create(writer, name, "", MERGE_ON_READ_V2);
    writer.sql(
        name,
        "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM (" + rows(0, 600) + ")",
        "DELETE FROM {t} WHERE id % 7 = 0",
        "ALTER TABLE {t} SET TBLPROPERTIES ('format-version' = '3')",
        "DELETE FROM {t} WHERE id % 5 = 0",
        "INSERT INTO {t} SELECT * FROM (" + rows(600, 700) + ")",
        "UPDATE {t} SET name = 'updated' WHERE id % 11 = 0");
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.POSITION_PARQUET, DeleteKind.DELETION_VECTOR),
        ReadQuery.where("n < 5"),
        ReadQuery.select("name"));
  }

  /**
   * Iceberg's maintenance between deletes: position delete files rewritten into one per partition,
   * then one partition's data files rewritten with their deletes applied (their old delete files
   * left dangling), then more deletes.
   */
  private static DeleteFixture compacted(FixtureWriter writer) {
    String name = "mor_v2_compacted";
    create(writer, name, "PARTITIONED BY (category)", MERGE_ON_READ_V2);
    String table = FixtureWriter.DATABASE + "." + name;
    writer.sql(
        name,
        "INSERT INTO {t} SELECT * FROM (" + rows(0, 600) + ")",
        "INSERT INTO {t} SELECT * FROM (" + rows(600, 1200) + ")",
        "DELETE FROM {t} WHERE id % 7 = 0",
        "DELETE FROM {t} WHERE id % 5 = 0",
        "CALL ice.system.rewrite_position_delete_files(table => '"
            + table
            + "', options => map('rewrite-all', 'true'))",
        "UPDATE {t} SET name = 'updated' WHERE id % 11 = 0",
        "CALL ice.system.rewrite_data_files(table => '"
            + table
            + "', where => 'category = \"red\"', options => map('rewrite-all', 'true'))",
        "DELETE FROM {t} WHERE id BETWEEN 300 AND 400");
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.POSITION_PARQUET),
        ReadQuery.where("category = 'red'"),
        ReadQuery.where("n = 3").withColumns("id", "category", "_pos"));
  }

  /** Copy-on-write DELETE and UPDATE rewrite data files and leave no delete file. */
  private static DeleteFixture copyOnWrite(FixtureWriter writer) {
    String name = "cow_v2";
    create(
        writer,
        name,
        "PARTITIONED BY (category)",
        "'format-version' = '2', 'write.delete.mode' = 'copy-on-write',"
            + " 'write.update.mode' = 'copy-on-write'");
    writer.sql(
        name,
        "INSERT INTO {t} SELECT * FROM (" + rows(0, 600) + ")",
        "DELETE FROM {t} WHERE id % 7 = 0",
        "UPDATE {t} SET name = 'updated' WHERE id % 11 = 0");
    return DeleteFixtures.inspect(
        writer, name, Set.of(), ReadQuery.where("category = 'green'"), ReadQuery.where("n = 4"));
  }

  private static void create(
      FixtureWriter writer, String name, String partitioning, String properties) {
    writer.sql(
        name,
        "CREATE TABLE {t} ("
            + COLUMNS
            + ") USING iceberg "
            + partitioning
            + " TBLPROPERTIES ("
            + properties
            + ")");
  }
}
