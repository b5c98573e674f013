package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestCountPlan {
  private static final String FLOE_PUSHED =
      "Floe /w/bench/deletes_dv_10 snapshot=42 filter=true dataManifests=[total=1, read=1]"
          + " aggregate=[COUNT(*)] aggregateFiles=[fromMetadata=8, fromDeleteFiles=0, read=0]"
          + " deleteFiles=[attached=8]";

  @Test
  void readsWhatFloePushedAndHowItAnsweredIt() {
    CountPlan plan = new CountPlan(List.of(FLOE_PUSHED), List.of("BatchScan"));

    assertThat(plan.pushedAggregate()).as("the pushed functions").contains("COUNT(*)");
    assertThat(plan.aggregateFiles())
        .as("the files answered from metadata, delete files and rows")
        .contains("fromMetadata=8, fromDeleteFiles=0, read=0");
    assertThat(plan.summary())
        .as("both, for the report")
        .isEqualTo(
            "aggregate=[COUNT(*)] aggregateFiles=[fromMetadata=8, fromDeleteFiles=0, read=0]");
  }

  @Test
  void findsTheFiguresInWhicheverScanHasThem() {
    CountPlan plan =
        new CountPlan(
            List.of("Floe t snapshot=1 filter=true", "Floe t aggregate=[COUNT(*), MAX(id)]"),
            List.of("BatchScan", "BatchScan"));

    assertThat(plan.pushedAggregate()).as("from the second scan").contains("COUNT(*), MAX(id)");
    assertThat(plan.summary())
        .as("a pushed aggregate without its file figures says so")
        .isEqualTo("aggregate=[COUNT(*), MAX(id)] aggregateFiles=[not reported]");
  }

  @Test
  void keepsNestedBracketsAndSkipsLongerNames() {
    CountPlan plan =
        new CountPlan(
            List.of("Floe t preaggregate=[x] aggregate=[COUNT(a[0])] tail"), List.of("BatchScan"));

    assertThat(plan.pushedAggregate())
        .as("'preaggregate=[' is another name; the inner bracket is kept")
        .contains("COUNT(a[0])");
  }

  @Test
  void aScanWithoutAPushedAggregateReadsRows() {
    CountPlan plan =
        new CountPlan(
            List.of("IcebergScan(table=t, branch=null, filters=, caseSensitive=false)"),
            List.of("BatchScan"));

    assertThat(plan.pushedAggregate()).as("nothing pushed").isEmpty();
    assertThat(plan.aggregateFiles()).as("no figures").isEmpty();
    assertThat(plan.summary())
        .as("Spark counts")
        .isEqualTo("no aggregate pushed: Spark counts the rows read");
  }

  @Test
  void aPlanWithoutBatchScanIsAnsweredOnTheDriverOrByAFileScan() {
    assertThat(new CountPlan(List.of(), List.of("LocalTableScan")).summary())
        .as("Iceberg's pushed count: a local relation computed on the driver")
        .isEqualTo("no scan: answered on the driver (LocalTableScan)");
    assertThat(new CountPlan(List.of(), List.of("Scan parquet")).summary())
        .as("Spark's Parquet reader reads its files")
        .isEqualTo("Spark counts the rows read (Scan parquet)");
    assertThat(new CountPlan(List.of(), List.of()).summary())
        .as("an empty plan is not taken for a metadata answer")
        .isEqualTo("Spark counts the rows read ()");
  }

  @Test
  void anUnclosedBracketIsNoFigure() {
    CountPlan plan = new CountPlan(List.of("Floe t aggregate=[COUNT(*"), List.of("BatchScan"));

    assertThat(plan.pushedAggregate()).as("truncated description").isEmpty();
  }
}
