package dev.floe.rest;

import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/** Floe catalogs of {@code type=rest} on the stack's gateway, registered in a running session. */
final class FloeCatalogs {
  private FloeCatalogs() {}

  /** Floe's catalog properties with the gateway's static bearer token; no metadata cache. */
  static Map<String, String> withStaticToken(RestStack stack) {
    Map<String, String> properties = base(stack);
    properties.put("token", stack.staticToken());
    return properties;
  }

  /** Floe's catalog properties with the OAuth2 client credentials of the gateway's client. */
  static Map<String, String> withClientCredentials(RestStack stack) {
    Map<String, String> properties = base(stack);
    properties.put("credential", stack.clientId() + ":" + stack.clientSecret());
    properties.put("oauth2-server-uri", stack.gateway().tokenUri().toString());
    return properties;
  }

  /** Sets {@code spark.sql.catalog.<name>.*}; Spark builds the catalog on its first use. */
  static void register(SparkSession spark, String name, Map<String, String> properties) {
    String prefix = "spark.sql.catalog." + name;
    spark.conf().set(prefix, "dev.floe.spark.FloeCatalog");
    properties.forEach((key, value) -> spark.conf().set(prefix + "." + key, value));
  }

  private static Map<String, String> base(RestStack stack) {
    Map<String, String> properties = new HashMap<>();
    properties.put("type", "rest");
    properties.put("uri", stack.gatewayUri().toString());
    properties.put("cache-expiration-interval-ms", "0");
    return properties;
  }
}
