package dev.floe.rest;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Apache Iceberg's REST catalog server (iceberg-open-api's RESTCatalogServer) in a child JVM: a
 * JDBC catalog on SQLite in a temporary directory, writing table files to S3 with S3FileIO. It is
 * configured by environment variables: CATALOG_ plus the property name, {@code __} for {@code -}
 * and {@code _} for {@code .}. It listens on every interface (it offers no bind address); nothing
 * but the gateway is told its port.
 */
final class RestCatalogServer {
  private final ServerProcess process;
  private final URI uri;

  private RestCatalogServer(ServerProcess process, URI uri) {
    this.process = process;
    this.uri = uri;
  }

  /** Starts the server without waiting for it (it touches S3 only when a table is written). */
  static RestCatalogServer launch(Path jar, Path workDirectory, int port, S3Server s3) {
    S3Keys keys = s3.warehouseKeys();
    Map<String, String> environment =
        Map.ofEntries(
            Map.entry("CATALOG_REST_PORT", Integer.toString(port)),
            Map.entry(
                "CATALOG_URI", "jdbc:sqlite:" + workDirectory.resolve("catalog.sqlite").toString()),
            Map.entry("CATALOG_WAREHOUSE", "s3://" + S3Server.WAREHOUSE_BUCKET + "/"),
            Map.entry("CATALOG_IO__IMPL", "org.apache.iceberg.aws.s3.S3FileIO"),
            Map.entry("CATALOG_S3_ENDPOINT", s3.catalogServerEndpoint().toString()),
            Map.entry("CATALOG_S3_PATH__STYLE__ACCESS", "true"),
            Map.entry("CATALOG_S3_ACCESS__KEY__ID", keys.accessKeyId()),
            Map.entry("CATALOG_S3_SECRET__ACCESS__KEY", keys.secretAccessKey()),
            Map.entry("AWS_REGION", S3Server.REGION));
    URI uri = URI.create("http://127.0.0.1:" + port);
    ServerProcess process =
        ServerProcess.start(
            "Iceberg REST catalog server",
            jar,
            "org.apache.iceberg.rest.RESTCatalogServer",
            List.of(),
            environment,
            workDirectory.resolve("rest-catalog.log"));
    return new RestCatalogServer(process, uri);
  }

  void awaitReady() {
    process.awaitReady(uri.resolve("/v1/config"));
  }

  /** The server's own address; clients go through the gateway instead. */
  URI uri() {
    return uri;
  }

  Path log() {
    return process.log();
  }

  void stop() {
    process.stop();
  }
}
