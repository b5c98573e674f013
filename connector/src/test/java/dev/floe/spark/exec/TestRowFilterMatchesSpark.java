package dev.floe.spark.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.spark.LocalSpark;
import dev.floe.spark.convert.SparkPredicateConverter;
import dev.floe.spark.deletes.RowSelection;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The exact conversion and the row filter together against Spark itself: random rows with nulls of
 * every claimed type, random predicates (every operation, literals on either side, null literals,
 * IN lists with null, NOT, AND, OR nested), and for each the rows where Spark's predicate is TRUE
 * must be the rows {@link RowFilter} keeps for {@link SparkPredicateConverter#convertExactly}.
 */
public class TestRowFilterMatchesSpark {
  private static final int ROWS = 400;
  private static final int PREDICATES = 1500;
  private static final DateTimeFormatter MICROS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

  private static SparkSession spark;

  @BeforeAll
  static void startSpark() {
    spark =
        LocalSpark.builder("TestRowFilterMatchesSpark", 1)
            .config("spark.sql.shuffle.partitions", "1")
            .config("spark.sql.session.timeZone", "UTC")
            .config("spark.sql.datetime.java8API.enabled", "true")
            .getOrCreate();
  }

  @AfterAll
  static void stopSpark() {
    spark.stop();
  }

  /** One column of the fixture: its Floe and Spark types and its domain of values. */
  private record Column(String name, PrimitiveType type, DataType sparkType, List<Object> domain) {}

  private static final List<Column> COLUMNS =
      List.of(
          new Column(
              "flag",
              PrimitiveType.of(TypeId.BOOLEAN),
              DataTypes.BooleanType,
              List.of(true, false)),
          new Column(
              "small",
              PrimitiveType.of(TypeId.INT),
              DataTypes.IntegerType,
              List.of(-2, -1, 0, 1, 2)),
          new Column(
              "big",
              PrimitiveType.of(TypeId.LONG),
              DataTypes.LongType,
              List.of(Long.MIN_VALUE, -1L, 0L, 1L, Long.MAX_VALUE)),
          new Column(
              "day", PrimitiveType.of(TypeId.DATE), DataTypes.DateType, List.of(-1, 0, 1, 19000)),
          new Column(
              "at",
              PrimitiveType.of(TypeId.TIMESTAMPTZ),
              DataTypes.TimestampType,
              List.of(-1_000_001L, -1L, 0L, 1L, 1_700_000_000_000_000L)),
          new Column(
              "local",
              PrimitiveType.of(TypeId.TIMESTAMP),
              DataTypes.TimestampNTZType,
              List.of(-1L, 0L, 1L, 86_400_000_000L)),
          new Column(
              "text",
              PrimitiveType.of(TypeId.STRING),
              DataTypes.StringType,
              List.of("", "a", "ab", "b", "Z", "é", "\uFFFF", "😀", "a😀", "\uFF61x")),
          new Column(
              "price",
              PrimitiveType.decimal(9, 2),
              DataTypes.createDecimalType(9, 2),
              List.of(
                  new BigDecimal("-1.00"),
                  new BigDecimal("0.00"),
                  new BigDecimal("0.01"),
                  new BigDecimal("1.50"),
                  new BigDecimal("9999999.99"))),
          new Column(
              "amount",
              PrimitiveType.decimal(20, 3),
              DataTypes.createDecimalType(20, 3),
              List.of(
                  new BigDecimal("-12345678901234567.890"),
                  new BigDecimal("0.000"),
                  new BigDecimal("1.500"),
                  new BigDecimal("12345678901234567.890"))),
          new Column(
              "bytes",
              PrimitiveType.of(TypeId.BINARY),
              DataTypes.BinaryType,
              List.of(
                  new byte[0],
                  new byte[] {0},
                  new byte[] {0x7f},
                  new byte[] {(byte) 0x80},
                  new byte[] {(byte) 0xff},
                  new byte[] {0, 1})));

  private static Schema floeSchema() {
    List<NestedField> fields = new ArrayList<>();
    for (int index = 0; index < COLUMNS.size(); index++) {
      Column column = COLUMNS.get(index);
      fields.add(NestedField.optional(index + 1, column.name(), column.type()));
    }
    return new Schema(0, fields, Set.of());
  }

  /** A random predicate in both forms: Spark's V2 predicate and SQL text. */
  private record Generated(Predicate predicate, String sql) {}

  @Test
  void everyConvertedPredicateKeepsExactlyTheRowsSparkKeeps() {
    Random random = new Random(20261130L);
    Object[][] rows = new Object[ROWS][COLUMNS.size()];
    for (Object[] row : rows) {
      for (int column = 0; column < COLUMNS.size(); column++) {
        List<Object> domain = COLUMNS.get(column).domain();
        row[column] = random.nextInt(5) == 0 ? null : domain.get(random.nextInt(domain.size()));
      }
    }
    List<Generated> predicates = new ArrayList<>();
    for (int index = 0; index < PREDICATES; index++) {
      predicates.add(generate(random, 3));
    }

    List<Set<Integer>> sparkRows = sparkTrueRows(rows, predicates);

    Schema schema = floeSchema();
    SparkPredicateConverter converter = new SparkPredicateConverter(schema);
    ColumnarBatch batch = batch(rows);
    int converted = 0;
    for (int index = 0; index < predicates.size(); index++) {
      Generated generated = predicates.get(index);
      Optional<Expression> exact = converter.convertExactly(generated.predicate());
      assertThat(exact)
          .as("every generated predicate has an exact form: %s", generated)
          .isPresent();
      converted++;
      Expression bound = Binder.bind(schema, exact.get(), true);
      assertThat(RowFilterScope.evaluatesAll(bound, schema))
          .as("the row filter evaluates the whole exact form of %s: %s", generated.sql(), bound)
          .isTrue();
      RowFilter filter = RowFilter.of(bound, schema, ROWS);
      RowSelection selection = new RowSelection(ROWS, false);
      selection.reset(batch.numRows());
      filter.narrow(batch, selection);
      int count = selection.keptCount();
      Set<Integer> floeRows = new TreeSet<>();
      for (int kept = 0; kept < count; kept++) {
        floeRows.add(selection.keepsEveryRow() ? kept : selection.keptRows()[kept]);
      }
      assertThat(floeRows)
          .as("rows of %s (Floe form %s)", generated.sql(), exact.get())
          .isEqualTo(sparkRows.get(index));
      assertThat(count).as("match count of %s", generated.sql()).isEqualTo(floeRows.size());
    }
    assertThat(converted).isEqualTo(PREDICATES);
  }

  private static Generated generate(Random random, int depth) {
    int choice = random.nextInt(depth > 0 ? 9 : 5);
    switch (choice) {
      case 5, 6 -> {
        Generated left = generate(random, depth - 1);
        Generated right = generate(random, depth - 1);
        boolean and = choice == 5;
        return new Generated(
            new Predicate(
                and ? "AND" : "OR", new Predicate[] {left.predicate(), right.predicate()}),
            "(" + left.sql() + (and ? " AND " : " OR ") + right.sql() + ")");
      }
      case 7, 8 -> {
        Generated child = generate(random, depth - 1);
        return new Generated(
            new Predicate("NOT", new Predicate[] {child.predicate()}), "(NOT " + child.sql() + ")");
      }
      default -> {
        return leaf(random);
      }
    }
  }

  private static Generated leaf(Random random) {
    Column column = COLUMNS.get(random.nextInt(COLUMNS.size()));
    var reference = Expressions.column(column.name());
    int kind = random.nextInt(10);
    if (kind == 0) {
      boolean isNull = random.nextBoolean();
      return new Generated(
          new Predicate(
              isNull ? "IS_NULL" : "IS_NOT_NULL",
              new org.apache.spark.sql.connector.expressions.Expression[] {reference}),
          "(" + column.name() + (isNull ? " IS NULL)" : " IS NOT NULL)"));
    }
    if (kind == 1) {
      List<org.apache.spark.sql.connector.expressions.Expression> children = new ArrayList<>();
      children.add(reference);
      List<String> texts = new ArrayList<>();
      int size = 1 + random.nextInt(3);
      for (int index = 0; index < size; index++) {
        Object value = random.nextInt(6) == 0 ? null : pick(random, column);
        children.add(literal(column, value));
        texts.add(sql(column, value));
      }
      return new Generated(
          new Predicate(
              "IN", children.toArray(new org.apache.spark.sql.connector.expressions.Expression[0])),
          "(" + column.name() + " IN (" + String.join(", ", texts) + "))");
    }
    if (kind == 2 && column.type().typeId() == TypeId.STRING) {
      Object prefix = pick(random, column);
      return new Generated(
          new Predicate(
              "STARTS_WITH",
              new org.apache.spark.sql.connector.expressions.Expression[] {
                reference, literal(column, prefix)
              }),
          "startswith(" + column.name() + ", " + sql(column, prefix) + ")");
    }
    String[] operators = {"=", "<>", "<=>", "<", "<=", ">", ">="};
    String operator = operators[random.nextInt(operators.length)];
    Object value = random.nextInt(10) == 0 ? null : pick(random, column);
    boolean literalFirst = random.nextBoolean();
    var literal = literal(column, value);
    return new Generated(
        new Predicate(
            operator,
            literalFirst
                ? new org.apache.spark.sql.connector.expressions.Expression[] {literal, reference}
                : new org.apache.spark.sql.connector.expressions.Expression[] {reference, literal}),
        literalFirst
            ? "(" + sql(column, value) + " " + operator + " " + column.name() + ")"
            : "(" + column.name() + " " + operator + " " + sql(column, value) + ")");
  }

  private static Object pick(Random random, Column column) {
    return column.domain().get(random.nextInt(column.domain().size()));
  }

  /** A Floe-side value as Spark's V2 literal, in Spark's internal form. */
  private static LiteralValue<Object> literal(Column column, Object value) {
    Object internal;
    if (value == null) {
      internal = null;
    } else if (value instanceof String text) {
      internal = UTF8String.fromString(text);
    } else if (value instanceof BigDecimal decimal) {
      internal = Decimal.apply(decimal, column.type().precision(), column.type().scale());
    } else {
      internal = value;
    }
    return new LiteralValue<>(internal, column.sparkType());
  }

  private static String sql(Column column, Object value) {
    if (value == null) {
      return "CAST(NULL AS " + column.sparkType().sql() + ")";
    }
    return switch (column.type().typeId()) {
      case BOOLEAN, INT -> value.toString();
      case LONG -> value + "L";
      case DATE -> "DATE '" + LocalDate.ofEpochDay((Integer) value) + "'";
      case TIMESTAMPTZ -> "TIMESTAMP '" + MICROS.format(dateTime((Long) value)) + "'";
      case TIMESTAMP -> "TIMESTAMP_NTZ '" + MICROS.format(dateTime((Long) value)) + "'";
      case STRING -> "'" + value + "'";
      case DECIMAL -> "CAST('" + value + "' AS " + column.sparkType().sql() + ")";
      case BINARY -> "X'" + HexFormat.of().formatHex((byte[]) value) + "'";
      default -> throw new IllegalArgumentException(column.toString());
    };
  }

  private static LocalDateTime dateTime(long micros) {
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L),
        (int) Math.floorMod(micros, 1_000_000L) * 1000,
        ZoneOffset.UTC);
  }

  /** For each predicate, the rows where Spark finds it TRUE, asked in few queries. */
  private static List<Set<Integer>> sparkTrueRows(Object[][] rows, List<Generated> predicates) {
    List<StructField> fields = new ArrayList<>();
    fields.add(DataTypes.createStructField("row_id", DataTypes.IntegerType, false));
    for (Column column : COLUMNS) {
      fields.add(DataTypes.createStructField(column.name(), column.sparkType(), true));
    }
    List<Row> sparkRows = new ArrayList<>();
    for (int row = 0; row < rows.length; row++) {
      Object[] values = new Object[COLUMNS.size() + 1];
      values[0] = row;
      for (int column = 0; column < COLUMNS.size(); column++) {
        values[column + 1] = external(COLUMNS.get(column), rows[row][column]);
      }
      sparkRows.add(RowFactory.create(values));
    }
    Dataset<Row> frame =
        spark.createDataFrame(sparkRows, new StructType(fields.toArray(new StructField[0])));
    List<Set<Integer>> result = new ArrayList<>();
    int chunk = 250;
    for (int start = 0; start < predicates.size(); start += chunk) {
      List<String> columns = new ArrayList<>();
      columns.add("row_id");
      int end = Math.min(predicates.size(), start + chunk);
      for (int index = start; index < end; index++) {
        // `p IS TRUE` keeps what a WHERE p keeps
        columns.add("(" + predicates.get(index).sql() + ") IS TRUE AS p" + index);
      }
      List<Row> answers = frame.selectExpr(columns.toArray(new String[0])).collectAsList();
      for (int index = start; index < end; index++) {
        Set<Integer> kept = new TreeSet<>();
        for (Row answer : answers) {
          if (answer.getBoolean(index - start + 1)) {
            kept.add(answer.getInt(0));
          }
        }
        result.add(kept);
      }
    }
    return result;
  }

  private static Object external(Column column, Object value) {
    if (value == null) {
      return null;
    }
    return switch (column.type().typeId()) {
      case DATE -> LocalDate.ofEpochDay((Integer) value);
      case TIMESTAMPTZ ->
          Instant.ofEpochSecond(
              Math.floorDiv((Long) value, 1_000_000L),
              Math.floorMod((Long) value, 1_000_000L) * 1000);
      case TIMESTAMP -> dateTime((Long) value);
      default -> value;
    };
  }

  private static ColumnarBatch batch(Object[][] rows) {
    ColumnVector[] vectors = new ColumnVector[COLUMNS.size()];
    for (int column = 0; column < COLUMNS.size(); column++) {
      Column spec = COLUMNS.get(column);
      OnHeapColumnVector vector = new OnHeapColumnVector(rows.length, spec.sparkType());
      for (int row = 0; row < rows.length; row++) {
        Object value = rows[row][column];
        if (value == null) {
          vector.putNull(row);
          continue;
        }
        switch (spec.type().typeId()) {
          case BOOLEAN -> vector.putBoolean(row, (Boolean) value);
          case INT, DATE -> vector.putInt(row, (Integer) value);
          case LONG, TIMESTAMP, TIMESTAMPTZ -> vector.putLong(row, (Long) value);
          case STRING ->
              vector.putByteArray(row, ((String) value).getBytes(StandardCharsets.UTF_8));
          case BINARY -> vector.putByteArray(row, (byte[]) value);
          case DECIMAL ->
              vector.putDecimal(
                  row,
                  Decimal.apply((BigDecimal) value, spec.type().precision(), spec.type().scale()),
                  spec.type().precision());
          default -> throw new IllegalArgumentException(spec.toString());
        }
      }
      vectors[column] = vector;
    }
    return new ColumnarBatch(vectors, rows.length);
  }
}
