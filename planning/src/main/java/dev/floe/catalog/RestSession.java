package dev.floe.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Authenticated GETs against one catalog base URI: the configured headers, the bearer token, and
 * one new token and retry when the service answers 401.
 */
final class RestSession {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * The error types that mean "does not exist": Iceberg's server names the exception class, and
   * NoSuchIcebergTableException (a table that is not an Iceberg table) is a NoSuchTableException
   * there, which Iceberg's client reads as a missing table too.
   */
  private static final Set<String> NO_SUCH_ENTITY_TYPES =
      Set.of(
          "NoSuchTableException",
          "NoSuchNamespaceException",
          "NoSuchViewException",
          "NoSuchIcebergTableException");

  private final URI baseUri;
  private final Map<String, String> headers;
  private final OAuth2Tokens tokens;
  private final RestTransport transport;

  RestSession(
      URI baseUri, Map<String, String> headers, OAuth2Tokens tokens, RestTransport transport) {
    this.baseUri = baseUri;
    this.headers = Map.copyOf(headers);
    this.tokens = tokens;
    this.transport = transport;
  }

  /**
   * The JSON body of a successful GET; empty when the service answered 404 with the spec's error
   * model saying the table, namespace or view does not exist. Any other 404 (a proxy's page, a
   * wrong prefix or uri) fails: reading it as "no such table" would hide a misconfiguration.
   */
  Optional<JsonNode> getUnlessNotFound(
      String path, Map<String, String> query, Map<String, String> extraHeaders) {
    URI uri = RestPaths.resolve(baseUri, path, query);
    RestResponse response = send(uri, extraHeaders);
    if (response.status() == 404 && isNoSuchEntity(response)) {
      return Optional.empty();
    }
    return Optional.of(json(uri, response));
  }

  /** The JSON body of a successful GET; every error status fails. */
  JsonNode get(String path, Map<String, String> query) {
    URI uri = RestPaths.resolve(baseUri, path, query);
    return json(uri, send(uri, Map.of()));
  }

  /** The URI of {@code path}, for messages about a response from it. */
  URI uri(String path) {
    return RestPaths.resolve(baseUri, path, Map.of());
  }

  private RestResponse send(URI uri, Map<String, String> extraHeaders) {
    Optional<String> authorization = tokens.authorization();
    RestResponse response = transport.send("GET", uri, headers(authorization, extraHeaders), null);
    if (response.status() == 401 && tokens.reauthenticate(authorization)) {
      response = transport.send("GET", uri, headers(tokens.authorization(), extraHeaders), null);
    }
    return response;
  }

  private JsonNode json(URI uri, RestResponse response) {
    if (!response.isSuccess()) {
      throw transport.failure("GET", uri, response);
    }
    try {
      JsonNode body = MAPPER.readTree(response.body());
      if (body == null || !body.isObject()) {
        throw transport.malformed("GET", uri, response, "not a JSON object");
      }
      return body;
    } catch (IOException notJson) {
      throw transport.malformed(
          "GET", uri, response, "not JSON (" + response.body().length() + " characters)");
    }
  }

  private static boolean isNoSuchEntity(RestResponse response) {
    return RestErrorResponse.parse(response.body())
        .map(error -> error.type() != null && NO_SUCH_ENTITY_TYPES.contains(error.type()))
        .orElse(false);
  }

  private Map<String, String> headers(
      Optional<String> authorization, Map<String, String> extraHeaders) {
    Map<String, String> all = new LinkedHashMap<>(headers);
    all.put("Accept", "application/json");
    authorization.ifPresent(value -> all.put("Authorization", value));
    all.putAll(extraHeaders);
    return all;
  }
}
