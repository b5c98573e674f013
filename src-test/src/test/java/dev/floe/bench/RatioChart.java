package dev.floe.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A horizontal bar chart of Floe's time ratios per case, as SVG text: for each case a bar for
 * Floe/Iceberg, one for Floe/Spark Parquet and one for Floe/Comet (where each has a figure), drawn
 * from 1 (as fast) towards the ratio on a log scale, so 0.5x and 2x are bars of one length on
 * either side; the targets are dashed vertical lines, labelled. Plain text, so the report
 * needs no charting library.
 */
final class RatioChart {
  /**
   * One case's ratios; NaN where the case has no figure (a failed reader, Spark's Parquet reader on
   * a table with deletes, Comet not run or fallen back).
   */
  record Bar(
      String label, double floeOverIceberg, double floeOverSparkParquet, double floeOverComet) {
    Bar {
      Objects.requireNonNull(label, "label");
      checkRatio(floeOverIceberg, label);
      checkRatio(floeOverSparkParquet, label);
      checkRatio(floeOverComet, label);
    }

    /** A case without a Comet figure. */
    Bar(String label, double floeOverIceberg, double floeOverSparkParquet) {
      this(label, floeOverIceberg, floeOverSparkParquet, Double.NaN);
    }

    private static void checkRatio(double ratio, String label) {
      if (!Double.isNaN(ratio) && !(ratio > 0 && ratio < Double.POSITIVE_INFINITY)) {
        throw new IllegalArgumentException("Not a time ratio for '" + label + "': " + ratio);
      }
    }
  }

  /** A target ratio line, e.g. 0.9 labelled "Floe <= 0.9x Iceberg". */
  record Target(double ratio, String label) {
    Target {
      Objects.requireNonNull(label, "label");
      if (!(ratio > 0 && ratio < Double.POSITIVE_INFINITY)) {
        throw new IllegalArgumentException("Not a target ratio for '" + label + "': " + ratio);
      }
    }
  }

  static final String ICEBERG_COLOUR = "#3465a4";
  static final String SPARK_PARQUET_COLOUR = "#f57900";
  static final String COMET_COLOUR = "#73d216";

  /** Wide enough for a case label of 11-pixel sans-serif text, about 6.2 pixels a character. */
  private static final double LABEL_CHARACTER_WIDTH = 6.2;

  /** The same for the 12-pixel text of the target labels. */
  private static final double TEXT_CHARACTER_WIDTH = 6.8;

  private static final int PLOT_WIDTH = 640;
  private static final int VALUE_MARGIN = 60;
  private static final int BAR_HEIGHT = 11;
  private static final int GROUP_HEIGHT = 3 * BAR_HEIGHT + 10;
  private static final int TARGET_LABEL_LINE = 14;

  private final String title;
  private final List<Bar> bars;
  private final List<Target> targets;
  private final int labelWidth;

  RatioChart(String title, List<Bar> bars, List<Target> targets) {
    this.title = Objects.requireNonNull(title, "title");
    this.bars = List.copyOf(bars);
    this.targets = List.copyOf(targets);
    if (this.bars.isEmpty()) {
      throw new IllegalArgumentException("A ratio chart needs at least one case");
    }
    int longest = this.bars.stream().mapToInt(bar -> bar.label().length()).max().orElse(0);
    this.labelWidth = Math.max(200, (int) Math.ceil(longest * LABEL_CHARACTER_WIDTH) + 20);
  }

  String svg() {
    double[] domain = domain();
    double low = Math.log10(domain[0]);
    double high = Math.log10(domain[1]);
    int top = 40 + TARGET_LABEL_LINE * targets.size();
    int plotHeight = GROUP_HEIGHT * bars.size();
    int width = labelWidth + PLOT_WIDTH + VALUE_MARGIN;
    int height = top + plotHeight + 70;
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d"
                + " %d\" font-family=\"sans-serif\" font-size=\"12\">%n",
            width,
            height,
            width,
            height));
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>%n",
            width,
            height));
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"20\" font-size=\"14\" font-weight=\"bold\">%s</text>%n",
            10,
            escape(title)));
    // decade and half-decade grid with its tick labels
    for (double tick : ticks(domain)) {
      double x = x(tick, low, high);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#dddddd\"/>%n",
              x,
              top,
              x,
              top + plotHeight));
      svg.append(
          String.format(
              Locale.ROOT,
              "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
              x,
              top + plotHeight + 16,
              number(tick)));
    }
    double one = x(1, low, high);
    for (int index = 0; index < bars.size(); index++) {
      Bar bar = bars.get(index);
      int y = top + index * GROUP_HEIGHT + 4;
      svg.append(
          String.format(
              Locale.ROOT,
              "<text class=\"case\" x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"11\">%s</text>%n",
              labelWidth - 8,
              y + BAR_HEIGHT * 3 / 2 + 4,
              escape(bar.label())));
      bar(svg, "floe-iceberg", ICEBERG_COLOUR, bar.floeOverIceberg(), y, one, low, high);
      bar(
          svg,
          "floe-spark-parquet",
          SPARK_PARQUET_COLOUR,
          bar.floeOverSparkParquet(),
          y + BAR_HEIGHT,
          one,
          low,
          high);
      bar(svg, "floe-comet", COMET_COLOUR, bar.floeOverComet(), y + 2 * BAR_HEIGHT, one, low, high);
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<line class=\"parity\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\"/>%n",
            one,
            top - 4,
            one,
            top + plotHeight));
    for (int index = 0; index < targets.size(); index++) {
      Target target = targets.get(index);
      double x = x(target.ratio(), low, high);
      int labelY = 36 + TARGET_LABEL_LINE * index;
      svg.append(
          String.format(
              Locale.ROOT,
              "<line class=\"target\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#cc0000\""
                  + " stroke-dasharray=\"4,3\"/>%n",
              x,
              labelY + 2,
              x,
              top + plotHeight));
      String label = number(target.ratio()) + ": " + target.label();
      // a label that would run past the right edge runs leftwards from its line instead
      boolean leftwards = x + 3 + label.length() * TEXT_CHARACTER_WIDTH > width;
      svg.append(
          String.format(
              Locale.ROOT,
              "<text class=\"target-label\" x=\"%.1f\" y=\"%d\" fill=\"#cc0000\"%s>%s</text>%n",
              leftwards ? x - 3 : x + 3,
              labelY,
              leftwards ? " text-anchor=\"end\"" : "",
              escape(label)));
    }
    int legendY = top + plotHeight + 40;
    legend(svg, labelWidth, legendY, ICEBERG_COLOUR, "Floe/Iceberg");
    legend(svg, labelWidth + 150, legendY, SPARK_PARQUET_COLOUR, "Floe/Spark Parquet");
    legend(svg, labelWidth + 330, legendY, COMET_COLOUR, "Floe/Comet");
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"%d\">time ratio, log scale: left of 1 Floe is faster</text>%n",
            labelWidth,
            legendY + 20));
    svg.append("</svg>\n");
    return svg.toString();
  }

  private void bar(
      StringBuilder svg,
      String kind,
      String colour,
      double ratio,
      int y,
      double one,
      double low,
      double high) {
    if (Double.isNaN(ratio)) {
      return;
    }
    double x = x(ratio, low, high);
    double left = Math.min(x, one);
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect class=\"bar %s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>%n",
            kind,
            left,
            y,
            Math.max(1, Math.abs(x - one)),
            BAR_HEIGHT - 1,
            colour));
    svg.append(
        String.format(
            Locale.ROOT,
            "<text class=\"value\" x=\"%.1f\" y=\"%d\" font-size=\"10\"%s>%s</text>%n",
            ratio < 1 ? left - 3 : x + 3,
            y + BAR_HEIGHT - 2,
            ratio < 1 ? " text-anchor=\"end\"" : "",
            String.format(Locale.ROOT, "%.2f", ratio)));
  }

  private static void legend(StringBuilder svg, int x, int y, String colour, String text) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                + "<text x=\"%d\" y=\"%d\">%s</text>%n",
            x,
            y - 10,
            colour,
            x + 16,
            y,
            escape(text)));
  }

  /** From a 1-2-5 step below every ratio, target and 1 to one above them, with some margin. */
  private double[] domain() {
    double least = 1;
    double greatest = 1;
    List<Double> values = new ArrayList<>();
    for (Bar bar : bars) {
      values.add(bar.floeOverIceberg());
      values.add(bar.floeOverSparkParquet());
      values.add(bar.floeOverComet());
    }
    targets.forEach(target -> values.add(target.ratio()));
    for (double value : values) {
      if (!Double.isNaN(value)) {
        least = Math.min(least, value);
        greatest = Math.max(greatest, value);
      }
    }
    return new double[] {stepAtMost(least / 1.2), stepAtLeast(greatest * 1.2)};
  }

  /** The 1-2-5 steps of every decade within the domain. */
  private static List<Double> ticks(double[] domain) {
    List<Double> ticks = new ArrayList<>();
    for (double decade = Math.pow(10, Math.floor(Math.log10(domain[0])));
        decade <= domain[1];
        decade *= 10) {
      for (double step : STEPS) {
        double tick = decade * step;
        if (tick >= domain[0] * 0.999 && tick <= domain[1] * 1.001) {
          ticks.add(tick);
        }
      }
    }
    return ticks;
  }

  private static final double[] STEPS = {1, 2, 5};

  private static double stepAtMost(double value) {
    double decade = Math.pow(10, Math.floor(Math.log10(value)));
    double step = 1;
    for (double candidate : STEPS) {
      if (decade * candidate <= value) {
        step = candidate;
      }
    }
    return decade * step;
  }

  private static double stepAtLeast(double value) {
    double decade = Math.pow(10, Math.floor(Math.log10(value)));
    for (double candidate : STEPS) {
      if (decade * candidate >= value) {
        return decade * candidate;
      }
    }
    return decade * 10;
  }

  private double x(double ratio, double low, double high) {
    return labelWidth + (Math.log10(ratio) - low) / (high - low) * PLOT_WIDTH;
  }

  private static String number(double value) {
    String text = String.format(Locale.ROOT, "%.3f", value);
    return text.replaceAll("0+$", "").replaceAll("\\.$", "");
  }

  static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
