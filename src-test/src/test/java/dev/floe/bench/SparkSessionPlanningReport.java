package dev.floe.bench;

import dev.floe.bench.SessionPlanningBenchmark.Query;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The Markdown report of {@link SparkSessionPlanningBenchmark}: the environment, then per query
 * each side's median planning time, each Floe side's time against its own first query (what its
 * cache saves later in the session) and every side's against Iceberg's at its defaults, and what
 * Floe read from storage; then the session totals and how each side's cache was seen working.
 */
final class SparkSessionPlanningReport {
  private static final List<SparkSessionSide> SIDES = List.of(SparkSessionSide.values());

  private final List<String> environment;
  private final List<QueryFigures> figures;
  private final Map<SparkSessionSide, Distribution> sessions;
  private final List<String> notes;

  SparkSessionPlanningReport(
      List<String> environment,
      List<QueryFigures> figures,
      Map<SparkSessionSide, Distribution> sessions,
      List<String> notes) {
    this.environment = List.copyOf(environment);
    this.figures = List.copyOf(figures);
    this.sessions = Map.copyOf(sessions);
    this.notes = List.copyOf(notes);
    if (this.figures.isEmpty() || !this.sessions.keySet().containsAll(SIDES)) {
      throw new IllegalArgumentException("A report needs queries and every side's sessions");
    }
  }

  /**
   * The metadata files a Floe plan took from its metadata cache and read from storage (manifest
   * lists and manifests), and the bytes it read: its driver metrics {@code metadataFilesFromCache},
   * {@code metadataFilesFromStorage}, {@code metadataBytesRead}.
   */
  record FloeReads(long fromCache, long fromStorage, long bytesRead) {
    @Override
    public String toString() {
      return String.format(
          Locale.ROOT, "%,d read (%,d bytes), %,d cached", fromStorage, bytesRead, fromCache);
    }
  }

  /**
   * One query: what every side planned (checked equal), each side's times, and what each Floe side
   * read in its last measured session (absent where Floe does not report it: a metadata table).
   */
  record QueryFigures(
      Query query,
      String answer,
      Map<SparkSessionSide, Distribution> times,
      Map<SparkSessionSide, FloeReads> floeReads) {
    QueryFigures {
      Objects.requireNonNull(query, "query");
      Objects.requireNonNull(answer, "answer");
      times = Map.copyOf(times);
      floeReads = Map.copyOf(floeReads);
      if (!times.keySet().containsAll(SIDES)) {
        throw new IllegalArgumentException("Every side needs times: " + query.name());
      }
    }

    double millis(SparkSessionSide side) {
      return times.get(side).median() / 1e6;
    }
  }

  String markdown() {
    StringBuilder text = new StringBuilder();
    text.append("## Ten queries in one Spark session: Floe's metadata cache and Iceberg's");
    text.append(" manifest cache\n\n");
    environment.forEach(line -> text.append("- ").append(line).append('\n'));
    appendTimes(text);
    appendTotals(text);
    text.append('\n');
    notes.forEach(note -> text.append("- ").append(note).append('\n'));
    return text.toString();
  }

  private void appendTimes(StringBuilder text) {
    text.append("\nPlanning time, ms (median of the measured sessions):\n\n| query | planned |");
    SIDES.forEach(side -> text.append(' ').append(side.label()).append(" |"));
    List<SparkSessionSide> floe = SIDES.stream().filter(SparkSessionSide::isFloe).toList();
    List<SparkSessionSide> againstIceberg =
        SIDES.stream().filter(side -> side != SparkSessionSide.ICEBERG).toList();
    floe.forEach(side -> text.append(' ').append(side.label()).append(" / its query 1 |"));
    againstIceberg.forEach(side -> text.append(' ').append(side.label()).append(" / Iceberg |"));
    floe.forEach(side -> text.append(' ').append(side.label()).append(": metadata files |"));
    int columns = SIDES.size() + floe.size() + againstIceberg.size() + floe.size();
    text.append("\n|---|---:|").append("---:|".repeat(columns)).append('\n');
    QueryFigures first = figures.get(0);
    for (QueryFigures query : figures) {
      text.append("| ").append(query.query().name()).append(" | ").append(query.answer());
      text.append(" |");
      SIDES.forEach(side -> text.append(' ').append(millis(query.millis(side))).append(" |"));
      floe.forEach(side -> text.append(ratio(query.millis(side), first.millis(side))));
      againstIceberg.forEach(
          side -> text.append(ratio(query.millis(side), query.millis(SparkSessionSide.ICEBERG))));
      for (SparkSessionSide side : floe) {
        FloeReads reads = query.floeReads().get(side);
        text.append(' ').append(reads == null ? "(not reported)" : reads.toString()).append(" |");
      }
      text.append('\n');
    }
    text.append("| **session (sum of medians)** | |");
    SIDES.forEach(side -> text.append(" **").append(millis(sumOfMedians(side))).append("** |"));
    floe.forEach(side -> text.append(" |"));
    againstIceberg.forEach(
        side -> text.append(ratio(sumOfMedians(side), sumOfMedians(SparkSessionSide.ICEBERG))));
    floe.forEach(side -> text.append(" |"));
    text.append('\n');
  }

  private void appendTotals(StringBuilder text) {
    text.append("\nSession totals, ms (median of the measured sessions, least and greatest):");
    for (SparkSessionSide side : SIDES) {
      Distribution session = sessions.get(side);
      text.append(
          String.format(
              Locale.ROOT,
              " %s %s (%s-%s);",
              side.label(),
              millis(session.median() / 1e6),
              millis(session.min() / 1e6),
              millis(session.max() / 1e6)));
    }
    double cached = sessionMillis(SparkSessionSide.FLOE_CACHED);
    double laterCached = 0;
    for (QueryFigures query : figures.subList(1, Math.min(6, figures.size()))) {
      laterCached =
          Math.max(
              laterCached,
              query.millis(SparkSessionSide.FLOE_CACHED)
                  / figures.get(0).millis(SparkSessionSide.FLOE_CACHED));
    }
    double widest = 1;
    for (QueryFigures query : figures) {
      for (Distribution times : query.times().values()) {
        widest = Math.max(widest, (double) times.max() / Math.max(1, times.min()));
      }
    }
    text.append(
        String.format(
            Locale.ROOT,
            "%n%nSession total, Floe with its cache: %.2fx Floe without it, %.2fx Iceberg, %.2fx"
                + " Iceberg with its manifest cache. Queries 2-6 (current snapshot), Floe cached:"
                + " at most %.2fx its first query's time. The widest spread of one side's measured"
                + " times of one query (max/min) was %.2fx.%n",
            cached / sessionMillis(SparkSessionSide.FLOE_UNCACHED),
            cached / sessionMillis(SparkSessionSide.ICEBERG),
            cached / sessionMillis(SparkSessionSide.ICEBERG_MANIFEST_CACHE),
            laterCached,
            widest));
  }

  private double sumOfMedians(SparkSessionSide side) {
    return figures.stream().mapToDouble(query -> query.millis(side)).sum();
  }

  private double sessionMillis(SparkSessionSide side) {
    return sessions.get(side).median() / 1e6;
  }

  private static String ratio(double value, double reference) {
    return String.format(Locale.ROOT, " %.2f |", value / reference);
  }

  private static String millis(double millis) {
    return String.format(Locale.ROOT, millis < 100 ? "%,.1f" : "%,.0f", millis);
  }
}
