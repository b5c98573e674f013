-- Floe's demo in SQL: reads db.events (written by create-demo-table.sql) through Floe's catalog.
-- Configure the catalog, naming the same warehouse directory Iceberg wrote to:
--
--   spark-sql --jars floe-spark-4.1_2.13-0.1.0-SNAPSHOT.jar \
--     --conf spark.sql.catalog.lake=dev.floe.spark.FloeCatalog \
--     --conf spark.sql.catalog.lake.warehouse=/path/to/demo-warehouse \
--     -f examples/sql/floe-demo.sql

SHOW TABLES IN lake.db;

-- A filtered query. Floe prunes the games and music files by their partition, and files whose
-- id bounds miss the range by their column metrics; EXPLAIN shows what each hop skipped:
-- dataManifests=[...] dataFiles=[live=.., skippedByPartition=.., skippedByMetrics=..].
SELECT count(*) AS events, sum(amount) AS total
FROM lake.db.events
WHERE category = 'books' AND id >= 3000;

EXPLAIN SELECT id, amount FROM lake.db.events WHERE category = 'books' AND id >= 3000;

-- Time travel: the tag `first`, as SQL and as an identifier; a snapshot id works the same
-- (VERSION AS OF 1234567890) and TIMESTAMP AS OF '2026-01-01 00:00:00' takes an instant.
SELECT category, count(*) AS events FROM lake.db.events VERSION AS OF 'first' GROUP BY category;

SELECT count(*) AS events FROM lake.db.events.tag_first;

-- Metadata tables, with Iceberg's columns.
SELECT snapshot_id, operation, summary['added-records'] AS added_records
FROM lake.db.events.snapshots
ORDER BY committed_at;

SELECT content, file_format, partition.category AS category, record_count
FROM lake.db.events.files
ORDER BY content, category, record_count;

-- COUNT(*) answered from metadata: each data file's record_count less its deletion vector's
-- cardinality, both in the manifests, so no data file is opened. EXPLAIN shows
-- aggregate=[COUNT(*)] aggregateFiles=[fromMetadata=.., fromDeleteFiles=.., read=..].
SELECT count(*) AS events FROM lake.db.events;

EXPLAIN SELECT count(*) FROM lake.db.events;
