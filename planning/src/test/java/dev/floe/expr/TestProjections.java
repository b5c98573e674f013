package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestProjections {
  private static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "data", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(3, "category", PrimitiveType.of(TypeId.STRING))),
          Set.of());
  private static final PartitionSpec ID_TWICE =
      new PartitionSpec(
          1,
          List.of(
              new PartitionField(1, 1000, "id_trunc", "truncate[10]"),
              new PartitionField(1, 1001, "id_identity", "identity")));

  @Test
  void joinsSeveralFieldsOfOneColumnWithAndWhenInclusiveAndOrWhenStrict() {
    Expression filter = bind(Expression.lessThan("id", 25));
    assertThat(Projections.inclusive(ID_TWICE, SCHEMA, filter))
        .hasToString("(id_trunc <= 20 and id_identity < 25)");
    assertThat(Projections.strict(ID_TWICE, SCHEMA, filter))
        .hasToString("(id_trunc < 20 or id_identity < 25)");
  }

  @Test
  void mapsAndAndOrStructurally() {
    Expression filter =
        bind(
            Expression.or(
                Expression.equal("id", 15L),
                Expression.and(Expression.equal("data", "x"), Expression.greaterThan("id", 3))));
    assertThat(Projections.inclusive(ID_TWICE, SCHEMA, filter))
        .as("data has no partition field: true, folded away")
        .hasToString(
            "((id_trunc = 10 and id_identity = 15) or (id_trunc >= 0 and id_identity > 3))");
    assertThat(Projections.strict(ID_TWICE, SCHEMA, filter))
        .as("data has no partition field: false, which makes the and false")
        .hasToString("id_identity = 15");
  }

  @Test
  void aColumnWithoutPartitionFieldProjectsToConstants() {
    Expression filter = bind(Expression.equal("data", "x"));
    assertThat(Projections.inclusive(ID_TWICE, SCHEMA, filter)).isEqualTo(Expression.alwaysTrue());
    assertThat(Projections.strict(ID_TWICE, SCHEMA, filter)).isEqualTo(Expression.alwaysFalse());
    PartitionSpec unpartitioned = PartitionSpec.unpartitioned(0);
    assertThat(Projections.inclusive(unpartitioned, SCHEMA, filter))
        .isEqualTo(Expression.alwaysTrue());
  }

  @Test
  void partitionFieldsTakeTheSourceTypeOfTheSchema() {
    // id was an int when the spec was written and is a long now: the identity field compares longs
    PartitionSpec spec =
        new PartitionSpec(2, List.of(new PartitionField(1, 1000, "id", "identity")));
    Expression projected = Projections.inclusive(spec, SCHEMA, bind(Expression.equal("id", 7)));
    assertThat(projected).isInstanceOf(BoundPredicate.class);
    BoundPredicate predicate = (BoundPredicate) projected;
    assertThat(predicate.reference())
        .isEqualTo(new BoundReference(1000, "id", PrimitiveType.of(TypeId.LONG), true));
    assertThat(predicate.value()).isEqualTo(7L);

    PartitionSpec bucket =
        new PartitionSpec(3, List.of(new PartitionField(2, 1000, "data_bucket", "bucket[4]")));
    BoundPredicate bucketed =
        (BoundPredicate) Projections.inclusive(bucket, SCHEMA, bind(Expression.equal("data", "x")));
    assertThat(bucketed.reference().type()).isEqualTo(PrimitiveType.of(TypeId.INT));
  }

  @Test
  void skipsFieldsWithoutUsableSource() {
    PartitionSpec spec =
        new PartitionSpec(
            4,
            List.of(
                new PartitionField(99, 1000, "dropped", "identity"),
                new PartitionField(2, 1001, "data_day", "day"),
                new PartitionField(List.of(2, 3), 1002, "both", "some_multi_arg"),
                new PartitionField(2, 1003, "data_unknown", "zorder"),
                new PartitionField(2, 1004, "data_void", "void")));
    Expression filter = bind(Expression.equal("data", "x"));
    assertThat(Projections.inclusive(spec, SCHEMA, filter))
        .as("a dropped source, a transform that does not apply, several sources, unknown, void")
        .isEqualTo(Expression.alwaysTrue());
    assertThat(Projections.strict(spec, SCHEMA, filter)).isEqualTo(Expression.alwaysFalse());
  }

  @Test
  void rejectsAnUnboundFilterAndAnInvalidTransform() {
    assertThatThrownBy(() -> Projections.inclusive(ID_TWICE, SCHEMA, Expression.equal("id", 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bind the filter");
    PartitionSpec invalid =
        new PartitionSpec(5, List.of(new PartitionField(1, 1000, "id_bucket", "bucket[0]")));
    assertThatThrownBy(
            () -> Projections.inclusive(invalid, SCHEMA, bind(Expression.equal("id", 1))))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Partition spec 5 field 'id_bucket'")
        .hasMessageContaining("'bucket[0]'");
  }

  private static Expression bind(Expression expression) {
    return Binder.bind(SCHEMA, expression, true);
  }
}
