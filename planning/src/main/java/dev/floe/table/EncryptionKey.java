package dev.floe.table;

import java.util.Map;

/** A v3 encryption key entry; Floe records it but does not decrypt. */
public record EncryptionKey(
    String keyId,
    String encryptedKeyMetadata,
    String encryptedById,
    Map<String, String> properties) {
  public EncryptionKey {
    properties = Map.copyOf(properties);
  }
}
