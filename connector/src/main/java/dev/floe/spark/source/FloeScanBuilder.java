package dev.floe.spark.source;

import dev.floe.aggregate.Aggregate;
import dev.floe.aggregate.AggregatePlan;
import dev.floe.aggregate.AggregatePlanner;
import dev.floe.expr.Expression;
import dev.floe.scan.ScanPlan;
import dev.floe.scan.TableScan;
import dev.floe.scan.TaskGroups;
import dev.floe.scan.task.ScanContext;
import dev.floe.spark.aggregate.FloeAggregateScan;
import dev.floe.spark.convert.SparkAggregateConverter;
import dev.floe.spark.convert.SparkPredicateConverter;
import dev.floe.spark.exec.SparkParallelism;
import dev.floe.table.NestedField;
import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Collects what Spark pushes down (predicates, required columns, an aggregate, a limit), then plans
 * once: in {@link #pushAggregation} when an aggregate is offered (whether it can be answered
 * depends on the planned files), else in {@link #build()}. Mutable by Spark's contract; everything
 * else is the immutable {@link TableScan}.
 */
final class FloeScanBuilder
    implements SupportsPushDownV2Filters,
        SupportsPushDownRequiredColumns,
        SupportsPushDownAggregates,
        SupportsPushDownLimit {
  private final SparkSession spark;
  private final FloeTable table;
  private final FloeReadOptions options;
  private final StreamingReadOptions streamingOptions;
  private final Schema readSchema;
  private final List<Predicate> pushed = new ArrayList<>();
  private final List<Expression> filters = new ArrayList<>();
  private List<String> dataColumns;
  private final List<NestedField> metadataColumns = new ArrayList<>();
  private int predicatesLeftToSpark;
  private AggregateScanPlan aggregate;
  private String plannedAggregateKey;
  private Optional<AggregateScanPlan> plannedAggregate = Optional.empty();
  private final Set<String> averagedIntegers = new HashSet<>();
  private Integer limit;

  /** A planned aggregate, kept from {@link #pushAggregation} for {@link #build()}. */
  private record AggregateScanPlan(TableScan scan, ScanPlan plan, AggregatePlan answer) {}

  FloeScanBuilder(
      SparkSession spark,
      FloeTable table,
      FloeReadOptions options,
      StreamingReadOptions streamingOptions) {
    this.spark = spark;
    this.table = table;
    this.options = options;
    this.streamingOptions = streamingOptions;
    this.readSchema = options.newScan(table.floeTable()).schema();
  }

  /**
   * Takes over every predicate with an exact form ({@link SparkPredicateConverter#convertExactly}):
   * that form joins the planning filter, so it prunes and stays in each task's residual, which the
   * reader's row filter evaluates; Spark need not evaluate it again. Others are converted for
   * pruning where they can be and returned: Spark still evaluates them, and the row filter may
   * evaluate or skip what their pruning forms leave in a residual (see the exec package's {@code
   * RowFilter}).
   */
  @Override
  public Predicate[] pushPredicates(Predicate[] predicates) {
    SparkPredicateConverter converter = new SparkPredicateConverter(readSchema);
    List<Predicate> remaining = new ArrayList<>();
    for (Predicate predicate : predicates) {
      Optional<Expression> exact = converter.convertExactly(predicate);
      if (exact.isPresent()) {
        pushed.add(predicate);
        filters.add(exact.get());
        continue;
      }
      remaining.add(predicate);
      Optional<Expression> converted = converter.convert(predicate);
      if (converted.isPresent()) {
        pushed.add(predicate);
        filters.add(converted.get());
      }
    }
    predicatesLeftToSpark = remaining.size();
    return remaining.toArray(new Predicate[0]);
  }

  @Override
  public Predicate[] pushedPredicates() {
    return pushed.toArray(new Predicate[0]);
  }

  /** Keeps the required columns, nested structs pruned to the fields Spark needs. */
  @Override
  public void pruneColumns(StructType requiredSchema) {
    List<String> columns = new ArrayList<>();
    metadataColumns.clear();
    for (StructField field : requiredSchema.fields()) {
      if (readSchema.findField(field.name()) == null
          && FloeTable.METADATA_COLUMN_NAMES.contains(field.name())) {
        table.metadataFields().stream()
            .filter(metadata -> metadata.name().equals(field.name()))
            .forEach(metadataColumns::add);
      } else {
        addLeafNames(field, field.name(), columns);
      }
    }
    this.dataColumns = columns;
  }

  /** Structs are pruned to their required leaves; lists and maps are read whole. */
  private static void addLeafNames(StructField field, String name, List<String> names) {
    if (field.dataType() instanceof StructType struct && struct.fields().length > 0) {
      for (StructField child : struct.fields()) {
        addLeafNames(child, name + "." + child.name(), names);
      }
    } else {
      names.add(name);
    }
  }

  /**
   * Plans the scan and decides how the aggregate is answered; declines (Spark aggregates the rows)
   * when a function or a file's evidence does not allow an exact answer. Spark offers an aggregate
   * only when no predicate was left for it to evaluate after the scan.
   */
  @Override
  public boolean pushAggregation(Aggregation aggregation) {
    aggregate = planAggregate(aggregation).orElse(null);
    return aggregate != null;
  }

  /**
   * Complete when the manifests answer every planned file: the scan's one row is then the final
   * result, and Spark runs no aggregation of its own (no shuffle, one task). Otherwise partial:
   * Spark adds up one row per input partition. Spark asks this before {@link #pushAggregation}, so
   * the aggregate is planned here and kept for that call.
   */
  @Override
  public boolean supportCompletePushDown(Aggregation aggregation) {
    return planAggregate(aggregation).map(planned -> planned.answer().isComplete()).orElse(false);
  }

  /**
   * Plans an aggregate once for both of Spark's questions about it. Spark first offers the query's
   * own aggregate; the integer columns it averages are remembered, since Spark may then offer its
   * AVGs rewritten as SUM and COUNT, and Floe must not push those sums.
   */
  private Optional<AggregateScanPlan> planAggregate(Aggregation aggregation) {
    averagedIntegers.addAll(SparkAggregateConverter.averagedIntegers(aggregation, readSchema));
    String key =
        Arrays.toString(aggregation.aggregateExpressions())
            + Arrays.toString(aggregation.groupByExpressions());
    if (!key.equals(plannedAggregateKey)) {
      plannedAggregateKey = key;
      plannedAggregate = newAggregatePlan(aggregation);
    }
    return plannedAggregate;
  }

  private Optional<AggregateScanPlan> newAggregatePlan(Aggregation aggregation) {
    if (!options.aggregatePushDown() || predicatesLeftToSpark > 0) {
      return Optional.empty();
    }
    Optional<Aggregate> pushed =
        SparkAggregateConverter.convert(aggregation, readSchema, averagedIntegers);
    if (pushed.isEmpty()) {
      return Optional.empty();
    }
    TableScan scan =
        newScan()
            .select(columnNames(pushed.get().aggregatedColumns()))
            // the answers from metadata read the aggregated columns' counts and bounds
            .includeColumnStats(columnNames(pushed.get().aggregatedColumns()));
    ScanPlan plan = scan.plan();
    // executors read only the columns of the functions the manifests do not answer
    return AggregatePlanner.plan(pushed.get(), plan.files())
        .map(
            answer ->
                new AggregateScanPlan(
                    scan.select(columnNames(answer.columnsReadOnExecutors())), plan, answer));
  }

  /**
   * Keeps the limit for {@link #build()}, which stops adding files once those whose live rows are
   * known from metadata hold enough; Spark still applies the limit to the rows.
   */
  @Override
  public boolean pushLimit(int limit) {
    this.limit = limit;
    return true;
  }

  @Override
  public Scan build() {
    if (aggregate != null) {
      return new FloeAggregateScan(
          spark,
          table.floeTable(),
          context(aggregate.scan(), aggregate.scan().projection()),
          aggregate.scan(),
          aggregate.plan().report(),
          aggregate.answer());
    }
    TableScan scan = newScan();
    if (dataColumns != null) {
      scan = scan.select(dataColumns);
    }
    Schema projection = withMetadataColumns(scan.projection());
    boolean prunesByColumnBounds = RuntimeFiltering.prunesByColumnBounds(scan.snapshot());
    if (prunesByColumnBounds) {
      // runtime filters Spark may push later prune the planned files by these columns' bounds
      scan =
          scan.includeColumnStats(
              columnNames(RuntimeFiltering.filterableFields(scan.schema(), projection)));
    }
    ScanPlan plan = scan.plan();
    ScanPlan limited =
        limit == null || predicatesLeftToSpark > 0 ? plan : plan.firstFilesHolding(limit);
    TaskGroups groups = scan.planGroups(limited, SparkParallelism.of(spark));
    return new FloeScan(
        spark,
        table.floeTable(),
        context(scan, projection),
        new FloeScan.Planned(
            plan.report(),
            groups.groups(),
            groups.targetSize(),
            prunesByColumnBounds,
            scan.boundFilter(),
            limited == plan ? Optional.empty() : Optional.of(limit),
            Optional.ofNullable(options.appends())),
        new FloeScan.StreamSource(table, options, streamingOptions));
  }

  private TableScan newScan() {
    return options
        .newScan(table.floeTable())
        .caseSensitive(spark.sessionState().conf().caseSensitiveAnalysis())
        .filter(Expression.and(filters));
  }

  private ScanContext context(TableScan scan, Schema projection) {
    return options.scanContext(table.floeTable(), scan.schema(), projection);
  }

  private static List<String> columnNames(List<NestedField> columns) {
    return columns.stream().map(NestedField::name).toList();
  }

  private Schema withMetadataColumns(Schema projection) {
    if (metadataColumns.isEmpty()) {
      return projection;
    }
    List<NestedField> columns = new ArrayList<>(projection.columns());
    columns.addAll(metadataColumns);
    return new Schema(projection.schemaId(), columns, projection.identifierFieldIds());
  }
}
