package dev.floe.spark.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.expr.Binder;
import dev.floe.expr.BoundPredicate;
import dev.floe.expr.Expression;
import dev.floe.expr.Operation;
import dev.floe.spark.convert.SparkPredicateConverter;
import dev.floe.spark.convert.SparkSchemas;
import dev.floe.spark.deletes.RowSelection;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;
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
    ColumnarBatch batch = texts();
    RowSelection selection = new RowSelection(TEXTS.length, false);
    selection.reset(batch.numRows());
    residual.narrow(batch, selection);
    List<String> kept = new ArrayList<>();
    for (int row = 0; row < TEXTS.length; row++) {
      if (keeps(selection, row)) {
        kept.add(TEXTS[row]);
      }
    }
    assertThat(selection.keptCount()).as("the count of %s", filter).isEqualTo(kept.size());
    return kept;
  }

  private static boolean keeps(RowSelection selection, int row) {
    if (selection.keepsEveryRow()) {
      return row < selection.rowCount();
    }
    for (int index = 0; index < selection.keptCount(); index++) {
      if (selection.keptRows()[index] == row) {
        return true;
      }
    }
    return false;
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

  @Test
  void narrowsOnlyTheRowsStillSelected() {
    ColumnarBatch batch = texts();
    RowSelection selection = new RowSelection(TEXTS.length, false);
    selection.reset(batch.numRows());
    RowFilter.of(Binder.bind(TEXT_ONLY, Expression.notNull("text"), true), TEXT_ONLY, TEXTS.length)
        .narrow(batch, selection);
    RowFilter.of(
            Binder.bind(TEXT_ONLY, Expression.lessThan("text", "b"), true), TEXT_ONLY, TEXTS.length)
        .narrow(batch, selection);

    List<String> kept = new ArrayList<>();
    for (int index = 0; index < selection.keptCount(); index++) {
      kept.add(TEXTS[selection.keptRows()[index]]);
    }
    assertThat(kept).as("non-null texts below b, in row order").containsExactly("a", "", "ab");
  }

  /**
   * The row filter takes a task's residual as planned: it evaluates the conjuncts it can evaluate
   * exactly and skips pruning forms it cannot (Spark evaluates those predicates after the scan).
   */
  @Test
  void evaluatesTheConjunctsItCanAndSkipsTheOthers() {
    Expression onText = Binder.bind(SCHEMA, Expression.equal("text", "a"), true);
    Expression onScore = Binder.bind(SCHEMA, Expression.greaterThan("score", 1.0), true);
    Expression onNested = Binder.bind(SCHEMA, Expression.equal("point.x", 1), true);
    Expression nullScore = Binder.bind(SCHEMA, Expression.isNull("score"), true);

    assertThat(RowFilterScope.evaluatedPart(Expression.and(onText, onScore), SCHEMA))
        .as("a double comparison is skipped, the string one kept")
        .isEqualTo(onText);
    assertThat(RowFilterScope.evaluatedPart(Expression.and(onNested, onText), SCHEMA))
        .as("a nested column is skipped")
        .isEqualTo(onText);
    assertThat(
            RowFilterScope.evaluatedPart(
                Expression.and(Expression.or(onText, onScore), nullScore), SCHEMA))
        .as("a disjunction with a skipped side is skipped whole; a null test on double is kept")
        .isEqualTo(nullScore);
    assertThat(RowFilterScope.evaluatedPart(Expression.or(onText, nullScore), SCHEMA))
        .as("a disjunction of evaluated predicates is kept")
        .isEqualTo(Expression.or(onText, nullScore));
    assertThat(RowFilterScope.evaluatedPart(onScore, SCHEMA))
        .as("nothing left to evaluate")
        .isEqualTo(Expression.alwaysTrue());
    assertThat(RowFilterScope.evaluatesAll(Expression.and(onText, onScore), SCHEMA))
        .as("not the whole residual")
        .isFalse();
    assertThat(RowFilterScope.evaluatesAll(Expression.and(onText, nullScore), SCHEMA))
        .as("the whole residual")
        .isTrue();
  }

  /** One literal per primitive type, for the predicates of the tests below. */
  private static final List<Object[]> TYPED_LITERALS =
      List.of(
          new Object[] {PrimitiveType.of(TypeId.BOOLEAN), true},
          new Object[] {PrimitiveType.of(TypeId.INT), 1},
          new Object[] {PrimitiveType.of(TypeId.LONG), 1L},
          new Object[] {PrimitiveType.of(TypeId.FLOAT), 1.0f},
          new Object[] {PrimitiveType.of(TypeId.DOUBLE), 1.0},
          new Object[] {PrimitiveType.of(TypeId.DATE), 1},
          new Object[] {PrimitiveType.of(TypeId.TIME), 1L},
          new Object[] {PrimitiveType.of(TypeId.TIMESTAMP), 1L},
          new Object[] {PrimitiveType.of(TypeId.TIMESTAMPTZ), 1L},
          new Object[] {PrimitiveType.of(TypeId.TIMESTAMP_NS), 1L},
          new Object[] {PrimitiveType.of(TypeId.TIMESTAMPTZ_NS), 1L},
          new Object[] {PrimitiveType.of(TypeId.STRING), "a"},
          new Object[] {
            PrimitiveType.of(TypeId.UUID), UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7")
          },
          new Object[] {PrimitiveType.fixed(1), ByteBuffer.wrap(new byte[] {1})},
          new Object[] {PrimitiveType.of(TypeId.BINARY), ByteBuffer.wrap(new byte[] {1})},
          new Object[] {PrimitiveType.decimal(9, 2), new BigDecimal("1.00")},
          new Object[] {PrimitiveType.decimal(18, 2), new BigDecimal("1.00")},
          new Object[] {PrimitiveType.decimal(38, 2), new BigDecimal("1.00")});

  private static Expression predicate(Operation operation, Object literal) {
    return switch (operation) {
      case IS_NULL -> Expression.isNull("c");
      case NOT_NULL -> Expression.notNull("c");
      case IS_NAN -> Expression.isNaN("c");
      case NOT_NAN -> Expression.notNaN("c");
      case LT -> Expression.lessThan("c", literal);
      case LT_EQ -> Expression.lessThanOrEqual("c", literal);
      case GT -> Expression.greaterThan("c", literal);
      case GT_EQ -> Expression.greaterThanOrEqual("c", literal);
      case EQ -> Expression.equal("c", literal);
      case NOT_EQ -> Expression.notEqual("c", literal);
      case IN -> Expression.in("c", literal, literal);
      case NOT_IN -> Expression.notIn("c", literal, literal);
      case STARTS_WITH -> Expression.startsWith("c", String.valueOf(literal));
      case NOT_STARTS_WITH -> Expression.notStartsWith("c", String.valueOf(literal));
    };
  }

  /**
   * {@link RowFilterScope#evaluates} decides what a residual keeps for the filter to compile, so it
   * must say yes exactly where {@link RowFilter#of} compiles: for every type and operation.
   */
  @Test
  void evaluatesExactlyWhatItCompiles() {
    int compiled = 0;
    for (Object[] typed : TYPED_LITERALS) {
      PrimitiveType type = (PrimitiveType) typed[0];
      Schema schema = new Schema(0, List.of(NestedField.optional(1, "c", type)), Set.of());
      for (Operation operation : Operation.values()) {
        Expression bound;
        try {
          bound = Binder.bind(schema, predicate(operation, typed[1]), true);
        } catch (RuntimeException unbindable) {
          continue; // a starts-with on a number, a NaN test on a string: no such predicate
        }
        if (!(bound instanceof BoundPredicate predicate)) {
          continue; // folded to a constant
        }
        boolean evaluates = RowFilterScope.evaluates(predicate, schema);
        boolean compiles;
        try {
          RowFilter.of(bound, schema, 4);
          compiles = true;
          compiled++;
        } catch (IllegalArgumentException refused) {
          assertThat(refused).hasMessageContaining("Cannot filter rows by");
          compiles = false;
        }
        assertThat(evaluates).as("evaluates %s on %s", operation, type).isEqualTo(compiles);
      }
    }
    assertThat(compiled).as("predicates compiled").isGreaterThan(50);
  }

  /**
   * The exactness the row filter's skipping rests on: every exact form the converter hands the
   * planning filter ({@link SparkPredicateConverter#convertExactly}) is evaluated whole. Were a new
   * type or operation claimed exact but not evaluated, a residual's exact conjunct would be
   * skipped, and rows Spark no longer checks would come back.
   */
  @Test
  void everyExactFormIsEvaluatedWhole() {
    List<NestedField> columns = new ArrayList<>();
    int fieldId = 1;
    for (Object[] typed : TYPED_LITERALS) {
      columns.add(NestedField.optional(fieldId, "c" + fieldId, (PrimitiveType) typed[0]));
      fieldId++;
    }
    columns.add(
        NestedField.optional(
            fieldId,
            "point",
            new StructType(
                List.of(NestedField.optional(fieldId + 1, "x", PrimitiveType.of(TypeId.INT))))));
    Schema schema = new Schema(0, columns, Set.of());
    org.apache.spark.sql.types.StructType sparkSchema = SparkSchemas.toSpark(schema);
    SparkPredicateConverter converter = new SparkPredicateConverter(schema);
    int exact = 0;
    for (org.apache.spark.sql.types.StructField field : sparkSchema.fields()) {
      List<String> names =
          field.dataType() instanceof org.apache.spark.sql.types.StructType struct
              ? List.of(field.name() + "." + struct.fields()[0].name())
              : List.of(field.name());
      for (String name : names) {
        DataType leafType =
            field.dataType() instanceof org.apache.spark.sql.types.StructType struct
                ? struct.fields()[0].dataType()
                : field.dataType();
        for (Predicate predicate : sparkPredicates(name, leafType)) {
          Optional<Expression> form = converter.convertExactly(predicate);
          if (form.isEmpty()) {
            continue;
          }
          exact++;
          Expression bound = Binder.bind(schema, form.get(), true);
          assertThat(RowFilterScope.evaluatesAll(bound, schema))
              .as("the exact form %s of %s is evaluated whole", bound, predicate)
              .isTrue();
          assertThat(RowFilterScope.evaluatedPart(bound, schema))
              .as("nothing of %s is skipped", bound)
              .isEqualTo(bound);
          RowFilter.of(bound, schema, 4);
        }
      }
    }
    assertThat(exact).as("exact forms checked").isGreaterThan(100);
  }

  /** Spark's predicates on one column with a literal of its own Spark type, negations included. */
  private static List<Predicate> sparkPredicates(String name, DataType type) {
    Object value = sparkValue(type);
    List<Predicate> predicates = new ArrayList<>();
    NamedReference column = Expressions.column(name);
    predicates.add(spark("IS_NULL", column));
    predicates.add(spark("IS_NOT_NULL", column));
    if (value != null) {
      LiteralValue<Object> literal = new LiteralValue<>(value, type);
      for (String operator : List.of("=", "<=>", "<>", "<", "<=", ">", ">=", "IN", "STARTS_WITH")) {
        predicates.add(spark(operator, column, literal));
      }
      predicates.add(spark("IN", column, literal, new LiteralValue<>(null, type)));
    }
    List<Predicate> negated = new ArrayList<>();
    for (Predicate predicate : predicates) {
      negated.add(spark("NOT", predicate));
    }
    predicates.addAll(negated);
    predicates.add(spark("AND", predicates.get(0), predicates.get(predicates.size() - 1)));
    predicates.add(spark("OR", predicates.get(1), predicates.get(predicates.size() - 2)));
    return predicates;
  }

  private static Predicate spark(
      String name, org.apache.spark.sql.connector.expressions.Expression... children) {
    return new Predicate(name, children);
  }

  /** A value of Spark's internal form for {@code type}, or null for a type without one here. */
  private static Object sparkValue(DataType type) {
    if (type.equals(DataTypes.BooleanType)) {
      return true;
    }
    if (type.equals(DataTypes.IntegerType) || type.equals(DataTypes.DateType)) {
      return 1;
    }
    if (type.equals(DataTypes.LongType)
        || type.equals(DataTypes.TimestampType)
        || type.equals(DataTypes.TimestampNTZType)) {
      return 1L;
    }
    if (type.equals(DataTypes.FloatType)) {
      return 1.0f;
    }
    if (type.equals(DataTypes.DoubleType)) {
      return 1.0;
    }
    if (type.equals(DataTypes.StringType)) {
      return UTF8String.fromString("a");
    }
    if (type.equals(DataTypes.BinaryType)) {
      return new byte[] {1};
    }
    if (type instanceof DecimalType decimal) {
      return Decimal.apply(new BigDecimal("1.00"), decimal.precision(), decimal.scale());
    }
    return null;
  }
}
