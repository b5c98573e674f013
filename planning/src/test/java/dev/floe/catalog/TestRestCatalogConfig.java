package dev.floe.catalog;

import static dev.floe.catalog.FakeCatalogServer.Reply.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TestRestCatalogConfig {
  private final FakeCatalogServer server = new FakeCatalogServer();

  @AfterEach
  void stopServer() {
    server.close();
  }

  @Test
  void mergesDefaultsBelowAndOverridesAboveTheGivenProperties() {
    server.on(
        "GET",
        "v1/config",
        request ->
            json(
                "{\"defaults\": {\"a\": \"server default\", \"b\": \"server default\"},"
                    + " \"overrides\": {\"c\": \"server override\"}}"));

    try (RestCatalog catalog =
        RestCatalog.connect(
            "prod", Map.of("uri", server.uri(), "b", "given", "c", "given", "d", "given"))) {
      assertThat(catalog.properties())
          .as("defaults < given < overrides")
          .containsEntry("a", "server default")
          .containsEntry("b", "given")
          .containsEntry("c", "server override")
          .containsEntry("d", "given")
          .containsEntry("uri", server.uri());
    }
  }

  @Test
  void asksForTheWarehouseConfig() {
    server.servingEmptyConfig();

    try (RestCatalog catalog =
        RestCatalog.connect("prod", Map.of("uri", server.uri(), "warehouse", "sales dw"))) {
      assertThat(catalog.properties()).containsEntry("warehouse", "sales dw");
      assertThat(server.requests("GET", "v1/config"))
          .singleElement()
          .satisfies(
              request ->
                  assertThat(request.query())
                      .as("the warehouse goes in the query")
                      .containsEntry("warehouse", "sales dw"));
    }
  }

  @Test
  void insertsThePrefixFromTheServerConfigIntoPaths() {
    server
        .on(
            "GET",
            "v1/config",
            request -> json("{\"defaults\": {}, \"overrides\": {\"prefix\": \"wh/sales\"}}"))
        .on("GET", "v1/wh/sales/namespaces", request -> json("{\"namespaces\": [[\"db\"]]}"));

    try (RestCatalog catalog = RestCatalog.connect("prod", Map.of("uri", server.uri()))) {
      assertThat(catalog.listNamespaces(List.of()))
          .as("listed under v1/{prefix}/namespaces")
          .containsExactly(List.of("db"));
    }
  }

  @Test
  void aServerOverrideOfTheUriMovesTheCatalog() {
    try (FakeCatalogServer moved = new FakeCatalogServer()) {
      server.on(
          "GET",
          "v1/config",
          request -> json("{\"defaults\": {}, \"overrides\": {\"uri\": \"" + moved.uri() + "\"}}"));
      moved.on("GET", "v1/namespaces", request -> json("{\"namespaces\": [[\"moved\"]]}"));

      try (RestCatalog catalog = RestCatalog.connect("prod", Map.of("uri", server.uri()))) {
        assertThat(catalog.listNamespaces(List.of())).containsExactly(List.of("moved"));
        assertThat(catalog.toString()).contains(moved.uri());
      }
    }
  }

  @Test
  void sendsConfiguredHeadersWithEveryRequest() {
    server
        .on(
            "GET",
            "v1/config",
            request -> json("{\"defaults\": {\"header.X-Added-By-Server\": \"yes\"}}"))
        .on("GET", "v1/namespaces", request -> json("{\"namespaces\": []}"));

    try (RestCatalog catalog =
        RestCatalog.connect("prod", Map.of("uri", server.uri(), "header.X-Tenant", "acme"))) {
      catalog.listNamespaces(List.of());
    }

    assertThat(server.requests())
        .as("config and listing both carry the given header")
        .hasSize(2)
        .allSatisfy(request -> assertThat(request.header("X-Tenant")).isEqualTo("acme"));
    assertThat(server.requests("GET", "v1/namespaces").get(0).header("X-Added-By-Server"))
        .as("headers from the server's config apply after connecting")
        .isEqualTo("yes");
  }

  @Test
  void rejectsAMissingUri() {
    assertThatThrownBy(() -> RestCatalog.connect("prod", Map.of("warehouse", "w")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Catalog prod: property 'uri' is required");
  }

  @Test
  void rejectsAMalformedTimeout() {
    assertThatThrownBy(
            () ->
                RestCatalog.connect(
                    "prod", Map.of("uri", server.uri(), "rest.client.socket-timeout-ms", "soon")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Catalog prod: property rest.client.socket-timeout-ms")
        .hasMessageContaining("'soon'")
        .hasCauseInstanceOf(NumberFormatException.class);
  }

  @Test
  void rejectsAMalformedTokenLifetimeKeepingTheCause() {
    assertThatThrownBy(
            () ->
                RestCatalog.connect(
                    "prod",
                    Map.of("uri", server.uri(), "token", "t0k3n", "token-expires-in-ms", "soon")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Catalog prod: property token-expires-in-ms")
        .hasMessageContaining("'soon'")
        .hasCauseInstanceOf(NumberFormatException.class);
  }

  @Test
  void rejectsAUriThatIsNotHttp() {
    assertThatThrownBy(() -> RestCatalog.connect("prod", Map.of("uri", "ftp://cat.example.com/x")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(
            "Catalog prod: property 'uri' is not an absolute http(s) URI: ftp://cat.example.com/x");
  }

  @Test
  void rejectsATokenServerUriThatIsNotHttp() {
    assertThatThrownBy(
            () ->
                RestCatalog.connect(
                    "prod",
                    Map.of(
                        "uri",
                        server.uri(),
                        "credential",
                        "id:secret-value",
                        "oauth2-server-uri",
                        "ftp://idp.example.com/token")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(
            "Catalog prod: property 'oauth2-server-uri' is not an absolute http(s) URI:"
                + " ftp://idp.example.com/token");
    assertThat(server.requests()).as("nothing is sent").isEmpty();
  }

  @Test
  void rejectsATokenServerPathThatIsNoUri() {
    assertThatThrownBy(
            () ->
                RestCatalog.connect(
                    "prod",
                    Map.of(
                        "uri",
                        server.uri(),
                        "credential",
                        "id:secret-value",
                        "oauth2-server-uri",
                        "oauth tokens")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Catalog prod: property 'oauth2-server-uri'")
        .hasMessageContaining("oauth tokens");
  }

  @Test
  void resolvesARelativeTokenServerUriAgainstTheCatalogUri() {
    server
        .on("POST", "auth/tokens", request -> json("{\"access_token\": \"relative-token\"}"))
        .on("GET", "v1/config", request -> json(RestFixtures.EMPTY_CONFIG));

    try (RestCatalog catalog =
        RestCatalog.connect(
            "prod",
            Map.of(
                "uri",
                server.uri(),
                "credential",
                "id:secret-value",
                "oauth2-server-uri",
                "auth/tokens"))) {
      assertThat(catalog.properties()).containsEntry("oauth2-server-uri", "auth/tokens");
    }

    assertThat(server.requests("POST", "auth/tokens"))
        .as("a path under the catalog uri, as Iceberg resolves it")
        .hasSize(1);
    assertThat(server.requests("GET", "v1/config").get(0).header("Authorization"))
        .isEqualTo("Bearer relative-token");
  }

  @Test
  void toStringShowsNameAndUriOnly() {
    server.servingEmptyConfig();

    try (RestCatalog catalog =
        RestCatalog.connect(
            "prod",
            Map.of(
                "uri",
                server.uri(),
                "token",
                "token-value-1234",
                "header.Authorization",
                "Bearer header-secret"))) {
      assertThat(catalog.toString())
          .isEqualTo("RestCatalog[name=prod, uri=" + server.uri() + "]")
          .doesNotContain("token-value-1234")
          .doesNotContain("header-secret");
    }
  }

  @Test
  void refusesCallsAfterClose() {
    server.servingEmptyConfig();
    RestCatalog catalog = RestCatalog.connect("prod", Map.of("uri", server.uri()));
    catalog.close();

    assertThatThrownBy(() -> catalog.listNamespaces(List.of()))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Catalog prod is closed");
  }
}
