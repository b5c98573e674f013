package dev.floe.it.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.execution.exchange.ReusedExchangeExec;
import scala.collection.JavaConverters;

/**
 * The data source scans of a query's executed plan, inside adaptive plans, query stages and reused
 * exchanges too, in plan order. Read after the query ran: their metrics are then filled in.
 */
final class ExecutedScans {
  private ExecutedScans() {}

  static List<BatchScanExec> of(Dataset<?> query) {
    return of(query.queryExecution().executedPlan());
  }

  static List<BatchScanExec> of(SparkPlan plan) {
    List<BatchScanExec> scans = new ArrayList<>();
    collect(plan, scans);
    return scans;
  }

  private static void collect(SparkPlan plan, List<BatchScanExec> scans) {
    if (plan instanceof AdaptiveSparkPlanExec adaptive) {
      collect(adaptive.finalPhysicalPlan(), scans);
      return;
    }
    if (plan instanceof QueryStageExec stage) {
      collect(stage.plan(), scans);
      return;
    }
    if (plan instanceof ReusedExchangeExec reused) {
      collect(reused.child(), scans);
      return;
    }
    if (plan instanceof BatchScanExec scan) {
      scans.add(scan);
    }
    for (SparkPlan child : JavaConverters.seqAsJavaList(plan.children())) {
      collect(child, scans);
    }
  }
}
