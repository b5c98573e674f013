package dev.floe.expr;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.floe.FuzzContract;
import dev.floe.InvalidRequestException;
import java.nio.charset.StandardCharsets;

/**
 * Fuzzes the REST expression JSON parser: any text parses, and then writes back to JSON that parses
 * to the same expression, or fails with an InvalidRequestException. Seeds and past findings: {@code
 * TestExpressionJsonFuzzInputs}.
 */
class TestExpressionJsonFuzz {
  private static final FuzzContract CONTRACT =
      FuzzContract.of("ExpressionJson", InvalidRequestException.class, "xpression");

  @FuzzTest(maxDuration = "10s")
  void anyTextParsesOrIsInvalid(byte[] input) {
    String json = new String(input, StandardCharsets.UTF_8);
    CONTRACT.check(
        input,
        () -> {
          Expression parsed = ExpressionJson.parse(json);
          String written = ExpressionJson.toJson(parsed);
          Expression reread = ExpressionJson.parse(written);
          if (!ExpressionJson.toJson(reread).equals(written)) {
            throw CONTRACT.finding(input, "did not round-trip: wrote " + written, null);
          }
        });
  }
}
