package dev.floe.spark.source;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A snapshot selection written as the last part of a table identifier, as Iceberg's Spark catalog
 * reads it: {@code lake.db.events.branch_audit}, {@code .tag_v1}, {@code .snapshot_id_42}, {@code
 * .at_timestamp_1767225600000} (ms). Each stands for the read option of the same meaning.
 *
 * @param form which selector
 * @param value the rest of the identifier part, never empty
 */
public record IdentifierSelector(Form form, String value) {

  /** The selector forms, by identifier prefix. */
  public enum Form {
    BRANCH("branch_", FloeReadOptions.BRANCH),
    TAG("tag_", FloeReadOptions.TAG),
    SNAPSHOT_ID("snapshot_id_", FloeReadOptions.SNAPSHOT_ID),
    AT_TIMESTAMP("at_timestamp_", FloeReadOptions.AS_OF_TIMESTAMP);

    private final String prefix;
    private final String option;

    Form(String prefix, String option) {
      this.prefix = prefix;
      this.option = option;
    }

    String prefix() {
      return prefix;
    }

    /** The Floe read option this form stands for. */
    String option() {
      return option;
    }
  }

  public IdentifierSelector {
    Objects.requireNonNull(form, "form");
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException("A selector needs a value after " + form.prefix());
    }
  }

  /** The selector an identifier part spells, or empty when it spells none. */
  public static Optional<IdentifierSelector> parse(String namePart) {
    for (Form form : Form.values()) {
      if (namePart.startsWith(form.prefix()) && namePart.length() > form.prefix().length()) {
        return Optional.of(
            new IdentifierSelector(form, namePart.substring(form.prefix().length())));
      }
    }
    return Optional.empty();
  }

  /** The identifier part that selects as read option {@code option} does, e.g. {@code tag_v1}. */
  static String identifierPart(String option, String value) {
    for (Form form : Form.values()) {
      if (form.option().equals(option)) {
        return form.prefix() + value;
      }
    }
    throw new IllegalArgumentException("Not a snapshot selector: " + option);
  }

  /** The read option this selector means, e.g. {@code branch -> audit}. */
  public Map<String, String> readOption() {
    return Map.of(form.option(), value);
  }

  @Override
  public String toString() {
    return form.prefix() + value;
  }
}
