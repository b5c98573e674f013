package dev.floe.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a production REST catalog (Polaris, Lakekeeper, Tabular) adds in front of Iceberg's REST
 * server, in-process on 127.0.0.1: an OAuth token endpoint, a bearer token required on every other
 * request (401 in the REST spec's error model otherwise), and S3 credentials vended in the {@code
 * config} of every load-table response. It records each request so tests can assert what a client
 * asked for.
 */
public final class CatalogGateway {
  static final String TOKEN_PATH = "/v1/oauth/tokens";
  static final String DELEGATION_HEADER = "X-Iceberg-Access-Delegation";

  // /v1/{prefix}/namespaces/{namespace}/tables/{table}, the prefix optional.
  private static final Pattern TABLE_PATH =
      Pattern.compile("^/v1/(?:[^/]+/)?namespaces/([^/]+)/tables/([^/]+)$");
  // The JDK client sets these itself, or must not forward them.
  private static final Set<String> UNFORWARDED_REQUEST_HEADERS =
      Set.of(
          "authorization",
          "connection",
          "content-length",
          "expect",
          "host",
          "upgrade",
          "accept-encoding");
  private static final Set<String> UNFORWARDED_RESPONSE_HEADERS =
      Set.of("content-length", "transfer-encoding", "content-encoding", "connection", "date");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final ExecutorService executor;
  private final HttpClient client =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final URI backend;
  private final OAuthTokens tokens;
  private final URI s3Endpoint;
  private final S3Keys defaultKeys;
  private final Map<String, Optional<S3Keys>> vendedKeys = new ConcurrentHashMap<>();
  private final List<RecordedRequest> requests = new CopyOnWriteArrayList<>();
  private volatile boolean vendOnlyWhenAsked;

  private CatalogGateway(
      HttpServer server,
      ExecutorService executor,
      URI backend,
      OAuthTokens tokens,
      URI s3Endpoint,
      S3Keys defaultKeys) {
    this.server = server;
    this.executor = executor;
    this.backend = backend;
    this.tokens = tokens;
    this.s3Endpoint = s3Endpoint;
    this.defaultKeys = defaultKeys;
  }

  static CatalogGateway start(URI backend, OAuthTokens tokens, URI s3Endpoint, S3Keys keys) {
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open the catalog gateway on 127.0.0.1", e);
    }
    ExecutorService executor =
        Executors.newCachedThreadPool(
            task -> {
              Thread thread = new Thread(task, "catalog-gateway");
              thread.setDaemon(true);
              return thread;
            });
    CatalogGateway gateway =
        new CatalogGateway(server, executor, backend, tokens, s3Endpoint, keys);
    server.createContext("/", gateway::handle);
    server.setExecutor(executor);
    server.start();
    return gateway;
  }

  /** http://127.0.0.1:port, the catalog uri clients are given. */
  public URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** The token endpoint, for clients told an explicit oauth2-server-uri. */
  public URI tokenUri() {
    return uri().resolve(TOKEN_PATH);
  }

  /** Every request since start or the last {@link #reset()}, in arrival order. */
  public List<RecordedRequest> requests() {
    return List.copyOf(requests);
  }

  /** Tokens issued for client credentials since the last reset. */
  public int clientCredentialGrants() {
    return tokens.clientCredentialGrants();
  }

  /** Tokens issued by token exchange (Iceberg's refresh) since the last reset. */
  public int exchangeGrants() {
    return tokens.exchangeGrants();
  }

  /**
   * The lifetime tokens issued from now on advertise (whole seconds in expires_in); they are
   * refused a minute after it ({@link OAuthTokens#LEEWAY}).
   */
  public void tokenLifetime(Duration lifetime) {
    tokens.lifetime(lifetime);
  }

  /** Every token issued so far is refused from now on (the static token stays valid). */
  public void expireIssuedTokens() {
    tokens.expireIssued();
  }

  /** Table {@code namespace.table} vends {@code keys} instead of the warehouse keys. */
  public void vend(String qualifiedTable, S3Keys keys) {
    vendedKeys.put(qualifiedTable, Optional.of(keys));
  }

  /** Table {@code namespace.table} is loaded without any S3 settings in its config. */
  public void withholdCredentials(String qualifiedTable) {
    vendedKeys.put(qualifiedTable, Optional.empty());
  }

  /**
   * Vends only to requests that carry {@code X-Iceberg-Access-Delegation: vended-credentials}, as
   * Polaris does; by default every load-table response carries credentials.
   */
  public void vendOnlyWhenAsked(boolean onlyWhenAsked) {
    this.vendOnlyWhenAsked = onlyWhenAsked;
  }

  /** Back to the state after start: no recorded request, counts zero, default lifetime, vending. */
  public void reset() {
    requests.clear();
    tokens.reset();
    vendedKeys.clear();
    vendOnlyWhenAsked = false;
  }

  /** The S3 settings load-table responses carry for {@code qualifiedTable} (empty: none). */
  public Map<String, String> vendedConfig(String qualifiedTable) {
    return vendedKeys
        .getOrDefault(qualifiedTable, Optional.of(defaultKeys))
        .map(
            keys ->
                Map.of(
                    "s3.access-key-id", keys.accessKeyId(),
                    "s3.secret-access-key", keys.secretAccessKey(),
                    "s3.endpoint", s3Endpoint.toString(),
                    "s3.path-style-access", "true",
                    "client.region", S3Server.REGION))
        .orElse(Map.of());
  }

  void stop() {
    server.stop(0);
    executor.shutdownNow();
  }

  /** {@code namespace.table} of a table path, or null; a nested namespace's parts join with '.'. */
  static String tableOf(String path) {
    Matcher matcher = TABLE_PATH.matcher(path);
    if (!matcher.matches()) {
      return null;
    }
    String namespace = decode(matcher.group(1)).replace('\u001f', '.');
    return namespace + "." + decode(matcher.group(2));
  }

  private void handle(HttpExchange exchange) throws IOException {
    int status = 500;
    try {
      status = answer(exchange);
    } catch (IOException | RuntimeException e) {
      byte[] body =
          errorModel(
                  502,
                  "BadGatewayException",
                  "The gateway failed on "
                      + exchange.getRequestMethod()
                      + " "
                      + exchange.getRequestURI()
                      + " (REST server "
                      + backend
                      + "; its log is under target/server-logs): "
                      + e)
              .getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(502, body.length);
      exchange.getResponseBody().write(body);
      status = 502;
    } finally {
      requests.add(record(exchange, status));
      exchange.close();
    }
  }

  private int answer(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getRawPath();
    byte[] requestBody = exchange.getRequestBody().readAllBytes();
    String authorization = exchange.getRequestHeaders().getFirst("Authorization");
    if (path.equals(TOKEN_PATH) && exchange.getRequestMethod().equals("POST")) {
      OAuthTokens.Answer answer =
          tokens.grant(form(new String(requestBody, StandardCharsets.UTF_8)), authorization);
      return respond(exchange, answer.status(), JSON.writeValueAsBytes(answer.body()));
    }
    if (!bearerValid(authorization)) {
      String message =
          authorization == null
              ? "Missing Authorization header: a Bearer token is required"
              : "Invalid or expired bearer token";
      return respond(
          exchange,
          401,
          errorModel(401, "NotAuthorizedException", message).getBytes(StandardCharsets.UTF_8));
    }
    HttpResponse<byte[]> forwarded = forward(exchange, requestBody);
    byte[] body = forwarded.body();
    String table = tableOf(path);
    if (table != null
        && exchange.getRequestMethod().equals("GET")
        && forwarded.statusCode() == 200) {
      body = withVendedCredentials(body, exchange, table);
    }
    forwarded
        .headers()
        .map()
        .forEach(
            (name, values) -> {
              if (!UNFORWARDED_RESPONSE_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                exchange.getResponseHeaders().put(name, values);
              }
            });
    return respond(exchange, forwarded.statusCode(), body);
  }

  private boolean bearerValid(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    return tokens.valid(authorization.substring(7).trim());
  }

  private HttpResponse<byte[]> forward(HttpExchange exchange, byte[] body) throws IOException {
    URI incoming = exchange.getRequestURI();
    String target =
        backend
            + incoming.getRawPath()
            + (incoming.getRawQuery() == null ? "" : "?" + incoming.getRawQuery());
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(target))
            .timeout(Duration.ofSeconds(60))
            .method(
                exchange.getRequestMethod(),
                body.length == 0
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body));
    exchange
        .getRequestHeaders()
        .forEach(
            (name, values) -> {
              if (!UNFORWARDED_REQUEST_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(value -> request.header(name, value));
              }
            });
    try {
      return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted while forwarding to " + target, e);
    }
  }

  private byte[] withVendedCredentials(byte[] body, HttpExchange exchange, String table)
      throws IOException {
    if (vendOnlyWhenAsked && !askedForVending(exchange)) {
      return body;
    }
    Map<String, String> vended = vendedConfig(table);
    if (vended.isEmpty()) {
      return body;
    }
    ObjectNode response = (ObjectNode) JSON.readTree(body);
    ObjectNode config =
        response.get("config") instanceof ObjectNode existing
            ? existing
            : response.putObject("config");
    vended.forEach(config::put);
    return JSON.writeValueAsBytes(response);
  }

  private static boolean askedForVending(HttpExchange exchange) {
    List<String> values = exchange.getRequestHeaders().get(DELEGATION_HEADER);
    return values != null
        && values.stream()
            .flatMap(value -> List.of(value.split(",")).stream())
            .anyMatch(value -> value.trim().equals("vended-credentials"));
  }

  private static int respond(HttpExchange exchange, int status, byte[] body) throws IOException {
    if (!exchange.getResponseHeaders().containsKey("Content-Type")) {
      exchange.getResponseHeaders().set("Content-Type", "application/json");
    }
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
    return status;
  }

  private static String errorModel(int code, String type, String message) {
    try {
      return JSON.writeValueAsString(
          Map.of("error", Map.of("message", message, "type", type, "code", code)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static RecordedRequest record(HttpExchange exchange, int status) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    exchange
        .getRequestHeaders()
        .forEach(
            (name, values) -> {
              if (name.equalsIgnoreCase("Authorization")) {
                List<String> schemes = new ArrayList<>();
                values.forEach(value -> schemes.add(value.split(" ", 2)[0]));
                headers.put(name, List.copyOf(schemes));
              } else {
                headers.put(name, List.copyOf(values));
              }
            });
    URI uri = exchange.getRequestURI();
    return new RecordedRequest(
        exchange.getRequestMethod(),
        uri.getRawPath(),
        uri.getRawQuery() == null ? "" : uri.getRawQuery(),
        headers,
        status);
  }

  private static Map<String, String> form(String body) {
    Map<String, String> fields = new LinkedHashMap<>();
    for (String pair : body.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int equals = pair.indexOf('=');
      String name = equals < 0 ? pair : pair.substring(0, equals);
      String value = equals < 0 ? "" : pair.substring(equals + 1);
      fields.put(decode(name), decode(value));
    }
    return fields;
  }

  private static String decode(String text) {
    return URLDecoder.decode(text, StandardCharsets.UTF_8);
  }
}
