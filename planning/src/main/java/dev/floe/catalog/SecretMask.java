package dev.floe.catalog;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The secret values a catalog session knows (credential, tokens), masked out of every message it
 * builds. Servers echo requests in error messages, so names alone are not enough: the values are.
 */
final class SecretMask {
  private static final String MASK = "****";

  /** Shorter values are too likely to occur by chance in a message to be worth masking. */
  private static final int SHORTEST_MASKED = 4;

  /** Settings under secret-looking names ({@code token-refresh-enabled}) that hold no secret. */
  private static final Pattern NOT_SECRET = Pattern.compile("(?i)true|false|\\d+");

  private final Set<String> secrets = ConcurrentHashMap.newKeySet();

  void add(String secret) {
    if (secret != null
        && secret.length() >= SHORTEST_MASKED
        && !NOT_SECRET.matcher(secret).matches()) {
      secrets.add(secret);
    }
  }

  String mask(String text) {
    if (text == null) {
      return null;
    }
    String masked = text;
    for (String secret : secrets) {
      masked = masked.replace(secret, MASK);
    }
    return masked;
  }
}
