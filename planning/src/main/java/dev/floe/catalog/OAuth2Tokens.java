package dev.floe.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.floe.InvalidRequestException;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The bearer token a catalog session sends, under Iceberg's property names. A fixed {@code token}
 * is sent as is. A {@code credential} ({@code client_id:client_secret}, or a secret alone) is
 * exchanged for a token with the OAuth2 client-credentials grant at {@code oauth2-server-uri}
 * (default {@code <uri>/v1/oauth/tokens}) for {@code scope} (default {@code catalog}).
 *
 * <p>A fetched token is fetched again by the request that finds it near expiry: with less than a
 * tenth of its lifetime left, or a minute when that is less, so a request never leaves with a token
 * about to lapse ({@code token-refresh-enabled=false} turns that off). A 401 answer makes the
 * session fetch a new token once, since the service may have revoked the old one early.
 */
final class OAuth2Tokens {
  static final String TOKEN = "token";
  static final String CREDENTIAL = "credential";
  static final String SCOPE = "scope";
  static final String SERVER_URI = "oauth2-server-uri";
  static final String REFRESH_ENABLED = "token-refresh-enabled";
  static final String EXPIRES_IN_MS = "token-expires-in-ms";

  private static final String DEFAULT_SCOPE = "catalog";
  private static final String DEFAULT_TOKENS_PATH = "v1/oauth/tokens";
  private static final long DEFAULT_LIFETIME_MS = 3_600_000;
  private static final long LONGEST_REFRESH_MARGIN_MS = 60_000;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final String clientId;
  private final String clientSecret;
  private final String scope;
  private final URI serverUri;
  private final boolean refreshEnabled;
  private final long defaultLifetimeMillis;
  private final Map<String, String> headers;
  private final RestTransport transport;
  private final RestClock clock;
  private final SecretMask mask;

  private String accessToken;
  private long refreshAtMillis = Long.MAX_VALUE;

  private OAuth2Tokens(Builder builder) {
    this.clientId = builder.clientId;
    this.clientSecret = builder.clientSecret;
    this.scope = builder.scope;
    this.serverUri = builder.serverUri;
    this.refreshEnabled = builder.refreshEnabled;
    this.defaultLifetimeMillis = builder.defaultLifetimeMillis;
    this.headers = Map.copyOf(builder.headers);
    this.transport = builder.transport;
    this.clock = builder.clock;
    this.mask = builder.mask;
    this.accessToken = builder.token;
  }

  /**
   * The tokens for a session at {@code baseUri}; {@code headers} (the configured {@code header.*}
   * ones) also go to the token endpoint, which often sits behind the same proxy. A relative {@code
   * oauth2-server-uri} is a path under {@code baseUri}, as Iceberg's client resolves it.
   *
   * @throws InvalidRequestException when {@code oauth2-server-uri} or {@code token-expires-in-ms}
   *     is malformed
   */
  static OAuth2Tokens from(
      String catalogName,
      Map<String, String> properties,
      URI baseUri,
      Map<String, String> headers,
      RestTransport transport,
      RestClock clock,
      SecretMask mask) {
    Builder builder = new Builder();
    builder.token = properties.get(TOKEN);
    mask.add(builder.token);
    String credential = properties.get(CREDENTIAL);
    if (credential != null) {
      mask.add(credential);
      int colon = credential.indexOf(':');
      builder.clientId = colon < 0 ? null : credential.substring(0, colon);
      builder.clientSecret = colon < 0 ? credential : credential.substring(colon + 1);
      mask.add(builder.clientSecret);
    }
    builder.scope = properties.getOrDefault(SCOPE, DEFAULT_SCOPE);
    builder.serverUri = serverUri(catalogName, properties.get(SERVER_URI), baseUri);
    builder.refreshEnabled = !"false".equalsIgnoreCase(properties.get(REFRESH_ENABLED));
    builder.defaultLifetimeMillis = lifetime(catalogName, properties.get(EXPIRES_IN_MS));
    builder.headers = headers;
    builder.transport = transport;
    builder.clock = clock;
    builder.mask = mask;
    return new OAuth2Tokens(builder);
  }

  /**
   * The {@code Authorization} header value to send now, fetching or refreshing the token first when
   * it is due; empty when the session has neither a token nor a credential.
   */
  synchronized Optional<String> authorization() {
    if (clientSecret != null
        && (accessToken == null || (refreshEnabled && clock.millis() >= refreshAtMillis))) {
      fetch();
    }
    return Optional.ofNullable(accessToken).map(token -> "Bearer " + token);
  }

  /**
   * After the service refused {@code refused} (an Authorization value), fetches a new token.
   *
   * @return false when there is no credential to fetch one with, so retrying is pointless
   */
  synchronized boolean reauthenticate(Optional<String> refused) {
    if (clientSecret == null) {
      return false;
    }
    if (refused.equals(Optional.ofNullable(accessToken).map(token -> "Bearer " + token))) {
      fetch();
    }
    // Otherwise another request already replaced the refused token.
    return true;
  }

  private void fetch() {
    Map<String, String> form = new LinkedHashMap<>();
    form.put("grant_type", "client_credentials");
    if (clientId != null) {
      form.put("client_id", clientId);
    }
    form.put("client_secret", clientSecret);
    form.put("scope", scope);
    Map<String, String> requestHeaders = new LinkedHashMap<>(headers);
    requestHeaders.put("Accept", "application/json");
    long sentAt = clock.millis();
    RestResponse response = transport.send("POST", serverUri, requestHeaders, encode(form));
    if (!response.isSuccess()) {
      throw transport.failure("POST", serverUri, response);
    }
    JsonNode body;
    try {
      body = MAPPER.readTree(response.body());
    } catch (IOException notJson) {
      throw transport.malformed(
          "POST", serverUri, response, "not JSON (" + response.body().length() + " characters)");
    }
    JsonNode token = body == null ? null : body.get("access_token");
    if (token == null || !token.isTextual() || token.asText().isEmpty()) {
      throw transport.malformed(
          "POST", serverUri, response, "no access_token; " + RestTransport.fieldNames(body));
    }
    accessToken = token.asText();
    mask.add(accessToken);
    JsonNode expiresIn = body.get("expires_in");
    long lifetime =
        expiresIn != null && expiresIn.canConvertToLong() && expiresIn.asLong() > 0
            ? expiresIn.asLong() * 1000
            : defaultLifetimeMillis;
    refreshAtMillis = sentAt + lifetime - Math.min(lifetime / 10, LONGEST_REFRESH_MARGIN_MS);
  }

  private static URI serverUri(String catalogName, String server, URI baseUri) {
    if (server == null) {
      return RestPaths.resolve(baseUri, DEFAULT_TOKENS_PATH, Map.of());
    }
    String stripped = server.strip();
    if (stripped.isEmpty() || hasScheme(stripped)) {
      return RestCatalog.httpUri(catalogName, SERVER_URI, server);
    }
    String path = stripped;
    while (path.startsWith("/")) {
      path = path.substring(1);
    }
    URI resolved;
    try {
      resolved = RestPaths.resolve(baseUri, path, Map.of());
    } catch (IllegalArgumentException malformed) {
      throw new InvalidRequestException(
          "Catalog "
              + catalogName
              + ": property '"
              + SERVER_URI
              + "' is neither an http(s) URI nor a path under the catalog uri: "
              + server,
          malformed);
    }
    return RestCatalog.httpUri(catalogName, SERVER_URI, resolved.toString());
  }

  /** "https://..." or "ftp:..." but not "v1/oauth/tokens" nor "/oauth:token". */
  private static boolean hasScheme(String uri) {
    int colon = uri.indexOf(':');
    int slash = uri.indexOf('/');
    return colon > 0 && (slash < 0 || colon < slash);
  }

  private static long lifetime(String catalogName, String property) {
    if (property == null) {
      return DEFAULT_LIFETIME_MS;
    }
    long millis;
    try {
      millis = Long.parseLong(property.trim());
    } catch (NumberFormatException notANumber) {
      throw badLifetime(catalogName, property, notANumber);
    }
    if (millis <= 0) {
      throw badLifetime(catalogName, property, null);
    }
    return millis;
  }

  private static InvalidRequestException badLifetime(
      String catalogName, String property, NumberFormatException cause) {
    return new InvalidRequestException(
        "Catalog "
            + catalogName
            + ": property "
            + EXPIRES_IN_MS
            + " must be a positive number of milliseconds, not '"
            + property
            + "'",
        cause);
  }

  private static String encode(Map<String, String> form) {
    return form.entrySet().stream()
        .map(
            field ->
                URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8)
                    + "="
                    + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
  }

  /** Collects the many settings of the constructor. */
  private static final class Builder {
    private String token;
    private String clientId;
    private String clientSecret;
    private String scope;
    private URI serverUri;
    private boolean refreshEnabled;
    private long defaultLifetimeMillis;
    private Map<String, String> headers;
    private RestTransport transport;
    private RestClock clock;
    private SecretMask mask;
  }
}
