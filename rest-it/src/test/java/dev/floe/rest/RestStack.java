package dev.floe.rest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/**
 * The servers every test of this module shares, started once per JVM on first use and stopped by a
 * shutdown hook: the S3 server, Iceberg's REST catalog server behind the {@link CatalogGateway},
 * and (started on first use, it costs seconds) the {@link IcebergWriter}. Their logs are under
 * target/server-logs/.
 *
 * <p>Floe's REST catalog tests go beside {@code TestRestServers}: write tables with {@link
 * #writer()}, point the Floe catalog (type=rest) at {@link #gatewayUri()} with {@link
 * #staticToken()} or the OAuth client of {@link #clientId()}/{@link #clientSecret()}, and call
 * {@code gateway().reset()} before each test that asserts on recorded requests or tokens.
 */
public final class RestStack {
  private static RestStack instance;

  private final S3Server s3;
  private final RestCatalogServer catalog;
  private final CatalogGateway gateway;
  private final OAuthTokens tokens;
  private final Duration startup;
  private IcebergWriter writer;

  private RestStack(
      S3Server s3,
      RestCatalogServer catalog,
      CatalogGateway gateway,
      OAuthTokens tokens,
      Duration startup) {
    this.s3 = s3;
    this.catalog = catalog;
    this.gateway = gateway;
    this.tokens = tokens;
    this.startup = startup;
  }

  /** The shared stack, started on first use. */
  public static synchronized RestStack get() {
    if (instance == null) {
      instance = start();
      Runtime.getRuntime().addShutdownHook(new Thread(instance::stop, "floe-rest-stack-stop"));
    }
    return instance;
  }

  private static RestStack start() {
    long begin = System.nanoTime();
    Path servers = Path.of(System.getProperty("floe.rest.servers", "target/servers"));
    Path work = workDirectory();
    // Both JVMs start at once: the REST server needs the S3 server only when a table is written.
    S3Server s3 = S3Server.launch(servers.resolve("s3proxy.jar"), work, freePort());
    RestCatalogServer catalog;
    try {
      catalog =
          RestCatalogServer.launch(
              servers.resolve("iceberg-rest-server.jar"), work, freePort(), s3);
    } catch (RuntimeException e) {
      s3.stop();
      throw e;
    }
    try {
      s3.awaitReady();
      catalog.awaitReady();
    } catch (RuntimeException e) {
      catalog.stop();
      s3.stop();
      throw e;
    }
    OAuthTokens tokens =
        new OAuthTokens(
            "floe-client", "secret-" + UUID.randomUUID(), "static-" + UUID.randomUUID());
    CatalogGateway gateway =
        CatalogGateway.start(catalog.uri(), tokens, s3.endpoint(), s3.warehouseKeys());
    Duration startup = Duration.ofNanos(System.nanoTime() - begin);
    System.out.println(
        "REST stack ready in "
            + startup.toMillis()
            + " ms: S3 "
            + s3.endpoint()
            + ", REST catalog "
            + catalog.uri()
            + ", gateway "
            + gateway.uri()
            + "; logs in "
            + work);
    return new RestStack(s3, catalog, gateway, tokens, startup);
  }

  /** The catalog uri clients use: the gateway's. */
  public URI gatewayUri() {
    return gateway.uri();
  }

  public CatalogGateway gateway() {
    return gateway;
  }

  /** A bearer token the gateway always accepts (the REST catalog's {@code token} property). */
  public String staticToken() {
    return tokens.staticToken();
  }

  /** The OAuth client (the REST catalog's {@code credential} is {@code id:secret}). */
  public String clientId() {
    return tokens.clientId();
  }

  public String clientSecret() {
    return tokens.clientSecret();
  }

  public S3Server s3() {
    return s3;
  }

  public URI s3Endpoint() {
    return s3.endpoint();
  }

  /** The keys of the warehouse bucket, the ones the gateway vends unless told otherwise. */
  public S3Keys warehouseKeys() {
    return s3.warehouseKeys();
  }

  /** How long starting the three servers took (not the writer's Spark session). */
  public Duration startup() {
    return startup;
  }

  /** The log of the REST catalog server, for failure messages. */
  public Path catalogLog() {
    return catalog.log();
  }

  /** The writer's Spark session, started on first use. */
  public synchronized IcebergWriter writer() {
    if (writer == null) {
      writer = IcebergWriter.start(this);
    }
    return writer;
  }

  /**
   * Spark configuration entries naming an Iceberg REST catalog {@code name} on the gateway with the
   * static token: Apache Iceberg's own reader, for comparing against Floe.
   */
  public Map<String, String> icebergCatalogConf(String name) {
    String prefix = "spark.sql.catalog." + name;
    return Map.ofEntries(
        Map.entry(prefix, "org.apache.iceberg.spark.SparkCatalog"),
        Map.entry(prefix + ".type", "rest"),
        Map.entry(prefix + ".uri", gatewayUri().toString()),
        Map.entry(prefix + ".rest.auth.type", "oauth2"),
        Map.entry(prefix + ".token", staticToken()),
        Map.entry(prefix + ".oauth2-server-uri", gateway.tokenUri().toString()),
        Map.entry(prefix + ".io-impl", "org.apache.iceberg.hadoop.HadoopFileIO"),
        Map.entry(prefix + ".cache-enabled", "false"));
  }

  /**
   * Hadoop S3A settings ({@code spark.hadoop.} prefixed) for s3:// and s3a:// paths on the S3
   * server with the warehouse keys.
   */
  public Map<String, String> s3aConf() {
    S3Keys keys = s3.warehouseKeys();
    return Map.ofEntries(
        Map.entry("spark.hadoop.fs.s3.impl", "org.apache.hadoop.fs.s3a.S3AFileSystem"),
        Map.entry("spark.hadoop.fs.s3a.endpoint", s3.endpoint().toString()),
        Map.entry("spark.hadoop.fs.s3a.endpoint.region", S3Server.REGION),
        Map.entry("spark.hadoop.fs.s3a.path.style.access", "true"),
        Map.entry("spark.hadoop.fs.s3a.connection.ssl.enabled", "false"),
        Map.entry("spark.hadoop.fs.s3a.access.key", keys.accessKeyId()),
        Map.entry("spark.hadoop.fs.s3a.secret.key", keys.secretAccessKey()),
        Map.entry(
            "spark.hadoop.fs.s3a.aws.credentials.provider",
            "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider"));
  }

  private synchronized void stop() {
    if (writer != null) {
      writer.stop();
    }
    gateway.stop();
    catalog.stop();
    s3.stop();
  }

  private static Path workDirectory() {
    Path logs = Path.of(System.getProperty("floe.rest.logs", "target/server-logs"));
    try {
      Files.createDirectories(logs);
      return Files.createTempDirectory(logs.toAbsolutePath(), "stack-");
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create the servers' directory under " + logs, e);
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find a free port", e);
    }
  }
}
