package dev.floe.rest;

import com.amazonaws.auth.AWSStaticCredentialsProvider;
import com.amazonaws.auth.AnonymousAWSCredentials;
import com.amazonaws.auth.BasicAWSCredentials;
import com.amazonaws.client.builder.AwsClientBuilder;
import com.amazonaws.services.s3.AmazonS3;
import com.amazonaws.services.s3.AmazonS3ClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * S3Proxy (an S3-compatible server that checks AWS v2/v4 signatures) in a child JVM, keeping its
 * objects in memory. It knows two identities, each owning one bucket: {@link #WAREHOUSE_BUCKET}
 * (where the REST catalog writes every table) and {@link #OTHER_BUCKET}. A request signed with one
 * identity's keys for the other's bucket is refused (403 InvalidAccessKeyId), a wrong secret too
 * (403 SignatureDoesNotMatch): a test can prove which credentials a reader used.
 */
public final class S3Server {
  public static final String WAREHOUSE_BUCKET = "warehouse";
  public static final String OTHER_BUCKET = "other";
  public static final String REGION = "us-east-1";

  // The REST catalog server addresses the S3 server by this name, everyone else by 127.0.0.1:
  // the request log tells the server's own reads apart by the Host header.
  private static final String CATALOG_SERVER_HOST = "localhost";

  // S3Proxy's debug line for a request names Jetty's request: "{GET@1a2b http://host/b/k
  // HTTP/1.1}".
  private static final Pattern LOGGED_REQUEST =
      Pattern.compile("S3ProxyHandler.*request: .*\\{([A-Z]+)@[0-9a-f]+ (\\S+) HTTP/");

  private final ServerProcess process;
  private final URI endpoint;
  private final S3Keys warehouseKeys;
  private final S3Keys otherKeys;
  private volatile long forgottenLogBytes;

  private S3Server(ServerProcess process, URI endpoint, S3Keys warehouseKeys, S3Keys otherKeys) {
    this.process = process;
    this.endpoint = endpoint;
    this.warehouseKeys = warehouseKeys;
    this.otherKeys = otherKeys;
  }

  /** Starts the server without waiting for it: see {@link #awaitReady()}. */
  static S3Server launch(Path jar, Path workDirectory, int port) {
    URI endpoint = URI.create("http://127.0.0.1:" + port);
    S3Keys warehouseKeys = randomKeys("warehouse");
    S3Keys otherKeys = randomKeys("other");
    Path warehouseProperties =
        writeProperties(workDirectory, endpoint, warehouseKeys, WAREHOUSE_BUCKET);
    Path otherProperties = writeProperties(workDirectory, endpoint, otherKeys, OTHER_BUCKET);
    ServerProcess process =
        ServerProcess.start(
            "S3 server (S3Proxy)",
            jar,
            "org.gaul.s3proxy.Main",
            List.of(
                "--properties", warehouseProperties.toString(),
                "--properties", otherProperties.toString()),
            // S3Proxy logs each request it receives at debug level: requests() reads them back.
            Map.of("LOG_LEVEL", "debug", "JETTY_LOG_LEVEL", "warn"),
            workDirectory.resolve("s3proxy.log"));
    return new S3Server(process, endpoint, warehouseKeys, otherKeys);
  }

  /** Waits until the server answers, then creates the two buckets. */
  void awaitReady() {
    process.awaitReady(endpoint);
    try {
      client(warehouseKeys).createBucket(WAREHOUSE_BUCKET);
      client(otherKeys).createBucket(OTHER_BUCKET);
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "Cannot create the S3 server's buckets at " + endpoint + "; see " + process.log(), e);
    }
  }

  /** http://127.0.0.1:port, path-style addressing. */
  public URI endpoint() {
    return endpoint;
  }

  /** The same server as {@link #endpoint()}, by the name only the REST catalog server uses. */
  URI catalogServerEndpoint() {
    return URI.create("http://" + CATALOG_SERVER_HOST + ":" + endpoint.getPort());
  }

  /** The keys of {@link #WAREHOUSE_BUCKET}, the bucket of every REST catalog table. */
  public S3Keys warehouseKeys() {
    return warehouseKeys;
  }

  /** The keys of {@link #OTHER_BUCKET}: valid, but refused for {@link #WAREHOUSE_BUCKET}. */
  public S3Keys otherKeys() {
    return otherKeys;
  }

  public Path log() {
    return process.log();
  }

  /**
   * An S3 client signing with {@code keys} (null: unsigned requests), for tests that look at the
   * stored objects.
   */
  public AmazonS3 client(S3Keys keys) {
    return AmazonS3ClientBuilder.standard()
        .withEndpointConfiguration(
            new AwsClientBuilder.EndpointConfiguration(endpoint.toString(), REGION))
        .withPathStyleAccessEnabled(true)
        .withCredentials(
            new AWSStaticCredentialsProvider(
                keys == null
                    ? new AnonymousAWSCredentials()
                    : new BasicAWSCredentials(keys.accessKeyId(), keys.secretAccessKey())))
        .build();
  }

  /**
   * The requests received since start or the last {@link #forgetRequests()}, in arrival order, from
   * S3Proxy's log (each request is logged before it is answered).
   */
  public List<S3Request> requests() {
    List<S3Request> requests = new ArrayList<>();
    for (String line : logSince(forgottenLogBytes).split("\n")) {
      Matcher matcher = LOGGED_REQUEST.matcher(line);
      if (matcher.find()) {
        URI uri = URI.create(matcher.group(2));
        boolean byCatalogServer = CATALOG_SERVER_HOST.equals(uri.getHost());
        String path = uri.getPath();
        int slash = path.indexOf('/', 1);
        requests.add(
            slash < 0
                ? new S3Request(byCatalogServer, matcher.group(1), path.substring(1), "")
                : new S3Request(
                    byCatalogServer,
                    matcher.group(1),
                    path.substring(1, slash),
                    path.substring(slash + 1)));
      }
    }
    return requests;
  }

  /** Later calls of {@link #requests()} see only requests made after this one. */
  public void forgetRequests() {
    forgottenLogBytes = logSize();
  }

  void stop() {
    process.stop();
  }

  private String logSince(long offset) {
    try (SeekableByteChannel channel = Files.newByteChannel(process.log())) {
      channel.position(offset);
      return new String(Channels.newInputStream(channel).readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the S3 server's log " + process.log(), e);
    }
  }

  private long logSize() {
    try {
      return Files.size(process.log());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the S3 server's log " + process.log(), e);
    }
  }

  private static S3Keys randomKeys(String name) {
    String random = UUID.randomUUID().toString().replace("-", "");
    return new S3Keys(name + "-" + random.substring(0, 8), random);
  }

  private static Path writeProperties(Path directory, URI endpoint, S3Keys keys, String bucket) {
    // One properties file per identity: S3Proxy gives each its own in-memory store and routes a
    // bucket to the store whose bucket-locator names it.
    String properties =
        String.join(
            "\n",
            "s3proxy.endpoint=" + endpoint,
            "s3proxy.authorization=aws-v2-or-v4",
            "s3proxy.identity=" + keys.accessKeyId(),
            "s3proxy.credential=" + keys.secretAccessKey(),
            "s3proxy.bucket-locator.1=" + bucket,
            "jclouds.provider=transient",
            "jclouds.identity=" + keys.accessKeyId(),
            "jclouds.credential=" + keys.secretAccessKey(),
            "");
    Path file = directory.resolve("s3proxy-" + bucket + ".properties");
    try {
      Files.createDirectories(directory);
      Files.writeString(file, properties);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the S3 server's configuration " + file, e);
    }
    return file;
  }
}
