package dev.floe.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The Markdown report of {@link DistributedPlanningBenchmark}: the environment, the tables, each
 * side's median planning time per query with its ratio to Iceberg's default, and where each side
 * read its manifests (the Spark jobs its plan ran), so that a time is never read without knowing
 * whether the executors were used.
 */
final class DistributedPlanningReport {
  private static final List<PlanningSide> SIDES = List.of(PlanningSide.values());

  private final List<String> environment;
  private final List<BenchmarkReport.BuiltTable> tables;
  private final List<QueryFigures> figures;
  private final List<String> notes;

  DistributedPlanningReport(
      List<String> environment,
      List<BenchmarkReport.BuiltTable> tables,
      List<QueryFigures> figures,
      List<String> notes) {
    this.environment = List.copyOf(environment);
    this.tables = List.copyOf(tables);
    this.figures = List.copyOf(figures);
    this.notes = List.copyOf(notes);
  }

  /** What one side's plan of a query gave in the check run, before any time was taken. */
  record SideCheck(long dataFiles, PlanningJobs.Count jobs, String planning) {
    SideCheck {
      Objects.requireNonNull(jobs, "jobs");
      Objects.requireNonNull(planning, "planning");
    }

    @Override
    public String toString() {
      return planning.isEmpty() ? jobs.toString() : jobs + " " + planning;
    }
  }

  /** One query on one table: every side's check and its measured times. */
  record QueryFigures(
      TableShape shape,
      String query,
      long dataFiles,
      Map<PlanningSide, SideCheck> checks,
      Map<PlanningSide, Distribution> times) {
    QueryFigures {
      checks = Map.copyOf(checks);
      times = Map.copyOf(times);
      if (!checks.keySet().containsAll(SIDES) || !times.keySet().containsAll(SIDES)) {
        throw new IllegalArgumentException("Every side needs a check and times: " + query);
      }
    }

    double ratioToIceberg(PlanningSide side) {
      return (double) times.get(side).median() / times.get(PlanningSide.ICEBERG).median();
    }

    /** The widest max/min of one side's measured runs. */
    double widestSpread() {
      double widest = 1;
      for (Distribution distribution : times.values()) {
        widest = Math.max(widest, (double) distribution.max() / Math.max(1, distribution.min()));
      }
      return widest;
    }
  }

  String markdown() {
    StringBuilder text = new StringBuilder();
    text.append("## Planning on the executors: Floe local and distributed against Iceberg\n\n");
    environment.forEach(line -> text.append("- ").append(line).append('\n'));
    text.append("\n| table | partitions | data manifests | data files | delete files | built |\n");
    text.append("|---|---:|---:|---:|---:|---:|\n");
    for (BenchmarkReport.BuiltTable table : tables) {
      TableShape shape = table.shape();
      text.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %,d | %,d | %,d | %s |%n",
              shape.name(),
              shape.partitions(),
              shape.dataManifests(),
              shape.dataFiles(),
              shape.deleteFiles(),
              table.isReused()
                  ? "reused"
                  : String.format(Locale.ROOT, "in %.1f s", table.buildMillis() / 1000.0)));
    }
    appendTimes(text);
    appendWherePlanned(text);
    text.append('\n');
    notes.forEach(note -> text.append("- ").append(note).append('\n'));
    return text.toString();
  }

  private void appendTimes(StringBuilder text) {
    text.append(
        "\nPlanning time, ms (median of the measured runs):\n\n| table | query | data files |");
    SIDES.forEach(side -> text.append(' ').append(side.label()).append(" |"));
    for (PlanningSide side : SIDES) {
      if (side != PlanningSide.ICEBERG) {
        text.append(' ').append(side.label()).append(" / Iceberg |");
      }
    }
    text.append("\n|---|---|").append("---:|".repeat(2 * SIDES.size())).append('\n');
    double widest = 1;
    for (QueryFigures query : figures) {
      text.append(row(query)).append(String.format(Locale.ROOT, " %,d |", query.dataFiles()));
      SIDES.forEach(side -> text.append(' ').append(millis(query.times().get(side))).append(" |"));
      for (PlanningSide side : SIDES) {
        if (side != PlanningSide.ICEBERG) {
          text.append(String.format(Locale.ROOT, " %.2f |", query.ratioToIceberg(side)));
        }
      }
      text.append('\n');
      widest = Math.max(widest, query.widestSpread());
    }
    text.append(
        String.format(
            Locale.ROOT,
            "%nA ratio below 1: faster than Iceberg at its defaults. The widest spread of one"
                + " side's measured runs (max/min) was %.2fx.%n",
            widest));
  }

  private void appendWherePlanned(StringBuilder text) {
    text.append(
        "\nWhere each side read its manifests (its plan in the check run): the Spark jobs the plan"
            + " ran and the task results they sent to the driver; Floe's own word after it:\n\n"
            + "| table | query |");
    SIDES.forEach(side -> text.append(' ').append(side.label()).append(" |"));
    text.append("\n|---|---|").append("---|".repeat(SIDES.size())).append('\n');
    for (QueryFigures query : figures) {
      text.append(row(query));
      SIDES.forEach(side -> text.append(' ').append(query.checks().get(side)).append(" |"));
      text.append('\n');
    }
  }

  private static String row(QueryFigures query) {
    return "| " + query.shape().name() + " | " + query.query() + " |";
  }

  private static String millis(Distribution distribution) {
    double millis = distribution.median() / 1e6;
    return String.format(Locale.ROOT, millis < 100 ? "%,.1f" : "%,.0f", millis);
  }
}
