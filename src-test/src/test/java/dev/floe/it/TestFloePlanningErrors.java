package dev.floe.it;

import static dev.floe.it.EventsSchema.BY_CATEGORY;
import static dev.floe.it.EventsSchema.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.InvalidRequestException;
import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.ManifestFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How Floe fails when asked for what a table does not have, or when a table file breaks the spec:
 * the error's type says whose mistake it is, and its message names the table or file and the value
 * asked for.
 */
class TestFloePlanningErrors {
  @TempDir Path warehouse;

  private final Scenario appends = ScenarioLibrary.shared("appends", 2);

  @Test
  void anUnknownSnapshotIdIsTheCallersMistake() {
    assertThatThrownBy(() -> plan(appends.location(), new ScanTarget.AtSnapshot(42L)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(appends.location())
        .hasMessageContaining("42");
  }

  @Test
  void anUnknownRefIsTheCallersMistake() {
    assertThatThrownBy(() -> plan(appends.location(), new ScanTarget.AtRef("no-such-branch")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(appends.location())
        .hasMessageContaining("no-such-branch");
  }

  @Test
  void aTimeBeforeTheFirstSnapshotIsTheCallersMistake() {
    long beforeFirst = appends.table().history().get(0).timestampMillis() - 1;
    assertThatThrownBy(() -> plan(appends.location(), new ScanTarget.AsOfTime(beforeFirst)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(appends.location())
        .hasMessageContaining(Long.toString(beforeFirst));
  }

  @Test
  void aTruncatedManifestIsACorruptTable() throws IOException {
    FixtureTable table = AppendScenarios.appends(warehouse.resolve("truncated"), 2);
    ManifestFile manifest = table.currentSnapshot().allManifests(table.table().io()).get(0);
    Path manifestPath = localPath(manifest.path());
    try (FileChannel channel = FileChannel.open(manifestPath, StandardOpenOption.WRITE)) {
      assertThat(channel.size()).as("a manifest worth truncating").isGreaterThan(100);
      channel.truncate(channel.size() / 2);
    }
    assertThatThrownBy(() -> plan(table.location(), new ScanTarget.Current()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot plan table " + table.location())
        .hasMessageContaining("Cannot read manifest " + manifest.path())
        .hasMessageContaining("truncated");
  }

  /**
   * The spec allows one deletion vector per data file in a snapshot. Iceberg commits two but then
   * refuses to plan (see {@link TestIcebergRefusals}); Floe must refuse too, naming the data file.
   */
  @Test
  void twoDeletionVectorsForOneDataFileAreACorruptTable() {
    FixtureTable table = FixtureTable.create(warehouse.resolve("two-dvs"), 3, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    table.commit(table.table().newFastAppend().appendFile(a1));
    table.commit(
        table
            .table()
            .newRowDelta()
            .addDeletes(table.deletionVector("dv-1", a1, 4, 1))
            .addDeletes(table.deletionVector("dv-2", a1, 4, 1)));
    assertThatThrownBy(() -> plan(table.location(), new ScanTarget.Current()))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(a1.location());
  }

  private static void plan(String location, ScanTarget target) {
    FloePlanner.scan(location, target).planFiles();
  }

  private static Path localPath(String location) {
    return location.startsWith("file:") ? Path.of(URI.create(location)) : Path.of(location);
  }
}
