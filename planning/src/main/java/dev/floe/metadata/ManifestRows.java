package dev.floe.metadata;

import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.ManifestFile.ManifestCounts;
import dev.floe.manifest.PartitionFieldSummary;
import dev.floe.table.PartitionSpec;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows of the {@code manifests} table. File counts go to the data or the delete columns by the
 * manifest's content, the others are 0; partition summary bounds are printed as Iceberg prints them
 * (see {@link HumanPartitionValues}).
 */
final class ManifestRows {
  private ManifestRows() {}

  static List<Object> row(ManifestFile manifest, PartitionSpec spec, Schema schema) {
    ManifestCounts counts = manifest.counts();
    boolean data = manifest.content() == ManifestContent.DATA;
    return TableRows.row(
        manifest.content().id(),
        manifest.path(),
        manifest.length(),
        manifest.partitionSpecId(),
        manifest.addedSnapshotId(),
        data ? counts.addedFilesCount() : (Integer) 0,
        data ? counts.existingFilesCount() : (Integer) 0,
        data ? counts.deletedFilesCount() : (Integer) 0,
        data ? (Integer) 0 : counts.addedFilesCount(),
        data ? (Integer) 0 : counts.existingFilesCount(),
        data ? (Integer) 0 : counts.deletedFilesCount(),
        summaries(manifest, spec, schema));
  }

  private static List<Object> summaries(ManifestFile manifest, PartitionSpec spec, Schema schema) {
    if (manifest.partitions() == null) {
      return null;
    }
    StructType partitionType = spec == null ? null : spec.partitionType(schema);
    List<Object> rows = new ArrayList<>();
    for (int position = 0; position < manifest.partitions().size(); position++) {
      PartitionFieldSummary summary = manifest.partitions().get(position);
      boolean known = partitionType != null && position < partitionType.fields().size();
      rows.add(
          TableRows.row(
              summary.containsNull(),
              summary.containsNan(),
              known ? text(spec, partitionType, position, summary.lowerBound()) : null,
              known ? text(spec, partitionType, position, summary.upperBound()) : null));
    }
    return rows;
  }

  private static String text(
      PartitionSpec spec, StructType partitionType, int position, java.nio.ByteBuffer bound) {
    return HumanPartitionValues.boundText(
        spec.fields().get(position), partitionType.fields().get(position).type(), bound);
  }
}
