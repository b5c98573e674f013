package dev.floe.scan;

import dev.floe.CorruptTableException;
import dev.floe.cache.MetadataCache;
import dev.floe.cache.MetadataSource;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.expr.ExpressionJson;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.MetricsColumns;
import dev.floe.table.LoadedTable;
import dev.floe.table.LocationPolicy;
import dev.floe.table.Schema;
import java.util.Objects;

/**
 * Everything an executor needs to read manifests of one plan as the planner would: the table's
 * metadata file (which it loads itself: schemas, specs and properties never travel), the snapshot,
 * the schema the filter is bound to and the filter in the REST expression JSON, the column metrics
 * the planned data files keep, and how many pruned files to list. The filter is bound again on the
 * executor, to the same schema, so every evaluator there is built from the same bound expression as
 * on the driver.
 *
 * @param table the table's name as the user gave it, for messages
 * @param filter the plan's bound filter, {@linkplain ExpressionJson#toJson as JSON}
 * @param dataMetrics the metrics a data manifest's kept files keep (delete files keep all)
 */
public record ManifestReadJob(
    String table,
    String metadataLocation,
    long snapshotId,
    int schemaId,
    String filter,
    MetricsColumns dataMetrics,
    int skipListLimit) {

  public ManifestReadJob {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(metadataLocation, "metadataLocation");
    Objects.requireNonNull(filter, "filter");
    Objects.requireNonNull(dataMetrics, "dataMetrics");
  }

  /**
   * Starts reading this job's manifests of {@code loaded}, the table as loaded from {@link
   * #metadataLocation()} where the reads run, through {@code cache}.
   *
   * @throws CorruptTableException when the metadata file loaded is not the one the job names, or
   *     lacks the job's schema
   */
  public Reader open(LoadedTable loaded, MetadataCache cache) {
    if (!metadataLocation.equals(loaded.metadataLocation())) {
      throw new CorruptTableException(
          "Cannot read manifests of table "
              + table
              + " planned from "
              + metadataLocation
              + " with the table loaded from "
              + loaded.metadataLocation());
    }
    Schema schema = loaded.metadata().schema(schemaId);
    if (schema == null) {
      throw new CorruptTableException(
          "Table metadata "
              + metadataLocation
              + " of table "
              + table
              + " has no schema "
              + schemaId
              + ", which the plan of snapshot "
              + snapshotId
              + " read with");
    }
    Expression bound = Binder.bind(schema, ExpressionJson.parse(filter), true);
    FilterPruning pruning = new FilterPruning(schema, loaded.metadata().specsById(), bound);
    return new Reader(
        new ManifestPruner(
            table,
            snapshotId,
            pruning,
            MetadataSource.of(cache, loaded),
            LocationPolicy.of(loaded),
            skipListLimit),
        dataMetrics);
  }

  /** Reads manifests of one job; one per executor task, used by one thread. */
  public static final class Reader {
    private final ManifestPruner pruner;
    private final MetricsColumns dataMetrics;

    private Reader(ManifestPruner pruner, MetricsColumns dataMetrics) {
      this.pruner = pruner;
      this.dataMetrics = dataMetrics;
    }

    /** The manifest's live files that may match, pruned as a local plan prunes them. */
    public ManifestOutcome<ContentFile> read(ManifestFile manifest) {
      return switch (manifest.content()) {
        case DATA -> pruner.liveDataFiles(manifest, dataMetrics, file -> (ContentFile) file);
        case DELETES -> pruner.liveDeleteFiles(manifest, file -> (ContentFile) file);
      };
    }
  }
}
