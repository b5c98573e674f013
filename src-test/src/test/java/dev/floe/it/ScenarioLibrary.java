package dev.floe.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every scenario table, by name and the format versions it is built for. A scenario leaves out a
 * version when Iceberg refuses to build it there (deletes before v2, position delete files in v3,
 * deletion vectors before v3); {@link TestIcebergRefusals} pins down those refusals.
 */
final class ScenarioLibrary {
  static final List<Integer> EVERY_VERSION = List.of(1, 2, 3);

  /** Writes one scenario's table into {@code directory} with the given format version. */
  interface Builder {
    FixtureTable build(Path directory, int formatVersion);
  }

  record Definition(String name, List<Integer> formatVersions, Builder builder) {
    Definition {
      formatVersions = List.copyOf(formatVersions);
    }
  }

  static final List<Definition> DEFINITIONS =
      List.of(
          new Definition("appends", EVERY_VERSION, AppendScenarios::appends),
          new Definition("overwrites", EVERY_VERSION, AppendScenarios::overwrites),
          new Definition("deletes", EVERY_VERSION, AppendScenarios::deletes),
          new Definition("compaction", EVERY_VERSION, AppendScenarios::compaction),
          new Definition("manifest-rewrite", EVERY_VERSION, AppendScenarios::manifestRewrite),
          new Definition("manifest-merge", EVERY_VERSION, AppendScenarios::manifestMerge),
          new Definition("never-written", EVERY_VERSION, AppendScenarios::neverWritten),
          new Definition("spec-evolution", EVERY_VERSION, PartitionScenarios::specEvolution),
          new Definition(
              "unpartitioned-then-partitioned",
              EVERY_VERSION,
              PartitionScenarios::unpartitionedThenPartitioned),
          new Definition("partition-types", EVERY_VERSION, PartitionScenarios::partitionTypes),
          new Definition("fixed-partition", EVERY_VERSION, PartitionScenarios::fixedPartition),
          new Definition(
              "nanosecond-timestamps", List.of(3), PartitionScenarios::nanosecondTimestamps),
          new Definition("position-deletes", List.of(2), DeleteScenarios::positionDeletes),
          new Definition("equality-deletes", List.of(2, 3), DeleteScenarios::equalityDeletes),
          new Definition("global-deletes", List.of(2, 3), DeleteScenarios::globalDeletes),
          new Definition(
              "compaction-keeps-sequence-numbers",
              List.of(2, 3),
              DeleteScenarios::compactionKeepsSequenceNumbers),
          new Definition(
              "delete-manifest-merge", List.of(2, 3), DeleteScenarios::deleteManifestMerge),
          new Definition("upgraded-from-v1", List.of(1), DeleteScenarios::upgradedFromV1),
          new Definition("deletion-vectors", List.of(3), DeletionVectorScenarios::deletionVectors),
          new Definition(
              "dv-supersedes-position-deletes",
              List.of(2),
              DeletionVectorScenarios::dvSupersedesPositionDeletes),
          new Definition("row-lineage", List.of(3), DeletionVectorScenarios::rowLineage),
          new Definition("branches-and-tags", EVERY_VERSION, RefScenarios::branchesAndTags),
          new Definition("schema-evolution", EVERY_VERSION, RefScenarios::schemaEvolution),
          new Definition("rollback", EVERY_VERSION, RefScenarios::rollback),
          new Definition("file-uri-location", EVERY_VERSION, RefScenarios::fileUriLocation),
          new Definition("split-offsets", EVERY_VERSION, RefScenarios::splitOffsets),
          new Definition("filter-identity", List.of(2), FilterScenarios::identity),
          new Definition(
              "filter-identity-strings-dates",
              List.of(2),
              FilterScenarios::identityStringsAndDates),
          new Definition(
              "filter-identity-longs-decimals",
              List.of(2),
              FilterScenarios::identityLongsAndDecimals),
          new Definition("filter-bucket", List.of(2), FilterScenarios::bucket),
          new Definition("filter-bucket-wide", List.of(2), FilterScenarios::bucketWide),
          new Definition("filter-truncate", List.of(2), FilterScenarios::truncate),
          new Definition("filter-truncate-wide", List.of(2), FilterScenarios::truncateWide),
          new Definition("filter-years-months-days", List.of(2), FilterScenarios::years),
          new Definition("filter-months-hours-years", List.of(2), FilterScenarios::hours),
          new Definition("filter-days-hours", List.of(2), FilterScenarios::days),
          new Definition("filter-nanoseconds", List.of(3), FilterScenarios::nanoseconds),
          new Definition("filter-spec-evolution", List.of(2), FilterScenarios::specEvolution),
          new Definition(
              "filter-unpartitioned-then-partitioned",
              List.of(1),
              FilterScenarios::unpartitionedThenPartitioned),
          new Definition("filter-schema-evolution", List.of(2), FilterScenarios::schemaEvolution),
          new Definition("filter-metrics-modes", List.of(2), FilterScenarios::metricsModes),
          new Definition("filter-deletes", List.of(2, 3), FilterScenarios::deletes));

  private ScenarioLibrary() {}

  /**
   * Every scenario, built once per test JVM into a temporary warehouse that is removed when the JVM
   * exits: writing the tables is most of the suite's time, and several test classes read them.
   */
  static List<Scenario> shared() {
    return SharedWarehouse.SCENARIOS;
  }

  /** One scenario of {@link #shared()}. */
  static Scenario shared(String name, int formatVersion) {
    for (Scenario scenario : shared()) {
      if (scenario.name().equals(name) && scenario.formatVersion() == formatVersion) {
        return scenario;
      }
    }
    throw new IllegalArgumentException("No scenario " + name + " in format v" + formatVersion);
  }

  /** Builds every scenario in every format version it supports, under {@code warehouse}. */
  static List<Scenario> buildAll(Path warehouse) {
    List<Scenario> scenarios = new ArrayList<>();
    for (Definition definition : DEFINITIONS) {
      for (int formatVersion : definition.formatVersions()) {
        scenarios.add(build(warehouse, definition, formatVersion));
      }
    }
    return List.copyOf(scenarios);
  }

  /** Builds one scenario by name under {@code warehouse}. */
  static Scenario build(Path warehouse, String name, int formatVersion) {
    for (Definition definition : DEFINITIONS) {
      if (definition.name().equals(name)) {
        if (!definition.formatVersions().contains(formatVersion)) {
          throw new IllegalArgumentException(
              "Scenario " + name + " is not built for format v" + formatVersion);
        }
        return build(warehouse, definition, formatVersion);
      }
    }
    throw new IllegalArgumentException("Unknown scenario " + name);
  }

  /** Builds the shared warehouse on first use (the holder idiom makes that thread-safe). */
  private static final class SharedWarehouse {
    static final List<Scenario> SCENARIOS = buildAll(createTemporaryWarehouse());
  }

  /**
   * A temporary directory removed when the JVM exits. The hook lives outside {@link
   * SharedWarehouse} so that it still runs when building the scenarios failed and left that class
   * unusable.
   */
  private static Path createTemporaryWarehouse() {
    try {
      Path warehouse = Files.createTempDirectory("floe-it-warehouse");
      Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteRecursively(warehouse)));
      return warehouse;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create a temporary warehouse", e);
    }
  }

  private static void deleteRecursively(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete the temporary warehouse " + root, e);
    }
  }

  private static Scenario build(Path warehouse, Definition definition, int formatVersion) {
    Path directory = warehouse.resolve("v" + formatVersion).resolve(definition.name());
    try {
      FixtureTable table = definition.builder().build(directory, formatVersion);
      return new Scenario(definition.name(), formatVersion, table.table());
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "Cannot build scenario v" + formatVersion + "/" + definition.name() + ": " + e, e);
    }
  }
}
