package dev.floe.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TestStorageProperties {
  private static final String SECRET = "wJalrXUtnFEMI-table-secret";
  private static final String TOKEN = "FwoGZXIvYXdzEJr-session-token";

  @Test
  void mapsEachIcebergKeyToItsS3aKey() {
    Map<String, String> hadoop =
        StorageProperties.hadoopProperties(
            Map.of(
                "s3.access-key-id", "AKIATABLE",
                "s3.secret-access-key", SECRET,
                "s3.endpoint", "http://minio:9000",
                "s3.path-style-access", "true",
                "client.region", "eu-west-1"));

    assertThat(hadoop)
        .as("every mapped key, and the key-pair provider because no token was given")
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "fs.s3a.access.key", "AKIATABLE",
                "fs.s3a.secret.key", SECRET,
                "fs.s3a.endpoint", "http://minio:9000",
                "fs.s3a.path.style.access", "true",
                "fs.s3a.endpoint.region", "eu-west-1",
                "fs.s3a.aws.credentials.provider",
                    "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider"));
  }

  @Test
  void sessionTokenSwitchesToTheTemporaryCredentialsProvider() {
    Map<String, String> hadoop =
        StorageProperties.hadoopProperties(
            Map.of(
                "s3.access-key-id", "ASIATABLE",
                "s3.secret-access-key", SECRET,
                "s3.session-token", TOKEN));

    assertThat(hadoop)
        .as("a session token needs the provider that reads it")
        .containsEntry("fs.s3a.session.token", TOKEN)
        .containsEntry(
            "fs.s3a.aws.credentials.provider",
            "org.apache.hadoop.fs.s3a.TemporaryAWSCredentialsProvider");
  }

  @Test
  void regionComesFromEitherNameAndClientRegionWins() {
    assertThat(StorageProperties.hadoopProperties(Map.of("s3.region", "us-east-2")))
        .as("PyIceberg's s3.region alone")
        .containsExactlyEntriesOf(Map.of("fs.s3a.endpoint.region", "us-east-2"));
    assertThat(
            StorageProperties.hadoopProperties(
                Map.of("s3.region", "us-east-2", "client.region", "ap-south-1")))
        .as("Iceberg's client.region over s3.region")
        .containsExactlyEntriesOf(Map.of("fs.s3a.endpoint.region", "ap-south-1"));
  }

  @Test
  void unknownKeysAreIgnored() {
    assertThat(
            StorageProperties.hadoopProperties(
                Map.of(
                    "s3.sse.type", "kms",
                    "s3.delete-enabled", "false",
                    "write.format.default", "parquet")))
        .as("keys Floe does not map, and table properties that are not storage settings")
        .isEmpty();
  }

  @Test
  void secretsAreNotInTheFileIOsText() {
    HadoopFileIO io =
        new HadoopFileIO(Map.of("fs.s3a.connection.maximum", "50"))
            .withTableProperties(
                Map.of(
                    "s3.access-key-id", "AKIATABLE",
                    "s3.secret-access-key", SECRET,
                    "s3.session-token", TOKEN));

    assertThat(io.toString())
        .as("property names show, no value does")
        .contains("fs.s3a.secret.key", "fs.s3a.session.token", "fs.s3a.connection.maximum")
        .doesNotContain(SECRET, TOKEN, "AKIATABLE", "50");
    assertThat(
            new FileSystems.Key(
                    "s3a",
                    "bucket",
                    org.apache.hadoop.security.UserGroupInformation.createRemoteUser("reader"),
                    Map.of("fs.s3a.secret.key", SECRET))
                .toString())
        .as("the file system cache's key")
        .contains("s3a://bucket", "fs.s3a.secret.key")
        .doesNotContain(SECRET);
  }
}
