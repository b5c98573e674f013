package dev.floe.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Bodies a REST catalog answers with, shared by the REST catalog tests. */
final class RestFixtures {
  static final String EMPTY_CONFIG = "{\"defaults\": {}, \"overrides\": {}}";

  /** Valid v2 table metadata, at location s3://bucket/test/location. */
  static final String V2_METADATA = resource("/metadata/v2.metadata.json");

  static final String TABLE_LOCATION = "s3://bucket/test/location";

  /** A metadata file that exists nowhere: loading must not try to read it. */
  static final String METADATA_LOCATION = "file:/nonexistent/floe/metadata/00003-abc.metadata.json";

  private RestFixtures() {}

  static String loadTableResult(String config, String storageCredentials) {
    return "{\"metadata-location\": \""
        + METADATA_LOCATION
        + "\", \"metadata\": "
        + V2_METADATA
        + ", \"config\": "
        + config
        + (storageCredentials == null ? "" : ", \"storage-credentials\": " + storageCredentials)
        + "}";
  }

  private static String resource(String name) {
    try (InputStream stream = RestFixtures.class.getResourceAsStream(name)) {
      if (stream == null) {
        throw new IllegalStateException("Missing test fixture " + name);
      }
      return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException unreadable) {
      throw new UncheckedIOException(unreadable);
    }
  }
}
