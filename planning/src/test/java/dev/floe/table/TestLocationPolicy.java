package dev.floe.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.io.LocalFileIO;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TestLocationPolicy {
  private static final String MANIFEST = "manifest file:/t/metadata/m1.avro";
  private static final LocationPolicy FROM_URI =
      new LocationPolicy(false, "s3://b/t/metadata/v3.metadata.json");
  private static final LocationPolicy FROM_LOCAL =
      new LocationPolicy(true, "/t/metadata/v3.metadata.json");

  @ParameterizedTest
  @ValueSource(
      strings = {
        "file:/t/data/a.parquet",
        "file:///t/data/a.parquet",
        "s3://bucket/t/data/a.parquet",
        "s3a://bucket/t/data/a%20b.parquet",
        "hdfs://namenode:8020/t/data/a.parquet",
        "file:/t/data/a..b.parquet"
      })
  void fullyQualifiedLocationsPass(String location) {
    assertThat(FROM_URI.check(location, "data file", MANIFEST))
        .as("a fully-qualified location is used as written")
        .isEqualTo(location);
    assertThat(FROM_LOCAL.check(location, "data file", MANIFEST))
        .as("also in a table loaded from a plain path")
        .isEqualTo(location);
  }

  @ParameterizedTest
  @ValueSource(strings = {"data/a.parquet", "./data/a.parquet", "a.parquet", "../etc/passwd"})
  void relativePathIsRefusedWhateverTheTable(String location) {
    for (LocationPolicy policy : List.of(FROM_URI, FROM_LOCAL)) {
      assertThatThrownBy(() -> policy.check(location, "data file", MANIFEST))
          .as("relative %s, policy %s", location, policy)
          .isInstanceOf(CorruptTableException.class)
          .hasMessageContaining(MANIFEST + " names data file '" + location + "'")
          .hasMessageContaining("a relative path")
          .hasMessageContaining("working directory");
    }
  }

  @Test
  void plainAbsolutePathOnlyInTableLoadedFromPlainPath() {
    assertThat(FROM_LOCAL.check("/t/data/a.parquet", "data file", MANIFEST))
        .as("Iceberg writes plain paths into a table created at a plain path")
        .isEqualTo("/t/data/a.parquet");
    assertThatThrownBy(() -> FROM_URI.check("/etc/passwd", "data file", MANIFEST))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("names data file '/etc/passwd'")
        .hasMessageContaining(
            "a path without a URI scheme, in a table loaded from s3://b/t/metadata/v3.metadata.json");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "file:/t/data/../../etc/passwd",
        "s3://bucket/t/../other/a.parquet",
        "file:/t/data/..",
        "hdfs://namenode/../a.parquet"
      })
  void parentSegmentIsRefusedNotNormalized(String location) {
    assertThatThrownBy(() -> FROM_URI.check(location, "deletion vector file", MANIFEST))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("names deletion vector file '" + location + "'")
        .hasMessageContaining("a path with a '..' segment");
    assertThatThrownBy(() -> FROM_LOCAL.check("/t/../etc/passwd", "data file", MANIFEST))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("a path with a '..' segment");
  }

  @ParameterizedTest
  @ValueSource(strings = {"file:data/a.parquet", "s3:bucket/a.parquet"})
  void uriWithRelativePathIsRefused(String location) {
    assertThatThrownBy(() -> FROM_URI.check(location, "manifest", "manifest list x"))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("manifest list x names manifest '" + location + "'")
        .hasMessageContaining("a URI whose path is relative");
  }

  @Test
  void emptyLocationIsRefused() {
    assertThatThrownBy(() -> FROM_LOCAL.check("", "manifest", "manifest list x"))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("an empty location");
  }

  @Test
  void windowsDriveLetterIsNotAScheme() {
    assertThatThrownBy(() -> FROM_URI.check("C:/t/data/a.parquet", "data file", MANIFEST))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("a relative path");
  }

  @Test
  void snapshotManifestListIsChecked() {
    Snapshot relativeList = snapshot("metadata/snap-1.avro", List.of());
    assertThatThrownBy(() -> FROM_URI.checkManifestLocations(relativeList))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "snapshot 1 of metadata file s3://b/t/metadata/v3.metadata.json names manifest list"
                + " 'metadata/snap-1.avro', a relative path");
    Snapshot inline = snapshot(null, List.of("file:/t/metadata/m0.avro", "m1.avro"));
    assertThatThrownBy(() -> FROM_URI.checkManifestLocations(inline))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("names manifest 'm1.avro', a relative path");
    FROM_URI.checkManifestLocations(snapshot("file:/t/metadata/snap-1.avro", List.of()));
  }

  @Test
  void policyFollowsWhereTheTableWasLoadedFrom() {
    assertThat(LocationPolicy.of(loadedFrom("/t/metadata/v1.metadata.json")))
        .as("loaded from a plain path")
        .isEqualTo(new LocationPolicy(true, "/t/metadata/v1.metadata.json"));
    assertThat(LocationPolicy.of(loadedFrom("file:/t/metadata/v1.metadata.json")))
        .as("loaded from a file: URI, where Iceberg's Java API may write plain paths too")
        .isEqualTo(new LocationPolicy(true, "file:/t/metadata/v1.metadata.json"));
    assertThat(LocationPolicy.of(loadedFrom("s3://b/t/metadata/v1.metadata.json")))
        .as("loaded from a URI")
        .isEqualTo(new LocationPolicy(false, "s3://b/t/metadata/v1.metadata.json"));
    assertThat(LocationPolicy.of(loadedFrom(null)))
        .as("built in memory")
        .isEqualTo(new LocationPolicy(false, "memory"));
  }

  private static Snapshot snapshot(String manifestList, List<String> manifests) {
    return new Snapshot(
        1L, null, 1L, 0L, manifestList, manifests, Map.of(), null, null, null, null);
  }

  /** A table with no snapshot, loaded from {@code metadataLocation} (null: built in memory). */
  private static LoadedTable loadedFrom(String metadataLocation) {
    TableMetadata metadata =
        TableMetadata.builder()
            .metadataFileLocation(metadataLocation)
            .location("file:/t")
            .formatVersion(2)
            .schemas(List.of(new Schema(0, List.of(), Set.of())))
            .currentSchemaId(0)
            .specs(List.of(PartitionSpec.unpartitioned(0)))
            .build();
    return new LoadedTable("db.t", metadata, new LocalFileIO());
  }
}
