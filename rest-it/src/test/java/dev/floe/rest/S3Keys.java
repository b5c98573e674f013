package dev.floe.rest;

import java.util.Objects;

/** An access key pair of the S3 server. */
public record S3Keys(String accessKeyId, String secretAccessKey) {
  public S3Keys {
    Objects.requireNonNull(accessKeyId, "accessKeyId");
    Objects.requireNonNull(secretAccessKey, "secretAccessKey");
  }

  @Override
  public String toString() {
    // Keeps secrets out of assertion messages and logs.
    return "S3Keys[" + accessKeyId + "]";
  }
}
