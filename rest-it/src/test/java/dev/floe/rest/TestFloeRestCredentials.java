package dev.floe.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How Floe authenticates to a REST catalog and with what credentials it reads a table's files: the
 * ones the catalog vended for that table, over the session's, for that table only. The S3 server
 * checks signatures, so a read with the wrong keys fails there.
 */
class TestFloeRestCredentials {
  /** A session SQL conf of a Hadoop key overrides it in the session's Hadoop settings. */
  private static final String SESSION_SECRET = "fs.s3a.secret.key";

  private static RestStack stack;
  private static SparkSession spark;
  private static WrittenTable first;
  private static WrittenTable second;

  @BeforeAll
  static void writeTables() {
    stack = RestStack.get();
    IcebergWriter writer = stack.writer();
    first = writer.partitionedV2Table("credentials_first");
    second = writer.partitionedV3Table("credentials_second");
    spark = writer.session();
    FloeCatalogs.register(spark, "vended", FloeCatalogs.withStaticToken(stack));
  }

  @BeforeEach
  void resetGateway() {
    stack.gateway().reset();
  }

  @AfterEach
  void restoreSessionKeys() {
    spark.conf().unset(SESSION_SECRET);
  }

  @Test
  void filesAreReadWithTheCredentialsTheCatalogVended() {
    // the session's own S3 secret is wrong: only the vended keys can read the files
    spark.conf().set(SESSION_SECRET, "not-the-secret");

    assertThat(ids("vended", first))
        .as("rows read with the vended keys")
        .containsExactly(1L, 3L, 4L, 5L);

    stack.gateway().withholdCredentials(first.qualifiedName());
    assertThatThrownBy(() -> ids("vended", first))
        .as("without vended keys, the session's wrong secret is used and refused")
        .hasStackTraceContaining("Cannot plan table vended.db.credentials_first")
        .hasStackTraceContaining("Cannot read manifest list s3://warehouse/db/credentials_first/")
        .satisfies(TestFloeRestCredentials::refusedByS3);
  }

  @Test
  void twoTablesWithDifferentCredentialsStayApartInOneSession() {
    stack.gateway().vend(second.qualifiedName(), stack.s3().otherKeys());

    assertThat(ids("vended", first))
        .as("the first table, vended the warehouse's keys")
        .containsExactly(1L, 3L, 4L, 5L);
    assertThatThrownBy(() -> ids("vended", second))
        .as("the second table, vended keys of another bucket's owner")
        .hasStackTraceContaining("Cannot plan table vended.db.credentials_second")
        .satisfies(TestFloeRestCredentials::refusedByS3);
    assertThat(ids("vended", first))
        .as("the first table again, after the second's file system was made")
        .containsExactly(1L, 3L, 4L, 5L);
  }

  @Test
  void aWarehouseCatalogReadsWithItsOwnS3Properties() {
    // the same tables as a warehouse directory (type hadoop), keys given to the catalog itself
    spark.conf().set(SESSION_SECRET, "not-the-secret");
    FloeCatalogs.register(spark, "lake", warehouseCatalog(stack.warehouseKeys()));
    FloeCatalogs.register(spark, "lake_other", warehouseCatalog(stack.s3().otherKeys()));

    assertThat(ids("lake", first))
        .as("read with the catalog's s3.* keys, the session's secret being wrong")
        .containsExactly(1L, 3L, 4L, 5L);
    assertThatThrownBy(() -> ids("lake_other", first))
        .as("the same table, the catalog given another bucket owner's keys")
        .hasMessageStartingWith(
            "Cannot load table lake_other.db.credentials_first at"
                + " s3://warehouse/db/credentials_first: Cannot list directory")
        .satisfies(TestFloeRestCredentials::refusedByS3);
  }

  private static Map<String, String> warehouseCatalog(S3Keys keys) {
    return Map.of(
        "warehouse",
        "s3://" + S3Server.WAREHOUSE_BUCKET,
        "cache-expiration-interval-ms",
        "0",
        "s3.access-key-id",
        keys.accessKeyId(),
        "s3.secret-access-key",
        keys.secretAccessKey(),
        "s3.endpoint",
        stack.s3Endpoint().toString(),
        "s3.path-style-access",
        "true",
        "client.region",
        S3Server.REGION);
  }

  @Test
  void clientCredentialsAreExchangedForATokenThatIsRefreshed() {
    // tokens advertise one second: Floe renews one when a tenth of that is left, on the request
    // that finds so (the gateway still takes a token a minute past it: no race with the clock)
    stack.gateway().tokenLifetime(Duration.ofSeconds(1));
    FloeCatalogs.register(spark, "oauth", FloeCatalogs.withClientCredentials(stack));

    assertThat(ids("oauth", first)).containsExactly(1L, 3L, 4L, 5L);
    int grants = stack.gateway().clientCredentialGrants();
    assertThat(grants).as("tokens granted for the first query").isPositive();
    Awaiting.until(
        () -> {
          spark.sql("SHOW NAMESPACES IN oauth").collectAsList();
          return stack.gateway().clientCredentialGrants() > grants;
        },
        "Floe to renew its token as it runs out");
    assertThat(ids("oauth", first)).containsExactly(1L, 3L, 4L, 5L);

    assertThat(stack.gateway().clientCredentialGrants())
        .as("a new token fetched when the first ran out")
        .isGreaterThan(grants);
    assertThat(stack.gateway().requests())
        .as("no request refused: the token was renewed before it was sent")
        .noneMatch(request -> !request.isTokenRequest() && request.status() == 401);
    assertThat(stack.gateway().requests())
        .as("requests carry a bearer token")
        .filteredOn(request -> !request.isTokenRequest())
        .allMatch(request -> request.header("Authorization").equals(List.of("Bearer")));
  }

  @Test
  void aTokenTheServerEndsIsReplacedOnceAndTheRequestRetried() {
    FloeCatalogs.register(spark, "revoked", FloeCatalogs.withClientCredentials(stack));
    assertThat(ids("revoked", first)).containsExactly(1L, 3L, 4L, 5L);
    int grants = stack.gateway().clientCredentialGrants();

    stack.gateway().expireIssuedTokens();
    assertThat(ids("revoked", first))
        .as("rows read after the server ended the token")
        .containsExactly(1L, 3L, 4L, 5L);

    assertThat(stack.gateway().clientCredentialGrants())
        .as("one new token, fetched after the refusal")
        .isEqualTo(grants + 1);
    assertThat(stack.gateway().requests())
        .as("the one refused request, retried with the new token")
        .filteredOn(request -> !request.isTokenRequest() && request.status() == 401)
        .hasSize(1);
  }

  @Test
  void aRefusedTokenIsAClearErrorWithoutTheToken() {
    String token = "floe-test-token-that-the-gateway-never-issued";
    Map<String, String> properties = FloeCatalogs.withStaticToken(stack);
    properties.put("token", token);
    FloeCatalogs.register(spark, "refused", properties);

    assertThatThrownBy(() -> spark.sql("SHOW TABLES IN refused.db").collectAsList())
        .hasMessageContaining("Catalog refused")
        .hasMessageContaining("HTTP 401")
        .hasMessageContaining("not authorized: check the catalog's credential or token")
        .satisfies(
            failure ->
                assertThat(stackTrace(failure)).as("the error's text").doesNotContain(token));
  }

  @Test
  void vendedSecretsAreNeitherShownNorLogged() {
    Map<String, String> vended = stack.gateway().vendedConfig(first.qualifiedName());
    String secret = vended.get("s3.secret-access-key");
    assertThat(secret).as("the secret the gateway vends").isNotBlank();

    String plans =
        String.join(
            "\n",
            spark
                .sql("EXPLAIN EXTENDED SELECT * FROM vended.db." + first.name())
                .collectAsList()
                .stream()
                .map(row -> row.getString(0))
                .toList());
    List<Row> properties =
        spark.sql("SHOW TBLPROPERTIES vended.db." + first.name()).collectAsList();

    assertThat(plans).as("EXPLAIN").contains(first.name()).doesNotContain(secret);
    assertThat(properties.toString()).as("table properties").doesNotContain(secret);
  }

  private static List<Long> ids(String catalog, WrittenTable table) {
    return spark
        .sql("SELECT id FROM " + catalog + ".db." + table.name() + " ORDER BY id")
        .collectAsList()
        .stream()
        .map(row -> row.getLong(0))
        .toList();
  }

  private static String stackTrace(Throwable failure) {
    java.io.StringWriter text = new java.io.StringWriter();
    failure.printStackTrace(new java.io.PrintWriter(text));
    return text.toString();
  }

  /**
   * S3's 403, in the words of either AWS SDK: v1 (Spark 3.5's Hadoop 3.3) says "403 Forbidden", v2
   * (Spark 4.1's Hadoop 3.4) "Forbidden (Service: S3, Status Code: 403, ...)".
   */
  private static void refusedByS3(Throwable failure) {
    assertThat(stackTrace(failure))
        .as("S3 refused the keys")
        .containsPattern("403 Forbidden|Forbidden \\(Service: S3, Status Code: 403");
  }
}
