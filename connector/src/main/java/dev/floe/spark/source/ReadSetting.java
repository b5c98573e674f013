package dev.floe.spark.source;

import dev.floe.InvalidRequestException;
import java.util.Locale;
import java.util.Map;

/**
 * One setting's value and where it was given, so that a bad value is reported where the user wrote
 * it: {@code Read option split-size}, {@code Session conf spark.floe.read.split-size}, or {@code
 * Table property read.parquet.vectorization.batch-size}.
 *
 * @param source where the value was given, as an error message names it
 * @param value the value as given
 */
record ReadSetting(String source, String value) {
  static ReadSetting option(String name, Map<String, String> byName) {
    return of("Read option " + name, byName.get(name));
  }

  static ReadSetting session(String name, Map<String, String> sessionConf) {
    return of(
        "Session conf " + FloeReadOptions.SESSION_PREFIX + name,
        sessionConf.get(FloeReadOptions.SESSION_PREFIX + name));
  }

  static ReadSetting tableProperty(String name, Map<String, String> tableProperties) {
    return of("Table property " + name, tableProperties.get(name));
  }

  private static ReadSetting of(String source, String value) {
    return value == null ? null : new ReadSetting(source, value);
  }

  /** The first setting given, or null when none is. */
  static ReadSetting first(ReadSetting... settings) {
    for (ReadSetting setting : settings) {
      if (setting != null) {
        return setting;
      }
    }
    return null;
  }

  // The parsers below take null for a setting given nowhere, and then return null or the default.

  static boolean bool(ReadSetting setting, boolean defaultValue) {
    Boolean value = optionalBool(setting);
    return value == null ? defaultValue : value;
  }

  static Boolean optionalBool(ReadSetting setting) {
    if (setting == null) {
      return null;
    }
    String trimmed = setting.value().trim().toLowerCase(Locale.ROOT);
    if (!trimmed.equals("true") && !trimmed.equals("false")) {
      throw new InvalidRequestException(
          setting.source() + " must be true or false, not '" + setting.value() + "'");
    }
    return trimmed.equals("true");
  }

  static Integer intNumber(ReadSetting setting) {
    Long value = number(setting);
    if (value != null && (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE)) {
      throw new InvalidRequestException(setting.source() + " is too large: " + value);
    }
    return value == null ? null : value.intValue();
  }

  static Long number(ReadSetting setting) {
    if (setting == null) {
      return null;
    }
    try {
      return Long.parseLong(setting.value().trim());
    } catch (NumberFormatException notANumber) {
      throw new InvalidRequestException(
          setting.source() + " must be a whole number, not '" + setting.value() + "'", notANumber);
    }
  }
}
