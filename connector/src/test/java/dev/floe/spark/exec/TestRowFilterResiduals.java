package dev.floe.spark.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import dev.floe.scan.FileScanTask;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestRowFilterResiduals {
  private static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "region", PrimitiveType.of(TypeId.STRING))),
          Set.of());
  private static final PartitionSpec UNPARTITIONED = PartitionSpec.unpartitioned(0);
  private static final PartitionSpec BY_REGION =
      new PartitionSpec(1, List.of(new PartitionField(2, 1000, "region", "identity")));

  /** region = 'eu' and id > 10, in Floe's exact form. */
  private static final Expression FILTER =
      Expression.and(Expression.equal("region", "eu"), Expression.greaterThan("id", 10L));

  private static FileScanTask task(int specId, PartitionValues partition) {
    DataFile file =
        new DataFile(
            "file:/t/data/f-" + specId + ".parquet",
            FileFormat.PARQUET,
            specId,
            partition,
            10,
            100,
            ColumnMetrics.EMPTY,
            null,
            null,
            null,
            null,
            1,
            1L);
    return new FileScanTask(file, List.of(), Expression.alwaysTrue(), 0, 100);
  }

  private final RowFilterResiduals residuals =
      new RowFilterResiduals("db.t", SCHEMA, FILTER, List.of(UNPARTITIONED, BY_REGION));

  @Test
  void partitionsSettleTheirPredicates() {
    Expression onId = Binder.bind(SCHEMA, Expression.greaterThan("id", 10L), true);

    assertThat(residuals.residualFor(task(1, PartitionValues.of("eu"))))
        .as("the eu partition settles region = 'eu'")
        .isEqualTo(onId);
    assertThat(residuals.residualFor(task(1, PartitionValues.of("us"))))
        .as("no row of the us partition matches")
        .isEqualTo(Expression.alwaysFalse());
    assertThat(residuals.residualFor(task(0, PartitionValues.EMPTY)))
        .as("an unpartitioned file keeps the whole filter")
        .isEqualTo(Binder.bind(SCHEMA, FILTER, true));
  }

  @Test
  void aFilterOnPartitionValuesAloneIsTrueForMatchingPartitions() {
    RowFilterResiduals onRegion =
        new RowFilterResiduals(
            "db.t", SCHEMA, Expression.equal("region", "eu"), List.of(BY_REGION));

    assertThat(onRegion.residualFor(task(1, PartitionValues.of("eu"))))
        .as("every row of the eu partition matches: nothing to evaluate")
        .isEqualTo(Expression.alwaysTrue());
  }

  @Test
  void noFilterIsTrueEverywhere() {
    RowFilterResiduals none =
        new RowFilterResiduals("db.t", SCHEMA, Expression.alwaysTrue(), List.of());

    assertThat(none.residualFor(task(7, PartitionValues.of("eu"))))
        .as("no spec lookup when there is nothing to filter")
        .isEqualTo(Expression.alwaysTrue());
  }

  @Test
  void anUnknownSpecIsACorruptTable() {
    assertThatThrownBy(() -> residuals.residualFor(task(5, PartitionValues.of("eu"))))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("file:/t/data/f-5.parquet")
        .hasMessageContaining("table db.t")
        .hasMessageContaining("partition spec 5");
  }
}
