package dev.floe.catalog;

import dev.floe.InvalidRequestException;
import java.time.Duration;
import java.util.Map;

/**
 * How the REST client talks to the service, from catalog properties named as Iceberg names them:
 * {@code rest.client.connection-timeout-ms}, {@code rest.client.socket-timeout-ms} (here: the
 * longest wait for a whole response) and {@code rest.client.max-retries}.
 */
record RestSettings(
    Duration connectTimeout,
    Duration requestTimeout,
    int maxRetries,
    Duration firstBackoff,
    Duration longestBackoff) {
  static final String CONNECT_TIMEOUT_MS = "rest.client.connection-timeout-ms";
  static final String REQUEST_TIMEOUT_MS = "rest.client.socket-timeout-ms";
  static final String MAX_RETRIES = "rest.client.max-retries";

  private static final long DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
  private static final long DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
  private static final int DEFAULT_MAX_RETRIES = 5;
  private static final Duration FIRST_BACKOFF = Duration.ofMillis(200);
  private static final Duration LONGEST_BACKOFF = Duration.ofSeconds(5);

  RestSettings {
    checkPositive(connectTimeout, "connect timeout");
    checkPositive(requestTimeout, "request timeout");
    checkPositive(firstBackoff, "first backoff");
    checkPositive(longestBackoff, "longest backoff");
    if (maxRetries < 0) {
      throw new InvalidRequestException("max retries must be 0 or more, not " + maxRetries);
    }
  }

  static RestSettings from(String catalogName, Map<String, String> properties) {
    return new RestSettings(
        Duration.ofMillis(
            number(catalogName, properties, CONNECT_TIMEOUT_MS, DEFAULT_CONNECT_TIMEOUT_MS, 1)),
        Duration.ofMillis(
            number(catalogName, properties, REQUEST_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, 1)),
        (int) number(catalogName, properties, MAX_RETRIES, DEFAULT_MAX_RETRIES, 0),
        FIRST_BACKOFF,
        LONGEST_BACKOFF);
  }

  /** The wait before retry number {@code retry} (1 for the first): doubling, then capped. */
  long backoffMillis(int retry) {
    long doubled = firstBackoff.toMillis() << Math.min(retry - 1, 20);
    return Math.min(doubled, longestBackoff.toMillis());
  }

  private static long number(
      String catalogName, Map<String, String> properties, String name, long fallback, long least) {
    String text = properties.get(name);
    if (text == null) {
      return fallback;
    }
    long value;
    try {
      value = Long.parseLong(text.trim());
    } catch (NumberFormatException notANumber) {
      throw notInRange(catalogName, name, text, least, notANumber);
    }
    if (value < least || value > Integer.MAX_VALUE) {
      throw notInRange(catalogName, name, text, least, null);
    }
    return value;
  }

  private static InvalidRequestException notInRange(
      String catalogName, String name, String text, long least, NumberFormatException cause) {
    return new InvalidRequestException(
        "Catalog "
            + catalogName
            + ": property "
            + name
            + " must be a whole number from "
            + least
            + ", not '"
            + text
            + "'",
        cause);
  }

  private static void checkPositive(Duration duration, String what) {
    if (duration == null || duration.isNegative() || duration.isZero()) {
      throw new InvalidRequestException(what + " must be positive, not " + duration);
    }
  }
}
