package dev.floe.catalog;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An Iceberg REST catalog on 127.0.0.1 that answers with named handlers and records every request.
 * A request without a handler gets a 500 naming it, so a test that mistypes a path fails loudly
 * instead of seeing the 404 it may be waiting for.
 */
final class FakeCatalogServer implements AutoCloseable {
  /** One request as the server received it. Header names are lower case. */
  record Request(
      String method,
      String path,
      Map<String, String> query,
      Map<String, String> headers,
      String body) {
    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** The body read as a form ({@code a=1&b=2}), decoded. */
    Map<String, String> form() {
      return decode(body);
    }
  }

  /** What a handler answers. */
  record Reply(int status, String body) {
    static Reply json(String body) {
      return new Reply(200, body);
    }

    static Reply error(int status, String type, String message) {
      return new Reply(
          status,
          "{\"error\": {\"message\": \""
              + message
              + "\", \"type\": \""
              + type
              + "\", \"code\": "
              + status
              + "}}");
    }
  }

  interface Handler {
    Reply handle(Request request) throws Exception;
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool(FakeCatalogServer::daemon);
  private final Map<String, Handler> handlers = new ConcurrentHashMap<>();
  private final List<Request> requests = new CopyOnWriteArrayList<>();

  FakeCatalogServer() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException cannotBind) {
      throw new UncheckedIOException(cannotBind);
    }
    server.setExecutor(executor);
    server.createContext("/", this::serve);
    server.start();
  }

  /** The catalog's base URI, e.g. {@code http://127.0.0.1:41234/catalog}. */
  String uri() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/catalog";
  }

  /** Answers {@code method} requests for {@code path} (the raw path after /catalog/). */
  FakeCatalogServer on(String method, String path, Handler handler) {
    handlers.put(method + " /catalog/" + path, handler);
    return this;
  }

  /** Answers {@code GET v1/config} with no defaults and no overrides, as most suites need. */
  FakeCatalogServer servingEmptyConfig() {
    return on("GET", "v1/config", request -> Reply.json(RestFixtures.EMPTY_CONFIG));
  }

  List<Request> requests() {
    return List.copyOf(requests);
  }

  List<Request> requests(String method, String path) {
    return requests.stream()
        .filter(request -> request.method().equals(method))
        .filter(request -> request.path().equals("/catalog/" + path))
        .toList();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      Map<String, String> headers = new LinkedHashMap<>();
      exchange
          .getRequestHeaders()
          .forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.get(0)));
      String body;
      try (InputStream in = exchange.getRequestBody()) {
        body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      String path = exchange.getRequestURI().getRawPath();
      Request request =
          new Request(
              exchange.getRequestMethod(),
              path,
              decode(exchange.getRequestURI().getRawQuery()),
              headers,
              body);
      requests.add(request);
      Handler handler = handlers.get(request.method() + " " + path);
      Reply reply;
      try {
        reply =
            handler == null
                ? Reply.error(500, "NoHandler", "no handler for " + request.method() + " " + path)
                : handler.handle(request);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        return;
      } catch (Exception failed) {
        reply = Reply.error(500, "HandlerFailed", failed.toString());
      }
      byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
      if (bytes.length > 0) {
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(bytes);
        }
      }
    }
  }

  private static Map<String, String> decode(String form) {
    Map<String, String> fields = new LinkedHashMap<>();
    if (form == null || form.isEmpty()) {
      return fields;
    }
    for (String field : form.split("&")) {
      int equals = field.indexOf('=');
      String name = equals < 0 ? field : field.substring(0, equals);
      String value = equals < 0 ? "" : field.substring(equals + 1);
      fields.put(
          URLDecoder.decode(name, StandardCharsets.UTF_8),
          URLDecoder.decode(value, StandardCharsets.UTF_8));
    }
    return fields;
  }

  private static Thread daemon(Runnable task) {
    Thread thread = new Thread(task, "fake-catalog");
    thread.setDaemon(true);
    return thread;
  }

  /** A JSON array of strings, for handlers that build bodies. */
  static String strings(List<String> values) {
    List<String> quoted = new ArrayList<>();
    values.forEach(value -> quoted.add("\"" + value + "\""));
    return "[" + String.join(", ", quoted) + "]";
  }
}
