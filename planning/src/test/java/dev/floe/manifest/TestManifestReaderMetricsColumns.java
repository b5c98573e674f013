package dev.floe.manifest;

import static dev.floe.manifest.ManifestFixtures.bytes;
import static dev.floe.manifest.ManifestFixtures.entry;
import static dev.floe.manifest.ManifestFixtures.manifestEntrySchema;
import static dev.floe.manifest.ManifestTestFiles.FILE_A_METRICS;
import static dev.floe.manifest.ManifestTestFiles.FILE_A_WITH_METRICS;
import static dev.floe.manifest.ManifestTestFiles.MANIFEST_SEQUENCE_NUMBER;
import static dev.floe.manifest.ManifestTestFiles.SPECS;
import static dev.floe.manifest.ManifestTestFiles.categoryPartition;
import static dev.floe.manifest.ManifestTestFiles.manifest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.io.CloseableIterator;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A manifest read decodes the column metrics it is asked for, and only those. */
class TestManifestReaderMetricsColumns {
  private final InMemoryFileIO io = new InMemoryFileIO();
  private final ManifestTestFiles files = new ManifestTestFiles(io);
  private final ManifestFile manifest = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);

  private ContentFile readWith(MetricsColumns metrics) {
    files.writeManifest(
        manifestEntrySchema(2, categoryPartition()),
        2,
        manifest,
        List.of(entry(EntryStatus.ADDED, null, null, null, FILE_A_WITH_METRICS)));
    List<ManifestEntry> entries = new ArrayList<>();
    try (CloseableIterator<ManifestEntry> iterator =
        ManifestReader.open(io, manifest, SPECS, 2, metrics)) {
      iterator.forEachRemaining(entries::add);
    }
    assertThat(entries).as("the manifest's one entry").hasSize(1);
    return entries.get(0).file();
  }

  @Test
  void everyColumnKeepsEveryMetricAsTheDefaultReadDoes() {
    ContentFile file = readWith(MetricsColumns.ALL);

    assertThat(file.metrics()).as("every map, every column").isEqualTo(FILE_A_METRICS);
    assertThat(files.readAll(manifest, 2).get(0).file().metrics())
        .as("the read without a metrics selection (metadata tables) stays complete")
        .isEqualTo(FILE_A_METRICS);
  }

  @Test
  void noMetricsSkipsEveryMapAndKeepsEverythingElse() {
    ContentFile file = readWith(MetricsColumns.NONE);

    assertThat(file.metrics()).as("no metrics decoded").isEqualTo(ColumnMetrics.EMPTY);
    assertThat(file.recordCount()).as("record count still read").isEqualTo(100);
    assertThat(file.splitOffsets()).as("split offsets still read").containsExactly(4L, 1000L);
    assertThat(file.partition()).as("partition still read").isEqualTo(PartitionValues.of("books"));
    assertThat(file.keyMetadata()).as("key metadata still read").isEqualTo(bytes("key-a"));
  }

  @Test
  void pruningColumnsKeepTheirCountsAndBoundsButNoColumnSizes() {
    ContentFile file = readWith(MetricsColumns.forPruning(Set.of(2)));

    assertThat(file.metrics())
        .as("column 2's counts and bounds; column 1 and every column size skipped")
        .isEqualTo(
            new ColumnMetrics(
                Map.of(),
                Map.of(2, 100L),
                Map.of(2, 5L),
                Map.of(2, 1L),
                Map.of(2, bytes("0")),
                Map.of(2, bytes("9"))));
  }

  @Test
  void requestedColumnsKeepEveryMetricOfTheirsOnly() {
    ContentFile file = readWith(MetricsColumns.of(Set.of(1)));

    assertThat(file.metrics())
        .as("column 1's metrics, column sizes included; column 2's skipped")
        .isEqualTo(
            new ColumnMetrics(
                Map.of(1, 1000L),
                Map.of(1, 100L),
                Map.of(1, 0L),
                Map.of(),
                Map.of(1, bytes("a")),
                Map.of(1, bytes("z")),
                EnumSet.allOf(ColumnMetrics.Kind.class)));
    assertThat(file.metrics().isRecorded(ColumnMetrics.Kind.NAN_VALUE_COUNTS))
        .as("the manifest records nan_value_counts, for column 2 only: kept as recorded, empty")
        .isTrue();
  }

  @Test
  void selectionsCombine() {
    MetricsColumns combined =
        MetricsColumns.forPruning(Set.of(1)).and(MetricsColumns.of(Set.of(2)));

    assertThat(combined.fieldIds()).as("both columns").containsExactlyInAnyOrder(1, 2);
    assertThat(combined.columnSizes()).as("one side asked for column sizes").isTrue();
    assertThat(MetricsColumns.NONE.and(MetricsColumns.ALL))
        .as("every column wins")
        .isEqualTo(MetricsColumns.ALL);
    assertThat(MetricsColumns.of(Set.of())).as("no column is none").isEqualTo(MetricsColumns.NONE);
    assertThat(MetricsColumns.forPruning(Set.of(3)).keeps(3)).as("kept column").isTrue();
    assertThat(MetricsColumns.forPruning(Set.of(3)).keeps(4)).as("other column").isFalse();
  }

  @Test
  void everyColumnWithoutColumnSizesIsRejected() {
    assertThatThrownBy(() -> new MetricsColumns(Set.of(), true, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("include their column sizes");
  }

  /**
   * The metadata cache keeps entries decoded with one selection and hands them, narrowed, to reads
   * asking for less: each narrowed file must be exactly what a read with that selection returns.
   */
  @Test
  void aWiderReadNarrowedIsTheNarrowerRead() {
    List<MetricsColumns> selections =
        List.of(
            MetricsColumns.NONE,
            MetricsColumns.forPruning(Set.of(2)),
            MetricsColumns.forPruning(Set.of(1, 2)),
            MetricsColumns.forPruning(Set.of(7)),
            MetricsColumns.of(Set.of(1)),
            MetricsColumns.of(Set.of(2)),
            MetricsColumns.ALL);
    for (MetricsColumns wider : selections) {
      ContentFile wide = readWith(wider);
      for (MetricsColumns narrower : selections) {
        if (!wider.covers(narrower)) {
          continue;
        }
        assertThat(wide.withMetrics(wide.metrics().narrowedTo(narrower)))
            .as("read with %s, narrowed to %s", wider, narrower)
            .isEqualTo(readWith(narrower));
      }
    }
  }

  @Test
  void aSelectionCoversWhatItDecodes() {
    MetricsColumns pruning12 = MetricsColumns.forPruning(Set.of(1, 2));
    assertThat(MetricsColumns.ALL.covers(MetricsColumns.of(Set.of(3)))).as("all").isTrue();
    assertThat(pruning12.covers(MetricsColumns.forPruning(Set.of(2)))).as("subset").isTrue();
    assertThat(pruning12.covers(MetricsColumns.NONE)).as("none").isTrue();
    assertThat(pruning12.covers(MetricsColumns.forPruning(Set.of(3)))).as("other").isFalse();
    assertThat(pruning12.covers(MetricsColumns.of(Set.of(2))))
        .as("column sizes were not decoded")
        .isFalse();
    assertThat(pruning12.covers(MetricsColumns.ALL)).as("every column").isFalse();
    assertThat(MetricsColumns.NONE.covers(MetricsColumns.forPruning(Set.of(1))))
        .as("nothing decoded")
        .isFalse();
  }
}
