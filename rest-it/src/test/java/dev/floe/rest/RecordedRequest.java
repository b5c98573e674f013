package dev.floe.rest;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One request the gateway received: header names as the JDK's server normalizes them (first letter
 * upper case, e.g. {@code X-iceberg-access-delegation}), Authorization reduced to its scheme so no
 * token or secret is kept; {@code query} is empty when there was none.
 */
public record RecordedRequest(
    String method, String path, String query, Map<String, List<String>> headers, int status) {
  public RecordedRequest {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(query, "query");
    headers = Map.copyOf(headers);
  }

  /** The values of header {@code name}, compared without case; empty when absent. */
  public List<String> header(String name) {
    return headers.entrySet().stream()
        .filter(entry -> entry.getKey().equalsIgnoreCase(name))
        .flatMap(entry -> entry.getValue().stream())
        .toList();
  }

  /** A GET of a table's metadata (load table), whatever the catalog prefix. */
  public boolean isLoadTable() {
    return method.equals("GET") && CatalogGateway.tableOf(path) != null;
  }

  /** A request to the OAuth token endpoint. */
  public boolean isTokenRequest() {
    return path.equals(CatalogGateway.TOKEN_PATH);
  }
}
