package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.cache.MetadataCache;
import dev.floe.io.FileIO;
import dev.floe.scan.PlanningMode;
import dev.floe.scan.ScanPlan;
import dev.floe.scan.ScanReport;
import dev.floe.scan.TableScan;
import dev.floe.scan.codec.EncodedManifestReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Every plan the planning suites check against Iceberg is also made with its manifests read "on
 * executors": the job and each manifest encoded, read by {@link EncodedManifestReader#execute} with
 * the table loaded again from its metadata file, the outcomes decoded and merged; exactly what a
 * Spark job does, minus Spark. The plan must be the local plan, task by task and delete file by
 * delete file, with the same report counts and skip list; and the report must say where each
 * content's manifests were read. {@code auto} must plan these small tables locally.
 */
final class DistributedPlanCheck {
  /** The executors' cache, shared by the run as an executor's JVM shares one between tasks. */
  private static final MetadataCache EXECUTOR_CACHE = MetadataCache.withMaxBytes(64L << 20);

  private DistributedPlanCheck() {}

  /** Checks that {@code scan}, its manifests read on executors, plans {@code local}. */
  static void check(TableScan scan, ScanPlan local) {
    String table = scan.table().name();
    if (scan.table().metadataLocation() == null) {
      return; // built in memory: no metadata file for an executor to load
    }
    InProcessExecutors executors = new InProcessExecutors(scan.table().io(), 8);
    for (MetadataCache executorCache : List.of(MetadataCache.disabled(), EXECUTOR_CACHE)) {
      executors.cache = executorCache;
      ScanPlan distributed =
          scan.planningModes(PlanningMode.DISTRIBUTED, PlanningMode.DISTRIBUTED)
              .distributedReader(executors)
              .plan();
      assertThat(distributed.files())
          .as("tasks planned on executors, %s", table)
          .isEqualTo(local.files());
      assertThat(MetadataCacheCheck.counts(distributed.report()))
          .as("report counts and skipped files planned on executors, %s", table)
          .isEqualTo(MetadataCacheCheck.counts(local.report()));
      ScanReport report = distributed.report();
      assertThat(report.planning())
          .as("where the manifests were read, %s", table)
          .isEqualTo(
              new ScanReport.Planning(
                  report.dataManifests().read() > 0 ? PlanningMode.DISTRIBUTED : PlanningMode.LOCAL,
                  report.deleteManifests().read() > 0
                      ? PlanningMode.DISTRIBUTED
                      : PlanningMode.LOCAL));
    }
    assertThat(executors.manifestsRead)
        .as("every manifest read went to the executors, %s", table)
        .isEqualTo(
            2 * (local.report().dataManifests().read() + local.report().deleteManifests().read()));

    ScanPlan auto =
        scan.planningModes(PlanningMode.AUTO, PlanningMode.AUTO)
            .distributedReader(executors)
            .plan();
    assertThat(auto.report().planning())
        .as("auto plans a table of a few small manifests locally, %s", table)
        .isEqualTo(ScanReport.Planning.LOCAL);
    assertThat(auto.files()).isEqualTo(local.files());
  }

  /**
   * Executors in this JVM: manifests in groups of three (one group is one "task"), each group's job
   * and manifests as bytes, as a Spark task receives them.
   */
  private static final class InProcessExecutors extends EncodedManifestReader {
    private final FileIO io;
    private final int parallelism;
    private MetadataCache cache = MetadataCache.disabled();
    private long manifestsRead;

    InProcessExecutors(FileIO io, int parallelism) {
      this.io = io;
      this.parallelism = parallelism;
    }

    @Override
    public int remoteParallelism() {
      return parallelism;
    }

    @Override
    protected List<byte[]> run(byte[] job, List<byte[]> manifests) {
      List<byte[]> outcomes = new ArrayList<>();
      for (int start = 0; start < manifests.size(); start += 3) {
        List<byte[]> task = manifests.subList(start, Math.min(manifests.size(), start + 3));
        outcomes.addAll(EncodedManifestReader.execute(job.clone(), task, io, cache));
      }
      manifestsRead += manifests.size();
      return outcomes;
    }
  }
}
