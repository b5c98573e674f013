package dev.floe.catalog;

import static dev.floe.catalog.FakeCatalogServer.Reply.error;
import static dev.floe.catalog.FakeCatalogServer.Reply.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CatalogException;
import dev.floe.catalog.FakeCatalogServer.Reply;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TestRestCatalogErrors {
  private static final String NAMESPACES = "v1/namespaces";

  private final FakeCatalogServer server = new FakeCatalogServer();
  private final ManualClock clock = new ManualClock();

  @BeforeEach
  void serveConfig() {
    server.servingEmptyConfig();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void reportsTheErrorModelWithStatusTypeAndMessage() {
    server.on("GET", NAMESPACES, request -> error(500, "ServerError", "Backing store unavailable"));

    try (RestCatalog catalog = connect(Map.of("warehouse", "sales"))) {
      assertThatThrownBy(() -> catalog.listNamespaces(List.of()))
          .isInstanceOf(CatalogException.class)
          .hasMessage(
              "Catalog prod: GET /catalog/v1/namespaces failed with HTTP 500 (ServerError):"
                  + " Backing store unavailable")
          .extracting(failure -> ((CatalogException) failure).status())
          .isEqualTo(500);
    }
    assertThat(server.requests("GET", NAMESPACES)).as("500 is not retried").hasSize(1);
  }

  @Test
  void quotesTheStartOfABodyThatIsNotTheErrorModel() {
    String page = "<html><body>" + "x".repeat(180) + "TAIL-NOT-QUOTED" + "</body></html>";
    server.on("GET", NAMESPACES, request -> new Reply(500, page));

    try (RestCatalog catalog = connect(Map.of())) {
      assertThatThrownBy(() -> catalog.listNamespaces(List.of()))
          .isInstanceOf(CatalogException.class)
          .hasMessageContaining("GET /catalog/v1/namespaces failed with HTTP 500, body: '<html>")
          .hasMessageNotContaining("TAIL-NOT-QUOTED");
    }
  }

  @Test
  void retriesAGetThatTheServiceCannotServeYet() {
    AtomicInteger calls = new AtomicInteger();
    server.on(
        "GET",
        NAMESPACES,
        request ->
            switch (calls.incrementAndGet()) {
              case 1 -> error(503, "ServiceUnavailableException", "Starting");
              case 2 -> new Reply(429, "");
              default -> json("{\"namespaces\": [[\"db\"]]}");
            });

    try (RestCatalog catalog = connect(Map.of())) {
      assertThat(catalog.listNamespaces(List.of())).containsExactly(List.of("db"));
    }
    assertThat(server.requests("GET", NAMESPACES)).hasSize(3);
    assertThat(clock.sleeps()).as("doubling waits between attempts").containsExactly(200L, 400L);
  }

  @Test
  void givesUpAfterTheConfiguredRetriesWithBoundedWaits() {
    server.on(
        "GET", NAMESPACES, request -> error(503, "ServiceUnavailableException", "Overloaded"));

    try (RestCatalog catalog = connect(Map.of("rest.client.max-retries", "7"))) {
      assertThatThrownBy(() -> catalog.listNamespaces(List.of()))
          .isInstanceOf(CatalogException.class)
          .hasMessageContaining("failed with HTTP 503 (ServiceUnavailableException): Overloaded");
    }
    assertThat(server.requests("GET", NAMESPACES)).as("one attempt and 7 retries").hasSize(8);
    assertThat(clock.sleeps())
        .as("waits double up to a cap of 5 s")
        .containsExactly(200L, 400L, 800L, 1600L, 3200L, 5000L, 5000L);
  }

  @Test
  void retriesTheTokenRequestWithinTheSameBound() {
    server.on("POST", "v1/oauth/tokens", request -> new Reply(502, "Bad gateway"));

    assertThatThrownBy(
            () ->
                connect(
                    Map.of("credential", "client:secret-value", "rest.client.max-retries", "2")))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining(
            "POST /catalog/v1/oauth/tokens failed with HTTP 502, body: 'Bad gateway'")
        .hasMessageNotContaining("secret-value");
    assertThat(server.requests("POST", "v1/oauth/tokens")).hasSize(3);
  }

  @Test
  void aSlowServiceTimesOutWithinTheBound() {
    CountDownLatch testEnded = new CountDownLatch(1);
    server.on(
        "GET",
        NAMESPACES,
        request -> {
          // answers only once the test is over: the client must give up on its own
          testEnded.await(30, TimeUnit.SECONDS);
          return json("{\"namespaces\": []}");
        });

    long started = System.nanoTime();
    try (RestCatalog catalog =
        RestCatalog.connect(
            "prod", Map.of("uri", server.uri(), "rest.client.socket-timeout-ms", "300"))) {
      assertThatThrownBy(() -> catalog.listNamespaces(List.of()))
          .isInstanceOf(CatalogException.class)
          .hasMessageContaining(
              "Catalog prod: GET /catalog/v1/namespaces failed: no response within 300 ms")
          .hasMessageContaining("rest.client.socket-timeout-ms")
          .extracting(failure -> ((CatalogException) failure).status())
          .isEqualTo(CatalogException.NO_RESPONSE);
    }
    long elapsedMillis = (System.nanoTime() - started) / 1_000_000;
    testEnded.countDown();
    assertThat(elapsedMillis).as("a timeout is not retried: one wait only").isLessThan(5_000);
    assertThat(server.requests("GET", NAMESPACES)).as("a timeout is not retried").hasSize(1);
  }

  @Test
  void aRefusedConnectionNamesTheCatalogAndIsNotRetried() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }

    assertThatThrownBy(
            () ->
                RestCatalog.connect(
                    "prod", Map.of("uri", "http://127.0.0.1:" + closedPort + "/catalog"), clock))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("Catalog prod: GET /catalog/v1/config failed: cannot connect")
        .hasMessageContaining("check the catalog uri");
    assertThat(clock.sleeps()).as("not retried").isEmpty();
  }

  @Test
  void messagesNeverCarryTheQuery() {
    server.on(
        "GET", "v1/config", request -> error(400, "BadRequestException", "Unknown warehouse"));

    assertThatThrownBy(() -> connect(Map.of("warehouse", "private-warehouse-name")))
        .isInstanceOf(CatalogException.class)
        .hasMessage(
            "Catalog prod: GET /catalog/v1/config failed with HTTP 400 (BadRequestException):"
                + " Unknown warehouse")
        .hasMessageNotContaining("private-warehouse-name");
  }

  private RestCatalog connect(Map<String, String> extra) {
    Map<String, String> properties = new HashMap<>(extra);
    properties.put("uri", server.uri());
    return RestCatalog.connect("prod", properties, clock);
  }
}
