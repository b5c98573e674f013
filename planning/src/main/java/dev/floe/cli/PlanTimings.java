package dev.floe.cli;

import java.util.Locale;

/**
 * Where one {@code plan} or {@code explain} spent its time, as {@link System#nanoTime()} readings:
 * at its start, once the table was loaded, once planned ({@code tasks} is -1 for {@code explain},
 * which plans while it writes), and once the output was written. {@code --verbose} prints them, so
 * a slow run tells JVM start from loading, planning and writing.
 */
record PlanTimings(long start, long loaded, int tasks, long planned, long written) {

  /**
   * One line for standard error, e.g. {@code floe: main took 812 ms: table loaded in 40 ms, 100000
   * tasks planned in 600 ms, output written in 150 ms}; {@code mainStart} and {@code mainEnd} bound
   * the whole command, parsing included.
   */
  String describe(long mainStart, long mainEnd) {
    String planning =
        tasks < 0
            ? "planned and explained in " + millis(written - loaded) + " ms"
            : String.format(
                Locale.ROOT,
                "%d tasks planned in %d ms, output written in %d ms",
                tasks,
                millis(planned - loaded),
                millis(written - planned));
    return String.format(
        Locale.ROOT,
        "floe: main took %d ms: table loaded in %d ms, %s",
        millis(mainEnd - mainStart),
        millis(loaded - start),
        planning);
  }

  private static long millis(long nanos) {
    return nanos / 1_000_000;
  }
}
