package dev.floe.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;

/**
 * What one driver JVM ({@link ScaleProbe}) does: one reader, one unmeasured warm-up read of a small
 * table, then its steps in order; and, when {@code histogramFile} is given, a class histogram of
 * the live heap right after the first partition count, while its RDD is still held. The parent
 * hands it over as a properties file.
 *
 * @param histogramFile where the histogram goes, or null for none
 */
record ScaleProbeSpec(
    String name,
    ScaleReader reader,
    String warmupLocation,
    Path histogramFile,
    int histogramLines,
    List<ScaleStep> steps) {

  ScaleProbeSpec {
    Objects.requireNonNull(reader, "reader");
    Objects.requireNonNull(warmupLocation, "warmupLocation");
    steps = List.copyOf(steps);
    if (name == null || !name.matches("[a-z0-9-]+") || steps.isEmpty()) {
      throw new IllegalArgumentException(
          "A probe needs a file-name-safe name and at least one step: '" + name + "'");
    }
  }

  Properties toProperties() {
    Properties properties = new Properties();
    properties.setProperty("name", name);
    properties.setProperty("reader", reader.name());
    properties.setProperty("warmup", warmupLocation);
    properties.setProperty("histogram", histogramFile == null ? "" : histogramFile.toString());
    properties.setProperty("histogramLines", Integer.toString(histogramLines));
    properties.setProperty("steps", Integer.toString(steps.size()));
    for (int index = 0; index < steps.size(); index++) {
      ScaleStep step = steps.get(index);
      String prefix = "step." + index + ".";
      properties.setProperty(prefix + "label", step.label());
      properties.setProperty(prefix + "location", step.location());
      properties.setProperty(prefix + "kind", step.kind().name());
      properties.setProperty(prefix + "filter", step.filter());
      properties.setProperty(prefix + "splitSize", Long.toString(step.splitSizeBytes()));
    }
    return properties;
  }

  static ScaleProbeSpec fromProperties(Properties properties) {
    int count = Integer.parseInt(properties.getProperty("steps"));
    List<ScaleStep> steps = new ArrayList<>();
    for (int index = 0; index < count; index++) {
      String prefix = "step." + index + ".";
      steps.add(
          new ScaleStep(
              properties.getProperty(prefix + "label"),
              properties.getProperty(prefix + "location"),
              ScaleStep.Kind.valueOf(properties.getProperty(prefix + "kind")),
              properties.getProperty(prefix + "filter"),
              Long.parseLong(properties.getProperty(prefix + "splitSize"))));
    }
    String histogram = properties.getProperty("histogram", "");
    return new ScaleProbeSpec(
        properties.getProperty("name"),
        ScaleReader.valueOf(properties.getProperty("reader")),
        properties.getProperty("warmup"),
        histogram.isEmpty() ? null : Path.of(histogram),
        Integer.parseInt(properties.getProperty("histogramLines")),
        steps);
  }
}
