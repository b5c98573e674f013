package dev.floe.catalog;

import dev.floe.InvalidRequestException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The REST spec's resource paths under {@code v1/{prefix}}. A multi-level namespace is one path
 * segment: its levels are URL-encoded and joined with the encoded unit separator {@code %1F}, or
 * the encoded separator the service names in {@code namespace-separator}. The {@code prefix} comes
 * from the service's config and is used as given, as Iceberg's client does.
 */
record RestPaths(String prefix, String encodedSeparator) {
  static final String PREFIX = "prefix";
  static final String NAMESPACE_SEPARATOR = "namespace-separator";
  private static final String UNIT_SEPARATOR = "%1F";

  RestPaths {
    if (encodedSeparator == null || encodedSeparator.isEmpty()) {
      throw new InvalidRequestException("The namespace separator must not be empty");
    }
    prefix = prefix == null || prefix.isBlank() ? null : strip(prefix);
  }

  static RestPaths from(Map<String, String> properties) {
    return new RestPaths(
        properties.get(PREFIX), properties.getOrDefault(NAMESPACE_SEPARATOR, UNIT_SEPARATOR));
  }

  static String config() {
    return "v1/config";
  }

  String namespaces() {
    return prefix == null ? "v1/namespaces" : "v1/" + prefix + "/namespaces";
  }

  String namespace(List<String> namespace) {
    return namespaces() + "/" + encodeNamespace(namespace);
  }

  String tables(List<String> namespace) {
    return namespace(namespace) + "/tables";
  }

  String table(List<String> namespace, String table) {
    return tables(namespace) + "/" + encodeSegment(table);
  }

  /** The {@code parent} query value: levels joined with the raw separator (the query encodes). */
  String namespaceParameter(List<String> namespace) {
    return String.join(URLDecoder.decode(encodedSeparator, StandardCharsets.UTF_8), namespace);
  }

  /** {@code base/path?query}, with each query name and value form-encoded. */
  static URI resolve(URI base, String path, Map<String, String> query) {
    String root = base.toString();
    StringBuilder uri = new StringBuilder(root.endsWith("/") ? root : root + "/").append(path);
    if (!query.isEmpty()) {
      uri.append('?')
          .append(
              query.entrySet().stream()
                  .map(
                      parameter ->
                          URLEncoder.encode(parameter.getKey(), StandardCharsets.UTF_8)
                              + "="
                              + URLEncoder.encode(parameter.getValue(), StandardCharsets.UTF_8))
                  .collect(Collectors.joining("&")));
    }
    return URI.create(uri.toString());
  }

  private String encodeNamespace(List<String> namespace) {
    if (namespace.isEmpty()) {
      throw new InvalidRequestException("A namespace needs at least one level, got none");
    }
    return namespace.stream()
        .map(RestPaths::encodeSegment)
        .collect(Collectors.joining(encodedSeparator));
  }

  /** Percent-encoding for a path: a space is %20 there, never the form encoding's '+'. */
  private static String encodeSegment(String level) {
    return URLEncoder.encode(level, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String strip(String prefix) {
    String stripped = prefix;
    while (stripped.startsWith("/")) {
      stripped = stripped.substring(1);
    }
    while (stripped.endsWith("/")) {
      stripped = stripped.substring(0, stripped.length() - 1);
    }
    return stripped;
  }
}
