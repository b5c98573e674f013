package dev.floe.expr;

import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a transform's spec text. Names are matched ignoring case, as Apache Iceberg matches them;
 * spaces around a width ({@code bucket[ 16 ]}) are tolerated, although Iceberg writes none. Any
 * other text is an {@link UnknownTransform}, which never prunes.
 */
final class TransformParser {
  private static final Pattern WITH_PARAMETER = Pattern.compile("(\\w+)\\[(.*)\\]");

  private TransformParser() {}

  /**
   * @throws IllegalArgumentException naming the text when {@code bucket} or {@code truncate} has a
   *     parameter that is not a positive int: {@code bucket[x]}, {@code bucket[0]}
   */
  static Transform parse(String text) {
    Objects.requireNonNull(text, "text");
    Matcher withParameter = WITH_PARAMETER.matcher(text);
    if (withParameter.matches()) {
      String name = withParameter.group(1).toLowerCase(Locale.ROOT);
      if (name.equals("bucket")) {
        return new BucketTransform(parameter(text, withParameter.group(2), "number of buckets"));
      }
      if (name.equals("truncate")) {
        return new TruncateTransform(parameter(text, withParameter.group(2), "width"));
      }
      return new UnknownTransform(text);
    }
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "identity" -> IdentityTransform.INSTANCE;
      case "void" -> VoidTransform.INSTANCE;
      case "year" -> TemporalTransform.YEAR;
      case "month" -> TemporalTransform.MONTH;
      case "day" -> TemporalTransform.DAY;
      case "hour" -> TemporalTransform.HOUR;
      default -> new UnknownTransform(text);
    };
  }

  private static int parameter(String text, String parameter, String meaning) {
    String digits = parameter.strip();
    long value = digits.matches("\\d{1,10}") ? Long.parseLong(digits) : 0;
    if (value <= 0 || value > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "Invalid transform '"
              + text
              + "': the "
              + meaning
              + " must be a positive int, not '"
              + parameter
              + "'");
    }
    return (int) value;
  }
}
