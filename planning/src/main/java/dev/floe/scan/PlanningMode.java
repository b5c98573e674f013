package dev.floe.scan;

import dev.floe.InvalidRequestException;
import java.util.Locale;

/**
 * Where a plan reads its manifests, as Iceberg's {@code read.data-planning-mode} and {@code
 * read.delete-planning-mode} name it: in this process ({@code local}), on an engine's executors
 * ({@code distributed}, through a {@link DistributedManifestReader}), or on the executors only for
 * many large manifests and an engine with more executor slots than planning threads ({@code auto},
 * Iceberg's rule). The plan is the same in every mode; only where the work runs differs.
 */
public enum PlanningMode {
  LOCAL,
  DISTRIBUTED,
  AUTO;

  /**
   * The mode named {@code value} (any case).
   *
   * @param setting the option or property that gave it, for the error
   * @throws InvalidRequestException naming the setting and the valid values
   */
  public static PlanningMode parse(String value, String setting) {
    for (PlanningMode mode : values()) {
      if (mode.modeName().equalsIgnoreCase(value.trim())) {
        return mode;
      }
    }
    throw new InvalidRequestException(
        "Invalid " + setting + ": '" + value + "'; expected one of local, distributed, auto");
  }

  /** The name settings use: {@code local}, {@code distributed}, {@code auto}. */
  public String modeName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
