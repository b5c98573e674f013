package dev.floe.catalog;

import static dev.floe.catalog.FakeCatalogServer.Reply.error;
import static dev.floe.catalog.FakeCatalogServer.Reply.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CatalogException;
import dev.floe.catalog.FakeCatalogServer.Reply;
import dev.floe.catalog.FakeCatalogServer.Request;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TestRestCatalogAuth {
  private static final String TOKENS = "v1/oauth/tokens";
  private static final String CLIENT_SECRET = "s3cr3t-client-value";
  private static final String CREDENTIAL = "floe-client:" + CLIENT_SECRET;
  private static final long TEN_MINUTES_MS = 600_000;

  private final FakeCatalogServer server = new FakeCatalogServer();
  private final ManualClock clock = new ManualClock();

  /** Issues access-token-1, access-token-2, ... valid for ten minutes. */
  private final AtomicInteger issued = new AtomicInteger();

  @BeforeEach
  void serve() {
    server
        .on("GET", "v1/config", this::onlyWithAToken)
        .on("GET", "v1/namespaces", this::onlyWithAToken)
        .on(
            "POST",
            TOKENS,
            request ->
                json(
                    "{\"access_token\": \"access-token-"
                        + issued.incrementAndGet()
                        + "\", \"token_type\": \"bearer\", \"expires_in\": 600,"
                        + " \"issued_token_type\":"
                        + " \"urn:ietf:params:oauth:token-type:access_token\"}"));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void sendsAGivenTokenAsBearer() {
    try (RestCatalog catalog =
        RestCatalog.connect("prod", Map.of("uri", server.uri(), "token", "fixed-token"))) {
      catalog.listNamespaces(List.of());
    }

    assertThat(server.requests())
        .hasSize(2)
        .allSatisfy(
            request -> assertThat(request.header("Authorization")).isEqualTo("Bearer fixed-token"));
  }

  @Test
  void exchangesTheCredentialForATokenWithTheClientCredentialsGrant() {
    try (RestCatalog catalog = connect(Map.of())) {
      assertThat(catalog.properties()).containsKey("credential");
    }

    Request tokenRequest = server.requests("POST", TOKENS).get(0);
    assertThat(tokenRequest.form())
        .as("the form of an OAuth2 client-credentials grant")
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "grant_type", "client_credentials",
                "client_id", "floe-client",
                "client_secret", CLIENT_SECRET,
                "scope", "catalog"));
    assertThat(tokenRequest.header("Content-Type")).isEqualTo("application/x-www-form-urlencoded");
    assertThat(server.requests("GET", "v1/config").get(0).header("Authorization"))
        .as("the token is fetched before the config")
        .isEqualTo("Bearer access-token-1");
  }

  @Test
  void usesTheGivenScopeAndTokenServer() {
    try (FakeCatalogServer identity = new FakeCatalogServer()) {
      identity.on("POST", "token", request -> json("{\"access_token\": \"from-idp\"}"));

      try (RestCatalog catalog =
          connect(
              Map.of(
                  "credential",
                  CLIENT_SECRET,
                  "scope",
                  "PRINCIPAL_ROLE:reader",
                  "oauth2-server-uri",
                  identity.uri() + "/token"))) {
        catalog.listNamespaces(List.of());
      }

      assertThat(identity.requests("POST", "token").get(0).form())
          .as("a secret alone sends no client_id")
          .doesNotContainKey("client_id")
          .containsEntry("client_secret", CLIENT_SECRET)
          .containsEntry("scope", "PRINCIPAL_ROLE:reader");
      assertThat(server.requests("POST", TOKENS)).as("the default endpoint is unused").isEmpty();
      assertThat(server.requests("GET", "v1/namespaces").get(0).header("Authorization"))
          .isEqualTo("Bearer from-idp");
    }
  }

  @Test
  void refreshesTheTokenOnTheFirstRequestInItsLastMinute() {
    try (RestCatalog catalog = connect(Map.of())) {
      clock.advance(TEN_MINUTES_MS - 61_000);
      catalog.listNamespaces(List.of());
      assertThat(lastAuthorization())
          .as("61 s left: still valid")
          .isEqualTo("Bearer access-token-1");

      clock.advance(2_000);
      catalog.listNamespaces(List.of());
      assertThat(lastAuthorization())
          .as("59 s left: refreshed before sending")
          .isEqualTo("Bearer access-token-2");
    }
    assertThat(server.requests("POST", TOKENS)).hasSize(2);
  }

  @Test
  void keepsTheTokenWhenRefreshIsDisabled() {
    try (RestCatalog catalog = connect(Map.of("token-refresh-enabled", "false"))) {
      clock.advance(TEN_MINUTES_MS - 1_000);
      catalog.listNamespaces(List.of());
    }

    assertThat(lastAuthorization()).isEqualTo("Bearer access-token-1");
  }

  @Test
  void fetchesANewTokenOnceWhenTheServiceRefusesOne() {
    try (RestCatalog catalog = connect(Map.of())) {
      server.on(
          "GET",
          "v1/namespaces",
          request ->
              "Bearer access-token-1".equals(request.header("Authorization"))
                  ? error(401, "NotAuthorizedException", "Token revoked")
                  : json("{\"namespaces\": [[\"db\"]]}"));

      assertThat(catalog.listNamespaces(List.of())).containsExactly(List.of("db"));
    }
    assertThat(server.requests("POST", TOKENS)).as("one new token").hasSize(2);
    assertThat(lastAuthorization()).isEqualTo("Bearer access-token-2");
  }

  @Test
  void failsWhenTheNewTokenIsRefusedToo() {
    try (RestCatalog catalog = connect(Map.of())) {
      server.on(
          "GET",
          "v1/namespaces",
          request -> error(401, "NotAuthorizedException", "Not authorized to list"));

      assertThatThrownBy(() -> catalog.listNamespaces(List.of()))
          .isInstanceOf(CatalogException.class)
          .hasMessageContaining("Catalog prod: GET /catalog/v1/namespaces failed with HTTP 401")
          .hasMessageContaining("(NotAuthorizedException): Not authorized to list")
          .hasMessageContaining("not authorized: check the catalog's credential or token");
    }
    assertThat(server.requests("GET", "v1/namespaces")).as("retried once only").hasSize(2);
    assertThat(server.requests("POST", TOKENS)).hasSize(2);
  }

  @Test
  void aRefusedFixedTokenFailsAtOnce() {
    server.on(
        "GET", "v1/config", request -> error(403, "ForbiddenException", "No access to warehouse"));

    assertThatThrownBy(
            () -> RestCatalog.connect("prod", Map.of("uri", server.uri(), "token", "fixed-token")))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("failed with HTTP 403 (ForbiddenException): No access to warehouse")
        .hasMessageContaining("not authorized: check the catalog's credential or token")
        .hasMessageNotContaining("fixed-token");
    assertThat(server.requests("GET", "v1/config")).hasSize(1);
  }

  @Test
  void aRefusedCredentialNamesTheTokenEndpointButNotTheSecret() {
    server.on(
        "POST",
        TOKENS,
        request ->
            new Reply(
                401,
                "{\"error\": \"invalid_client\", \"error_description\": \"Bad secret "
                    + request.form().get("client_secret")
                    + "\"}"));

    assertThatThrownBy(() -> connect(Map.of()))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining(
            "Catalog prod: POST /catalog/v1/oauth/tokens failed with HTTP 401 (invalid_client)")
        .hasMessageContaining("Bad secret ****")
        .hasMessageNotContaining(CLIENT_SECRET);
  }

  @Test
  void masksSecretsAServerEchoesInItsError() {
    try (RestCatalog catalog = connect(Map.of())) {
      server.on(
          "GET",
          "v1/namespaces",
          request -> error(500, "ServerError", "cannot serve " + request.header("Authorization")));

      assertThatThrownBy(() -> catalog.listNamespaces(List.of()))
          .isInstanceOf(CatalogException.class)
          .hasMessageContaining("cannot serve Bearer ****")
          .hasMessageNotContaining("access-token-1");
      assertThat(catalog.toString()).doesNotContain(CLIENT_SECRET).doesNotContain("access-token");
    }
  }

  private RestCatalog connect(Map<String, String> extra) {
    Map<String, String> properties = new HashMap<>(extra);
    properties.put("uri", server.uri());
    properties.putIfAbsent("credential", CREDENTIAL);
    return RestCatalog.connect("prod", properties, clock);
  }

  private String lastAuthorization() {
    List<Request> listings = server.requests("GET", "v1/namespaces");
    return listings.get(listings.size() - 1).header("Authorization");
  }

  private Reply onlyWithAToken(Request request) {
    if (request.header("Authorization") == null) {
      return error(401, "NotAuthorizedException", "No token");
    }
    return request.path().endsWith("config")
        ? json(RestFixtures.EMPTY_CONFIG)
        : json("{\"namespaces\": []}");
  }
}
