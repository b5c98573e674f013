package dev.floe.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.io.FileIO;
import dev.floe.io.HadoopFileIO;
import dev.floe.io.LocalFileIO;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The bound in bytes, least-recently-used eviction, and keys that keep tables apart. */
class TestMetadataCache {
  private static final FileIO LOCAL = new LocalFileIO();

  private static CacheKey manifest(String scope, String location, long length) {
    return new CacheKey(scope, LOCAL, CacheKey.Kind.MANIFEST, location, length, "v2");
  }

  private static final CacheKey A = manifest("t1", "s3://b/t1/m-a.avro", 100);
  private static final CacheKey B = manifest("t1", "s3://b/t1/m-b.avro", 100);
  private static final CacheKey C = manifest("t1", "s3://b/t1/m-c.avro", 100);

  @Test
  void evictsTheLeastRecentlyUsedToStayWithinItsBytes() {
    MetadataCache cache = MetadataCache.withMaxBytes(1_000);
    cache.put(A, "a", 250);
    cache.put(B, "b", 250);
    cache.put(C, "c", 250);
    assertThat(cache.get(A, String.class)).as("A used: B is now the eldest").isEqualTo("a");

    cache.put(manifest("t1", "s3://b/t1/m-d.avro", 100), "d", 250);
    cache.put(manifest("t1", "s3://b/t1/m-e.avro", 100), "e", 250);

    assertThat(cache.get(B, String.class)).as("least recently used, evicted").isNull();
    assertThat(cache.get(A, String.class)).as("recently used, kept").isEqualTo("a");
    assertThat(cache.bytes()).as("within the bound").isEqualTo(1_000);
    assertThat(cache.evictions()).isEqualTo(1);
  }

  @Test
  void aValueOverAQuarterOfTheBoundIsNotKept() {
    MetadataCache cache = MetadataCache.withMaxBytes(1_000);
    cache.put(A, "a", 250);
    cache.put(B, "huge", 251);
    assertThat(cache.get(A, String.class)).isEqualTo("a");
    assertThat(cache.get(B, String.class)).as("over a quarter").isNull();
    assertThat(cache.bytes()).isEqualTo(250);
  }

  @Test
  void replacingAValueCountsOnlyTheNewOne() {
    MetadataCache cache = MetadataCache.withMaxBytes(1_000);
    cache.put(A, "narrow", 100);
    cache.put(A, "wide", 200);
    assertThat(cache.get(A, String.class)).isEqualTo("wide");
    assertThat(cache.bytes()).isEqualTo(200);
    assertThat(cache.entries()).isEqualTo(1);
  }

  @Test
  void keysOfAnotherTableLengthOrVariantAreOtherKeys() {
    MetadataCache cache = MetadataCache.withMaxBytes(1_000);
    cache.put(A, "a", 10);
    assertThat(cache.get(manifest("t2", A.location(), A.length()), String.class))
        .as("the same file read for another table")
        .isNull();
    assertThat(cache.get(manifest("t1", A.location(), 101), String.class))
        .as("another length")
        .isNull();
    assertThat(
            cache.get(
                new CacheKey("t1", LOCAL, CacheKey.Kind.MANIFEST, A.location(), A.length(), "v3"),
                String.class))
        .as("another variant")
        .isNull();
    assertThat(
            cache.get(
                new CacheKey(
                    "t1", LOCAL, CacheKey.Kind.MANIFEST_LIST, A.location(), A.length(), "v2"),
                String.class))
        .as("another kind")
        .isNull();
    FileIO otherCredentials = new HadoopFileIO(Map.of("fs.s3a.secret.key", "another"));
    assertThat(
            cache.get(
                new CacheKey(
                    "t1", otherCredentials, CacheKey.Kind.MANIFEST, A.location(), A.length(), "v2"),
                String.class))
        .as("the same file of the same table, read with other credentials")
        .isNull();
    assertThat(cache.get(manifest("t1", A.location(), A.length()), String.class))
        .as("an equal key")
        .isEqualTo("a");
    assertThat(
            cache.get(
                new CacheKey(
                    "t1",
                    new LocalFileIO(),
                    CacheKey.Kind.MANIFEST,
                    A.location(),
                    A.length(),
                    "v2"),
                String.class))
        .as("an equal key with another instance of equal file access")
        .isEqualTo("a");
  }

  @Test
  void aDisabledOrZeroBoundCacheKeepsNothing() {
    MetadataCache disabled = MetadataCache.disabled();
    disabled.put(A, "a", 0);
    assertThat(disabled.isEnabled()).isFalse();
    assertThat(disabled.get(A, String.class)).isNull();

    MetadataCache cache = MetadataCache.withMaxBytes(1_000);
    cache.put(A, "a", 100);
    cache.put(B, "b", 100);
    cache.bound(150);
    assertThat(cache.entries()).as("shrunk: the eldest evicted").isEqualTo(1);
    assertThat(cache.get(B, String.class)).isEqualTo("b");
    cache.bound(0);
    assertThat(cache.entries()).as("bound 0 empties it").isZero();
    assertThat(cache.isEnabled()).isFalse();
  }

  @Test
  void aNegativeBoundOrSizeIsRefused() {
    assertThatThrownBy(() -> MetadataCache.withMaxBytes(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("0 (off) or a positive number of bytes: -1");
    assertThatThrownBy(() -> MetadataCache.withMaxBytes(10).put(A, "a", -1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theDefaultIsAShareOfTheHeapWithACap() {
    long expected =
        Math.min(
            (long) (Runtime.getRuntime().maxMemory() * MetadataCache.DEFAULT_HEAP_SHARE),
            MetadataCache.DEFAULT_MAX_BYTES_CAP);
    assertThat(MetadataCache.defaultMaxBytes()).isEqualTo(expected).isPositive();
  }

  @Test
  void countsHitsAndMissesAsReadersReportThem() {
    MetadataCache cache = MetadataCache.withMaxBytes(1_000);
    cache.counted(true);
    cache.counted(false);
    cache.counted(false);
    assertThat(cache.hits()).isEqualTo(1);
    assertThat(cache.misses()).isEqualTo(2);
  }
}
