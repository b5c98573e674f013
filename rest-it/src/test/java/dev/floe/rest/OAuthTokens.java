package dev.floe.rest;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The gateway's OAuth 2 token endpoint: the client_credentials grant (client id and secret in the
 * form, or HTTP Basic) and the token-exchange grant Iceberg's REST client refreshes with (the
 * subject token must be one it issued and not yet expired). Tokens are random; each advertises a
 * lifetime a test can shorten ({@code expires_in}) and stays valid for {@link #LEEWAY} past it, as
 * servers allow for clocks that differ, so that a client that refreshes late on a loaded machine is
 * not refused; {@link #expireIssued()} ends them at once. A static token never expires.
 */
final class OAuthTokens {
  static final String TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
  static final Duration DEFAULT_LIFETIME = Duration.ofHours(1);
  static final Duration LEEWAY = Duration.ofMinutes(1);

  /** What the token endpoint answers: an HTTP status and a JSON body. */
  record Answer(int status, Map<String, Object> body) {
    Answer {
      body = Map.copyOf(body);
    }
  }

  /** The client a token request names: in HTTP Basic authentication, else in the form. */
  private record Client(String id, String secret) {
    static Client of(Map<String, String> form, String authorization) {
      if (authorization != null && authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
        String decoded =
            new String(
                Base64.getDecoder().decode(authorization.substring(6).trim()),
                StandardCharsets.UTF_8);
        int colon = decoded.indexOf(':');
        if (colon >= 0) {
          return new Client(decoded.substring(0, colon), decoded.substring(colon + 1));
        }
      }
      return new Client(form.getOrDefault("client_id", ""), form.getOrDefault("client_secret", ""));
    }
  }

  private final String clientId;
  private final String clientSecret;
  private final String staticToken;
  private final Map<String, Instant> expiries = new ConcurrentHashMap<>();
  private final AtomicInteger clientCredentialGrants = new AtomicInteger();
  private final AtomicInteger exchangeGrants = new AtomicInteger();
  private volatile Duration lifetime = DEFAULT_LIFETIME;

  OAuthTokens(String clientId, String clientSecret, String staticToken) {
    this.clientId = clientId;
    this.clientSecret = clientSecret;
    this.staticToken = staticToken;
  }

  String clientId() {
    return clientId;
  }

  String clientSecret() {
    return clientSecret;
  }

  String staticToken() {
    return staticToken;
  }

  void lifetime(Duration lifetime) {
    if (lifetime.isNegative() || lifetime.isZero()) {
      throw new IllegalArgumentException("A token lifetime must be positive, not " + lifetime);
    }
    this.lifetime = lifetime;
  }

  int clientCredentialGrants() {
    return clientCredentialGrants.get();
  }

  int exchangeGrants() {
    return exchangeGrants.get();
  }

  /** Forgets the counts and restores the default lifetime; issued tokens stay valid. */
  void reset() {
    clientCredentialGrants.set(0);
    exchangeGrants.set(0);
    lifetime = DEFAULT_LIFETIME;
  }

  /** Every token issued so far is expired from now on, as a server's revocation does. */
  void expireIssued() {
    expiries.replaceAll((token, expiry) -> Instant.EPOCH);
  }

  boolean valid(String token) {
    if (token.equals(staticToken)) {
      return true;
    }
    Instant expiry = expiries.get(token);
    return expiry != null && Instant.now().isBefore(expiry);
  }

  /** Answers a token request: its form fields and its Authorization header (or null). */
  Answer grant(Map<String, String> form, String authorization) {
    String grantType = form.getOrDefault("grant_type", "");
    if (grantType.equals("client_credentials")) {
      Client client = Client.of(form, authorization);
      if (!clientId.equals(client.id()) || !clientSecret.equals(client.secret())) {
        return error(401, "invalid_client", "Unknown client id or wrong client secret");
      }
      clientCredentialGrants.incrementAndGet();
      return issue();
    }
    if (grantType.equals(TOKEN_EXCHANGE)) {
      if (!valid(form.getOrDefault("subject_token", ""))) {
        return error(401, "invalid_grant", "The subject token is unknown or expired");
      }
      exchangeGrants.incrementAndGet();
      return issue();
    }
    return error(400, "unsupported_grant_type", "Unsupported grant_type '" + grantType + "'");
  }

  private Answer issue() {
    String token = "token-" + UUID.randomUUID();
    Duration current = lifetime;
    expiries.put(token, Instant.now().plus(current).plus(LEEWAY));
    return new Answer(
        200,
        Map.of(
            "access_token",
            token,
            "token_type",
            "bearer",
            "issued_token_type",
            "urn:ietf:params:oauth:token-type:access_token",
            "expires_in",
            Math.max(1, current.toSeconds())));
  }

  private static Answer error(int status, String error, String description) {
    return new Answer(status, Map.of("error", error, "error_description", description));
  }
}
