// Floe from spark-shell: the demo of examples/sql/floe-demo.sql and FloeExample.java in Scala.
// It reads the demo table that bin/quickstart writes (demo-warehouse/db/events), or any table
// laid out the same way. Start spark-shell with Floe's jar and its catalog, then load this file:
//
//   spark-shell --jars connector/spark-4.1/target/floe-spark-4.1_2.13-0.1.0-SNAPSHOT.jar \
//     --conf spark.sql.catalog.lake=dev.floe.spark.FloeCatalog \
//     --conf spark.sql.catalog.lake.warehouse=$PWD/demo-warehouse \
//     -i examples/scala/floe-demo.scala

import org.apache.spark.sql.functions.{col, count, lit, sum}

val warehouse = spark.conf.get("spark.sql.catalog.lake.warehouse")
val location = s"${warehouse.stripSuffix("/")}/db/events"

// A filtered read by path. explain() shows what Floe's planning skipped:
// dataManifests=[.., skippedByPartitionSummary=..] dataFiles=[.., skippedByMetrics=..].
val events = spark.read.format("floe").load(location)
val recentBooks = events
  .filter(col("category") === "books" && col("id") >= 3000)
  .agg(count(lit(1)).as("events"), sum("amount").as("total"))
recentBooks.show()
recentBooks.explain()

// Metadata tables: by path with '#', or by name through the catalog.
val snapshots = spark.read.format("floe").load(s"$location#snapshots").orderBy("committed_at")
snapshots.select("snapshot_id", "operation", "committed_at").show(truncate = false)
spark.table("lake.db.events.files")
  .select(col("content"), col("file_format"), col("partition.category"), col("record_count"))
  .show()

// Time travel: a tag, a snapshot id, an instant (ms since the epoch); or in SQL,
// VERSION AS OF 'first' and TIMESTAMP AS OF '2026-01-01 00:00:00'.
spark.read.format("floe").option("tag", "first").load(location).groupBy("category").count().show()
val secondSnapshot = snapshots.select("snapshot_id").as[Long].collect()(1)
spark.read.format("floe").option("snapshot-id", secondSnapshot).load(location).count()
val deleteCommittedAt = snapshots.filter(col("operation") === "delete")
  .select("committed_at").as[java.sql.Timestamp].head().getTime
spark.read.format("floe").option("as-of-timestamp", deleteCommittedAt - 1).load(location)
  .filter(col("status") === "cancelled").count()
spark.sql("SELECT count(*) FROM lake.db.events VERSION AS OF 'first'").show()

// An incremental read: the rows appended after the first snapshot (exclusive), up to the current
// one; add .option("end-snapshot-id", ...) to stop earlier.
val firstSnapshot = snapshots.select("snapshot_id").as[Long].collect()(0)
spark.read.format("floe").option("start-snapshot-id", firstSnapshot).load(location)
  .groupBy("category").count().show()

// A stream of the table's appends, all that is there now in batches of at most 2 files
// (Trigger.AvailableNow), into an in-memory table; a checkpoint location makes it resumable. A
// stream reads appends: the delete commit would stop it, unless it is told to pass over it.
val stream = spark.readStream.format("floe")
  .option("streaming-max-files-per-micro-batch", "2")
  .option("streaming-skip-delete-snapshots", "true")
  .option("streaming-skip-overwrite-snapshots", "true")
  .load(location)
  .writeStream.format("memory").queryName("events_stream")
  .trigger(org.apache.spark.sql.streaming.Trigger.AvailableNow())
  .start()
stream.awaitTermination()
println(s"streamed ${spark.table("events_stream").count()} rows in ${stream.recentProgress.length} batches")

// The changelog: every row each commit inserted or deleted, the delete stored as deletion vectors
// included (Iceberg's own changes table refuses tables with delete files).
spark.table("lake.db.events.changes")
  .groupBy("_change_ordinal", "_change_type").count().orderBy("_change_ordinal", "_change_type")
  .show()

// COUNT(*) answered from the manifests (record counts less deletion vectors' cardinalities):
// the plan shows aggregate=[COUNT(*)] aggregateFiles=[fromMetadata=.., read=0].
val total = spark.sql("SELECT count(*) AS events FROM lake.db.events")
total.show()
total.explain()
