package dev.floe.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;

/**
 * What an executed count read: the descriptions of its plan's batch scans. Floe's pushed scan
 * describes itself with {@code aggregate=[COUNT(*)]} and {@code aggregateFiles=[fromMetadata=A,
 * fromDeleteFiles=B, read=C]}; Iceberg's pushed count has no batch scan at all (Spark answers it
 * from a local relation Iceberg computed on the driver).
 *
 * @param scanDescriptions the {@code description()} of every batch scan, in plan order
 * @param leaves the node name of every leaf of the plan, in plan order (a batch scan is one)
 */
record CountPlan(List<String> scanDescriptions, List<String> leaves) {
  private static final String LOCAL_RELATION = "LocalTableScan";

  CountPlan {
    scanDescriptions = List.copyOf(scanDescriptions);
    leaves = List.copyOf(leaves);
  }

  /** The scans of an executed plan, looking inside adaptive plans and their query stages. */
  static CountPlan of(SparkPlan executed) {
    List<String> descriptions = new ArrayList<>();
    List<String> leaves = new ArrayList<>();
    collect(executed, descriptions, leaves);
    return new CountPlan(descriptions, leaves);
  }

  private static void collect(SparkPlan plan, List<String> descriptions, List<String> leaves) {
    if (plan instanceof AdaptiveSparkPlanExec adaptive) {
      collect(adaptive.executedPlan(), descriptions, leaves);
      return;
    }
    if (plan instanceof QueryStageExec stage) {
      collect(stage.plan(), descriptions, leaves);
      return;
    }
    if (plan instanceof BatchScanExec scan) {
      descriptions.add(scan.scan().description());
    }
    if (plan.children().isEmpty()) {
      leaves.add(plan.nodeName().trim());
    }
    scala.collection.Iterator<SparkPlan> children = plan.children().iterator();
    while (children.hasNext()) {
      collect(children.next(), descriptions, leaves);
    }
  }

  /** The functions a scan says were pushed into it, e.g. {@code COUNT(*)}. */
  Optional<String> pushedAggregate() {
    return bracketed("aggregate");
  }

  /**
   * How a pushed aggregate was answered, e.g. {@code fromMetadata=8, fromDeleteFiles=0, read=0}.
   */
  Optional<String> aggregateFiles() {
    return bracketed("aggregateFiles");
  }

  /** One line for the report: what was pushed and read, or that Spark counted rows. */
  String summary() {
    if (scanDescriptions.isEmpty()) {
      if (!leaves.isEmpty() && leaves.stream().allMatch(LOCAL_RELATION::equals)) {
        return "no scan: answered on the driver (" + LOCAL_RELATION + ")";
      }
      return "Spark counts the rows read (" + String.join(", ", leaves) + ")";
    }
    Optional<String> aggregate = pushedAggregate();
    if (aggregate.isEmpty()) {
      return "no aggregate pushed: Spark counts the rows read";
    }
    return "aggregate=["
        + aggregate.get()
        + "] aggregateFiles=["
        + aggregateFiles().orElse("not reported")
        + "]";
  }

  /** The text between {@code name=[} and its matching bracket in the first scan that has it. */
  private Optional<String> bracketed(String name) {
    String opening = name + "=[";
    for (String description : scanDescriptions) {
      int from = 0;
      while ((from = description.indexOf(opening, from)) >= 0) {
        // "aggregate=[" must not match inside a longer name such as "xaggregate=["
        if (from == 0 || !Character.isLetterOrDigit(description.charAt(from - 1))) {
          int start = from + opening.length();
          int depth = 1;
          for (int index = start; index < description.length(); index++) {
            char character = description.charAt(index);
            if (character == '[') {
              depth++;
            } else if (character == ']' && --depth == 0) {
              return Optional.of(description.substring(start, index));
            }
          }
          return Optional.empty();
        }
        from += opening.length();
      }
    }
    return Optional.empty();
  }
}
