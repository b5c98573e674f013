package dev.floe.spark.source;

import dev.floe.expr.Expression;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.InclusiveFileEvaluator;
import dev.floe.scan.ScanTaskGroup;
import dev.floe.spark.convert.SparkPredicateConverter;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.Snapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;

/**
 * A filter Spark learns while a query runs (the keys of a join's build side, for example) applied
 * to a planned scan: splits whose files cannot hold a matching row, by partition values or column
 * bounds (for tables of at most {@link #MOST_FILES_WITH_COLUMN_BOUNDS} files), are dropped before
 * any is read. Spark still evaluates the filter on the rows.
 */
final class RuntimeFiltering {
  private static final String TOTAL_DATA_FILES = "total-data-files";

  private final InclusiveFileEvaluator evaluator;
  private final int splitsBefore;
  private final int splitsAfter;

  private RuntimeFiltering(InclusiveFileEvaluator evaluator, int splitsBefore, int splitsAfter) {
    this.evaluator = evaluator;
    this.splitsBefore = splitsBefore;
    this.splitsAfter = splitsAfter;
  }

  /**
   * The scan's top-level columns with ordered values by which files can be ruled out: every one
   * when the planned files kept their column bounds, else only partition source columns.
   */
  static NamedReference[] filterableColumns(
      Schema readSchema, Schema projection, List<PartitionSpec> specs, boolean byColumnBounds) {
    Set<Integer> partitionSources = new HashSet<>();
    for (PartitionSpec spec : specs) {
      for (PartitionField field : spec.fields()) {
        partitionSources.addAll(field.sourceIds());
      }
    }
    return filterableFields(readSchema, projection).stream()
        .filter(column -> byColumnBounds || partitionSources.contains(column.fieldId()))
        .map(column -> Expressions.column(column.name()))
        .toArray(NamedReference[]::new);
  }

  /**
   * The most data files a snapshot may have for its planned files to keep the column metrics that
   * runtime filters prune by. The metrics cost a driver about 1.8 KB a file on top of the file's
   * own 500 bytes (10 bounds and 5 maps for a five-column table), so a table beyond this many files
   * is filtered at run time by partition values alone, as Iceberg's reader always does, and its
   * plan fits the heap Iceberg's does: 1,000,000 files in a 2 GiB driver.
   */
  static final long MOST_FILES_WITH_COLUMN_BOUNDS = 100_000;

  /**
   * Whether the scan of {@code snapshot} keeps column metrics for runtime filters: when its summary
   * says it has at most {@link #MOST_FILES_WITH_COLUMN_BOUNDS} data files, or says nothing.
   */
  static boolean prunesByColumnBounds(Optional<Snapshot> snapshot) {
    String files = snapshot.map(selected -> selected.summary().get(TOTAL_DATA_FILES)).orElse(null);
    if (files == null) {
      return true;
    }
    try {
      return Long.parseLong(files.trim()) <= MOST_FILES_WITH_COLUMN_BOUNDS;
    } catch (NumberFormatException notANumber) {
      return true; // a summary is informative only: planning does not depend on it
    }
  }

  /** The columns of {@link #filterableColumns}, whose metrics the planned files must keep. */
  static List<NestedField> filterableFields(Schema readSchema, Schema projection) {
    List<NestedField> columns = new ArrayList<>();
    for (NestedField column : projection.columns()) {
      if (column.type() instanceof PrimitiveType type
          && type.typeId().hasOrderedValues()
          && readSchema.columnIndex(column.fieldId()) >= 0) {
        columns.add(column);
      }
    }
    return columns;
  }

  /**
   * The filtering of {@code predicates} (those Floe can convert; the rest prune nothing), or null
   * when none converts.
   *
   * @param splitsBefore the planned splits before filtering, for the report
   */
  static RuntimeFiltering of(
      Schema schema,
      Map<Integer, PartitionSpec> specsById,
      Predicate[] predicates,
      int splitsBefore) {
    SparkPredicateConverter converter = new SparkPredicateConverter(schema);
    List<Expression> converted = new ArrayList<>();
    for (Predicate predicate : predicates) {
      Optional<Expression> expression = converter.convert(predicate);
      expression.ifPresent(converted::add);
    }
    if (converted.isEmpty()) {
      return null;
    }
    return new RuntimeFiltering(
        new InclusiveFileEvaluator(schema, specsById, Expression.and(converted), true),
        splitsBefore,
        splitsBefore);
  }

  /** The groups with only the splits whose files might match; groups left empty are dropped. */
  List<ScanTaskGroup> keep(List<ScanTaskGroup> groups) {
    Map<String, Boolean> mightMatch = new HashMap<>();
    List<ScanTaskGroup> kept = new ArrayList<>();
    for (ScanTaskGroup group : groups) {
      List<FileScanTask> tasks = new ArrayList<>();
      long weight = 0;
      for (FileScanTask task : group.tasks()) {
        if (mightMatch.computeIfAbsent(
            task.file().location(), location -> evaluator.rowsMightMatch(task.file()))) {
          tasks.add(task);
          weight += task.length();
        }
      }
      if (tasks.size() == group.tasks().size()) {
        kept.add(group);
      } else if (!tasks.isEmpty()) {
        kept.add(new ScanTaskGroup(tasks, weight));
      }
    }
    return kept;
  }

  /** This filtering, with the splits it kept counted for the report. */
  RuntimeFiltering after(List<ScanTaskGroup> kept) {
    int splits = kept.stream().mapToInt(group -> group.tasks().size()).sum();
    return new RuntimeFiltering(evaluator, splitsBefore, splits);
  }

  /** {@code runtimeFiltered=[before=N, after=M]}: splits before and after, for EXPLAIN. */
  String describe() {
    return "runtimeFiltered=[before=" + splitsBefore + ", after=" + splitsAfter + "]";
  }
}
