package dev.floe.io;

import java.util.HashMap;
import java.util.Map;

/**
 * Iceberg's storage properties ({@code s3.*}, {@code client.region}), as a catalog, a table or a
 * read passes them, turned into the Hadoop S3A settings {@link HadoopFileIO} reads {@code s3a:}
 * with. Keys Floe does not map are ignored, so a map of every table property can be passed as is.
 */
public final class StorageProperties {
  static final String ACCESS_KEY_ID = "s3.access-key-id";
  static final String SECRET_ACCESS_KEY = "s3.secret-access-key";
  static final String SESSION_TOKEN = "s3.session-token";
  static final String ENDPOINT = "s3.endpoint";
  static final String PATH_STYLE_ACCESS = "s3.path-style-access";
  static final String CLIENT_REGION = "client.region";
  static final String S3_REGION = "s3.region";

  static final String S3A_ACCESS_KEY = "fs.s3a.access.key";
  static final String S3A_SECRET_KEY = "fs.s3a.secret.key";
  static final String S3A_SESSION_TOKEN = "fs.s3a.session.token";
  static final String S3A_CREDENTIALS_PROVIDER = "fs.s3a.aws.credentials.provider";
  static final String S3A_ENDPOINT = "fs.s3a.endpoint";
  static final String S3A_PATH_STYLE_ACCESS = "fs.s3a.path.style.access";
  static final String S3A_REGION = "fs.s3a.endpoint.region";

  static final String TEMPORARY_CREDENTIALS =
      "org.apache.hadoop.fs.s3a.TemporaryAWSCredentialsProvider";
  static final String SIMPLE_CREDENTIALS = "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider";

  private StorageProperties() {}

  /**
   * The S3A settings for Iceberg's storage properties. Given keys pin the credentials provider:
   * with a session token, the temporary-credentials provider; without one, the one that reads the
   * key pair alone, so that a token or a provider chain set for the whole session cannot pair with
   * this table's keys. {@code client.region} (Iceberg's name) wins over {@code s3.region}.
   */
  public static Map<String, String> hadoopProperties(Map<String, String> icebergProperties) {
    Map<String, String> hadoop = new HashMap<>();
    copy(icebergProperties, ACCESS_KEY_ID, hadoop, S3A_ACCESS_KEY);
    copy(icebergProperties, SECRET_ACCESS_KEY, hadoop, S3A_SECRET_KEY);
    copy(icebergProperties, SESSION_TOKEN, hadoop, S3A_SESSION_TOKEN);
    copy(icebergProperties, ENDPOINT, hadoop, S3A_ENDPOINT);
    copy(icebergProperties, PATH_STYLE_ACCESS, hadoop, S3A_PATH_STYLE_ACCESS);
    copy(icebergProperties, S3_REGION, hadoop, S3A_REGION);
    copy(icebergProperties, CLIENT_REGION, hadoop, S3A_REGION);
    if (hadoop.containsKey(S3A_SESSION_TOKEN)) {
      hadoop.put(S3A_CREDENTIALS_PROVIDER, TEMPORARY_CREDENTIALS);
    } else if (hadoop.containsKey(S3A_ACCESS_KEY) || hadoop.containsKey(S3A_SECRET_KEY)) {
      hadoop.put(S3A_CREDENTIALS_PROVIDER, SIMPLE_CREDENTIALS);
    }
    return Map.copyOf(hadoop);
  }

  private static void copy(
      Map<String, String> from, String icebergKey, Map<String, String> to, String hadoopKey) {
    String value = from.get(icebergKey);
    if (value != null) {
      to.put(hadoopKey, value);
    }
  }
}
