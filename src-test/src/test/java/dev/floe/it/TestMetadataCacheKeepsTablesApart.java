package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.cache.MetadataCache;
import dev.floe.catalog.PathTables;
import dev.floe.io.LocalFileIO;
import dev.floe.scan.ScanPlan;
import dev.floe.scan.ScanReport;
import dev.floe.scan.TableScan;
import dev.floe.table.LoadedTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cache entry is handed only to a reader of the table that made it: another table naming the very
 * same manifests (a table registered from this one's metadata under another UUID, read perhaps with
 * other credentials) reads them from storage, while the first table's next plan reads none.
 */
class TestMetadataCacheKeepsTablesApart {
  @TempDir Path directory;

  @Test
  void anotherTableOverTheSameManifestsDoesNotShareTheirEntries() throws IOException {
    Scenario scenario =
        ScenarioLibrary.shared().stream()
            .filter(candidate -> candidate.formatVersion() == 2)
            .filter(candidate -> candidate.table().currentSnapshot() != null)
            .findFirst()
            .orElseThrow();
    LoadedTable original = FloePlanner.load(scenario.location());
    String metadataFile = original.metadataLocation().replaceFirst("^file:", "");
    String copied = Files.readString(Path.of(metadataFile));
    String uuid = original.metadata().tableUuid();
    assertThat(copied).as("the metadata names its UUID").contains(uuid);
    Path registered = directory.resolve("v1.metadata.json");
    Files.writeString(registered, copied.replace(uuid, UUID.randomUUID().toString()));
    LoadedTable other = PathTables.load(registered.toString(), new LocalFileIO());

    MetadataCache cache = MetadataCache.withMaxBytes(16L << 20);
    ScanPlan first = TableScan.of(original).metadataCache(cache).plan();
    ScanPlan otherPlan = TableScan.of(other).metadataCache(cache).plan();
    ScanPlan again = TableScan.of(original).metadataCache(cache).plan();

    ScanReport.MetadataReads firstReads = first.report().metadataReads();
    assertThat(firstReads.fromStorage()).as("%s read cold", scenario).isPositive();
    assertThat(otherPlan.files()).as("the same files").isEqualTo(first.files());
    assertThat(otherPlan.report().metadataReads().fromCache())
        .as("the other table gets nothing of the first table's entries")
        .isZero();
    assertThat(otherPlan.report().metadataReads().fromStorage())
        .isEqualTo(firstReads.fromStorage());
    assertThat(again.report().metadataReads().fromStorage())
        .as("the first table's next plan reads nothing")
        .isZero();
  }
}
