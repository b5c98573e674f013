package dev.floe.catalog;

import static dev.floe.catalog.FakeCatalogServer.Reply.error;
import static dev.floe.catalog.FakeCatalogServer.Reply.json;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CatalogException;
import dev.floe.catalog.FakeCatalogServer.Reply;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Secrets the catalog has not been told are secrets must not reach a message either. */
class TestRestCatalogSecrets {
  private static final String TOKENS = "v1/oauth/tokens";
  private static final String NAMESPACES = "v1/namespaces";

  /** Characters a form body encodes: the server sees abc%2Bdef%2Fghi%3Djkl. */
  private static final String CLIENT_SECRET = "abc+def/ghi=jkl";

  private static final String ENCODED_CLIENT_SECRET = "abc%2Bdef%2Fghi%3Djkl";

  private final FakeCatalogServer server = new FakeCatalogServer();

  @BeforeEach
  void serveConfig() {
    server.servingEmptyConfig();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aTokenResponseWithoutAccessTokenNamesItsFieldsButNotTheirValues() {
    server.on(
        "POST",
        TOKENS,
        request ->
            json("{\"accessToken\": \"leaked-access-token-value\", \"token_type\": \"bearer\"}"));

    assertThatThrownBy(() -> connect(Map.of("credential", "floe-client:" + CLIENT_SECRET)))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("Catalog prod: POST /catalog/v1/oauth/tokens")
        .hasMessageContaining("no access_token; fields: [accessToken, token_type]")
        .hasMessageNotContaining("leaked-access-token-value");
  }

  @Test
  void aTokenResponseThatIsNotJsonIsNotQuoted() {
    server.on(
        "POST",
        TOKENS,
        request -> json("access_token=leaked-access-token-value&token_type=bearer"));

    assertThatThrownBy(() -> connect(Map.of("credential", "floe-client:" + CLIENT_SECRET)))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining(
            "Catalog prod: POST /catalog/v1/oauth/tokens returned a malformed response: not JSON")
        .hasMessageNotContaining("leaked-access-token-value");
  }

  @Test
  void masksTheFormEncodedSecretAServerEchoes() {
    server.on(
        "POST",
        TOKENS,
        request ->
            new Reply(
                400,
                "{\"error\": \"invalid_request\", \"error_description\": \"cannot parse "
                    + request.body()
                    + "\"}"));

    assertThatThrownBy(() -> connect(Map.of("credential", "floe-client:" + CLIENT_SECRET)))
        .isInstanceOf(CatalogException.class)
        .as("the echoed form shows the secret encoded")
        .hasMessageContaining("client_secret=****")
        .hasMessageNotContaining(ENCODED_CLIENT_SECRET)
        .hasMessageNotContaining(CLIENT_SECRET);
  }

  @Test
  void masksTheTokenOfAnAuthorizationHeaderWhenEchoedAlone() {
    server.on(
        "GET",
        NAMESPACES,
        request ->
            error(
                500,
                "ServerError",
                "unknown token " + request.header("Authorization").substring("Bearer ".length())));

    try (RestCatalog catalog =
        connect(Map.of("header.Authorization", "Bearer static-header-token"))) {
      assertThatThrownBy(() -> catalog.listNamespaces(List.of()))
          .isInstanceOf(CatalogException.class)
          .hasMessageContaining("unknown token ****")
          .hasMessageNotContaining("static-header-token");
    }
  }

  @Test
  void masksEveryHeaderValueButThePlainOnes() {
    server.on(
        "GET",
        NAMESPACES,
        request ->
            error(
                500,
                "ServerError",
                "key "
                    + request.header("X-Api-Key")
                    + " cookie "
                    + request.header("Cookie")
                    + " agent "
                    + request.header("User-Agent")));

    try (RestCatalog catalog =
        connect(
            Map.of(
                "header.X-Api-Key", "api-key-12345",
                "header.Cookie", "session-cookie-value",
                "header.USER-AGENT", "floe-test-agent"))) {
      assertThatThrownBy(() -> catalog.listNamespaces(List.of()))
          .isInstanceOf(CatalogException.class)
          .hasMessageContaining("key **** cookie ****")
          .as("User-Agent is on the safe list, whatever its case")
          .hasMessageContaining("agent floe-test-agent")
          .hasMessageNotContaining("api-key-12345")
          .hasMessageNotContaining("session-cookie-value");
    }
  }

  private RestCatalog connect(Map<String, String> extra) {
    Map<String, String> properties = new HashMap<>(extra);
    properties.put("uri", server.uri());
    return RestCatalog.connect("prod", properties, new ManualClock());
  }
}
