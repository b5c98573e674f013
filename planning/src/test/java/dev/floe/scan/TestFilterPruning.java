package dev.floe.scan;

import static dev.floe.scan.ScanFixtures.BOOKS;
import static dev.floe.scan.ScanFixtures.SCHEMA;
import static dev.floe.scan.ScanFixtures.SPECS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DeleteFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which column metrics may rule out a delete file for a scan's filter. */
class TestFilterPruning {
  private static final FilterPruning ID_ABOVE_100 =
      new FilterPruning(
          SCHEMA, SPECS, Binder.bind(SCHEMA, Expression.greaterThan("id", 100L), true));

  /** Metrics claiming every deleted row has an id in [1, 10] and the category "books". */
  private static final ColumnMetrics LOW_IDS =
      new ColumnMetrics(
          Map.of(),
          Map.of(1, 5L, 2, 5L),
          Map.of(1, 0L, 2, 0L),
          Map.of(),
          Map.of(1, ScanFixtures.longBytes(1), 2, utf8("books")),
          Map.of(1, ScanFixtures.longBytes(10), 2, utf8("books")));

  @Test
  void anEqualityDeleteFileIsRuledOutByItsEqualityColumns() {
    DeleteFile onId = ScanFixtures.equalityDeletes("eq.parquet", 1, BOOKS, 2, LOW_IDS);
    assertThat(ID_ABOVE_100.metricsMightMatch(onId))
        .as("it deletes only ids 1 to 10, which the filter drops anyway")
        .isFalse();
  }

  @Test
  void anEqualityDeleteFileIsNotRuledOutByAnotherColumnItStores() {
    DeleteFile onCategory = ScanFixtures.categoryDeletes("eq.parquet", 2, LOW_IDS);
    assertThat(ID_ABOVE_100.metricsMightMatch(onCategory))
        .as("its keys are categories: it deletes rows of any id")
        .isTrue();
  }

  @Test
  void aPositionDeleteFileIsNeverRuledOutByItsRowColumn() {
    DeleteFile positions =
        ScanFixtures.positionDeletes("pos.parquet", 1, BOOKS, 2).withMetrics(LOW_IDS);
    assertThat(ID_ABOVE_100.metricsMightMatch(positions))
        .as("the optional row column is a copy that may not match the rows deleted")
        .isTrue();
  }

  private static ByteBuffer utf8(String value) {
    return ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8));
  }
}
