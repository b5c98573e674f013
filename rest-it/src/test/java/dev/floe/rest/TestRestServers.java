package dev.floe.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.amazonaws.services.s3.model.AmazonS3Exception;
import com.amazonaws.services.s3.model.S3ObjectSummary;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.rest.RESTCatalog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Proves the fixtures: Iceberg's Spark runtime writes through the REST server into S3 and reads the
 * same rows back, the gateway guards, issues and vends, and the S3 server checks signatures.
 */
class TestRestServers {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static RestStack stack;
  private static WrittenTable v2Table;

  @BeforeAll
  static void writeTables() {
    stack = RestStack.get();
    v2Table = stack.writer().partitionedV2Table("smoke_v2");
  }

  @BeforeEach
  void resetGateway() {
    stack.gateway().reset();
  }

  @Test
  void icebergWritesThroughTheRestServerIntoS3AndReadsTheSameRows() {
    IcebergWriter writer = stack.writer();
    String table = IcebergWriter.tableReference(v2Table.name());

    assertThat(ids(writer, "SELECT id FROM " + table + " ORDER BY id"))
        .as("main after the merge-on-read delete of id 2")
        .containsExactly(1L, 3L, 4L, 5L);
    assertThat(ids(writer, "SELECT id FROM " + table + " VERSION AS OF 'first' ORDER BY id"))
        .as("tag first, the first append")
        .containsExactly(1L, 2L, 3L);
    assertThat(ids(writer, "SELECT id FROM " + table + ".branch_audit ORDER BY id"))
        .as("branch audit, forked before the delete")
        .containsExactly(1L, 2L, 3L, 4L, 5L, 100L);
    assertThat(v2Table.snapshotIds()).as("snapshots on main").hasSize(3);
    assertThat(writer.deleteFileFormats(v2Table.name()))
        .as("the delete is a position delete file")
        .containsExactly("PARQUET");

    List<String> keys =
        stack
            .s3()
            .client(stack.warehouseKeys())
            .listObjectsV2(S3Server.WAREHOUSE_BUCKET, "db/smoke_v2/")
            .getObjectSummaries()
            .stream()
            .map(S3ObjectSummary::getKey)
            .toList();
    assertThat(keys)
        .as("the table's files are objects in the warehouse bucket")
        .anyMatch(key -> key.startsWith("db/smoke_v2/metadata/") && key.endsWith(".metadata.json"))
        .anyMatch(key -> key.startsWith("db/smoke_v2/data/") && key.endsWith(".parquet"));
    assertThat(stack.gateway().requests())
        .as("the writer's reads went through the gateway")
        .anyMatch(RecordedRequest::isLoadTable);
  }

  @Test
  void formatVersionThreeWritesDeletionVectorsThroughTheRestServer() {
    IcebergWriter writer = stack.writer();
    WrittenTable v3Table = writer.partitionedV3Table("smoke_v3");

    assertThat(
            ids(
                writer,
                "SELECT id FROM " + IcebergWriter.tableReference("smoke_v3") + " ORDER BY id"))
        .as("main after the delete")
        .containsExactly(1L, 3L, 4L, 5L);
    assertThat(writer.deleteFileFormats(v3Table.name()))
        .as("a v3 merge-on-read delete is a deletion vector")
        .containsExactly("PUFFIN");
  }

  @Test
  void gatewayRefusesAMissingOrUnknownToken() throws Exception {
    HttpResponse<String> missing = send(get("/v1/config").build());
    HttpResponse<String> unknown =
        send(get("/v1/config").header("Authorization", "Bearer not-a-token").build());

    assertThat(missing.statusCode()).as("no Authorization header").isEqualTo(401);
    assertThat(JSON.readTree(missing.body()).path("error").path("type").asText())
        .as("the REST spec's error model")
        .isEqualTo("NotAuthorizedException");
    assertThat(unknown.statusCode()).as("a token the gateway never issued").isEqualTo(401);
    assertThat(send(authorized(get("/v1/config"), stack.staticToken())).statusCode())
        .as("the static token")
        .isEqualTo(200);
  }

  @Test
  void gatewayIssuesTokensThatExpireAndRefreshes() throws Exception {
    stack.gateway().tokenLifetime(Duration.ofSeconds(2));

    HttpResponse<String> refused =
        send(
            tokenRequest(
                Map.of(
                    "grant_type",
                    "client_credentials",
                    "client_id",
                    stack.clientId(),
                    "client_secret",
                    "wrong")));
    assertThat(refused.statusCode()).as("a wrong client secret").isEqualTo(401);
    assertThat(JSON.readTree(refused.body()).path("error").asText()).isEqualTo("invalid_client");

    JsonNode issued = JSON.readTree(send(clientCredentials()).body());
    String token = issued.path("access_token").asText();
    assertThat(issued.path("expires_in").asInt()).as("the configured lifetime").isEqualTo(2);
    assertThat(send(authorized(get("/v1/config"), token)).statusCode())
        .as("a fresh token")
        .isEqualTo(200);

    JsonNode exchanged =
        JSON.readTree(
            send(tokenRequest(
                    Map.of(
                        "grant_type",
                        OAuthTokens.TOKEN_EXCHANGE,
                        "subject_token",
                        token,
                        "subject_token_type",
                        "urn:ietf:params:oauth:token-type:access_token")))
                .body());
    assertThat(exchanged.path("access_token").asText())
        .as("token exchange issues a new token")
        .isNotBlank()
        .isNotEqualTo(token);

    stack.gateway().expireIssuedTokens();
    assertThat(send(authorized(get("/v1/config"), token)).statusCode())
        .as("an expired token")
        .isEqualTo(401);
    assertThat(stack.gateway().clientCredentialGrants())
        .as("client credential grants")
        .isEqualTo(1);
    assertThat(stack.gateway().exchangeGrants()).as("token exchanges").isEqualTo(1);
  }

  @Test
  void loadTableVendsTheWarehouseKeysUnlessATableIsGivenOthers() throws Exception {
    String path = "/v1/namespaces/db/tables/" + v2Table.name();

    JsonNode config = loadTableConfig(path);
    stack.gateway().vend(v2Table.qualifiedName(), stack.s3().otherKeys());
    JsonNode overridden = loadTableConfig(path);
    stack.gateway().withholdCredentials(v2Table.qualifiedName());
    JsonNode withheld = loadTableConfig(path);

    assertThat(config.path("s3.access-key-id").asText())
        .as("vended by default")
        .isEqualTo(stack.warehouseKeys().accessKeyId());
    assertThat(config.path("s3.secret-access-key").asText())
        .isEqualTo(stack.warehouseKeys().secretAccessKey());
    assertThat(config.path("s3.endpoint").asText()).isEqualTo(stack.s3Endpoint().toString());
    assertThat(config.path("s3.path-style-access").asText()).isEqualTo("true");
    assertThat(config.path("client.region").asText()).isEqualTo(S3Server.REGION);
    assertThat(overridden.path("s3.access-key-id").asText())
        .as("the table's own keys")
        .isEqualTo(stack.s3().otherKeys().accessKeyId());
    assertThat(withheld.has("s3.access-key-id")).as("withheld").isFalse();
    assertThat(stack.gateway().requests())
        .as("recorded, Authorization without its token")
        .filteredOn(RecordedRequest::isLoadTable)
        .hasSize(3)
        .allMatch(request -> request.header("Authorization").equals(List.of("Bearer")));
  }

  @Test
  void gatewayCanVendOnlyToRequestsThatAskForCredentials() throws Exception {
    String path = "/v1/namespaces/db/tables/" + v2Table.name();
    stack.gateway().vendOnlyWhenAsked(true);

    JsonNode unasked = loadTableConfig(path);
    HttpResponse<String> asked =
        send(
            get(path)
                .header("Authorization", "Bearer " + stack.staticToken())
                .header("X-Iceberg-Access-Delegation", "vended-credentials")
                .build());

    assertThat(unasked.has("s3.access-key-id")).as("no delegation header: no keys").isFalse();
    assertThat(JSON.readTree(asked.body()).path("config").path("s3.access-key-id").asText())
        .as("asked for vended credentials")
        .isEqualTo(stack.warehouseKeys().accessKeyId());
    assertThat(stack.gateway().requests().get(1).header("X-Iceberg-Access-Delegation"))
        .as("the recorded delegation header")
        .containsExactly("vended-credentials");
  }

  @Test
  void icebergRestClientAuthenticatesWithClientCredentials() {
    stack.s3().forgetRequests();
    try (RESTCatalog catalog = oauthCatalog()) {
      Table table = catalog.loadTable(TableIdentifier.of("db", v2Table.name()));

      assertThat(table.currentSnapshot().snapshotId())
          .as("the current snapshot, through an OAuth token")
          .isEqualTo(v2Table.snapshotIds().get(2));
      assertThat(table.io().properties())
          .as("the vended credentials reach the table's FileIO")
          .containsEntry("s3.access-key-id", stack.warehouseKeys().accessKeyId());
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    assertThat(stack.gateway().clientCredentialGrants()).as("tokens issued").isEqualTo(1);
    assertThat(stack.s3().requests())
        .as("the REST server reads the metadata file to answer; the client takes it from there")
        .anyMatch(request -> request.byCatalogServer() && request.isMetadataFile())
        .noneMatch(request -> !request.byCatalogServer() && request.isMetadataFile());
    assertThat(stack.gateway().requests())
        .as("no request was refused")
        .allMatch(request -> request.status() < 400);
  }

  @Test
  void icebergRestClientRefreshesAShortLivedToken() throws Exception {
    stack.gateway().tokenLifetime(Duration.ofSeconds(2));
    try (RESTCatalog catalog = oauthCatalog()) {
      TableIdentifier identifier = TableIdentifier.of("db", v2Table.name());
      catalog.loadTable(identifier);
      // Iceberg's client refreshes on a timer of its own, ahead of the advertised expiry: wait
      // for that event (the gateway's leeway keeps a late refresh from being refused)
      Awaiting.until(
          () -> stack.gateway().exchangeGrants() > 0, "Iceberg's REST client to refresh its token");
      catalog.loadTable(identifier);
    }

    assertThat(stack.gateway().clientCredentialGrants() + stack.gateway().exchangeGrants())
        .as("a first token, then a refreshed one")
        .isGreaterThanOrEqualTo(2);
    assertThat(stack.gateway().requests())
        .as("no request was refused: the client refreshed before its token expired")
        .allMatch(request -> request.status() < 400);
  }

  @Test
  void s3ServerRefusesOtherOrWrongCredentials() {
    String key =
        stack
            .s3()
            .client(stack.warehouseKeys())
            .listObjectsV2(S3Server.WAREHOUSE_BUCKET, "db/smoke_v2/metadata/")
            .getObjectSummaries()
            .get(0)
            .getKey();
    S3Keys wrongSecret = new S3Keys(stack.warehouseKeys().accessKeyId(), "wrong-secret");
    stack.s3().forgetRequests();

    assertThat(
            stack
                .s3()
                .client(stack.warehouseKeys())
                .getObjectMetadata(S3Server.WAREHOUSE_BUCKET, key)
                .getContentLength())
        .as("the warehouse keys read the warehouse")
        .isPositive();
    assertThatThrownBy(
            () ->
                stack
                    .s3()
                    .client(stack.s3().otherKeys())
                    .getObjectMetadata(S3Server.WAREHOUSE_BUCKET, key))
        .as("the other bucket's keys")
        .isInstanceOf(AmazonS3Exception.class)
        .hasMessageContaining("Status Code: 403");
    assertThatThrownBy(
            () -> stack.s3().client(null).getObjectMetadata(S3Server.WAREHOUSE_BUCKET, key))
        .as("an unsigned request is served by no identity's store: the bucket is not found")
        .isInstanceOf(AmazonS3Exception.class)
        .hasMessageContaining("Status Code: 404");
    assertThatThrownBy(
            () -> stack.s3().client(wrongSecret).getObjectMetadata(S3Server.WAREHOUSE_BUCKET, key))
        .as("a wrong secret")
        .isInstanceOf(AmazonS3Exception.class)
        .hasMessageContaining("Status Code: 403");
    assertThat(stack.s3().requests())
        .as("the S3 server's request log: four checks of the same object")
        .containsExactly(
            new S3Request(false, "HEAD", S3Server.WAREHOUSE_BUCKET, key),
            new S3Request(false, "HEAD", S3Server.WAREHOUSE_BUCKET, key),
            new S3Request(false, "HEAD", S3Server.WAREHOUSE_BUCKET, key),
            new S3Request(false, "HEAD", S3Server.WAREHOUSE_BUCKET, key));
  }

  private static RESTCatalog oauthCatalog() {
    RESTCatalog catalog = new RESTCatalog();
    catalog.initialize(
        "oauth",
        Map.of(
            CatalogProperties.URI,
            stack.gatewayUri().toString(),
            "rest.auth.type",
            "oauth2",
            "credential",
            stack.clientId() + ":" + stack.clientSecret(),
            "oauth2-server-uri",
            stack.gateway().tokenUri().toString(),
            "scope",
            "catalog",
            CatalogProperties.FILE_IO_IMPL,
            "org.apache.iceberg.hadoop.HadoopFileIO"));
    return catalog;
  }

  private static List<Long> ids(IcebergWriter writer, String query) {
    return writer.sql(query).stream().map(row -> row.getLong(0)).toList();
  }

  private static JsonNode loadTableConfig(String path) throws Exception {
    HttpResponse<String> response = send(authorized(get(path), stack.staticToken()));
    assertThat(response.statusCode())
        .as("load table " + path + ": " + response.body())
        .isEqualTo(200);
    return JSON.readTree(response.body()).path("config");
  }

  private static HttpRequest.Builder get(String path) {
    return HttpRequest.newBuilder(stack.gatewayUri().resolve(path)).GET();
  }

  private static HttpRequest authorized(HttpRequest.Builder request, String token) {
    return request.header("Authorization", "Bearer " + token).build();
  }

  private static HttpRequest clientCredentials() {
    return tokenRequest(
        Map.of(
            "grant_type",
            "client_credentials",
            "client_id",
            stack.clientId(),
            "client_secret",
            stack.clientSecret(),
            "scope",
            "catalog"));
  }

  private static HttpRequest tokenRequest(Map<String, String> form) {
    String body =
        form.entrySet().stream()
            .map(
                entry ->
                    entry.getKey()
                        + "="
                        + URLEncoder.encode(entry.getValue(), StandardCharsets.UTF_8))
            .collect(Collectors.joining("&"));
    return HttpRequest.newBuilder(stack.gateway().tokenUri())
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  private static HttpResponse<String> send(HttpRequest request) throws Exception {
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
