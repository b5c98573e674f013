package dev.floe.scan.codec;

import dev.floe.cache.MetadataCache;
import dev.floe.cache.MetadataSource;
import dev.floe.io.FileIO;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.ManifestFile;
import dev.floe.scan.DistributedManifestReader;
import dev.floe.scan.ManifestOutcome;
import dev.floe.scan.ManifestReadJob;
import dev.floe.table.LoadedTable;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link DistributedManifestReader} for an engine that runs a function over byte arrays on its
 * executors: the job and each manifest go out as bytes, each manifest's outcome comes back as
 * bytes. The engine implements {@link #run} (say, a Spark job over the encoded manifests whose
 * tasks call {@link #execute}) and keeps the results in the order of the manifests it was given.
 */
public abstract class EncodedManifestReader implements DistributedManifestReader {

  /**
   * Runs {@link #execute} on executors over the encoded manifests, in groups of the engine's
   * choosing, and returns one encoded outcome per manifest, in the order given.
   */
  protected abstract List<byte[]> run(byte[] job, List<byte[]> manifests);

  @Override
  public final List<ManifestOutcome<ContentFile>> readAll(
      ManifestReadJob job, List<ManifestFile> manifests) {
    List<byte[]> encoded = new ArrayList<>(manifests.size());
    for (ManifestFile manifest : manifests) {
      encoded.add(ManifestReadCodec.encodeManifest(manifest));
    }
    List<byte[]> results = run(ManifestReadCodec.encodeJob(job), encoded);
    if (results.size() != manifests.size()) {
      throw new IllegalStateException(
          "Sent " + manifests.size() + " manifests to the executors, got " + results.size());
    }
    List<ManifestOutcome<ContentFile>> outcomes = new ArrayList<>(results.size());
    for (int index = 0; index < results.size(); index++) {
      outcomes.add(
          ManifestReadCodec.decodeOutcome(results.get(index), manifests.get(index).path()));
    }
    return outcomes;
  }

  /**
   * The executor's half: loads the table from the job's metadata file (through {@code cache}, so an
   * executor parses it once), reads each manifest with the job's pruning, and encodes each outcome,
   * in the order given.
   *
   * @throws dev.floe.FloeException what reading the table or a manifest threw, naming the file
   */
  public static List<byte[]> execute(
      byte[] encodedJob, List<byte[]> manifests, FileIO io, MetadataCache cache) {
    ManifestReadJob job = ManifestReadCodec.decodeJob(encodedJob);
    LoadedTable table =
        new LoadedTable(
            job.table(), MetadataSource.metadataFile(cache, io, job.metadataLocation()), io);
    ManifestReadJob.Reader reader = job.open(table, cache);
    List<byte[]> outcomes = new ArrayList<>(manifests.size());
    for (byte[] manifest : manifests) {
      outcomes.add(
          ManifestReadCodec.encodeOutcome(reader.read(ManifestReadCodec.decodeManifest(manifest))));
    }
    return outcomes;
  }
}
