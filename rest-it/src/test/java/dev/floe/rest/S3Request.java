package dev.floe.rest;

import java.util.Objects;

/**
 * One request the S3 server received, path-style: {@code key} is empty for a bucket-level request
 * (a listing, a bucket check). {@code byCatalogServer} marks the REST catalog server's own reads
 * and writes (it reads a table's metadata file to answer every load-table request), told apart by
 * the host name it addresses the S3 server with.
 */
public record S3Request(boolean byCatalogServer, String method, String bucket, String key) {
  public S3Request {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(bucket, "bucket");
    Objects.requireNonNull(key, "key");
  }

  /** A read or check of a table metadata file ({@code *.metadata.json}). */
  public boolean isMetadataFile() {
    return key.endsWith(".metadata.json");
  }
}
