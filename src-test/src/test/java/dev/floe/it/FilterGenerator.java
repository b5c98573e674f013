package dev.floe.it;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expression.Operation;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.expressions.UnboundTerm;
import org.apache.iceberg.transforms.Transform;
import org.apache.iceberg.transforms.Transforms;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.DateTimeUtil;

/**
 * Filters for one table as the scan sees it (a schema, the rows it holds, the table's partition
 * specs): a systematic list (every operation on every column at the values' edges, each transform
 * of the specs at its partition values, NaN, truncated-bound prefixes, long {@code in} lists,
 * {@code and}/{@code or}/{@code not}) and random filters of depth up to 3 from a fixed seed, with
 * literals drawn from the actual values, their neighbours, and values out of range.
 *
 * <p>Literals are Iceberg's internal values (days, microseconds), which Floe accepts as they are,
 * except for nanosecond timestamps: Iceberg reads a long literal for them as microseconds and Floe
 * as nanoseconds, so both get ISO text.
 */
final class FilterGenerator {
  private static final long HOUR_MICROS = 3_600_000_000L;

  private final Schema schema;
  private final Map<String, List<Object>> valuesByColumn;
  private final List<TransformTerm> transformTerms;
  private final Random random;
  private int specTransformCount;

  /** A transform of a source column, as a filter term. */
  private record TransformTerm(String column, String transform) {}

  FilterGenerator(Schema schema, List<Record> rows, Collection<PartitionSpec> specs, long seed) {
    this.schema = schema;
    this.valuesByColumn = new LinkedHashMap<>();
    for (Types.NestedField field : schema.columns()) {
      Set<Object> values = new LinkedHashSet<>();
      for (Record row : rows) {
        Object value = InternalRow.internalValue(field.type(), row.getField(field.name()));
        if (value != null && !isNaN(value)) {
          values.add(value);
        }
      }
      List<Object> sorted = new ArrayList<>(values);
      sorted.sort((left, right) -> SqlRowEvaluator.compare(left, field.type(), right));
      valuesByColumn.put(field.name(), sorted);
    }
    this.transformTerms = new ArrayList<>();
    Set<TransformTerm> seen = new LinkedHashSet<>();
    for (PartitionSpec spec : specs) {
      for (PartitionField partitionField : spec.fields()) {
        Types.NestedField source = schema.findField(partitionField.sourceId());
        String transform = partitionField.transform().toString();
        if (source != null && !transform.equals("identity") && !transform.equals("void")) {
          seen.add(new TransformTerm(source.name(), transform));
        }
      }
    }
    // transforms no spec uses, in random filters only: Floe must not prune by them, only agree
    for (Types.NestedField field : schema.columns()) {
      switch (field.type().typeId()) {
        case INTEGER, LONG, STRING, DECIMAL, BINARY -> {
          seen.add(new TransformTerm(field.name(), "bucket[5]"));
          seen.add(new TransformTerm(field.name(), "truncate[2]"));
        }
        case DATE -> seen.add(new TransformTerm(field.name(), "month"));
        case TIMESTAMP -> seen.add(new TransformTerm(field.name(), "day"));
        default -> {}
      }
    }
    specTransformCount = seen.size();
    transformTerms.addAll(seen);
    this.random = new Random(seed);
  }

  /** The systematic list: every column's edges, every transform's partition values, combos. */
  List<Expression> systematic() {
    List<Expression> filters = new ArrayList<>();
    filters.add(Expressions.alwaysTrue());
    filters.add(Expressions.alwaysFalse());
    for (Types.NestedField field : schema.columns()) {
      filters.addAll(columnEdges(field));
    }
    for (TransformTerm term : transformTerms.subList(0, specTransformCount)) {
      filters.addAll(transformEdges(term));
    }
    // combinations of the column edges
    List<Expression> singles = new ArrayList<>(filters.subList(2, filters.size()));
    Random combos = new Random(7);
    for (int index = 0; index < 10 && singles.size() > 1; index++) {
      Expression left = singles.get(combos.nextInt(singles.size()));
      Expression right = singles.get(combos.nextInt(singles.size()));
      filters.add(Expressions.and(left, right));
      filters.add(Expressions.or(left, right));
      filters.add(Expressions.not(Expressions.or(left, right)));
    }
    return filters;
  }

  /** {@code count} random filters of depth up to 3. */
  List<Expression> random(int count) {
    List<Expression> filters = new ArrayList<>();
    for (int index = 0; index < count; index++) {
      filters.add(randomExpression(3));
    }
    return filters;
  }

  private List<Expression> columnEdges(Types.NestedField field) {
    String name = field.name();
    Type type = field.type();
    List<Object> values = valuesByColumn.get(name);
    List<Expression> filters = new ArrayList<>();
    filters.add(Expressions.isNull(name));
    filters.add(Expressions.notNull(name));
    if (type.typeId() == Type.TypeID.FLOAT || type.typeId() == Type.TypeID.DOUBLE) {
      filters.add(Expressions.isNaN(name));
      filters.add(Expressions.notNaN(name));
      filters.add(Expressions.greaterThanOrEqual(name, literal(type, -0.0)));
      filters.add(Expressions.equal(name, literal(type, -0.0)));
    }
    if (values.isEmpty()) {
      return filters;
    }
    Object min = values.get(0);
    Object max = values.get(values.size() - 1);
    Object middle = values.get(values.size() / 2);
    if (type.typeId() != Type.TypeID.BOOLEAN) {
      filters.add(Expressions.lessThan(name, literal(type, min)));
      filters.add(Expressions.greaterThanOrEqual(name, literal(type, max)));
      filters.add(Expressions.not(Expressions.lessThan(name, literal(type, middle))));
      List<Object> belowMin = neighbours(type, min);
      if (!belowMin.isEmpty()) {
        filters.add(Expressions.lessThanOrEqual(name, literal(type, belowMin.get(0))));
      }
      List<Object> aboveMax = neighbours(type, max);
      if (!aboveMax.isEmpty()) {
        filters.add(Expressions.greaterThan(name, literal(type, aboveMax.get(1))));
      }
    }
    filters.add(Expressions.equal(name, literal(type, middle)));
    filters.add(Expressions.notEqual(name, literal(type, middle)));
    filters.add(
        Expressions.in(name, literals(type, values.subList(0, Math.min(40, values.size())))));
    filters.add(Expressions.notIn(name, literals(type, List.of(min, max))));
    if (type.typeId() == Type.TypeID.STRING) {
      String text = middle.toString();
      for (int length : new int[] {3, 16, 17}) {
        String prefix = text.substring(0, Math.min(length, text.length()));
        filters.add(Expressions.startsWith(name, prefix));
        filters.add(Expressions.notStartsWith(name, prefix));
      }
      filters.add(Expressions.startsWith(name, max + "x"));
    }
    if (type.typeId() == Type.TypeID.INTEGER) {
      // beyond the type's range: Iceberg's binder makes these constants
      filters.add(Expressions.lessThan(name, (long) Integer.MAX_VALUE + 1));
      filters.add(Expressions.notEqual(name, (long) Integer.MAX_VALUE + 1));
    }
    return filters;
  }

  private List<Expression> transformEdges(TransformTerm term) {
    List<Expression> filters = new ArrayList<>();
    Types.NestedField field = schema.findField(term.column());
    List<Object> results = transformResults(term, field);
    if (results.isEmpty()) {
      return filters;
    }
    Type resultType = transform(term, field).getResultType(field.type());
    UnboundTerm<Object> unbound = unboundTerm(term);
    for (Object result : results.subList(0, Math.min(2, results.size()))) {
      filters.add(Expressions.equal(unbound, literal(resultType, result)));
    }
    Object middle = results.get(results.size() / 2);
    filters.add(Expressions.notEqual(unbound, literal(resultType, middle)));
    filters.add(Expressions.lessThan(unbound, literal(resultType, middle)));
    filters.add(Expressions.greaterThanOrEqual(unbound, literal(resultType, middle)));
    filters.add(Expressions.in(unbound, literals(resultType, results)));
    return filters;
  }

  private Expression randomExpression(int depth) {
    int choice = random.nextInt(10);
    if (depth == 0 || choice < 5) {
      return randomPredicate();
    }
    if (choice < 7) {
      return Expressions.and(randomExpression(depth - 1), randomExpression(depth - 1));
    }
    if (choice < 9) {
      return Expressions.or(randomExpression(depth - 1), randomExpression(depth - 1));
    }
    return Expressions.not(randomExpression(depth - 1));
  }

  private Expression randomPredicate() {
    if (!transformTerms.isEmpty() && random.nextInt(4) == 0) {
      return randomTransformPredicate(transformTerms.get(random.nextInt(transformTerms.size())));
    }
    List<Types.NestedField> columns = schema.columns();
    Types.NestedField field = columns.get(random.nextInt(columns.size()));
    String name = field.name();
    Type type = field.type();
    List<Operation> operations = new ArrayList<>(List.of(Operation.IS_NULL, Operation.NOT_NULL));
    operations.addAll(List.of(Operation.EQ, Operation.NOT_EQ, Operation.IN, Operation.NOT_IN));
    if (type.typeId() != Type.TypeID.BOOLEAN) {
      operations.addAll(List.of(Operation.LT, Operation.LT_EQ, Operation.GT, Operation.GT_EQ));
      operations.addAll(List.of(Operation.LT, Operation.GT_EQ, Operation.EQ));
    }
    if (type.typeId() == Type.TypeID.FLOAT || type.typeId() == Type.TypeID.DOUBLE) {
      operations.addAll(List.of(Operation.IS_NAN, Operation.NOT_NAN));
    }
    if (type.typeId() == Type.TypeID.STRING) {
      operations.addAll(List.of(Operation.STARTS_WITH, Operation.NOT_STARTS_WITH));
    }
    Operation operation = operations.get(random.nextInt(operations.size()));
    switch (operation) {
      case IS_NULL:
        return Expressions.isNull(name);
      case NOT_NULL:
        return Expressions.notNull(name);
      case IS_NAN:
        return Expressions.isNaN(name);
      case NOT_NAN:
        return Expressions.notNaN(name);
      case IN:
      case NOT_IN:
        {
          List<Object> chosen = new ArrayList<>();
          int size = 1 + random.nextInt(random.nextBoolean() ? 3 : 25);
          for (int index = 0; index < size; index++) {
            chosen.add(randomValue(field));
          }
          Object[] literals = literals(type, chosen);
          return operation == Operation.IN
              ? Expressions.in(name, literals)
              : Expressions.notIn(name, literals);
        }
      case STARTS_WITH:
      case NOT_STARTS_WITH:
        {
          String text = String.valueOf(randomValue(field));
          String prefix = text.substring(0, random.nextInt(Math.min(text.length(), 20) + 1));
          return operation == Operation.STARTS_WITH
              ? Expressions.startsWith(name, prefix)
              : Expressions.notStartsWith(name, prefix);
        }
      default:
        return Expressions.predicate(operation, name, literal(type, randomValue(field)));
    }
  }

  private Expression randomTransformPredicate(TransformTerm term) {
    Types.NestedField field = schema.findField(term.column());
    List<Object> results = transformResults(term, field);
    UnboundTerm<Object> unbound = unboundTerm(term);
    if (results.isEmpty()) {
      return Expressions.notNull(unbound);
    }
    Type resultType = transform(term, field).getResultType(field.type());
    Object value = results.get(random.nextInt(results.size()));
    if (resultType.typeId() == Type.TypeID.INTEGER || resultType.typeId() == Type.TypeID.DATE) {
      value = ((Integer) value) + random.nextInt(3) - 1;
    }
    Operation[] operations = {
      Operation.EQ,
      Operation.NOT_EQ,
      Operation.LT,
      Operation.LT_EQ,
      Operation.GT,
      Operation.GT_EQ,
      Operation.IN,
      Operation.NOT_IN
    };
    Operation operation = operations[random.nextInt(operations.length)];
    switch (operation) {
      case IN:
        return Expressions.in(
            unbound,
            literals(resultType, List.of(value, results.get(random.nextInt(results.size())))));
      case NOT_IN:
        return Expressions.notIn(unbound, literals(resultType, List.of(value)));
      default:
        return Expressions.predicate(operation, unbound, List.of(literal(resultType, value)));
    }
  }

  private Object randomValue(Types.NestedField field) {
    List<Object> values = valuesByColumn.get(field.name());
    Type type = field.type();
    int kind = random.nextInt(10);
    if (values.isEmpty() || kind == 0) {
      return edgeValue(type);
    }
    Object value = values.get(random.nextInt(values.size()));
    if (kind < 4) {
      List<Object> near = neighbours(type, value);
      return near.isEmpty() ? value : near.get(random.nextInt(near.size()));
    }
    return value;
  }

  /** Values just around {@code value} in the type's order (none for booleans). */
  private static List<Object> neighbours(Type type, Object value) {
    switch (type.typeId()) {
      case INTEGER:
      case DATE:
        {
          int number = (Integer) value;
          return List.of(number - 1, number + 1);
        }
      case LONG:
      case TIME:
        {
          long number = (Long) value;
          return List.of(number - 1, number + 1);
        }
      case TIMESTAMP:
        {
          long micros = (Long) value;
          long hour = Math.floorDiv(micros, HOUR_MICROS) * HOUR_MICROS;
          return List.of(micros - 1, micros + 1, hour, hour - 1, hour + HOUR_MICROS);
        }
      case TIMESTAMP_NANO:
        {
          long nanos = (Long) value;
          return List.of(
              nanos - 1, nanos + 1, Math.floorDiv(nanos, 3_600_000_000_000L) * 3_600_000_000_000L);
        }
      case DECIMAL:
        {
          BigDecimal decimal = (BigDecimal) value;
          BigDecimal step = BigDecimal.ONE.movePointLeft(decimal.scale());
          return List.of(decimal.subtract(step), decimal.add(step));
        }
      case FLOAT:
        {
          float number = (Float) value;
          return List.of(Math.nextDown(number), Math.nextUp(number));
        }
      case DOUBLE:
        {
          double number = (Double) value;
          return List.of(Math.nextDown(number), Math.nextUp(number));
        }
      case STRING:
        {
          String text = value.toString();
          List<Object> near = new ArrayList<>();
          near.add(text + "\u0000");
          near.add(text + "a");
          if (!text.isEmpty()) {
            near.add(text.substring(0, text.length() - 1));
            near.add(
                text.substring(0, text.length() - 1) + (char) (text.charAt(text.length() - 1) + 1));
          }
          return near;
        }
      case UUID:
        {
          UUID uuid = (UUID) value;
          return List.of(
              new UUID(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits() + 1),
              new UUID(uuid.getMostSignificantBits() - 1, uuid.getLeastSignificantBits()));
        }
      case BINARY:
        {
          byte[] bytes = new byte[((ByteBuffer) value).remaining()];
          ((ByteBuffer) value).duplicate().get(bytes);
          byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
          byte[] shorter = java.util.Arrays.copyOf(bytes, Math.max(0, bytes.length - 1));
          return List.of(ByteBuffer.wrap(longer), ByteBuffer.wrap(shorter));
        }
      default:
        return List.of();
    }
  }

  /** A value at or beyond the edge of the type's range. */
  private Object edgeValue(Type type) {
    switch (type.typeId()) {
      case INTEGER:
        return random.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE;
      case DATE:
        return random.nextBoolean() ? -1 : 0;
      case LONG:
        return random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
      case TIME:
        return random.nextBoolean() ? 0L : 86_399_999_999L;
      case TIMESTAMP:
        return random.nextBoolean() ? -1L : 0L;
      case TIMESTAMP_NANO:
        return random.nextBoolean() ? -1L : 0L;
      case DECIMAL:
        return random.nextBoolean() ? new BigDecimal("-9999999.99") : new BigDecimal("0.00");
      case FLOAT:
        return random.nextBoolean() ? -Float.MAX_VALUE : Float.POSITIVE_INFINITY;
      case DOUBLE:
        return random.nextBoolean() ? Double.NEGATIVE_INFINITY : 0.0;
      case STRING:
        return random.nextBoolean() ? "" : "\uffff";
      case BOOLEAN:
        return random.nextBoolean();
      case UUID:
        return random.nextBoolean() ? new UUID(0, 0) : new UUID(-1, -1);
      case BINARY:
        return ByteBuffer.wrap(random.nextBoolean() ? new byte[0] : new byte[] {(byte) 0xff});
      default:
        throw new IllegalArgumentException("No edge values for " + type);
    }
  }

  /** A literal of this type in the form both planners read the same way. */
  private static Object literal(Type type, Object value) {
    switch (type.typeId()) {
      case FLOAT:
        return ((Number) value).floatValue();
      case DOUBLE:
        return ((Number) value).doubleValue();
      case TIMESTAMP_NANO:
        return DateTimeUtil.timestampFromNanos((Long) value)
            .format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
      default:
        return value;
    }
  }

  private static Object[] literals(Type type, List<Object> values) {
    return values.stream().map(value -> literal(type, value)).toArray();
  }

  private List<Object> transformResults(TransformTerm term, Types.NestedField field) {
    Transform<Object, Object> transform = transform(term, field);
    Type resultType = transform.getResultType(field.type());
    TreeMap<Object, Object> results =
        new TreeMap<>((left, right) -> SqlRowEvaluator.compare(left, resultType, right));
    var function = transform.bind(field.type());
    for (Object value : valuesByColumn.get(field.name())) {
      Object result = function.apply(value);
      results.put(result, result);
    }
    return new ArrayList<>(results.keySet());
  }

  @SuppressWarnings("unchecked")
  private static Transform<Object, Object> transform(TransformTerm term, Types.NestedField field) {
    return (Transform<Object, Object>) Transforms.fromString(field.type(), term.transform());
  }

  @SuppressWarnings("unchecked")
  private static UnboundTerm<Object> unboundTerm(TransformTerm term) {
    String transform = term.transform();
    String column = term.column();
    if (transform.startsWith("bucket[")) {
      return (UnboundTerm<Object>) (UnboundTerm<?>) Expressions.bucket(column, width(transform));
    }
    if (transform.startsWith("truncate[")) {
      return (UnboundTerm<Object>) (UnboundTerm<?>) Expressions.truncate(column, width(transform));
    }
    return (UnboundTerm<Object>)
        (UnboundTerm<?>)
            switch (transform) {
              case "year" -> Expressions.year(column);
              case "month" -> Expressions.month(column);
              case "day" -> Expressions.day(column);
              case "hour" -> Expressions.hour(column);
              default -> throw new IllegalArgumentException("Unknown transform " + transform);
            };
  }

  private static int width(String transform) {
    return Integer.parseInt(
        transform.substring(transform.indexOf('[') + 1, transform.indexOf(']')));
  }

  private static boolean isNaN(Object value) {
    return (value instanceof Float single && single.isNaN())
        || (value instanceof Double number && number.isNaN());
  }
}
