package dev.floe.examples;

import dev.floe.catalog.PathTables;
import dev.floe.catalog.Table;
import dev.floe.io.FileIOFactory;
import dev.floe.manifest.DeleteFile;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.PlanJsonWriter;
import dev.floe.scan.TableScan;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.Schema;
import dev.floe.table.Snapshot;
import dev.floe.table.SnapshotRef;
import dev.floe.table.TableMetadata;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads the demo table written by {@link DemoWarehouse} with Floe alone (no Iceberg on this path):
 * loads it by its directory, prints its snapshots, refs and schema, then plans it three ways, the
 * current snapshot, the tag {@code first}, and the time of the second snapshot, and prints the REST
 * JSON of the current plan, which is what {@code bin/floe plan} prints.
 */
public final class Quickstart {
  private static final String TAG = "first";

  private final Table table;
  private final PrintStream out;

  private Quickstart(Table table, PrintStream out) {
    this.table = table;
    this.out = out;
  }

  public static void main(String[] args) {
    if (args.length != 1) {
      System.err.println("Usage: Quickstart <warehouse directory>");
      System.exit(2);
    }
    run(Path.of(args[0]), System.out);
  }

  /** Loads {@code <warehouse>/db/events} with Floe and prints what Floe sees and plans. */
  public static void run(Path warehouse, PrintStream out) {
    String location =
        warehouse.resolve("db").resolve("events").toAbsolutePath().normalize().toString();
    Table table = PathTables.load(location, FileIOFactory.forLocation(location));
    new Quickstart(table, out).print();
  }

  private void print() {
    TableMetadata metadata = table.metadata();
    printSummary(metadata);

    TableScan current = TableScan.of(table);
    List<FileScanTask> currentPlan = current.planFiles();
    printPlan("current snapshot", current, currentPlan);

    TableScan tagged = current.useRef(TAG);
    printPlan("tag '" + TAG + "'", tagged, tagged.planFiles());

    List<Snapshot> snapshots = inCommitOrder(metadata);
    if (snapshots.size() >= 2) {
      long secondCommitted = snapshots.get(1).timestampMillis();
      TableScan asOf = current.asOfTime(secondCommitted);
      printPlan(
          "second commit, as of " + Instant.ofEpochMilli(secondCommitted), asOf, asOf.planFiles());
    }

    out.println();
    out.println("== Plan JSON of the current snapshot (what bin/floe plan prints):");
    out.print(PlanJsonWriter.toJson(metadata, currentPlan));
  }

  private void printSummary(TableMetadata metadata) {
    out.println("== Table " + table.name());
    out.println("  format v" + metadata.formatVersion() + ", location " + metadata.location());
    out.println("  metadata file " + metadata.metadataFileLocation());
    out.println();
    out.println("  Snapshots (oldest first):");
    for (Snapshot snapshot : inCommitOrder(metadata)) {
      out.printf(
          "    %-20d seq %-3d %s  %-10s %s%n",
          snapshot.snapshotId(),
          snapshot.sequenceNumber(),
          Instant.ofEpochMilli(snapshot.timestampMillis()),
          snapshot.operation(),
          Objects.equals(metadata.currentSnapshotId(), snapshot.snapshotId()) ? "<- current" : "");
    }
    out.println();
    out.println("  Refs:");
    for (Map.Entry<String, SnapshotRef> ref : metadata.refs().entrySet()) {
      out.printf(
          "    %-8s %-6s -> %d%n",
          ref.getKey(), ref.getValue().isTag() ? "tag" : "branch", ref.getValue().snapshotId());
    }
    out.println();
    Schema schema = metadata.schema();
    out.println("  Schema " + schema.schemaId() + ":");
    for (NestedField column : schema.columns()) {
      out.printf(
          "    %3d  %-10s %-12s %s%n",
          column.fieldId(),
          column.name(),
          column.type(),
          column.required() ? "required" : "optional");
    }
    PartitionSpec spec = metadata.defaultSpec();
    out.println(
        "  Partitioned by: "
            + (spec.isUnpartitioned()
                ? "nothing"
                : spec.fields().stream()
                    .map(field -> describe(field, schema))
                    .collect(Collectors.joining(", "))));
  }

  private static String describe(PartitionField field, Schema schema) {
    String source = schema.findColumnName(field.sourceId());
    return field.transform() + "(" + (source == null ? "#" + field.sourceId() : source) + ")";
  }

  private void printPlan(String title, TableScan scan, List<FileScanTask> tasks) {
    Set<DeleteFile> deletes = new LinkedHashSet<>();
    tasks.forEach(task -> deletes.addAll(task.deletes()));
    out.println();
    out.printf(
        "== Plan: %s (snapshot %s): %d data file%s, %d delete file%s%n",
        title,
        scan.snapshot().map(snapshot -> Long.toString(snapshot.snapshotId())).orElse("none"),
        tasks.size(),
        tasks.size() == 1 ? "" : "s",
        deletes.size(),
        deletes.size() == 1 ? "" : "s");
    out.printf("  %-40s %8s  %s%n", "file", "records", "deletes");
    for (FileScanTask task : tasks) {
      out.printf(
          "  %-40s %8d  %s%n",
          relative(task.file().location()), task.file().recordCount(), describe(task.deletes()));
    }
  }

  private static String describe(List<DeleteFile> deletes) {
    if (deletes.isEmpty()) {
      return "-";
    }
    return deletes.stream()
        .map(delete -> kind(delete) + " " + relativeName(delete.location()))
        .collect(Collectors.joining(", "));
  }

  private static String kind(DeleteFile delete) {
    if (delete.isDeletionVector()) {
      return "deletion vector";
    }
    return switch (delete.content()) {
      case POSITION_DELETES -> "position";
      case EQUALITY_DELETES -> "equality";
      case DATA -> throw new IllegalStateException("Not a delete file: " + delete.location());
    };
  }

  private String relative(String location) {
    String tableLocation = table.metadata().location();
    String prefix = tableLocation.endsWith("/") ? tableLocation : tableLocation + "/";
    return location.startsWith(prefix) ? location.substring(prefix.length()) : location;
  }

  private static String relativeName(String location) {
    return location.substring(location.lastIndexOf('/') + 1);
  }

  private static List<Snapshot> inCommitOrder(TableMetadata metadata) {
    return metadata.snapshots().stream()
        .sorted(
            Comparator.comparingLong(Snapshot::sequenceNumber)
                .thenComparingLong(Snapshot::timestampMillis))
        .toList();
  }
}
