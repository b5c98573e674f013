-- Writes Floe's demo table, db.events, with Apache Iceberg's own Spark runtime: the way users'
-- tables are written. Run it with Iceberg's catalog named `iceberg` and its SQL extensions (for
-- the tag); docker/ and dev.floe.examples.Quickstart do. Every statement commits one snapshot:
--
--   1 append  books                      tagged `first`
--   2 append  games and music
--   3 delete  the cancelled events        deletion vectors (format version 3, merge-on-read)
--   4 append  more books
--
-- Each event has an id, a category (the table's partition), an amount and the time it happened.

CREATE NAMESPACE IF NOT EXISTS iceberg.db;

CREATE TABLE iceberg.db.events (
  id        BIGINT NOT NULL,
  category  STRING NOT NULL,
  amount    DECIMAL(9, 2),
  status    STRING,
  ts        TIMESTAMP)
USING iceberg
PARTITIONED BY (category)
TBLPROPERTIES (
  'format-version' = '3',
  'write.delete.mode' = 'merge-on-read',
  'write.update.mode' = 'merge-on-read');

INSERT INTO iceberg.db.events
SELECT id,
       'books',
       CAST(5 + id % 40 AS DECIMAL(9, 2)),
       IF(id % 10 = 3, 'cancelled', 'paid'),
       TIMESTAMP '2026-01-01 00:00:00' + id * INTERVAL '1' MINUTE
FROM range(0, 1000) AS r(id);

ALTER TABLE iceberg.db.events CREATE TAG first;

INSERT INTO iceberg.db.events
SELECT id,
       IF(id % 2 = 0, 'games', 'music'),
       CAST(20 + id % 60 AS DECIMAL(9, 2)),
       IF(id % 10 = 3, 'cancelled', 'paid'),
       TIMESTAMP '2026-02-01 00:00:00' + (id - 1000) * INTERVAL '1' MINUTE
FROM range(1000, 3000) AS r(id);

DELETE FROM iceberg.db.events WHERE status = 'cancelled';

INSERT INTO iceberg.db.events
SELECT id,
       'books',
       CAST(5 + id % 40 AS DECIMAL(9, 2)),
       'paid',
       TIMESTAMP '2026-03-01 00:00:00' + (id - 3000) * INTERVAL '1' MINUTE
FROM range(3000, 3500) AS r(id);
