package dev.floe.scan;

import dev.floe.manifest.ContentFile;
import dev.floe.manifest.ManifestFile;
import java.util.List;

/**
 * An engine's way to read a plan's manifests on its executors ({@link PlanningMode#DISTRIBUTED}).
 * Each executor rebuilds the table from {@link ManifestReadJob#metadataLocation()}, reads the
 * manifests it is given with {@link ManifestReadJob#open} and returns each manifest's {@link
 * ManifestOutcome}: only the entries that survived pruning, already pruned by the evaluators a
 * local plan uses. The planner pairs them with delete files and merges them in manifest-list order,
 * so the plan is the one a local plan makes.
 *
 * <p>{@code dev.floe.scan.codec.EncodedManifestReader} does the encoding; an engine only has to run
 * a function over byte arrays.
 */
public interface DistributedManifestReader {
  /**
   * How many tasks the engine runs at once on executors apart from this process; 0 when it has none
   * (a local Spark master, say). {@link PlanningMode#AUTO} plans locally then.
   */
  int remoteParallelism();

  /**
   * Each manifest's outcome, in the order of {@code manifests}.
   *
   * @throws dev.floe.FloeException what reading a manifest threw on the executor, or why the engine
   *     could not run the reads
   */
  List<ManifestOutcome<ContentFile>> readAll(ManifestReadJob job, List<ManifestFile> manifests);
}
