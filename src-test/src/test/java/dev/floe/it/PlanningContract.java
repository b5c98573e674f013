package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.HistoryEntry;
import org.apache.iceberg.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a correct planner plans for the scenario tables, written down by hand from the Iceberg spec.
 * Implemented once for Apache Iceberg, which proves the expectations (and that each scenario really
 * builds the case it is named for, so the differential suite cannot pass on a table that misses the
 * point), and once for Floe. Snapshots are numbered from 1 in commit order; files and delete files
 * are named by their file name without extension, DVs with {@code @offset}.
 */
abstract class PlanningContract {

  abstract Planner planner();

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {1, 2, 3})
  void appendsPlanEveryLiveFile(int formatVersion) {
    Scenario scenario = ScenarioLibrary.shared("appends", formatVersion);
    assertThat(fileNames(atSnapshot(scenario, 1)))
        .as("the first snapshot")
        .containsExactly("a1", "b1");
    NormalizedPlan current = current(scenario);
    assertThat(fileNames(current))
        .as("fast appends and a merge append")
        .containsExactly("a1", "a2", "b1", "c1", "null1");
    assertThat(file(current, "a2").dataSequenceNumber())
        .as("a v1 file has sequence number 0, a later file its snapshot's")
        .isEqualTo(formatVersion == 1 ? 0L : 2L);
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {1, 2, 3})
  void replacedAndDeletedFilesAreNotPlanned(int formatVersion) {
    assertThat(fileNames(current(ScenarioLibrary.shared("overwrites", formatVersion))))
        .as("overwrite, replace partitions, overwrite by filter")
        .containsExactly("a1-rewritten", "b3", "c2");
    assertThat(fileNames(current(ScenarioLibrary.shared("deletes", formatVersion))))
        .as("delete by file and by partition filter, then an append")
        .containsExactly("a2", "b1", "c2");
    assertThat(fileNames(current(ScenarioLibrary.shared("compaction", formatVersion))))
        .as("three files compacted into one")
        .containsExactly("a-compacted", "a4", "b1");
    assertThat(fileNames(current(ScenarioLibrary.shared("manifest-merge", formatVersion))))
        .as("a file deleted from a merged manifest")
        .containsExactly("a1", "a2", "c1");
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {2, 3})
  void rewrittenManifestsKeepEachFilesSequenceNumber(int formatVersion) {
    NormalizedPlan current = current(ScenarioLibrary.shared("manifest-rewrite", formatVersion));
    assertThat(sequenceNumbers(current))
        .as("EXISTING entries keep the sequence number of the snapshot that added them")
        .containsExactly(
            Map.entry("a1", 1L), Map.entry("a2", 3L), Map.entry("b1", 2L), Map.entry("c1", 5L));
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {1, 2, 3})
  void aNeverWrittenTablePlansNothing(int formatVersion) {
    NormalizedPlan plan = current(ScenarioLibrary.shared("never-written", formatVersion));
    assertThat(plan.snapshotId()).as("no snapshot").isNull();
    assertThat(plan.files()).as("no files").isEmpty();
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {1, 2, 3})
  void filesKeepTheSpecTheyWereWrittenWith(int formatVersion) {
    NormalizedPlan current = current(ScenarioLibrary.shared("spec-evolution", formatVersion));
    assertThat(specIds(current))
        .as("spec ids, including a file written into spec 0 after three evolutions")
        .containsExactly(
            Map.entry("s0-a", 0),
            Map.entry("s0-b", 0),
            Map.entry("s0-late", 0),
            Map.entry("s1-a", 1),
            Map.entry("s2-a", 2),
            Map.entry("s2-null", 2),
            Map.entry("s3", 3));
    if (formatVersion >= 2) {
      assertThat(deletes(current, "s1-a")).as("a spec-1 delete").containsExactly("s1-a-eq");
      assertThat(deletes(current, "s0-late")).as("a spec-0 delete").containsExactly("s0-c-eq");
      assertThat(deletes(current, "s2-a")).as("other specs' deletes").isEmpty();
    }
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {2, 3})
  void partitionScopedDeletesNeedAnEqualTupleOfEveryType(int formatVersion) {
    NormalizedPlan current = current(ScenarioLibrary.shared("partition-types", formatVersion));
    List<String> baseDeletes =
        formatVersion == 2 ? List.of("p-base-eq", "p-base-pos") : List.of("p-base-eq");
    assertThat(deletes(current, "p-base"))
        .as("the exact tuple")
        .containsExactlyElementsOf(baseDeletes);
    assertThat(deletes(current, "p-null"))
        .as("all nulls equal all nulls")
        .containsExactly("p-null-eq");
    for (String variant :
        List.of(
            "p-int",
            "p-string",
            "p-date",
            "p-hour",
            "p-decimal",
            "p-uuid",
            "p-binary",
            "p-fixed",
            "p-boolean")) {
      assertThat(deletes(current, variant)).as("%s differs in one value", variant).isEmpty();
    }
  }

  @Test
  void positionDeletesApplyByScopeAndSequenceNumber() {
    Scenario scenario = ScenarioLibrary.shared("position-deletes", 2);
    NormalizedPlan deleted = atSnapshot(scenario, 2);
    assertThat(deletes(deleted, "a1"))
        .as("partition-scoped, and unequal file_path bounds are partition-scoped too")
        .containsExactlyInAnyOrder("a-pos", "a-pos-wide-bounds");
    assertThat(deletes(deleted, "a2"))
        .as("plus the delete whose equal file_path bounds name a2")
        .containsExactlyInAnyOrder("a-pos", "a-pos-wide-bounds", "a2-pos-bounds");
    assertThat(deletes(deleted, "b1"))
        .as("referenced_data_file")
        .containsExactly("b1-pos-referenced");
    assertThat(deletes(atSnapshot(scenario, 3), "a3-later"))
        .as("older deletes never reach a later file")
        .isEmpty();
    NormalizedPlan sameCommit = atSnapshot(scenario, 4);
    assertThat(deletes(sameCommit, "b2-same-commit"))
        .as("a position delete applies to data of its own commit (data_seq <= delete_seq)")
        .containsExactly("b-pos-same-commit");
    assertThat(deletes(sameCommit, "b1"))
        .containsExactlyInAnyOrder("b-pos-same-commit", "b1-pos-referenced");
    assertThat(deletes(current(scenario), "a1"))
        .as("after the partition-scoped delete was removed")
        .containsExactly("a-pos-wide-bounds");
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {2, 3})
  void equalityDeletesArePrunedByColumnBoundsAndNullCounts(int formatVersion) {
    NormalizedPlan deleted =
        atSnapshot(ScenarioLibrary.shared("equality-deletes", formatVersion), 2);
    assertThat(deletes(deleted, "a-ids-0-99"))
        .as("ids miss, data values miss, and no nulls to match a null delete")
        .isEmpty();
    assertThat(deletes(deleted, "a-ids-100-199"))
        .as("only the delete whose id range overlaps")
        .containsExactly("a-eq-id-150-160");
    assertThat(deletes(deleted, "a-no-metrics"))
        .as("no evidence, no pruning")
        .containsExactlyInAnyOrder("a-eq-id-150-160", "a-eq-id-data", "a-eq-null-data");
    assertThat(deletes(deleted, "a-data-all-null"))
        .as("all-null data meets only the delete of nulls on data")
        .containsExactlyInAnyOrder("a-eq-id-150-160", "a-eq-null-data");
    assertThat(deletes(deleted, "b-ids-0-199")).containsExactly("b-eq-no-metrics");
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {2, 3})
  void equalityDeletesSkipLaterDataAndDataOfTheirOwnCommit(int formatVersion) {
    Scenario scenario = ScenarioLibrary.shared("equality-deletes", formatVersion);
    assertThat(deletes(atSnapshot(scenario, 3), "a-later")).as("a later append").isEmpty();
    NormalizedPlan current = current(scenario);
    assertThat(deletes(current, "a-same-commit"))
        .as("equality deletes need data_seq < delete_seq")
        .isEmpty();
    assertThat(deletes(current, "a-ids-0-99")).containsExactly("a-eq-same-commit");
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {2, 3})
  void unpartitionedEqualityDeletesAreGlobal(int formatVersion) {
    Scenario scenario = ScenarioLibrary.shared("global-deletes", formatVersion);
    NormalizedPlan deleted = atSnapshot(scenario, 3);
    assertThat(deletes(deleted, "u1"))
        .as("a position delete in spec 0 reaches only spec-0 files")
        .containsExactlyInAnyOrderElementsOf(
            formatVersion == 2 ? List.of("global-eq", "spec0-pos") : List.of("global-eq"));
    assertThat(deletes(deleted, "a1")).containsExactlyInAnyOrder("a-eq-data", "global-eq");
    assertThat(deletes(deleted, "b1")).as("global in every partition").containsExactly("global-eq");
    NormalizedPlan current = current(scenario);
    assertThat(deletes(current, "a2-ids-0-10")).as("later file; bounds miss").isEmpty();
    assertThat(deletes(current, "b2"))
        .as("no bounds on b2")
        .containsExactly("global-eq-ids-1000-2000");
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {2, 3})
  void compactionThatKeepsTheSequenceNumberKeepsTheDeletes(int formatVersion) {
    Scenario scenario = ScenarioLibrary.shared("compaction-keeps-sequence-numbers", formatVersion);
    PlannedFile kept = file(atSnapshot(scenario, 3), "a1-compacted-kept-seq");
    assertThat(kept.dataSequenceNumber()).as("data sequence number kept").isEqualTo(1L);
    assertThat(kept.fileSequenceNumber()).as("file sequence number is the commit's").isEqualTo(3L);
    assertThat(kept.deletes()).extracting(PlanningContract::name).containsExactly("a-eq");
    assertThat(deletes(atSnapshot(scenario, 4), "a2-compacted-new-seq")).isEmpty();
    assertThat(deletes(current(scenario), "a1-compacted-kept-seq"))
        .as("a rewritten delete file that kept its sequence number")
        .containsExactly("a-eq-rewritten-kept-seq");
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {2, 3})
  void mergedDeleteManifestsKeepSequenceNumbers(int formatVersion) {
    Scenario scenario = ScenarioLibrary.shared("delete-manifest-merge", formatVersion);
    assertThat(deletes(atSnapshot(scenario, 2), "a1")).containsExactly("a-eq-1");
    NormalizedPlan current = current(scenario);
    assertThat(deletes(current, "a1")).containsExactlyInAnyOrder("a-eq-2", "a-eq-3");
    assertThat(deletes(current, "a2")).containsExactlyInAnyOrder("a-eq-2", "a-eq-3");
  }

  @Test
  void deletesAfterAnUpgradeReachV1Files() {
    NormalizedPlan current = current(ScenarioLibrary.shared("upgraded-from-v1", 1));
    assertThat(file(current, "a1-v1").dataSequenceNumber()).isEqualTo(0L);
    assertThat(deletes(current, "a1-v1")).containsExactly("a-pos-v2");
    assertThat(deletes(current, "a2-v1")).containsExactly("a-pos-v2");
    assertThat(deletes(current, "b1-v1")).containsExactly("b-eq-v2");
    assertThat(deletes(current, "a3-v2")).isEmpty();
  }

  @Test
  void deletionVectorsApplyByReferencedFile() {
    Scenario scenario = ScenarioLibrary.shared("deletion-vectors", 3);
    NormalizedPlan first = atSnapshot(scenario, 2);
    assertThat(deletes(first, "a1")).as("two DVs in one Puffin file").containsExactly("dvs-1@4");
    assertThat(deletes(first, "a2")).containsExactly("dvs-1@100");
    assertThat(deletes(first, "b1")).isEmpty();
    assertThat(deletes(atSnapshot(scenario, 3), "a3-later")).isEmpty();
    assertThat(deletes(atSnapshot(scenario, 4), "a1"))
        .as("the replacing DV")
        .containsExactly("dvs-2@4");
    NormalizedPlan sameCommit = atSnapshot(scenario, 5);
    assertThat(deletes(sameCommit, "b2-same-commit"))
        .as("a DV applies to data of its commit, an equality delete does not")
        .containsExactly("dvs-3@4");
    assertThat(deletes(sameCommit, "b1")).containsExactly("b-eq-same-commit");
    assertThat(deletes(current(scenario), "a1")).containsExactlyInAnyOrder("a-eq", "dvs-2@4");
  }

  @Test
  void aDeletionVectorSupersedesPositionDeletes() {
    Scenario scenario = ScenarioLibrary.shared("dv-supersedes-position-deletes", 2);
    NormalizedPlan before = atSnapshot(scenario, 2);
    assertThat(deletes(before, "a1")).containsExactlyInAnyOrder("a-pos", "a1-pos-referenced");
    assertThat(file(before, "a1").firstRowId()).as("no row lineage before v3").isNull();
    NormalizedPlan after = atSnapshot(scenario, 3);
    assertThat(deletes(after, "a1")).as("the DV alone").containsExactly("a1-dv@4");
    assertThat(deletes(after, "a2")).as("no DV: position deletes").containsExactly("a-pos");
    assertThat(file(current(scenario), "a3-v3").firstRowId()).as("a v3 append").isNotNull();
  }

  @Test
  void rowIdsAreAssignedAtCommitAndCarriedThroughRewrites() {
    Scenario scenario = ScenarioLibrary.shared("row-lineage", 3);
    assertThat(firstRowIds(atSnapshot(scenario, 1)))
        .containsExactly(Map.entry("a1", 0L), Map.entry("b1", 10L));
    assertThat(firstRowIds(atSnapshot(scenario, 3)))
        .as("after rewriting manifests")
        .containsExactly(Map.entry("a1", 0L), Map.entry("a2", 30L), Map.entry("b1", 10L));
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {1, 2, 3})
  void branchesAndTagsReadTheirOwnSnapshots(int formatVersion) {
    Scenario scenario = ScenarioLibrary.shared("branches-and-tags", formatVersion);
    assertThat(fileNames(byRef(scenario, "first"))).containsExactly("a1");
    NormalizedPlan dev = byRef(scenario, "dev");
    assertThat(fileNames(dev)).containsExactly("a1", "dev-b2", "dev-c1");
    if (formatVersion >= 2) {
      assertThat(deletes(dev, "a1")).as("a row delta on the branch").containsExactly("dev-a-eq");
    }
    assertThat(fileNames(byRef(scenario, "hotfix"))).containsExactly("a1", "hotfix-a2");
    assertThat(fileNames(byRef(scenario, "main"))).containsExactly("a1", "b1", "main-a3");
    assertThat(fileNames(byRef(scenario, "latest"))).containsExactly("a1", "b1", "main-a3");
    long devCommitTime = snapshot(scenario, 3).timestampMillis();
    assertThat(fileNames(planner().planFiles(scenario, new ScanTarget.AsOfTime(devCommitTime))))
        .as("time travel follows main's history, not a branch's commits")
        .containsExactly("a1", "b1");
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {1, 2, 3})
  void snapshotsAndTagsReadTheirSchemaBranchesTheCurrentOne(int formatVersion) {
    Scenario scenario = ScenarioLibrary.shared("schema-evolution", formatVersion);
    List<String> original = List.of("1:id", "2:data", "3:category", "4:ts");
    List<String> current = List.of("1:id", "2:payload", "3:category", "4:ts");
    assertThat(atSnapshot(scenario, 1).schemaColumns()).containsExactlyElementsOf(original);
    assertThat(byRef(scenario, "before-rename").schemaColumns())
        .containsExactly("1:id", "2:data", "3:category", "4:ts", "5:extra");
    assertThat(byRef(scenario, "old").schemaColumns())
        .as("a branch reads with the table's schema")
        .containsExactlyElementsOf(current);
    assertThat(fileNames(byRef(scenario, "old"))).containsExactly("a1");
    assertThat(current(scenario).schemaColumns()).containsExactlyElementsOf(current);
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {1, 2, 3})
  void timeTravelFollowsTheSnapshotLogThroughARollback(int formatVersion) {
    Scenario scenario = ScenarioLibrary.shared("rollback", formatVersion);
    List<HistoryEntry> history = scenario.table().history();
    assertThat(fileNames(asOf(scenario, history.get(2).timestampMillis())))
        .as("before the rollback")
        .containsExactly("a1", "a2", "a3");
    assertThat(fileNames(asOf(scenario, history.get(3).timestampMillis())))
        .as("at the rollback")
        .containsExactly("a1");
    assertThat(fileNames(current(scenario))).containsExactly("a1", "a4");
  }

  @ParameterizedTest(name = "v{0}")
  @ValueSource(ints = {1, 2, 3})
  void filesSplitAtTheirOffsetsOrAtFixedSizes(int formatVersion) {
    Scenario scenario = ScenarioLibrary.shared("split-offsets", formatVersion);
    List<String> pieces = new ArrayList<>();
    for (SplitPiece piece : planner().planSplits(scenario, new ScanTarget.Current(), 4_096)) {
      pieces.add(name(piece.location()) + " " + piece.start() + "+" + piece.length());
    }
    assertThat(pieces)
        .containsExactly(
            "later-offsets 4+1020",
            "later-offsets 1024+1024",
            "no-offsets 0+4096",
            "no-offsets 4096+4096",
            "no-offsets 8192+4096",
            "no-offsets 12288+4096",
            "no-offsets 16384+4096",
            "no-offsets 20480+4096",
            "no-offsets 24576+424",
            "offsets-not-ascending 0+4096",
            "offsets-not-ascending 4096+3904",
            "offsets-past-end 0+4096",
            "offsets-past-end 4096+904",
            "offsets 4+2996",
            "offsets 3000+3000",
            "offsets 6000+3000",
            "offsets 9000+1000",
            "single-offset 4+6996",
            "with-metrics 4+1496",
            "with-metrics 1500+1500",
            "zero-records 0+100");
  }

  private NormalizedPlan current(Scenario scenario) {
    return planner().planFiles(scenario, new ScanTarget.Current());
  }

  private NormalizedPlan atSnapshot(Scenario scenario, int ordinal) {
    return planner()
        .planFiles(scenario, new ScanTarget.AtSnapshot(snapshot(scenario, ordinal).snapshotId()));
  }

  private NormalizedPlan byRef(Scenario scenario, String name) {
    return planner().planFiles(scenario, new ScanTarget.AtRef(name));
  }

  private NormalizedPlan asOf(Scenario scenario, long timestampMillis) {
    return planner().planFiles(scenario, new ScanTarget.AsOfTime(timestampMillis));
  }

  /** The scenario's {@code ordinal}-th snapshot in commit order, counting from 1. */
  private static Snapshot snapshot(Scenario scenario, int ordinal) {
    List<Snapshot> snapshots = new ArrayList<>();
    scenario.table().snapshots().forEach(snapshots::add);
    return snapshots.get(ordinal - 1);
  }

  private static List<String> fileNames(NormalizedPlan plan) {
    return plan.files().keySet().stream().map(PlanningContract::name).sorted().toList();
  }

  private static PlannedFile file(NormalizedPlan plan, String name) {
    List<PlannedFile> matches =
        plan.files().entrySet().stream()
            .filter(entry -> name(entry.getKey()).equals(name))
            .map(Map.Entry::getValue)
            .toList();
    assertThat(matches).as("planned files named %s in %s", name, plan.files().keySet()).hasSize(1);
    return matches.get(0);
  }

  private static List<String> deletes(NormalizedPlan plan, String dataFileName) {
    return file(plan, dataFileName).deletes().stream().map(PlanningContract::name).toList();
  }

  private static Map<String, Long> sequenceNumbers(NormalizedPlan plan) {
    Map<String, Long> numbers = new java.util.TreeMap<>();
    plan.files()
        .forEach((location, file) -> numbers.put(name(location), file.dataSequenceNumber()));
    return numbers;
  }

  private static Map<String, Integer> specIds(NormalizedPlan plan) {
    Map<String, Integer> ids = new java.util.TreeMap<>();
    plan.files().forEach((location, file) -> ids.put(name(location), file.specId()));
    return ids;
  }

  private static Map<String, Long> firstRowIds(NormalizedPlan plan) {
    Map<String, Long> ids = new java.util.TreeMap<>();
    plan.files().forEach((location, file) -> ids.put(name(location), file.firstRowId()));
    return ids;
  }

  private static String name(PlannedDelete delete) {
    return delete.contentOffset() == null
        ? name(delete.location())
        : name(delete.location()) + "@" + delete.contentOffset();
  }

  /** A file's name without its directory and extension. */
  private static String name(String location) {
    String fileName = location.substring(location.lastIndexOf('/') + 1);
    int dot = fileName.lastIndexOf('.');
    return dot < 0 ? fileName : fileName.substring(0, dot);
  }
}
