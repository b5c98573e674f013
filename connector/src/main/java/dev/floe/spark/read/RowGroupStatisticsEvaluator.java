package dev.floe.spark.read;

import dev.floe.expr.Expression;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.schema.MessageType;

/** Placeholder: row groups are never skipped until statistics pruning lands. */
final class RowGroupStatisticsEvaluator {
  RowGroupStatisticsEvaluator(Expression residual, MessageType fileSchema) {}

  boolean rowsMightMatch(BlockMetaData rowGroup) {
    return true;
  }
}
