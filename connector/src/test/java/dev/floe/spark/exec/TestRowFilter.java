package dev.floe.spark.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;

/**
 * The row filter on hand-built batches: string order by code point, Floe's null semantics, and what
 * it refuses. {@link TestRowFilterMatchesSpark} compares it with Spark on random data.
 */
class TestRowFilter {
  private static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.optional(1, "text", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(2, "score", PrimitiveType.of(TypeId.DOUBLE)),
              NestedField.optional(
                  3,
                  "point",
                  new StructType(
                      List.of(NestedField.optional(4, "x", PrimitiveType.of(TypeId.INT)))))),
          Set.of());
  private static final Schema TEXT_ONLY = new Schema(0, List.of(SCHEMA.columns().get(0)), Set.of());

  /** "\uFFFF" sorts before "😀" by code point, after it in Java's UTF-16 order. */
  private static final String[] TEXTS = {"a", "\uFFFF", "😀", null, "", "ab"};

  private static ColumnarBatch texts() {
    OnHeapColumnVector vector = new OnHeapColumnVector(TEXTS.length, DataTypes.StringType);
    for (int row = 0; row < TEXTS.length; row++) {
      if (TEXTS[row] == null) {
        vector.putNull(row);
      } else {
        vector.putByteArray(row, TEXTS[row].getBytes(StandardCharsets.UTF_8));
      }
    }
    return new ColumnarBatch(new ColumnVector[] {vector}, TEXTS.length);
  }

  private static List<String> kept(Expression filter) {
    RowFilter residual =
        RowFilter.of(Binder.bind(TEXT_ONLY, filter, true), TEXT_ONLY, TEXTS.length);
    int count = residual.select(texts());
    List<String> kept = new ArrayList<>();
    for (int row = 0; row < TEXTS.length; row++) {
      if (residual.matches(row)) {
        kept.add(TEXTS[row]);
      }
    }
    assertThat(count).as("the count of %s", filter).isEqualTo(kept.size());
    return kept;
  }

  @Test
  void stringsCompareByCodePoint() {
    assertThat(kept(Expression.lessThan("text", "😀")))
        .as("U+FFFF is below U+1F600")
        .containsExactly("a", "\uFFFF", "", "ab");
    assertThat(kept(Expression.greaterThan("text", "\uFFFF"))).containsExactly("😀");
    assertThat(kept(Expression.in("text", "😀", ""))).containsExactly("😀", "");
    assertThat(kept(Expression.startsWith("text", "a"))).containsExactly("a", "ab");
  }

  @Test
  void nullsMatchOnlyIsNull() {
    assertThat(kept(Expression.notEqual("text", "a")))
        .as("not-equal drops nulls")
        .containsExactly("\uFFFF", "😀", "", "ab");
    assertThat(kept(Expression.notIn("text", "a"))).doesNotContainNull();
    assertThat(kept(Expression.notStartsWith("text", "a"))).doesNotContainNull().hasSize(3);
    assertThat(kept(Expression.isNull("text"))).containsExactly((String) null);
    assertThat(kept(Expression.or(Expression.isNull("text"), Expression.equal("text", ""))))
        .containsExactly(null, "");
    assertThat(kept(Expression.and(Expression.notNull("text"), Expression.lessThan("text", "a"))))
        .containsExactly("");
  }

  @Test
  void refusesWhatItCannotEvaluateExactly() {
    assertThatThrownBy(
            () ->
                RowFilter.of(
                    Binder.bind(SCHEMA, Expression.greaterThan("score", 1.0), true), SCHEMA, 4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("score")
        .hasMessageContaining("exactly as Spark does");
    assertThatThrownBy(
            () ->
                RowFilter.of(Binder.bind(SCHEMA, Expression.equal("point.x", 1), true), SCHEMA, 4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a decoded top-level column");
    assertThatThrownBy(
            () ->
                RowFilter.of(
                    Binder.bind(SCHEMA, Expression.equal("text", "a"), true),
                    new Schema(0, List.of(SCHEMA.columns().get(1)), Set.of()),
                    4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a decoded top-level column");
  }
}
