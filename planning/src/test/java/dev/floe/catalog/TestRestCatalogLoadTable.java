package dev.floe.catalog;

import static dev.floe.catalog.FakeCatalogServer.Reply.error;
import static dev.floe.catalog.FakeCatalogServer.Reply.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CatalogException;
import dev.floe.CorruptTableException;
import dev.floe.catalog.FakeCatalogServer.Reply;
import dev.floe.io.LocalFileIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TestRestCatalogLoadTable {
  private static final String EVENTS = "v1/namespaces/db/tables/events";
  private static final String CURRENT_SNAPSHOT = "3055729675574597004";

  private final FakeCatalogServer server = new FakeCatalogServer();
  private RestCatalog catalog;

  @BeforeEach
  void connect() {
    server.servingEmptyConfig();
    catalog = RestCatalog.connect("prod", Map.of("uri", server.uri()));
  }

  @AfterEach
  void stop() {
    catalog.close();
    server.close();
  }

  @Test
  void parsesTheMetadataInTheResponseWithoutReadingTheFile() {
    server.on(
        "GET",
        EVENTS,
        request -> json(RestFixtures.loadTableResult("{\"client.region\": \"eu-west-1\"}", null)));

    RestTable table = catalog.loadTable(List.of("db"), "events").orElseThrow();

    assertThat(Files.exists(Path.of("/nonexistent/floe/metadata")))
        .as("the metadata location names no file, so parsing cannot have read it")
        .isFalse();
    assertThat(table.name()).isEqualTo("prod.db.events");
    assertThat(table.metadataLocation()).isEqualTo(RestFixtures.METADATA_LOCATION);
    assertThat(table.metadata().metadataFileLocation()).isEqualTo(RestFixtures.METADATA_LOCATION);
    assertThat(table.metadata().location()).isEqualTo(RestFixtures.TABLE_LOCATION);
    assertThat(table.metadata().currentSnapshotId())
        .as("the response's metadata, not a default")
        .isEqualTo(Long.parseLong(CURRENT_SNAPSHOT));
    assertThat(table.config()).isEqualTo(Map.of("client.region", "eu-west-1"));
    assertThat(table.table(new LocalFileIO()).metadata()).isSameAs(table.metadata());
  }

  @Test
  void asksForVendedCredentials() {
    server.on("GET", EVENTS, request -> json(RestFixtures.loadTableResult("{}", null)));

    catalog.loadTable(List.of("db"), "events");

    assertThat(server.requests("GET", EVENTS).get(0).header("X-Iceberg-Access-Delegation"))
        .isEqualTo("vended-credentials");
  }

  @Test
  void mergesTheStorageCredentialWithTheLongestMatchingPrefix() {
    String credentials =
        "[{\"prefix\": \"s3://bucket/\", \"config\": {\"s3.access-key-id\": \"bucket-wide\"}},"
            + " {\"prefix\": \"s3://bucket/test/location\","
            + " \"config\": {\"s3.access-key-id\": \"table\", \"s3.secret-access-key\": \"shh\"}},"
            + " {\"prefix\": \"s3://bucket/test/other\","
            + " \"config\": {\"s3.access-key-id\": \"other table\"}},"
            + " {\"prefix\": \"s3://\", \"config\": {\"s3.access-key-id\": \"everything\"}}]";
    server.on(
        "GET",
        EVENTS,
        request ->
            json(
                RestFixtures.loadTableResult(
                    "{\"s3.access-key-id\": \"from config\", \"s3.region\": \"eu\"}",
                    credentials)));

    RestTable table = catalog.loadTable(List.of("db"), "events").orElseThrow();

    assertThat(table.config())
        .as("the most specific credential wins over the others and over config")
        .containsEntry("s3.access-key-id", "table")
        .containsEntry("s3.secret-access-key", "shh")
        .containsEntry("s3.region", "eu");
    assertThat(table.toString())
        .as("config values are secrets: only keys are shown")
        .contains("s3.secret-access-key")
        .doesNotContain("shh")
        .doesNotContain("\"table\"");
  }

  @Test
  void noMatchingCredentialLeavesTheConfig() {
    server.on(
        "GET",
        EVENTS,
        request ->
            json(
                RestFixtures.loadTableResult(
                    "{\"s3.region\": \"eu\"}",
                    "[{\"prefix\": \"gs://elsewhere/\", \"config\": {\"gcs.oauth2.token\": \"t\"}}]")));

    assertThat(catalog.loadTable(List.of("db"), "events").orElseThrow().config())
        .isEqualTo(Map.of("s3.region", "eu"));
  }

  @Test
  void aMissingTableIsEmpty() {
    server.on(
        "GET",
        "v1/namespaces/db/tables/nope",
        request -> error(404, "NoSuchTableException", "Table does not exist: db.nope"));

    assertThat(catalog.loadTable(List.of("db"), "nope")).as("404: empty").isEmpty();
  }

  @Test
  void aResponseWithoutMetadataLocationFails() {
    server.on("GET", EVENTS, request -> json("{\"metadata\": " + RestFixtures.V2_METADATA + "}"));

    assertThatThrownBy(() -> catalog.loadTable(List.of("db"), "events"))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("Catalog prod: GET /catalog/" + EVENTS)
        .hasMessageContaining("without metadata-location");
  }

  @Test
  void metadataThatBreaksTheSpecNamesTheCatalogRequest() {
    String noFormatVersion = RestFixtures.V2_METADATA.replace("\"format-version\": 2,", "");
    server.on(
        "GET",
        EVENTS,
        request ->
            json(
                "{\"metadata-location\": \""
                    + RestFixtures.METADATA_LOCATION
                    + "\", \"metadata\": "
                    + noFormatVersion
                    + "}"));

    assertThatThrownBy(() -> catalog.loadTable(List.of("db"), "events"))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Catalog prod: GET /catalog/" + EVENTS)
        .hasMessageContaining("format-version");
  }

  @Test
  void aResponseThatIsNotJsonFails() {
    server.on("GET", EVENTS, request -> json("<html>ok</html>"));

    assertThatThrownBy(() -> catalog.loadTable(List.of("db"), "events"))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("Catalog prod: GET /catalog/" + EVENTS)
        .hasMessageContaining("returned a malformed response: not JSON (15 characters)")
        .as("a success body is never quoted: it may carry vended secrets")
        .hasMessageNotContaining("<html>");
  }

  @Test
  void aNotFoundFromAProxyIsNotAMissingTable() {
    server.on("GET", EVENTS, request -> new Reply(404, "<html>Not Found</html>"));

    assertThatThrownBy(() -> catalog.loadTable(List.of("db"), "events"))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining(
            "Catalog prod: GET /catalog/" + EVENTS + " failed with HTTP 404, body: '<html>")
        .extracting(failure -> ((CatalogException) failure).status())
        .isEqualTo(404);
  }

  @Test
  void aTableThatIsNotAnIcebergTableIsMissing() {
    server.on(
        "GET",
        EVENTS,
        request -> error(404, "NoSuchIcebergTableException", "Not an iceberg table: db.events"));

    assertThat(catalog.loadTable(List.of("db"), "events"))
        .as("Iceberg's server answers so for a table of another format")
        .isEmpty();
  }
}
