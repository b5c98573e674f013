"""Floe from PySpark: the demo of examples/sql/floe-demo.sql and FloeExample.java in Python.

Reads the demo table that bin/quickstart writes (demo-warehouse/db/events), or any table laid out
the same way. Run it with Floe's jar:

    spark-submit --jars connector/spark-4.1/target/floe-spark-4.1_2.13-0.1.0-SNAPSHOT.jar \
        examples/python/floe_demo.py "$PWD/demo-warehouse"

or paste it into a notebook whose session was built the same way (see session() below).
"""

import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, count, lit, sum as sum_


def session(warehouse):
    """A session with Floe's catalog `lake` on the warehouse: the only setting Floe needs."""
    return (
        SparkSession.builder.appName("floe-demo")
        .config("spark.sql.catalog.lake", "dev.floe.spark.FloeCatalog")
        .config("spark.sql.catalog.lake.warehouse", warehouse)
        .getOrCreate()
    )


def main(warehouse):
    spark = session(warehouse)
    location = f"{warehouse.rstrip('/')}/db/events"

    # A filtered read by path. explain() shows what Floe's planning skipped:
    # dataManifests=[.., skippedByPartitionSummary=..] dataFiles=[.., skippedByMetrics=..].
    events = spark.read.format("floe").load(location)
    recent_books = events.filter((col("category") == "books") & (col("id") >= 3000)).agg(
        count(lit(1)).alias("events"), sum_("amount").alias("total")
    )
    recent_books.show()
    recent_books.explain()

    # Metadata tables: by path with '#', or by name through the catalog.
    snapshots = spark.read.format("floe").load(f"{location}#snapshots").orderBy("committed_at")
    snapshots.select("snapshot_id", "operation", "committed_at").show(truncate=False)
    spark.table("lake.db.events.files").select(
        "content", "file_format", col("partition.category"), "record_count"
    ).show()

    # Time travel: a tag, a snapshot id, an instant (ms since the epoch); or in SQL,
    # VERSION AS OF 'first' and TIMESTAMP AS OF '2026-01-01 00:00:00'.
    spark.read.format("floe").option("tag", "first").load(location).groupBy("category").count().show()
    commits = snapshots.select("snapshot_id", "operation", "committed_at").collect()
    second_snapshot = commits[1].snapshot_id
    print(spark.read.format("floe").option("snapshot-id", second_snapshot).load(location).count())
    delete_committed_at = next(c.committed_at for c in commits if c.operation == "delete")
    before_delete_ms = int(delete_committed_at.timestamp() * 1000) - 1
    cancelled = (
        spark.read.format("floe")
        .option("as-of-timestamp", before_delete_ms)
        .load(location)
        .filter(col("status") == "cancelled")
        .count()
    )
    print(f"cancelled events before the delete: {cancelled}")
    spark.sql("SELECT count(*) FROM lake.db.events VERSION AS OF 'first'").show()

    # An incremental read: the rows appended after the first snapshot (exclusive), up to the
    # current one; add .option("end-snapshot-id", ...) to stop earlier.
    first_snapshot = commits[0].snapshot_id
    spark.read.format("floe").option("start-snapshot-id", first_snapshot).load(
        location
    ).groupBy("category").count().show()

    # The changelog: every row each commit inserted or deleted, the delete stored as deletion
    # vectors included (Iceberg's own changes table refuses tables with delete files).
    spark.table("lake.db.events.changes").groupBy("_change_ordinal", "_change_type").count().orderBy(
        "_change_ordinal", "_change_type"
    ).show()

    # COUNT(*) answered from the manifests (record counts less deletion vectors' cardinalities):
    # the plan shows aggregate=[COUNT(*)] aggregateFiles=[fromMetadata=.., read=0].
    total = spark.sql("SELECT count(*) AS events FROM lake.db.events")
    total.show()
    total.explain()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: floe_demo.py <warehouse directory holding db/events>")
    main(sys.argv[1])
