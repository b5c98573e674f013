package dev.floe.spark.source;

import static dev.floe.spark.aggregate.AggregateFixtures.BY_REGION;
import static dev.floe.spark.aggregate.AggregateFixtures.SCHEMA;
import static dev.floe.spark.aggregate.AggregateFixtures.dataFile;
import static dev.floe.spark.aggregate.AggregateFixtures.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.scan.FileScanTask;
import dev.floe.scan.ScanTaskGroup;
import dev.floe.table.Snapshot;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

class TestRuntimeFiltering {
  private static final FileScanTask EU_LOW = task(dataFile("a.parquet", "eu", 10, 0, 99));
  private static final FileScanTask EU_HIGH = task(dataFile("b.parquet", "eu", 10, 100, 199));
  private static final FileScanTask US_LOW = task(dataFile("c.parquet", "us", 10, 0, 99));
  private static final List<ScanTaskGroup> GROUPS =
      List.of(
          new ScanTaskGroup(List.of(EU_LOW, EU_HIGH), 2000),
          new ScanTaskGroup(List.of(US_LOW), 1000));

  private static Predicate in(String column, Object... values) {
    org.apache.spark.sql.connector.expressions.Expression[] children =
        new org.apache.spark.sql.connector.expressions.Expression[values.length + 1];
    children[0] = Expressions.column(column);
    for (int index = 0; index < values.length; index++) {
      children[index + 1] =
          values[index] instanceof String text
              ? new LiteralValue<>(UTF8String.fromString(text), DataTypes.StringType)
              : new LiteralValue<>(values[index], DataTypes.LongType);
    }
    return new Predicate("IN", children);
  }

  private static RuntimeFiltering filtering(Predicate... predicates) {
    return RuntimeFiltering.of(SCHEMA, Map.of(0, BY_REGION), predicates, 3);
  }

  @Test
  void dropsSplitsByColumnBoundsOfAnyColumn() {
    RuntimeFiltering filtering = filtering(in("id", 150L, 160L));
    List<ScanTaskGroup> kept = filtering.keep(GROUPS);
    assertThat(kept).hasSize(1);
    assertThat(kept.get(0).tasks())
        .as("only the file whose ids reach 150")
        .containsExactly(EU_HIGH);
    assertThat(filtering.after(kept).describe()).isEqualTo("runtimeFiltered=[before=3, after=1]");
  }

  @Test
  void dropsSplitsByPartitionValues() {
    List<ScanTaskGroup> kept = filtering(in("region", "us")).keep(GROUPS);
    assertThat(kept).containsExactly(GROUPS.get(1));
  }

  @Test
  void predicatesFloeCannotConvertFilterNothing() {
    Predicate unknown =
        new Predicate(
            "SOME_FUNCTION",
            new org.apache.spark.sql.connector.expressions.Expression[] {Expressions.column("id")});
    assertThat(filtering(unknown)).as("nothing to prune with").isNull();
  }

  @Test
  void offersTheScanDataColumnsWithOrderedValues() {
    assertThat(names(RuntimeFiltering.filterableColumns(SCHEMA, SCHEMA, List.of(BY_REGION), true)))
        .containsExactly("id", "region", "score");
  }

  @Test
  void offersOnlyPartitionSourcesWhenTheFilesKeptNoBounds() {
    assertThat(names(RuntimeFiltering.filterableColumns(SCHEMA, SCHEMA, List.of(BY_REGION), false)))
        .as("a table too large to keep bounds is filtered by partition values alone")
        .containsExactly("region");
  }

  @Test
  void columnBoundsAreKeptUpToAHundredThousandFiles() {
    assertThat(RuntimeFiltering.prunesByColumnBounds(Optional.of(snapshot("100000")))).isTrue();
    assertThat(RuntimeFiltering.prunesByColumnBounds(Optional.of(snapshot("100001")))).isFalse();
    assertThat(RuntimeFiltering.prunesByColumnBounds(Optional.of(snapshot(null))))
        .as("a summary without the count")
        .isTrue();
    assertThat(RuntimeFiltering.prunesByColumnBounds(Optional.empty()))
        .as("a table never written")
        .isTrue();
  }

  private static Snapshot snapshot(String totalDataFiles) {
    Map<String, String> summary = new HashMap<>();
    summary.put("operation", "append");
    if (totalDataFiles != null) {
      summary.put("total-data-files", totalDataFiles);
    }
    return new Snapshot(1, null, 1, 1, "/t/snap-1.avro", List.of(), summary, 0, null, null, null);
  }

  private static Stream<String> names(NamedReference[] references) {
    return Arrays.stream(references).map(reference -> String.join(".", reference.fieldNames()));
  }
}
