package dev.floe.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.floe.CatalogException;
import dev.floe.CorruptTableException;
import dev.floe.InvalidRequestException;
import dev.floe.table.TableMetadata;
import dev.floe.table.TableMetadataParser;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A read-only client of an Iceberg REST catalog (apache/iceberg {@code
 * open-api/rest-catalog-open-api.yaml}), configured by Iceberg's catalog property names:
 *
 * <ul>
 *   <li>{@code uri} (required), {@code warehouse}, {@code prefix};
 *   <li>{@code token}, or {@code credential} with {@code scope}, {@code oauth2-server-uri} and
 *       {@code token-refresh-enabled} (see {@link OAuth2Tokens});
 *   <li>{@code header.X=v} sends header X with every request;
 *   <li>{@code rest.client.connection-timeout-ms}, {@code rest.client.socket-timeout-ms}, {@code
 *       rest.client.max-retries}: every request, GETs and the token POST alike, is retried on 429,
 *       502, 503, 504 and I/O failures (the token request is a client-credentials grant, which the
 *       service can safely answer twice);
 *   <li>{@code rest-page-size} asks for pages of that many names when listing.
 * </ul>
 *
 * <p>For example, {@code connect("prod", Map.of("uri", "https://cat.example.com/api/catalog",
 * "warehouse", "sales", "credential", "id:secret"))} fetches a token, then asks {@code GET
 * /v1/config?warehouse=sales} for the service's settings; {@link #properties()} are its {@code
 * defaults}, overridden by the given properties, overridden by its {@code overrides}.
 *
 * <p>Errors are {@link CatalogException}s naming the catalog, the request, the status and the
 * server's message. No secret (credential, token, header value) appears in a message or in {@link
 * #toString()}. Thread-safe.
 */
public final class RestCatalog implements AutoCloseable {
  static final String URI_PROPERTY = "uri";
  static final String WAREHOUSE = "warehouse";
  static final String PAGE_SIZE = "rest-page-size";
  static final String HEADER_PREFIX = "header.";
  private static final Map<String, String> VENDED_CREDENTIALS =
      Map.of("X-Iceberg-Access-Delegation", "vended-credentials");
  private static final Pattern SECRET_NAME =
      Pattern.compile("(?i).*(secret|token|credential|password|session|authorization).*");

  /**
   * The headers whose values are not secret; any other {@code header.*} value (an API key, a
   * cookie, a tenant's signature) is masked, whatever its name. Lower case.
   */
  private static final Set<String> PLAIN_HEADERS =
      Set.of("accept", "content-type", "user-agent", "x-iceberg-access-delegation");

  private final String name;
  private final Map<String, String> properties;
  private final URI uri;
  private final RestSession session;
  private final RestPaths paths;
  private final SecretMask mask;
  private final RestTransport transport;
  private volatile boolean closed;

  private RestCatalog(
      String name,
      Map<String, String> properties,
      URI uri,
      RestSession session,
      SecretMask mask,
      RestTransport transport) {
    this.name = name;
    this.properties = Map.copyOf(properties);
    this.uri = uri;
    this.session = session;
    this.paths = RestPaths.from(properties);
    this.mask = mask;
    this.transport = transport;
  }

  /**
   * Connects to the catalog: fetches a token first when a {@code credential} is set, then the
   * service's config.
   *
   * @throws InvalidRequestException when {@code uri} is missing or a property is malformed
   * @throws CatalogException when the service refuses or does not answer
   */
  public static RestCatalog connect(String catalogName, Map<String, String> properties) {
    return connect(catalogName, properties, RestClock.SYSTEM);
  }

  static RestCatalog connect(String catalogName, Map<String, String> properties, RestClock clock) {
    Objects.requireNonNull(catalogName, "catalogName");
    Objects.requireNonNull(properties, "properties");
    SecretMask mask = new SecretMask();
    maskSecrets(properties, mask);
    URI baseUri = baseUri(catalogName, properties);
    RestTransport transport =
        new RestTransport(catalogName, RestSettings.from(catalogName, properties), clock, mask);
    try {
      Map<String, String> headers = headers(properties);
      OAuth2Tokens tokens =
          OAuth2Tokens.from(catalogName, properties, baseUri, headers, transport, clock, mask);
      RestSession bootstrap = new RestSession(baseUri, headers, tokens, transport);
      Map<String, String> query = new LinkedHashMap<>();
      if (properties.get(WAREHOUSE) != null) {
        query.put(WAREHOUSE, properties.get(WAREHOUSE));
      }
      JsonNode config = bootstrap.get(RestPaths.config(), query);
      Map<String, String> merged = new LinkedHashMap<>(stringMap(config.get("defaults")));
      merged.putAll(properties);
      merged.putAll(stringMap(config.get("overrides")));
      maskSecrets(merged, mask);
      // The service may move the catalog (an override of uri) or add headers; the token stays.
      URI mergedUri = baseUri(catalogName, merged);
      RestSession session = new RestSession(mergedUri, headers(merged), tokens, transport);
      return new RestCatalog(catalogName, merged, mergedUri, session, mask, transport);
    } catch (RuntimeException failed) {
      transport.close();
      throw failed;
    }
  }

  /** The catalog's properties: the service's defaults < the given ones < its overrides. */
  public Map<String, String> properties() {
    return properties;
  }

  /** The namespaces directly under {@code parent} (empty: the top level), every page of them. */
  public List<List<String>> listNamespaces(List<String> parent) {
    Objects.requireNonNull(parent, "parent");
    Map<String, String> query = new LinkedHashMap<>();
    if (!parent.isEmpty()) {
      query.put("parent", paths.namespaceParameter(parent));
    }
    return pages(paths.namespaces(), query, "namespaces", RestCatalog::namespace)
        .orElseThrow(
            () ->
                new CatalogException(
                    404,
                    "Catalog "
                        + name
                        + ": cannot list the namespaces under "
                        + String.join(".", parent)
                        + ": no such namespace"));
  }

  public boolean namespaceExists(List<String> namespace) {
    return namespaceProperties(namespace).isPresent();
  }

  /** The namespace's properties; empty when the catalog has no such namespace. */
  public Optional<Map<String, String>> namespaceProperties(List<String> namespace) {
    checkOpen();
    return session
        .getUnlessNotFound(paths.namespace(namespace), Map.of(), Map.of())
        .map(body -> stringMap(body.get("properties")));
  }

  /** The names of the tables in {@code namespace}; empty when there is no such namespace. */
  public Optional<List<String>> listTables(List<String> namespace) {
    return pages(
        paths.tables(namespace),
        Map.of(),
        "identifiers",
        identifier -> identifier.path("name").asText(null));
  }

  /**
   * Loads a table, asking the service to vend storage credentials for it; empty when there is no
   * such table (or namespace). The metadata comes from the response: the metadata file is not read.
   */
  public Optional<RestTable> loadTable(List<String> namespace, String table) {
    checkOpen();
    String path = paths.table(namespace, table);
    return session
        .getUnlessNotFound(path, Map.of(), VENDED_CREDENTIALS)
        .map(body -> table(namespace, table, path, body));
  }

  @Override
  public void close() {
    closed = true;
    transport.close();
  }

  @Override
  public String toString() {
    return "RestCatalog[name=" + name + ", uri=" + uri + "]";
  }

  private RestTable table(List<String> namespace, String table, String path, JsonNode body) {
    String location = body.path("metadata-location").asText(null);
    JsonNode metadataJson = body.get("metadata");
    if (location == null || metadataJson == null || !metadataJson.isObject()) {
      throw new CatalogException(
          200,
          transport.request("GET", session.uri(path))
              + " returned a table without "
              + (location == null ? "metadata-location" : "a metadata object")
              + "; the table cannot be read through this catalog");
    }
    TableMetadata metadata;
    try {
      metadata = TableMetadataParser.parse(location, metadataJson.toString());
    } catch (CorruptTableException corrupt) {
      throw new CorruptTableException(
          transport.request("GET", session.uri(path))
              + " returned table metadata that breaks the spec: "
              + corrupt.getMessage(),
          corrupt);
    }
    Map<String, String> config = new LinkedHashMap<>(stringMap(body.get("config")));
    config.putAll(storageCredentials(body.get("storage-credentials"), metadata.location()));
    maskSecrets(config, mask);
    String qualified = name + "." + String.join(".", namespace) + "." + table;
    return new RestTable(qualified, location, metadata, config);
  }

  /**
   * The config of the credential whose prefix is the longest that starts the table location: a
   * catalog may vend one credential per storage prefix, and the most specific one governs.
   */
  private static Map<String, String> storageCredentials(JsonNode credentials, String location) {
    if (credentials == null || !credentials.isArray()) {
      return Map.of();
    }
    JsonNode best = null;
    int bestLength = -1;
    for (JsonNode credential : credentials) {
      String prefix = credential.path("prefix").asText("");
      if (location.startsWith(prefix) && prefix.length() > bestLength) {
        best = credential;
        bestLength = prefix.length();
      }
    }
    return best == null ? Map.of() : stringMap(best.get("config"));
  }

  /**
   * Every page of a list: asks with {@code pageToken} (empty at first, as the spec says a client
   * that pages starts) until the answer has no {@code next-page-token}.
   */
  private <T> Optional<List<T>> pages(
      String path, Map<String, String> query, String field, Function<JsonNode, T> element) {
    checkOpen();
    List<T> all = new ArrayList<>();
    String pageToken = "";
    // Every token sent: a server that hands one back (A, B, A, ...) would page forever.
    Set<String> sent = new HashSet<>();
    while (true) {
      sent.add(pageToken);
      Map<String, String> pageQuery = new LinkedHashMap<>(query);
      pageQuery.put("pageToken", pageToken);
      if (properties.get(PAGE_SIZE) != null) {
        pageQuery.put("pageSize", properties.get(PAGE_SIZE));
      }
      Optional<JsonNode> page = session.getUnlessNotFound(path, pageQuery, Map.of());
      if (page.isEmpty()) {
        return Optional.empty();
      }
      JsonNode items = page.get().get(field);
      if (items == null || !items.isArray()) {
        throw malformedPage(
            path, "a page without the '" + field + "' list", RestTransport.fieldNames(page.get()));
      }
      for (JsonNode item : items) {
        T value = element.apply(item);
        if (value == null) {
          throw malformedPage(
              path, "an item of '" + field + "' without a name", RestTransport.fieldNames(item));
        }
        all.add(value);
      }
      String next = page.get().path("next-page-token").asText(null);
      if (next == null || next.isEmpty()) {
        return Optional.of(List.copyOf(all));
      }
      if (sent.contains(next)) {
        throw new CatalogException(
            200,
            transport.request("GET", session.uri(path))
                + " returned a next-page-token it had already returned, after "
                + sent.size()
                + " pages; the listing would never end");
      }
      pageToken = next;
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new InvalidRequestException("Catalog " + name + " is closed");
    }
  }

  private static List<String> namespace(JsonNode levels) {
    List<String> namespace = new ArrayList<>();
    levels.forEach(level -> namespace.add(level.asText()));
    return List.copyOf(namespace);
  }

  private static URI baseUri(String catalogName, Map<String, String> properties) {
    String uri = properties.get(URI_PROPERTY);
    if (uri == null || uri.isBlank()) {
      throw new InvalidRequestException(
          "Catalog "
              + catalogName
              + ": property 'uri' is required: the REST catalog's base URI, e.g."
              + " https://catalog.example.com/api/catalog");
    }
    return httpUri(catalogName, URI_PROPERTY, uri);
  }

  /**
   * {@code value} as an absolute http(s) URI: the HTTP client refuses anything else with a bare
   * IllegalArgumentException that would name neither the catalog nor the property.
   */
  static URI httpUri(String catalogName, String property, String value) {
    URI parsed;
    try {
      parsed = URI.create(value.strip());
    } catch (IllegalArgumentException malformed) {
      throw notHttp(catalogName, property, value, malformed);
    }
    String scheme = parsed.getScheme();
    if (scheme == null
        || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
        || parsed.getHost() == null) {
      throw notHttp(catalogName, property, value, null);
    }
    return parsed;
  }

  private static InvalidRequestException notHttp(
      String catalogName, String property, String value, IllegalArgumentException cause) {
    return new InvalidRequestException(
        "Catalog "
            + catalogName
            + ": property '"
            + property
            + "' is not an absolute http(s) URI: "
            + value
            + "; expected e.g. https://catalog.example.com/api/catalog",
        cause);
  }

  private static Map<String, String> headers(Map<String, String> properties) {
    Map<String, String> headers = new LinkedHashMap<>();
    properties.forEach(
        (property, value) -> {
          if (property.startsWith(HEADER_PREFIX) && value != null) {
            headers.put(property.substring(HEADER_PREFIX.length()), value);
          }
        });
    return headers;
  }

  /** Values under secret-looking names, and every header value but the plain ones. */
  private static void maskSecrets(Map<String, String> properties, SecretMask mask) {
    properties.forEach(
        (property, value) -> {
          if (SECRET_NAME.matcher(property).matches() || isSecretHeader(property)) {
            mask.add(value);
          }
        });
  }

  private static boolean isSecretHeader(String property) {
    return property.startsWith(HEADER_PREFIX)
        && !PLAIN_HEADERS.contains(
            property.substring(HEADER_PREFIX.length()).toLowerCase(Locale.ROOT));
  }

  private static Map<String, String> stringMap(JsonNode node) {
    Map<String, String> map = new LinkedHashMap<>();
    if (node != null && node.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        if (!field.getValue().isNull()) {
          map.put(field.getKey(), field.getValue().asText());
        }
      }
    }
    return map;
  }

  /** A listing page that breaks the spec: what it lacks, and the names of the fields it has. */
  private CatalogException malformedPage(String path, String what, String fieldNames) {
    return new CatalogException(
        200,
        transport.request("GET", session.uri(path))
            + " returned "
            + what
            + " ("
            + fieldNames
            + ")");
  }
}
