package dev.floe.catalog;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
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

  private static final String BEARER = "bearer ";

  private final Set<String> secrets = ConcurrentHashMap.newKeySet();

  /**
   * Masks {@code secret} as given and as a form body carries it (a server echoing the token request
   * shows {@code client_secret=abc%2Bdef}); for an Authorization value also the token after "Bearer
   * ", which servers quote alone.
   */
  void add(String secret) {
    if (secret == null) {
      return;
    }
    addExactly(secret);
    addExactly(URLEncoder.encode(secret, StandardCharsets.UTF_8));
    if (secret.toLowerCase(Locale.ROOT).startsWith(BEARER)) {
      add(secret.substring(BEARER.length()).strip());
    }
  }

  String mask(String text) {
    if (text == null) {
      return null;
    }
    String masked = text;
    // Longest first: a secret inside another (a token inside its "Bearer " value) must not leave
    // the rest of the longer one showing.
    List<String> longestFirst = new ArrayList<>(secrets);
    longestFirst.sort(Comparator.comparingInt(String::length).reversed());
    for (String secret : longestFirst) {
      masked = masked.replace(secret, MASK);
    }
    return masked;
  }

  private void addExactly(String secret) {
    if (secret.length() >= SHORTEST_MASKED && !NOT_SECRET.matcher(secret).matches()) {
      secrets.add(secret);
    }
  }
}
