package dev.floe.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.floe.CatalogException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Sends requests to one catalog service and retries the failures worth retrying: an I/O failure
 * mid-exchange and the statuses that mean "try again later" (429, 502, 503, 504), with doubling,
 * bounded waits. A refused connection and a timeout are not retried: the next attempt would most
 * likely fail the same way, and a timeout already cost the caller the whole wait (Iceberg's client
 * makes the same choice). Turns error responses into {@link CatalogException}s.
 */
final class RestTransport implements AutoCloseable {
  private static final Set<Integer> RETRIED_STATUSES = Set.of(429, 502, 503, 504);
  private static final int QUOTED_BODY_CHARACTERS = 200;

  private final String catalogName;
  private final RestSettings settings;
  private final RestClock clock;
  private final SecretMask mask;
  private final ExecutorService executor;
  private final HttpClient client;

  RestTransport(String catalogName, RestSettings settings, RestClock clock, SecretMask mask) {
    this.catalogName = catalogName;
    this.settings = settings;
    this.clock = clock;
    this.mask = mask;
    this.executor =
        Executors.newCachedThreadPool(
            task -> {
              Thread thread = new Thread(task, "floe-rest-" + catalogName);
              thread.setDaemon(true);
              return thread;
            });
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(settings.connectTimeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .executor(executor)
            .build();
  }

  /**
   * Sends one request, retrying as the class describes; {@code formBody} null sends no body.
   *
   * @throws CatalogException when no response arrived
   */
  RestResponse send(String method, URI uri, Map<String, String> headers, String formBody) {
    for (int retry = 0; ; retry++) {
      try {
        HttpResponse<String> response =
            client.send(
                request(method, uri, headers, formBody), HttpResponse.BodyHandlers.ofString());
        if (!RETRIED_STATUSES.contains(response.statusCode()) || retry >= settings.maxRetries()) {
          return new RestResponse(response.statusCode(), response.body());
        }
      } catch (HttpConnectTimeoutException timeout) {
        throw noResponse(
            method,
            uri,
            "could not connect within "
                + settings.connectTimeout().toMillis()
                + " ms; check the catalog uri or raise "
                + RestSettings.CONNECT_TIMEOUT_MS,
            timeout);
      } catch (HttpTimeoutException timeout) {
        throw noResponse(
            method,
            uri,
            "no response within "
                + settings.requestTimeout().toMillis()
                + " ms; check the catalog service or raise "
                + RestSettings.REQUEST_TIMEOUT_MS,
            timeout);
      } catch (ConnectException refused) {
        throw noResponse(
            method, uri, "cannot connect (" + refused + "); check the catalog uri", refused);
      } catch (IOException failed) {
        if (retry >= settings.maxRetries()) {
          throw noResponse(method, uri, failed + " (after " + (retry + 1) + " attempts)", failed);
        }
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        throw noResponse(method, uri, "interrupted while waiting for the response", interrupted);
      }
      backOff(method, uri, retry + 1);
    }
  }

  /**
   * The exception for an error response: status, the server's error type and message, and for
   * 401/403 what to check. A body that is not the spec's error model is quoted (its start).
   */
  CatalogException failure(String method, URI uri, RestResponse response) {
    StringBuilder message =
        new StringBuilder(request(method, uri))
            .append(" failed with HTTP ")
            .append(response.status());
    Optional<RestErrorResponse> error = RestErrorResponse.parse(response.body());
    if (error.isPresent()) {
      if (error.get().type() != null) {
        message.append(" (").append(error.get().type()).append(')');
      }
      if (error.get().message() != null) {
        message.append(": ").append(error.get().message());
      }
    } else if (!response.body().isBlank()) {
      message.append(", body: ").append(quoted(response.body()));
    }
    if (response.status() == 401 || response.status() == 403) {
      message.append("; not authorized: check the catalog's credential or token");
    }
    return new CatalogException(response.status(), mask.mask(message.toString()));
  }

  /**
   * A success response whose body is not what the spec says it must be. The body is never quoted: a
   * token response or a loaded table carries secrets the mask does not know yet, so {@code problem}
   * says what is missing and at most names the fields there are ({@link #fieldNames}).
   */
  CatalogException malformed(String method, URI uri, RestResponse response, String problem) {
    return new CatalogException(
        response.status(),
        mask.mask(request(method, uri) + " returned a malformed response: " + problem));
  }

  /** "fields: [access_token, token_type]": the names in a JSON object, never the values. */
  static String fieldNames(JsonNode body) {
    if (body == null || !body.isObject()) {
      return "not a JSON object";
    }
    List<String> names = new ArrayList<>();
    body.fieldNames().forEachRemaining(names::add);
    return "fields: " + names;
  }

  /** "Catalog prod: GET /v1/namespaces": never the query, which may name a warehouse. */
  String request(String method, URI uri) {
    return "Catalog " + catalogName + ": " + method + " " + uri.getRawPath();
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }

  private HttpRequest request(
      String method, URI uri, Map<String, String> headers, String formBody) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(settings.requestTimeout());
    headers.forEach(builder::header);
    if (formBody == null) {
      builder.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      builder.header("Content-Type", "application/x-www-form-urlencoded");
      builder.method(method, HttpRequest.BodyPublishers.ofString(formBody));
    }
    return builder.build();
  }

  private void backOff(String method, URI uri, int retry) {
    try {
      clock.sleep(settings.backoffMillis(retry));
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw noResponse(method, uri, "interrupted while waiting to retry", interrupted);
    }
  }

  private CatalogException noResponse(String method, URI uri, String problem, Exception cause) {
    return new CatalogException(
        CatalogException.NO_RESPONSE,
        mask.mask(request(method, uri) + " failed: " + problem),
        cause);
  }

  private static String quoted(String body) {
    String start =
        body.length() > QUOTED_BODY_CHARACTERS
            ? body.substring(0, QUOTED_BODY_CHARACTERS) + "..."
            : body;
    return "'" + start.strip() + "'";
  }
}
