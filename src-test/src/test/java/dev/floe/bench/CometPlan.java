package dev.floe.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.catalyst.trees.TreeNodeTag;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;

/**
 * What a physical plan says of Comet: its operators in the plan, and the reasons Comet's rules gave
 * for leaving the scans to Spark (the tag Comet's {@code withInfo} puts on a node it does not
 * convert, read by its {@code ExtendedExplainInfo}).
 *
 * @param operators the names of Comet's operators in the plan, in plan order
 * @param scanFallbackReasons why Comet left a scan (a leaf of the plan) to Spark
 */
record CometPlan(List<String> operators, List<String> scanFallbackReasons) {
  /** The node name of Comet 0.12.0's native Iceberg scan ({@code CometIcebergNativeScanExec}). */
  static final String NATIVE_ICEBERG_SCAN = "CometIcebergNativeScan";

  /**
   * The node names of Comet 0.12.0's conversion of a Spark scan's output to Arrow ({@code
   * CometSparkToColumnarExec}), the leaf of Comet's operators above a scan that is not Comet's: of
   * columnar batches (Floe's row scans), or of rows (Floe's aggregates computed in the scan).
   */
  static final Set<String> CONVERSIONS =
      Set.of("CometSparkColumnarToColumnar", "CometSparkRowToColumnar");

  /** The conversions' names, sorted and joined by "or". */
  static String conversionNames() {
    return String.join(" or ", new TreeSet<>(CONVERSIONS));
  }

  /** The node name of Comet's conversion back to Spark's rows: no work of the query's own. */
  static final String TO_ROWS = "CometColumnarToRow";

  /** Comet's tag of fallback reasons ({@code CometExplainInfo.EXTENSION_INFO}). */
  private static final TreeNodeTag<scala.collection.immutable.Set<String>> FALLBACK_REASONS =
      new TreeNodeTag<>("CometExtensionInfo");

  CometPlan {
    operators = List.copyOf(operators);
    scanFallbackReasons = List.copyOf(scanFallbackReasons);
  }

  /** The plan Spark made; an adaptive plan is read as it stands (its query stages, if run). */
  static CometPlan of(SparkPlan executed) {
    List<String> operators = new ArrayList<>();
    Set<String> reasons = new LinkedHashSet<>();
    collect(Objects.requireNonNull(executed, "executed"), operators, reasons);
    return new CometPlan(operators, List.copyOf(reasons));
  }

  boolean nativeIcebergScan() {
    return operators.contains(NATIVE_ICEBERG_SCAN);
  }

  /**
   * Whether Comet's operators run above a Spark scan: its batches converted to Arrow, and at least
   * one native operator doing the query's work (more than converting back to rows).
   */
  boolean nativeAboveSparkScan() {
    return operators.stream().anyMatch(CONVERSIONS::contains)
        && operators.stream()
            .anyMatch(name -> !CONVERSIONS.contains(name) && !name.equals(TO_ROWS));
  }

  /** Why Comet's operators do not run above the Spark scan, as far as the plan tells. */
  String aboveSparkScanFallbackReason() {
    if (operators.stream().noneMatch(CONVERSIONS::contains)) {
      return "no conversion of the scan's output to Arrow ("
          + conversionNames()
          + ")"
          + (operators.isEmpty()
              ? " (no Comet operator at all)"
              : " (Comet ran " + operators + ")");
    }
    return "Comet converted the scan's output but ran no operator of the query's above them ("
        + operators
        + ")";
  }

  /**
   * Why the native Iceberg scan is missing, as Comet said it (its reasons, or that it gave none).
   */
  String fallbackReason() {
    if (!scanFallbackReasons.isEmpty()) {
      return String.join("; ", scanFallbackReasons);
    }
    return "no "
        + NATIVE_ICEBERG_SCAN
        + " in the plan and no reason from Comet"
        + (operators.isEmpty() ? " (no Comet operator at all)" : " (Comet ran " + operators + ")");
  }

  private static void collect(SparkPlan plan, List<String> operators, Set<String> reasons) {
    if (plan instanceof AdaptiveSparkPlanExec adaptive) {
      collect(adaptive.executedPlan(), operators, reasons);
      return;
    }
    if (plan instanceof QueryStageExec stage) {
      collect(stage.plan(), operators, reasons);
      return;
    }
    if (plan.nodeName().startsWith("Comet")
        || plan.getClass().getName().startsWith("org.apache.spark.sql.comet.")) {
      operators.add(plan.nodeName());
    }
    if (plan.children().isEmpty()) {
      scala.Option<scala.collection.immutable.Set<String>> tagged =
          plan.getTagValue(FALLBACK_REASONS);
      if (tagged.isDefined()) {
        scala.collection.Iterator<String> each = tagged.get().iterator();
        while (each.hasNext()) {
          reasons.add(each.next());
        }
      }
    }
    scala.collection.Iterator<SparkPlan> children = plan.children().iterator();
    while (children.hasNext()) {
      collect(children.next(), operators, reasons);
    }
  }
}
