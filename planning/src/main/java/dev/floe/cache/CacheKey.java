package dev.floe.cache;

import dev.floe.io.FileIO;
import java.util.Objects;

/**
 * What a cached metadata file is known by. Iceberg never rewrites a metadata file in place, so a
 * file's location and length name its content; the table scope and the storage access keep a file
 * read for one table, or with one set of credentials (a catalog's vended keys), from being handed
 * to a reader of another table or to one without those credentials; the variant holds whatever else
 * the decoded form depends on (a manifest's inherited sequence numbers and the table's format
 * version).
 *
 * @param scope the table the file belongs to: its UUID and location
 * @param storage the file access it was read with, equal only to access with the same settings and
 *     credentials
 * @param kind what the file is
 * @param location the file's full location
 * @param length the file's length in bytes, or -1 where the metadata does not record it (a manifest
 *     list, which the variant then names by its snapshot)
 * @param variant what the decoding depends on beyond the file's bytes
 */
public record CacheKey(
    String scope, FileIO storage, Kind kind, String location, long length, String variant) {
  /** The kinds of metadata file the cache holds. */
  public enum Kind {
    TABLE_METADATA,
    MANIFEST_LIST,
    MANIFEST
  }

  public CacheKey {
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(storage, "storage");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(variant, "variant");
  }
}
