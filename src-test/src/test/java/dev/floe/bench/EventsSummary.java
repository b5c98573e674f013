package dev.floe.bench;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.function.LongPredicate;
import org.apache.spark.sql.Row;

/**
 * The delete benchmark's checksum of an events table: its row count and sums over several columns,
 * as a reader computes them ({@link #QUERY} on its DataFrame) and as they must be, from the ids
 * that were written and deleted ({@link #expected}). Sums are exact (integers and decimals), so
 * readers that agree agree to the last digit, whatever order Spark adds partial sums in.
 */
record EventsSummary(
    long rows, long sumOfIds, long sumOfN, BigDecimal sumOfPrices, long names, long amounts) {

  /** The aggregate each reader computes; {@link #of(Row)} reads its result. */
  static final String[] QUERY = {
    "count(*)", "sum(id)", "sum(n)", "sum(price)", "count(name)", "count(amount)"
  };

  /** The answer of {@link #QUERY} on a reader's rows. */
  static EventsSummary of(Row row) {
    return new EventsSummary(
        row.getLong(0),
        row.isNullAt(1) ? 0 : row.getLong(1),
        row.isNullAt(2) ? 0 : row.getLong(2),
        row.isNullAt(3) ? BigDecimal.ZERO.setScale(2) : row.getDecimal(3),
        row.getLong(4),
        row.getLong(5));
  }

  /**
   * What {@link #QUERY} must answer on the events with ids {@code [0, rows)} ({@link EventsTable})
   * once the ids {@code deleted} accepts are deleted.
   */
  static EventsSummary expected(long rows, LongPredicate deleted) {
    long live = 0;
    long sumOfIds = 0;
    long sumOfN = 0;
    long cents = 0;
    long amounts = 0;
    for (long id = 0; id < rows; id++) {
      if (deleted.test(id)) {
        continue;
      }
      live++;
      sumOfIds += id;
      sumOfN += id % EventsTable.N_CYCLE;
      cents += id % EventsTable.N_CYCLE;
      if (id % EventsTable.NULL_AMOUNT_EVERY != 0) {
        amounts++;
      }
    }
    return new EventsSummary(live, sumOfIds, sumOfN, BigDecimal.valueOf(cents, 2), live, amounts);
  }

  /** The answer compared across readers: every figure, the decimal in plain notation. */
  String answer() {
    return String.format(
        Locale.ROOT,
        "rows %d, sum(id) %d, sum(n) %d, sum(price) %s, count(name) %d, count(amount) %d",
        rows,
        sumOfIds,
        sumOfN,
        sumOfPrices.toPlainString(),
        names,
        amounts);
  }
}
