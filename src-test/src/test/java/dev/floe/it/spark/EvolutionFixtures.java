package dev.floe.it.spark;

import java.util.List;

/**
 * Tables whose schema or partitioning changed between writes, so older files are read through a
 * newer schema or were written under another spec.
 */
final class EvolutionFixtures {
  private EvolutionFixtures() {}

  static List<ReadFixture> create(FixtureWriter writer) {
    return List.of(evolvedSchema(writer), evolvedPartitioning(writer), partitionedLater(writer));
  }

  /**
   * Added, dropped, renamed, reordered and promoted columns (int to long, float to double, decimal
   * precision), a nested field added and renamed, and a dropped column's name reused by a new
   * column: old files hold a column of that name whose id is not the new column's.
   */
  private static ReadFixture evolvedSchema(FixtureWriter writer) {
    writer.sql(
        "evolved_schema",
        "CREATE TABLE {t} (id bigint, a int, b float, c decimal(9, 2), d string, e string,"
            + " s struct<x: int, y: string>) USING iceberg",
        """
        INSERT INTO {t} SELECT id, CAST(id * 3 AS INT), CAST(id / 8.0 AS FLOAT),
          CAST(id * 1.5 AS DECIMAL(9, 2)), concat('d-', CAST(id % 10 AS STRING)),
          concat('old-e-', CAST(id AS STRING)),
          IF(id % 9 = 0, NULL, named_struct('x', CAST(id AS INT), 'y', CAST(id AS STRING)))
        FROM range(0, 200)
        """,
        "ALTER TABLE {t} ADD COLUMN f string",
        "ALTER TABLE {t} DROP COLUMN e",
        "ALTER TABLE {t} RENAME COLUMN d TO d_renamed",
        "ALTER TABLE {t} ALTER COLUMN a TYPE bigint",
        "ALTER TABLE {t} ALTER COLUMN b TYPE double",
        "ALTER TABLE {t} ALTER COLUMN c TYPE decimal(12, 2)",
        "ALTER TABLE {t} ALTER COLUMN f FIRST",
        "ALTER TABLE {t} ADD COLUMN e string",
        "ALTER TABLE {t} ADD COLUMN s.z double",
        "ALTER TABLE {t} RENAME COLUMN s.x TO x_renamed",
        "ALTER TABLE {t} ALTER COLUMN b AFTER id",
        """
        INSERT INTO {t} SELECT concat('f-', CAST(id AS STRING)), id, id / 16.0D,
          CAST(id * 100000 AS BIGINT) * 3000000000, CAST(id * 1234.5 AS DECIMAL(12, 2)),
          concat('d-', CAST(id % 10 AS STRING)),
          IF(id % 4 = 0, NULL, named_struct('x_renamed', CAST(id AS INT), 'y', 'new', 'z', id / 2.0D)),
          IF(id % 3 = 0, NULL, concat('new-e-', CAST(id AS STRING)))
        FROM range(200, 400)
        """);
    return writer.fixture(
        "evolved_schema",
        400,
        ReadQuery.select("id", "a", "b", "c"),
        ReadQuery.select("s.x_renamed", "s.z", "e"),
        ReadQuery.where("a > 300"),
        ReadQuery.where("b < 5"),
        ReadQuery.where("c > 150"),
        ReadQuery.where("d_renamed = 'd-3'"),
        ReadQuery.where("e IS NULL").withColumns("id", "e"),
        ReadQuery.where("f IS NOT NULL"),
        ReadQuery.where("s.x_renamed < 20 OR s.z > 150"));
  }

  /**
   * Four specs in one table: days(ts); then bucket(4, id) added; then days dropped and identity
   * added on a column later renamed; then the bucket replaced by truncate.
   */
  private static ReadFixture evolvedPartitioning(FixtureWriter writer) {
    String create =
        "CREATE TABLE {t} ("
            + PartitionFixtures.EVENT_COLUMNS
            + ") USING iceberg PARTITIONED BY (days(ts))";
    writer.sql(
        "evolved_partitioning",
        create,
        "INSERT INTO {t} " + PartitionFixtures.events(0, 150),
        "ALTER TABLE {t} ADD PARTITION FIELD bucket(4, id)",
        "INSERT INTO {t} " + PartitionFixtures.events(150, 300),
        "ALTER TABLE {t} DROP PARTITION FIELD days(ts)",
        "ALTER TABLE {t} ADD PARTITION FIELD category",
        "INSERT INTO {t} " + PartitionFixtures.events(300, 450),
        "ALTER TABLE {t} RENAME COLUMN category TO kind",
        "ALTER TABLE {t} REPLACE PARTITION FIELD bucket(4, id) WITH truncate(10, n)",
        "INSERT INTO {t} " + PartitionFixtures.events(450, 600));
    return writer.fixture(
        "evolved_partitioning",
        600,
        ReadQuery.where("kind = 'blue'"),
        ReadQuery.where("kind IS NULL").withColumns("id", "kind"),
        ReadQuery.where("ts < TIMESTAMP'2023-11-16 00:00:00'"),
        ReadQuery.where("id = 77 OR id = 377"),
        ReadQuery.where("n BETWEEN 10 AND 19"),
        ReadQuery.select("kind", "n").withSplitSize(ReadFixture.SMALL_SPLIT_SIZE),
        ReadQuery.select("id", "_spec_id"),
        ReadQuery.where("_spec_id = 1").withColumns("id", "_pos"));
  }

  /** An unpartitioned table partitioned later: the first files have no partition values. */
  private static ReadFixture partitionedLater(FixtureWriter writer) {
    writer.sql(
        "partitioned_later",
        "CREATE TABLE {t} (" + PartitionFixtures.EVENT_COLUMNS + ") USING iceberg",
        "INSERT INTO {t} " + PartitionFixtures.events(0, 200),
        "ALTER TABLE {t} ADD PARTITION FIELD k",
        "INSERT INTO {t} " + PartitionFixtures.events(200, 400));
    return writer.fixture(
        "partitioned_later",
        400,
        ReadQuery.where("k = 0"),
        ReadQuery.where("k <> 0 AND id > 150").withColumns("k", "id"));
  }
}
