package dev.floe.cache;

import dev.floe.io.FileIO;
import dev.floe.io.InputFile;
import dev.floe.table.TableMetadata;
import dev.floe.table.TableMetadataParser;

/**
 * Table metadata files read through a {@link MetadataCache}. A metadata file is never rewritten, so
 * its location and length name its content; which file is current (a version hint, the newest file
 * of a directory, a catalog's answer) is the caller's to find each time, so a commit is seen at
 * once.
 */
public final class MetadataFiles {
  /**
   * Parsed metadata takes several times its JSON's bytes; gzip packs JSON about five times. Both
   * rough, and on the high side.
   */
  private static final long JSON_EXPANSION = 4;

  private static final long GZIP_EXPANSION = 20;

  private MetadataFiles() {}

  /**
   * The metadata file at {@code location}, from the cache when it holds a file of that location and
   * length, else read, parsed and kept.
   *
   * @throws dev.floe.CorruptTableException when the file is not table metadata
   * @throws dev.floe.FileReadException when the storage fails or the file does not exist
   */
  public static TableMetadata read(MetadataCache cache, FileIO io, String location) {
    InputFile file = io.newInputFile(location);
    if (!cache.isEnabled()) {
      return TableMetadataParser.read(file);
    }
    long length = file.length();
    // a metadata file lives in its table's metadata/ directory: that directory scopes it
    int metadataDirectory = location.lastIndexOf('/');
    String scope = metadataDirectory < 0 ? location : location.substring(0, metadataDirectory);
    CacheKey key = new CacheKey(scope, CacheKey.Kind.TABLE_METADATA, location, length, "");
    TableMetadata kept = cache.get(key, TableMetadata.class);
    if (kept != null) {
      cache.counted(true);
      return kept;
    }
    cache.counted(false);
    TableMetadata parsed = TableMetadataParser.read(io.newInputFile(location, length));
    boolean gzip = location.endsWith(".gz") || location.contains(".gz.");
    cache.put(key, parsed, length * (gzip ? GZIP_EXPANSION : JSON_EXPANSION));
    return parsed;
  }
}
