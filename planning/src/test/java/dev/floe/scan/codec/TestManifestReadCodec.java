package dev.floe.scan.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.FloeException;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.ManifestFile.ManifestCounts;
import dev.floe.manifest.MetricsColumns;
import dev.floe.manifest.PartitionValues;
import dev.floe.scan.ManifestOutcome;
import dev.floe.scan.ManifestReadJob;
import dev.floe.scan.ScanReport;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What an executor sends back after reading a manifest must arrive whole: the planner pairs the
 * files with delete files, computes residuals and reports counts from exactly these fields, and a
 * plan made on executors must equal a local one field by field.
 */
class TestManifestReadCodec {
  private static final ColumnMetrics ID_METRICS =
      new ColumnMetrics(
          Map.of(1, 80L),
          Map.of(1, 10L, 2, 10L),
          Map.of(1, 0L),
          Map.of(),
          Map.of(1, bytes("lower")),
          Map.of(1, bytes("upper")),
          EnumSet.of(
              ColumnMetrics.Kind.COLUMN_SIZES,
              ColumnMetrics.Kind.VALUE_COUNTS,
              ColumnMetrics.Kind.NULL_VALUE_COUNTS,
              ColumnMetrics.Kind.NAN_VALUE_COUNTS,
              ColumnMetrics.Kind.LOWER_BOUNDS,
              ColumnMetrics.Kind.UPPER_BOUNDS));

  private static final DataFile FILE_A =
      new DataFile(
          "s3a://bucket/t/data/a.parquet",
          FileFormat.PARQUET,
          1,
          PartitionValues.of(
              "eu",
              19_000,
              42L,
              new BigDecimal("1.50"),
              UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7"),
              bytes("fixed"),
              null,
              true,
              1.5d),
          10,
          4_096,
          ID_METRICS,
          List.of(4L, 2_048L),
          3,
          1_000L,
          bytes("key"),
          7,
          8L);

  /** A v1 file: no first row id, no file sequence number, no sort order, no key, no metrics. */
  private static final DataFile FILE_B =
      new DataFile(
          "/t/data/b.avro",
          FileFormat.AVRO,
          0,
          PartitionValues.EMPTY,
          3,
          100,
          ColumnMetrics.EMPTY,
          List.of(),
          null,
          null,
          null,
          0,
          null);

  private static final DeleteFile FILE_A_DV =
      new DeleteFile(
          FileContent.POSITION_DELETES,
          "s3a://bucket/t/data/dv.puffin",
          FileFormat.PUFFIN,
          1,
          PartitionValues.of("eu"),
          2,
          900,
          ColumnMetrics.EMPTY,
          List.of(),
          FILE_A.location(),
          4L,
          40L,
          List.of(),
          null,
          null,
          9,
          9L);

  private static final DeleteFile FILE_A_EQUALITY_DELETES =
      new DeleteFile(
          FileContent.EQUALITY_DELETES,
          "s3a://bucket/t/data/eq.parquet",
          FileFormat.PARQUET,
          0,
          PartitionValues.EMPTY,
          5,
          700,
          new ColumnMetrics(
              Map.of(), Map.of(1, 5L), Map.of(1, 0L), Map.of(), Map.of(), Map.of(), Set.of()),
          List.of(1, 2),
          null,
          null,
          null,
          List.of(4L),
          0,
          null,
          9,
          9L);

  @Test
  void contentFilesTravelWhole() {
    List<ContentFile> files = List.of(FILE_A, FILE_B, FILE_A_DV, FILE_A_EQUALITY_DELETES);
    ManifestOutcome<ContentFile> outcome =
        new ManifestOutcome<>(
            files,
            new ScanReport.EntryPruning(9, 3, 2),
            List.of(
                new ScanReport.SkippedFile(
                    ScanReport.Hop.DATA_FILE_METRICS, "s3a://bucket/t/data/c.parquet", "id > 5")),
            4,
            true,
            0);

    ManifestOutcome<ContentFile> decoded =
        ManifestReadCodec.decodeOutcome(ManifestReadCodec.encodeOutcome(outcome), "m.avro");

    assertThat(decoded)
        .as("every field of every file, the counts and the skip list")
        .isEqualTo(outcome);
    assertThat(decoded.files().get(0).metrics().recorded())
        .as("an empty map the manifest recorded stays recorded")
        .contains(ColumnMetrics.Kind.NAN_VALUE_COUNTS);
    assertThat(decoded.files().get(3).metrics().recorded())
        .as("maps the manifest left out stay left out")
        .isEqualTo(FILE_A_EQUALITY_DELETES.metrics().recorded());
  }

  @Test
  void manifestsTravelWithWhatTheirEntriesInherit() {
    ManifestFile manifest =
        new ManifestFile(
            "s3a://bucket/t/metadata/m1.avro",
            6_000,
            1,
            ManifestContent.DELETES,
            12,
            10,
            99,
            new ManifestCounts(1, 2, 3, 4L, 5L, 6L),
            List.of(),
            null,
            500L);

    ManifestFile decoded =
        ManifestReadCodec.decodeManifest(ManifestReadCodec.encodeManifest(manifest));

    assertThat(decoded)
        .as("counts and partition summaries are the planner's only")
        .isEqualTo(
            new ManifestFile(
                manifest.path(),
                6_000,
                1,
                ManifestContent.DELETES,
                12,
                10,
                99,
                ManifestCounts.UNKNOWN,
                null,
                null,
                500L));
  }

  @Test
  void jobsTravelWithTheirMetricColumns() {
    for (MetricsColumns metrics :
        List.of(
            MetricsColumns.NONE,
            MetricsColumns.ALL,
            MetricsColumns.forPruning(List.of(1, 7)),
            MetricsColumns.of(List.of(3)))) {
      ManifestReadJob job =
          new ManifestReadJob(
              "lake.db.events",
              "s3a://bucket/t/metadata/v3.metadata.json",
              42,
              2,
              "{\"type\":\"eq\",\"term\":\"id\",\"value\":5}",
              metrics,
              10);

      assertThat(ManifestReadCodec.decodeJob(ManifestReadCodec.encodeJob(job)))
          .as("job with %s", metrics)
          .isEqualTo(job);
    }
  }

  @Test
  void anOutcomeFromAnotherFloeIsRefusedByName() {
    byte[] encoded =
        ManifestReadCodec.encodeOutcome(
            new ManifestOutcome<>(List.of(), ScanReport.EntryPruning.NONE, List.of(), 0, false, 0));
    encoded[3] = 9;

    assertThatThrownBy(() -> ManifestReadCodec.decodeOutcome(encoded, "s3a://bucket/m1.avro"))
        .isInstanceOf(FloeException.class)
        .hasMessageContaining("Cannot decode the outcome of manifest s3a://bucket/m1.avro")
        .hasMessageContaining("version 9, this Floe knows 1")
        .hasMessageContaining("same Floe jar on the driver and the executors");
  }

  private static ByteBuffer bytes(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
  }
}
