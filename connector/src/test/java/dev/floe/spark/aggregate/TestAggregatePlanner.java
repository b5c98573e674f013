package dev.floe.spark.aggregate;

import static dev.floe.spark.aggregate.AggregateFixtures.SCHEMA;
import static dev.floe.spark.aggregate.AggregateFixtures.dataFile;
import static dev.floe.spark.aggregate.AggregateFixtures.deletionVector;
import static dev.floe.spark.aggregate.AggregateFixtures.equalityDeletes;
import static dev.floe.spark.aggregate.AggregateFixtures.positionDeletes;
import static dev.floe.spark.aggregate.AggregateFixtures.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.aggregate.Aggregate;
import dev.floe.aggregate.AggregatePlan;
import dev.floe.aggregate.AggregatePlanner;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.manifest.DataFile;
import dev.floe.scan.FileScanTask;
import dev.floe.spark.convert.SparkAggregateConverter;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import java.util.List;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.aggregate.Sum;
import org.junit.jupiter.api.Test;

class TestAggregatePlanner {
  private static final DataFile EU = dataFile("eu.parquet", "eu", 100, 1, 100);
  private static final DataFile US = dataFile("us.parquet", "us", 50, -20, 40);

  private static Aggregate aggregate(AggregateFunc... functions) {
    return SparkAggregateConverter.convert(
            new Aggregation(
                functions, new org.apache.spark.sql.connector.expressions.Expression[0]),
            SCHEMA)
        .orElseThrow();
  }

  private static AggregateFunc countStar() {
    return new CountStar();
  }

  @Test
  void countsEveryKindOfFileByItsCheapestExactEvidence() {
    List<FileScanTask> tasks =
        List.of(
            task(EU),
            task(US, deletionVector(US, 7)),
            task(dataFile("p.parquet", "eu", 30, 0, 9), positionDeletes(EU)),
            task(dataFile("e.parquet", "eu", 30, 0, 9), equalityDeletes(EU)));
    AggregatePlan plan = AggregatePlanner.plan(aggregate(countStar()), tasks).orElseThrow();
    assertThat(plan.metadataPartial()).as("100 rows, and 50 less a DV of 7").containsExactly(143L);
    assertThat(plan.filesFromMetadata()).isEqualTo(2);
    assertThat(plan.deleteFileTasks()).containsExactly(tasks.get(2));
    assertThat(plan.rowTasks()).containsExactly(tasks.get(3));
    assertThat(plan.describeFiles())
        .isEqualTo("aggregateFiles=[fromMetadata=2, fromDeleteFiles=1, read=1]");
    assertThat(plan.functionsOnExecutors()).as("executors count the other two").containsExactly(0);
    AggregatePlan onlyDeleteFiles =
        AggregatePlanner.plan(aggregate(countStar()), List.of(task(US, positionDeletes(US))))
            .orElseThrow();
    assertThat(onlyDeleteFiles.functionsOnExecutors())
        .as("a file counted from its delete files is counted on executors")
        .containsExactly(0);
  }

  @Test
  void aResidualFilterMeansReadingRows() {
    FileScanTask filtered =
        new FileScanTask(
            EU,
            List.of(),
            Binder.bind(SCHEMA, Expression.greaterThan("id", 5L), true),
            0,
            EU.fileSizeInBytes());
    AggregatePlan plan =
        AggregatePlanner.plan(aggregate(countStar()), List.of(filtered)).orElseThrow();
    assertThat(plan.metadataPartial()).containsExactly(0L);
    assertThat(plan.rowTasks()).containsExactly(filtered);
  }

  @Test
  void countOfAColumnNeedsItsCountsAndNoDeletes() {
    Aggregate counts =
        aggregate(
            new Count(Expressions.column("id"), false),
            new Count(Expressions.column("score"), false));
    AggregatePlan plan = AggregatePlanner.plan(counts, List.of(task(EU))).orElseThrow();
    assertThat(plan.rowTasks()).as("score has no recorded counts, so the file is read").hasSize(1);
    Aggregate idOnly = aggregate(new Count(Expressions.column("id"), false));
    AggregatePlan fromMetadata =
        AggregatePlanner.plan(idOnly, List.of(task(EU), task(US, positionDeletes(US))))
            .orElseThrow();
    assertThat(fromMetadata.metadataPartial()).containsExactly(100L);
    assertThat(fromMetadata.rowTasks())
        .as("position deletes hide which values were deleted: rows are read")
        .hasSize(1);
    assertThat(fromMetadata.deleteFileTasks()).isEmpty();
  }

  /**
   * Files read on executors whose every row holds a value of the counted column (id: as many values
   * as records, none null) count it by counting rows, without reading it; a column without such
   * counts (region) is read.
   */
  @Test
  void aCountOfAColumnWithAValueInEveryRowReadIsACountOfRows() {
    Aggregate counts =
        aggregate(
            new Sum(Expressions.column("id"), false),
            new Count(Expressions.column("id"), false),
            new Count(Expressions.column("region"), false));
    AggregatePlan plan =
        AggregatePlanner.plan(counts, List.of(task(EU), task(US, positionDeletes(US))))
            .orElseThrow();
    assertThat(plan.functionsOnExecutors()).containsExactly(0, 1, 2);
    assertThat(plan.countsOfEveryRow()).as("COUNT(id)").containsExactly(1);
    assertThat(plan.columnsReadOnExecutors())
        .extracting(column -> column.name())
        .as("id for its sum, region for its count")
        .containsExactly("id", "region");
    Aggregate countOnly = aggregate(new Count(Expressions.column("id"), false));
    AggregatePlan rowsOnly =
        AggregatePlanner.plan(countOnly, List.of(task(US, positionDeletes(US)))).orElseThrow();
    assertThat(rowsOnly.countsOfEveryRow()).containsExactly(0);
    assertThat(rowsOnly.columnsReadOnExecutors()).as("no column: rows are counted").isEmpty();
    DataFile withNulls = dataFile("n.parquet", "us", 50, -20, 40, 3);
    assertThat(
            AggregatePlanner.plan(countOnly, List.of(task(withNulls, positionDeletes(withNulls))))
                .orElseThrow()
                .countsOfEveryRow())
        .as("3 nulls of id: its values are counted")
        .isEmpty();
  }

  @Test
  void minAndMaxComeFromExactBoundsOrFromRows() {
    Aggregate bounds =
        aggregate(new Min(Expressions.column("id")), new Max(Expressions.column("id")));
    assertThat(
            AggregatePlanner.plan(bounds, List.of(task(EU), task(US)))
                .orElseThrow()
                .metadataPartial())
        .containsExactly(-20L, 100L);
    assertThat(AggregatePlanner.plan(bounds, List.of()).orElseThrow().metadataPartial())
        .as("no files: no values")
        .containsExactly(null, null);
    FileScanTask withDeletes = task(US, deletionVector(US, 1));
    AggregatePlan partlyRead =
        AggregatePlanner.plan(bounds, List.of(task(EU), withDeletes)).orElseThrow();
    assertThat(partlyRead.rowTasks())
        .as("a deleted row may hold the bound")
        .containsExactly(withDeletes);
    assertThat(partlyRead.metadataPartial()).containsExactly(1L, 100L);
    assertThat(
            AggregatePlanner.plan(
                aggregate(new Max(Expressions.column("score"))), List.of(task(EU))))
        .as("no bounds recorded for score, whose doubles executors do not compare")
        .isEmpty();
  }

  @Test
  void sumsAreAlwaysReadFromRows() {
    Aggregate sum = aggregate(new Sum(Expressions.column("id"), false), countStar());
    assertThat(sum.describe()).isEqualTo("[SUM(id), COUNT(*)]");
    assertThat(sum.resultSchema().columns())
        .extracting(column -> column.name() + " " + column.type() + " " + column.optional())
        .containsExactly("sum(id) long true", "count(*) long false");
    FileScanTask withDeletes = task(US, positionDeletes(US));
    AggregatePlan plan = AggregatePlanner.plan(sum, List.of(task(EU), withDeletes)).orElseThrow();
    assertThat(plan.rowTasks())
        .as("no manifest holds a sum, and position deletes cannot make one")
        .containsExactly(task(EU), withDeletes);
    assertThat(plan.metadataPartial()).containsExactly(null, 0L);
    assertThat(plan.functionsOnExecutors())
        .as("position delete files hide the count from the manifest too")
        .containsExactly(0, 1);
    assertThat(plan.isComplete()).isFalse();
    assertThat(AggregatePlanner.plan(sum, List.of()).orElseThrow().metadataPartial())
        .as("no rows: no sum, and a count of 0")
        .containsExactly(null, 0L);
  }

  /**
   * Files read only for a sum still answer the other functions from their manifest entries, so
   * executors read only the summed column; a delete that makes one entry inexact sends the function
   * to the rows of every file read.
   */
  @Test
  void filesReadForASumAnswerTheOtherFunctionsFromTheirManifests() {
    Aggregate mixed =
        aggregate(
            new Sum(Expressions.column("id"), false),
            countStar(),
            new Max(Expressions.column("id")),
            new Count(Expressions.column("region"), false));
    AggregatePlan plan = AggregatePlanner.plan(mixed, List.of(task(EU), task(US))).orElseThrow();
    assertThat(plan.rowTasks()).hasSize(2);
    assertThat(plan.functionsOnExecutors())
        .as("region's counts are not recorded, id's bounds and the row counts are")
        .containsExactly(0, 3);
    assertThat(plan.metadataPartial()).containsExactly(null, 150L, 100L, 0L);
    assertThat(plan.columnsReadOnExecutors())
        .extracting(column -> column.name())
        .containsExactly("id", "region");

    AggregatePlan withDeletionVector =
        AggregatePlanner.plan(mixed, List.of(task(EU), task(US, deletionVector(US, 7))))
            .orElseThrow();
    assertThat(withDeletionVector.functionsOnExecutors())
        .as("a deletion vector keeps the count exact, not the bound")
        .containsExactly(0, 2, 3);
    assertThat(withDeletionVector.metadataPartial()).containsExactly(null, 143L, null, 0L);
  }

  @Test
  void aSumOfDecimalsKeepsItsColumnsTypeAndOnlyExactSumsArePushed() {
    NestedField price = NestedField.optional(9, "price", PrimitiveType.decimal(12, 2));
    NestedField wide = NestedField.optional(10, "wide", PrimitiveType.decimal(19, 2));
    assertThat(new Aggregate.Function(Aggregate.Kind.SUM, price).resultField(1).type())
        .as("Spark casts a partial decimal sum to its column's type")
        .isEqualTo(PrimitiveType.decimal(12, 2));
    assertThat(new Aggregate.Function(Aggregate.Kind.SUM, price).computableFromRows()).isTrue();
    assertThat(new Aggregate.Function(Aggregate.Kind.SUM, wide).computableFromRows())
        .as("over 18 digits")
        .isFalse();
    assertThat(
            SparkAggregateConverter.convert(
                new Aggregation(
                    new AggregateFunc[] {new Sum(Expressions.column("score"), false)},
                    new org.apache.spark.sql.connector.expressions.Expression[0]),
                SCHEMA))
        .as("SUM of doubles depends on the order of the additions")
        .isEmpty();
    assertThat(
            SparkAggregateConverter.convert(
                new Aggregation(
                    new AggregateFunc[] {new Sum(Expressions.column("id"), true)},
                    new org.apache.spark.sql.connector.expressions.Expression[0]),
                SCHEMA))
        .as("SUM(DISTINCT)")
        .isEmpty();
  }

  @Test
  void onlyTopLevelColumnsWithoutGroupingArePushed() {
    assertThat(
            SparkAggregateConverter.convert(
                new Aggregation(
                    new AggregateFunc[] {countStar()},
                    new org.apache.spark.sql.connector.expressions.Expression[] {
                      Expressions.column("region")
                    }),
                SCHEMA))
        .as("GROUP BY")
        .isEmpty();
    assertThat(
            SparkAggregateConverter.convert(
                new Aggregation(
                    new AggregateFunc[] {new Count(Expressions.column("id"), true)},
                    new org.apache.spark.sql.connector.expressions.Expression[0]),
                SCHEMA))
        .as("COUNT(DISTINCT)")
        .isEmpty();
    assertThat(
            SparkAggregateConverter.convert(
                new Aggregation(
                    new AggregateFunc[] {new Min(Expressions.column("missing"))},
                    new org.apache.spark.sql.connector.expressions.Expression[0]),
                SCHEMA))
        .as("unknown column")
        .isEmpty();
    Aggregate pushed =
        aggregate(
            countStar(),
            new Count(Expressions.column("region"), false),
            new Max(Expressions.column("id")));
    assertThat(pushed.describe()).isEqualTo("[COUNT(*), COUNT(region), MAX(id)]");
    assertThat(pushed.resultSchema().columns())
        .extracting(column -> column.name() + " " + column.type())
        .containsExactly("count(*) long", "count(region) long", "max(id) long");
    assertThat(pushed.onlyCounts()).isFalse();
    assertThat(pushed.countedColumns())
        .extracting(column -> column.name())
        .containsExactly("region");
  }
}
