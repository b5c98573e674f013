package dev.floe.it;

import dev.floe.expr.ExpressionJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.ExpressionParser;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.parquet.Parquet;

/**
 * Plans one scenario target with many filters, by Iceberg and by Floe, and judges every difference:
 *
 * <ul>
 *   <li>a file Floe plans and Iceberg does not: a failure, unless the file holds a row that
 *       matches, which proves Iceberg wrong to prune it (counted and shown, see the class comment
 *       of the test);
 *   <li>a filter Iceberg fails to plan: Floe must plan every file holding a matching row;
 *   <li>a file both plan: the same spec, sequence numbers, record count and delete files;
 *   <li>a file Iceberg plans and Floe prunes: allowed only when no row of the file (read raw,
 *       deleted rows included, which is the stronger check) matches the filter under SQL semantics
 *       ({@link SqlRowEvaluator}); such files are counted as Floe proving more;
 *   <li>a task whose residual is {@code true} must have only matching rows, one whose residual is
 *       {@code false} none;
 *   <li>the filter written as REST JSON by Iceberg's {@code ExpressionParser} and read by Floe's
 *       {@code ExpressionJson} plans the same files as the filter built with Floe's API.
 * </ul>
 */
final class FilteredPlanChecker {
  private static final int MISMATCHES_KEPT = 15;

  /**
   * With {@code -Dfloe.it.strictTransforms=true}, a file Floe keeps for a transform predicate where
   * Iceberg rightly prunes it fails the suite instead of being counted.
   */
  private static final boolean STRICT_TRANSFORMS = Boolean.getBoolean("floe.it.strictTransforms");

  private final Scenario scenario;
  private final ScanTarget target;
  private final dev.floe.table.LoadedTable floeTable;
  private final Schema schema;
  private final SqlRowEvaluator evaluator;
  private final java.util.Set<String> everyFile;
  private final Map<String, List<Record>> rowsByFile = new HashMap<>();

  private final List<String> mismatches = new ArrayList<>();
  private int mismatchCount;
  private int filters;
  private int prunedByBoth;
  private int provenByFloe;
  private final Map<String, Integer> provenByOperation = new TreeMap<>();
  private int jsonRoundTrips;
  private int residualsChecked;
  private int icebergRefused;
  private int uuidKeptByFloe;
  private int transformKeptByFloe;
  private long icebergNanos;
  private long floeNanos;
  private final java.util.Set<String> mismatchKinds = new java.util.HashSet<>();
  private int icebergWrong;
  private final List<String> icebergExamples = new ArrayList<>();

  FilteredPlanChecker(Scenario scenario, ScanTarget target) {
    this.scenario = scenario;
    this.target = target;
    this.floeTable = FloePlanner.load(scenario.location());
    this.schema = IcebergPlanner.scan(scenario, target).schema();
    this.evaluator = new SqlRowEvaluator(schema);
    this.everyFile = icebergPlan(org.apache.iceberg.expressions.Expressions.alwaysTrue()).keySet();
  }

  Schema schema() {
    return schema;
  }

  /** What the checks found over all filters. */
  record Outcome(
      int filters,
      int prunedByBoth,
      int provenByFloe,
      Map<String, Integer> provenByOperation,
      int jsonRoundTrips,
      int residualsChecked,
      int icebergRefused,
      int icebergWrong,
      int uuidKeptByFloe,
      int transformKeptByFloe,
      long icebergNanos,
      long floeNanos,
      List<String> icebergExamples,
      int mismatchCount,
      List<String> mismatches) {}

  Outcome outcome() {
    return new Outcome(
        filters,
        prunedByBoth,
        provenByFloe,
        Map.copyOf(provenByOperation),
        jsonRoundTrips,
        residualsChecked,
        icebergRefused,
        icebergWrong,
        uuidKeptByFloe,
        transformKeptByFloe,
        icebergNanos,
        floeNanos,
        List.copyOf(icebergExamples),
        mismatchCount,
        List.copyOf(mismatches));
  }

  void check(Expression filter, boolean jsonRoundTrip) {
    filters++;
    Map<String, PlannedFile> expected;
    try {
      expected = icebergPlan(filter);
    } catch (ValidationException e) {
      checkWhereIcebergRefuses(filter, e);
      return;
    }
    dev.floe.expr.Expression floeFilter = FloeExpressionTranslator.toFloe(filter);
    FloePlan actual;
    try {
      actual = floePlan(floeFilter);
    } catch (RuntimeException e) {
      mismatch(filter, "Floe failed where Iceberg planned " + expected.size() + " files: " + e);
      return;
    }
    prunedByBoth += everyFile.size() - expected.size();
    for (Map.Entry<String, PlannedFile> entry : actual.files().entrySet()) {
      String path = entry.getKey();
      PlannedFile icebergFile = expected.get(path);
      if (icebergFile == null) {
        Record match = firstMatch(filter, path);
        if (match == null && mentionsUuid(filter)) {
          // Floe's documented choice: uuid bounds are in doubt (writers disagree on the order), so
          // order predicates on uuids never prune and = / in prune only outside both orders
          uuidKeptByFloe++;
        } else if (match == null && !STRICT_TRANSFORMS && hasTransformTerm(filter)) {
          // Floe's documented choices: a transform term prunes by partition values only, never by
          // column bounds (Iceberg 1.10 also applies the transform to the bounds), and partition
          // values of pre-1970 dates and times are read as old writers may have computed them
          transformKeptByFloe++;
        } else if (match == null) {
          mismatch(filter, "Floe planned " + fileName(path) + ", which Iceberg rightly pruned");
        } else {
          icebergWrong(
              filter, "Iceberg pruned " + fileName(path) + ", whose row matches: " + match);
        }
      } else if (!icebergFile.equals(entry.getValue())
          && !STRICT_TRANSFORMS
          && hasTransformTerm(filter)
          && sameButMoreDeletes(entry.getValue(), icebergFile)) {
        // the same choice for delete files: Iceberg drops an equality delete file whose bounds
        // rule out the transform predicate, Floe keeps it (it deletes no row the scan reads)
        transformKeptByFloe++;
      } else if (!icebergFile.equals(entry.getValue())) {
        mismatch(
            filter,
            fileName(path) + ": Floe plans " + entry.getValue() + ", Iceberg " + icebergFile);
      }
    }
    for (String path : expected.keySet()) {
      if (!actual.files().containsKey(path)) {
        Record match = firstMatch(filter, path);
        if (match == null) {
          provenByFloe++;
          provenByOperation.merge(operations(filter), 1, Integer::sum);
        } else {
          mismatch(filter, "Floe pruned " + fileName(path) + ", whose row matches: " + match);
        }
      }
    }
    checkResiduals(filter, actual);
    if (jsonRoundTrip) {
      checkJsonRoundTrip(filter, actual);
    }
  }

  /**
   * Iceberg 1.10 throws while planning some valid filters (a transform predicate on a column that a
   * spec partitions by identity); Floe must still plan every file that holds a matching row.
   */
  private void checkWhereIcebergRefuses(Expression filter, ValidationException icebergError) {
    FloePlan actual;
    try {
      actual = floePlan(FloeExpressionTranslator.toFloe(filter));
    } catch (RuntimeException e) {
      mismatch(filter, "Iceberg failed (" + icebergError.getMessage() + ") and Floe too: " + e);
      return;
    }
    icebergRefused++;
    if (icebergExamples.size() < MISMATCHES_KEPT) {
      icebergExamples.add(filter + ": Iceberg failed: " + icebergError.getMessage());
    }
    for (String path : everyFile) {
      if (!actual.files().containsKey(path)) {
        Record match = firstMatch(filter, path);
        if (match == null) {
          provenByFloe++;
        } else {
          mismatch(filter, "Floe pruned " + fileName(path) + ", whose row matches: " + match);
        }
      }
    }
  }

  private void icebergWrong(Expression filter, String what) {
    icebergWrong++;
    if (icebergExamples.size() < MISMATCHES_KEPT) {
      icebergExamples.add(filter + ": " + what);
    }
  }

  private void checkResiduals(Expression filter, FloePlan plan) {
    for (Map.Entry<String, dev.floe.expr.Expression> entry : plan.residuals().entrySet()) {
      dev.floe.expr.Expression residual = entry.getValue();
      boolean alwaysTrue = residual == dev.floe.expr.Expression.alwaysTrue();
      boolean alwaysFalse = residual == dev.floe.expr.Expression.alwaysFalse();
      if (!alwaysTrue && !alwaysFalse) {
        continue;
      }
      residualsChecked++;
      for (Record row : rows(entry.getKey())) {
        if (evaluator.matches(filter, row) != alwaysTrue) {
          mismatch(
              filter,
              "the residual of "
                  + fileName(entry.getKey())
                  + " is "
                  + residual
                  + ", but row "
                  + row
                  + (alwaysTrue ? " does not match" : " matches"));
          break;
        }
      }
    }
  }

  private void checkJsonRoundTrip(Expression filter, FloePlan built) {
    String json = ExpressionParser.toJson(filter);
    try {
      FloePlan parsed = floePlan(ExpressionJson.parse(json));
      jsonRoundTrips++;
      if (!parsed.files().keySet().equals(built.files().keySet())) {
        mismatch(
            filter,
            "from JSON "
                + json
                + " Floe plans "
                + names(parsed.files().keySet())
                + ", from the Java API "
                + names(built.files().keySet()));
      }
    } catch (RuntimeException e) {
      mismatch(filter, "Floe cannot plan Iceberg's JSON " + json + ": " + e);
    }
  }

  private Map<String, PlannedFile> icebergPlan(Expression filter) {
    long start = System.nanoTime();
    TableScan scan = IcebergPlanner.scan(scenario, target).filter(filter);
    Map<String, PlannedFile> files = new HashMap<>();
    try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
      for (FileScanTask task : tasks) {
        files.put(task.file().location(), IcebergPlanner.plannedFile(task));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    icebergNanos += System.nanoTime() - start;
    return files;
  }

  private record FloePlan(
      Map<String, PlannedFile> files, Map<String, dev.floe.expr.Expression> residuals) {}

  private FloePlan floePlan(dev.floe.expr.Expression filter) {
    dev.floe.scan.TableScan scan = FloePlanner.scan(floeTable, target).filter(filter);
    long start = System.nanoTime();
    dev.floe.scan.ScanPlan plan = scan.plan();
    floeNanos += System.nanoTime() - start;
    MetadataCacheCheck.check(scan, plan);
    Map<String, PlannedFile> files = new HashMap<>();
    Map<String, dev.floe.expr.Expression> residuals = new HashMap<>();
    for (dev.floe.scan.FileScanTask task : plan.files()) {
      String path = task.file().location();
      if (files.put(path, FloePlanner.plannedFile(task)) != null) {
        throw new AssertionError("Floe planned " + path + " twice");
      }
      residuals.put(path, task.residual());
    }
    return new FloePlan(files, residuals);
  }

  /** The first raw row of the file that matches under SQL semantics, or null. */
  private Record firstMatch(Expression filter, String path) {
    for (Record row : rows(path)) {
      if (evaluator.matches(filter, row)) {
        return row;
      }
    }
    return null;
  }

  private List<Record> rows(String path) {
    return rowsByFile.computeIfAbsent(path, this::readRows);
  }

  private List<Record> readRows(String path) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> reader =
        Parquet.read(scenario.table().io().newInputFile(path))
            .project(schema)
            .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(schema, fileSchema))
            .build()) {
      reader.forEach(row -> rows.add(row.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + path, e);
    }
    return rows;
  }

  /** Keeps an example of each kind of mismatch (the columns and the verdict), not the first few. */
  private void mismatch(Expression filter, String what) {
    mismatchCount++;
    TreeSet<String> columns = new TreeSet<>();
    collectColumns(filter, columns);
    String kind = columns + what.replaceAll("[^a-zA-Z ]|parquet|data", "");
    if (mismatches.size() < MISMATCHES_KEPT && mismatchKinds.add(kind)) {
      mismatches.add(filter + ": " + what);
    }
  }

  private static boolean sameButMoreDeletes(PlannedFile floe, PlannedFile iceberg) {
    PlannedFile withIcebergDeletes =
        new PlannedFile(
            floe.specId(),
            floe.dataSequenceNumber(),
            floe.fileSequenceNumber(),
            floe.recordCount(),
            floe.firstRowId(),
            iceberg.deletes());
    return withIcebergDeletes.equals(iceberg) && floe.deletes().containsAll(iceberg.deletes());
  }

  /** Whether the filter has a predicate on a transform of a column. */
  private static boolean hasTransformTerm(Expression expression) {
    if (expression instanceof org.apache.iceberg.expressions.And and) {
      return hasTransformTerm(and.left()) || hasTransformTerm(and.right());
    } else if (expression instanceof org.apache.iceberg.expressions.Or or) {
      return hasTransformTerm(or.left()) || hasTransformTerm(or.right());
    } else if (expression instanceof org.apache.iceberg.expressions.Not not) {
      return hasTransformTerm(not.child());
    }
    return expression instanceof org.apache.iceberg.expressions.UnboundPredicate<?> predicate
        && predicate.term() instanceof org.apache.iceberg.expressions.UnboundTransform;
  }

  private boolean mentionsUuid(Expression filter) {
    TreeSet<String> columns = new TreeSet<>();
    collectColumns(filter, columns);
    return columns.stream()
        .anyMatch(
            name ->
                schema.findField(name).type().typeId()
                    == org.apache.iceberg.types.Type.TypeID.UUID);
  }

  private static void collectColumns(Expression expression, TreeSet<String> columns) {
    if (expression instanceof org.apache.iceberg.expressions.And and) {
      collectColumns(and.left(), columns);
      collectColumns(and.right(), columns);
    } else if (expression instanceof org.apache.iceberg.expressions.Or or) {
      collectColumns(or.left(), columns);
      collectColumns(or.right(), columns);
    } else if (expression instanceof org.apache.iceberg.expressions.Not not) {
      collectColumns(not.child(), columns);
    } else if (expression instanceof org.apache.iceberg.expressions.UnboundPredicate<?> predicate) {
      columns.add(predicate.term().ref().name());
    }
  }

  /** The operations of a filter, for counting what Floe prunes beyond Iceberg. */
  private static String operations(Expression filter) {
    TreeSet<String> names = new TreeSet<>();
    collectOperations(filter, names);
    return String.join("+", names);
  }

  private static void collectOperations(Expression expression, TreeSet<String> names) {
    if (expression instanceof org.apache.iceberg.expressions.And and) {
      collectOperations(and.left(), names);
      collectOperations(and.right(), names);
    } else if (expression instanceof org.apache.iceberg.expressions.Or or) {
      collectOperations(or.left(), names);
      collectOperations(or.right(), names);
    } else if (expression instanceof org.apache.iceberg.expressions.Not not) {
      names.add("not");
      collectOperations(not.child(), names);
    } else {
      names.add(expression.op().name().toLowerCase(java.util.Locale.ROOT));
    }
  }

  private static String fileName(String path) {
    return path.substring(path.lastIndexOf("/data/") + 6);
  }

  private static List<String> names(java.util.Set<String> paths) {
    return paths.stream().map(FilteredPlanChecker::fileName).sorted().toList();
  }
}
