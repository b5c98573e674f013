package dev.floe.expr;

import dev.floe.InvalidRequestException;
import dev.floe.table.ListType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.Type;
import dev.floe.table.TypeId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Binds an unbound expression to a schema: names resolve to field ids (full dotted names for fields
 * of structs, exactly or ignoring case), literals convert to the field's type, and {@code not} is
 * pushed into the predicates, so evaluators never see it.
 *
 * <p>Binding also settles what the schema alone decides: {@code is-null} on a required field is
 * {@code false}; a literal beyond the type's range makes a comparison {@code false} or {@code not
 * null}; a literal between two values of the type ({@code 2.5} for an int) becomes the comparison
 * with the neighbour that keeps its meaning ({@code x < 2.5} is {@code x <= 2}); {@code = NaN} is
 * {@code is-nan}.
 */
public final class Binder {
  private final Schema schema;
  private final boolean caseSensitive;
  private final Set<Integer> fieldsInStructs;
  // required fields whose enclosing structs are all required too: only those are never null
  private final Set<Integer> neverNullFields;

  private Binder(Schema schema, boolean caseSensitive) {
    this.schema = schema;
    this.caseSensitive = caseSensitive;
    this.fieldsInStructs = new HashSet<>();
    this.neverNullFields = new HashSet<>();
    collectStructFields(schema.asStruct(), true, fieldsInStructs, neverNullFields);
  }

  /**
   * Binds {@code expression} to {@code schema}. An expression that is already bound is returned
   * with {@code not} rewritten.
   *
   * @throws InvalidRequestException naming the column when it does not exist, is not a primitive
   *     reachable through structs only, or a literal cannot be converted to its type
   */
  public static Expression bind(Schema schema, Expression expression, boolean caseSensitive) {
    return new Binder(schema, caseSensitive).bind(expression);
  }

  /** Pushes every {@code not} into the predicates below it. */
  public static Expression rewriteNot(Expression expression) {
    if (expression instanceof Not not) {
      return rewriteNot(not.child().negate());
    }
    if (expression instanceof And and) {
      return Expression.and(rewriteNot(and.left()), rewriteNot(and.right()));
    }
    if (expression instanceof Or or) {
      return Expression.or(rewriteNot(or.left()), rewriteNot(or.right()));
    }
    return expression;
  }

  /** Whether the expression holds no unbound predicate. */
  public static boolean isBound(Expression expression) {
    if (expression instanceof UnboundPredicate) {
      return false;
    }
    if (expression instanceof And and) {
      return isBound(and.left()) && isBound(and.right());
    }
    if (expression instanceof Or or) {
      return isBound(or.left()) && isBound(or.right());
    }
    if (expression instanceof Not not) {
      return isBound(not.child());
    }
    return true;
  }

  private Expression bind(Expression expression) {
    Expression rewritten = rewriteNot(expression);
    if (rewritten instanceof And and) {
      return Expression.and(bind(and.left()), bind(and.right()));
    }
    if (rewritten instanceof Or or) {
      return Expression.or(bind(or.left()), bind(or.right()));
    }
    if (rewritten instanceof UnboundPredicate predicate) {
      return bindPredicate(predicate);
    }
    return rewritten;
  }

  private Expression bindPredicate(UnboundPredicate predicate) {
    BoundReference reference = resolve(predicate.term().reference().name());
    BoundTerm term = reference;
    if (predicate.term() instanceof UnboundTransform transform) {
      if (!transform.transform().canTransform(reference.type())) {
        throw invalid(
            predicate,
            "cannot apply " + transform.transform() + " to a column of type " + reference.type());
      }
      term = new BoundTransform(reference, transform.transform());
    }
    Operation operation = predicate.operation();
    return switch (operation.arity()) {
      case UNARY -> bindUnary(predicate, operation, term);
      case LITERAL -> bindLiteral(predicate, operation, term);
      case SET -> bindSet(predicate, operation, term);
    };
  }

  private Expression bindUnary(UnboundPredicate predicate, Operation operation, BoundTerm term) {
    boolean required = !term.reference().optional() && term instanceof BoundReference;
    return switch (operation) {
      case IS_NULL -> required ? Expression.alwaysFalse() : BoundPredicate.unary(operation, term);
      case NOT_NULL -> required ? Expression.alwaysTrue() : BoundPredicate.unary(operation, term);
      case IS_NAN, NOT_NAN -> {
        if (!isFloatingPoint(term.type())) {
          throw invalid(predicate, "NaN tests apply only to float and double columns");
        }
        yield BoundPredicate.unary(operation, term);
      }
      case LT, LT_EQ, GT, GT_EQ, EQ, NOT_EQ, IN, NOT_IN, STARTS_WITH, NOT_STARTS_WITH ->
          throw new IllegalStateException(operation + " is not unary");
    };
  }

  private Expression bindLiteral(UnboundPredicate predicate, Operation operation, BoundTerm term) {
    boolean startsWith =
        operation == Operation.STARTS_WITH || operation == Operation.NOT_STARTS_WITH;
    if (startsWith && term.type().typeId() != TypeId.STRING) {
      throw invalid(predicate, "starts-with applies only to string values, not " + term.type());
    }
    requireOrdered(predicate, term);
    Converted converted = convert(predicate, predicate.literal(), term.type());
    if (converted instanceof Converted.Exact exact) {
      if (isNaN(exact.value())) {
        return nanComparison(predicate, operation, term);
      }
      if (isZero(exact.value())) {
        return zeroComparison(operation, term, exact.value());
      }
      return BoundPredicate.literal(operation, term, exact.value());
    }
    Converted.Between between = (Converted.Between) converted;
    // no value of the type equals the literal; order tests compare with its neighbours
    return switch (operation) {
      case EQ -> Expression.alwaysFalse();
      case NOT_EQ -> BoundPredicate.unary(Operation.NOT_NULL, term);
      case LT, LT_EQ ->
          between.floor() == null
              ? Expression.alwaysFalse()
              : BoundPredicate.literal(Operation.LT_EQ, term, between.floor());
      case GT, GT_EQ ->
          between.ceiling() == null
              ? Expression.alwaysFalse()
              : BoundPredicate.literal(Operation.GT_EQ, term, between.ceiling());
      case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN, IN, NOT_IN, STARTS_WITH, NOT_STARTS_WITH ->
          throw new IllegalStateException(operation + " cannot have an inexact literal");
    };
  }

  private Expression nanComparison(
      UnboundPredicate predicate, Operation operation, BoundTerm term) {
    return switch (operation) {
      case EQ -> BoundPredicate.unary(Operation.IS_NAN, term);
      case NOT_EQ ->
          Expression.and(
              BoundPredicate.unary(Operation.NOT_NAN, term),
              BoundPredicate.unary(Operation.NOT_NULL, term));
      case LT,
          LT_EQ,
          GT,
          GT_EQ,
          IS_NULL,
          NOT_NULL,
          IS_NAN,
          NOT_NAN,
          IN,
          NOT_IN,
          STARTS_WITH,
          NOT_STARTS_WITH ->
          throw invalid(predicate, "NaN cannot be ordered; use is-nan or not-nan");
    };
  }

  /**
   * A comparison with a floating-point zero. Spark, like SQL, holds {@code 0.0 = -0.0}, but
   * Iceberg's order (and bounds) put {@code -0.0} before {@code 0.0}; so the comparison is
   * rewritten over both zeros, and pruning by bounds stays sound for either sign.
   */
  private static Expression zeroComparison(Operation operation, BoundTerm term, Object zero) {
    Object negative = negativeZero(zero);
    Object positive = positiveZero(zero);
    return switch (operation) {
      case EQ -> new BoundPredicate(Operation.IN, term, List.of(negative, positive));
      case NOT_EQ -> new BoundPredicate(Operation.NOT_IN, term, List.of(negative, positive));
      case LT -> BoundPredicate.literal(Operation.LT, term, negative);
      case LT_EQ -> BoundPredicate.literal(Operation.LT_EQ, term, positive);
      case GT -> BoundPredicate.literal(Operation.GT, term, positive);
      case GT_EQ -> BoundPredicate.literal(Operation.GT_EQ, term, negative);
      case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN, IN, NOT_IN, STARTS_WITH, NOT_STARTS_WITH ->
          throw new IllegalStateException(operation + " does not compare with one value");
    };
  }

  private static boolean isZero(Object value) {
    return (value instanceof Double d && d == 0.0) || (value instanceof Float f && f == 0.0f);
  }

  private static Object negativeZero(Object zero) {
    return zero instanceof Float ? (Object) (-0.0f) : (Object) (-0.0d);
  }

  private static Object positiveZero(Object zero) {
    return zero instanceof Float ? (Object) 0.0f : (Object) 0.0d;
  }

  private Expression bindSet(UnboundPredicate predicate, Operation operation, BoundTerm term) {
    requireOrdered(predicate, term);
    boolean in = operation == Operation.IN;
    if (predicate.literals().isEmpty()) {
      return in ? Expression.alwaysFalse() : Expression.alwaysTrue();
    }
    List<Object> values = new ArrayList<>();
    boolean nan = false;
    for (Literal literal : predicate.literals()) {
      Converted converted = convert(predicate, literal, term.type());
      if (converted instanceof Converted.Exact exact) {
        if (isNaN(exact.value())) {
          nan = true;
        } else if (isZero(exact.value())) {
          // SQL's 0.0 = -0.0: a set that holds one zero holds both
          values.add(negativeZero(exact.value()));
          values.add(positiveZero(exact.value()));
        } else {
          values.add(exact.value());
        }
      }
      // a literal no value of the type equals cannot be in the set
    }
    Expression rest;
    if (values.isEmpty()) {
      rest = in ? Expression.alwaysFalse() : BoundPredicate.unary(Operation.NOT_NULL, term);
    } else {
      // the set predicate drops duplicates: (4, 4L) is one value, so a comparison
      BoundPredicate set = new BoundPredicate(operation, term, values);
      rest =
          set.values().size() == 1
              ? BoundPredicate.literal(
                  in ? Operation.EQ : Operation.NOT_EQ, term, set.values().get(0))
              : set;
    }
    if (!nan) {
      return rest;
    }
    return in
        ? Expression.or(BoundPredicate.unary(Operation.IS_NAN, term), rest)
        : Expression.and(BoundPredicate.unary(Operation.NOT_NAN, term), rest);
  }

  private BoundReference resolve(String name) {
    NestedField field =
        caseSensitive ? schema.findField(name) : schema.caseInsensitiveFindField(name);
    if (field == null) {
      throw new InvalidRequestException(
          "Cannot filter on column '"
              + name
              + "': no such column"
              + (caseSensitive ? " (names are case sensitive)" : "")
              + " in schema "
              + schema.schemaId());
    }
    String fullName = schema.findColumnName(field.fieldId());
    if (!(field.type() instanceof PrimitiveType type)) {
      throw new InvalidRequestException(
          "Cannot filter on column '"
              + fullName
              + "': it is a "
              + kind(field.type())
              + ", and filters test primitive values");
    }
    if (!fieldsInStructs.contains(field.fieldId())) {
      throw new InvalidRequestException(
          "Cannot filter on column '"
              + fullName
              + "': it is inside a list or map, and filters test one value per row");
    }
    boolean optional = !neverNullFields.contains(field.fieldId());
    return new BoundReference(field.fieldId(), fullName, type, optional);
  }

  private Converted convert(UnboundPredicate predicate, Literal literal, PrimitiveType type) {
    try {
      return LiteralConverter.convert(literal, type);
    } catch (IllegalArgumentException failure) {
      throw new InvalidRequestException(
          "Cannot filter " + predicate + ": " + failure.getMessage(), failure);
    }
  }

  private void requireOrdered(UnboundPredicate predicate, BoundTerm term) {
    if (!term.type().typeId().hasOrderedValues()) {
      throw invalid(predicate, "values of type " + term.type() + " cannot be compared");
    }
  }

  private InvalidRequestException invalid(UnboundPredicate predicate, String reason) {
    return new InvalidRequestException("Cannot filter " + predicate + ": " + reason);
  }

  private static boolean isFloatingPoint(PrimitiveType type) {
    return type.typeId() == TypeId.FLOAT || type.typeId() == TypeId.DOUBLE;
  }

  private static boolean isNaN(Object value) {
    return (value instanceof Double d && d.isNaN()) || (value instanceof Float f && f.isNaN());
  }

  private static String kind(Type type) {
    if (type instanceof StructType) {
      return "struct";
    }
    return type instanceof ListType ? "list" : "map";
  }

  private static void collectStructFields(
      StructType struct, boolean ancestorsRequired, Set<Integer> ids, Set<Integer> neverNull) {
    for (NestedField field : struct.fields()) {
      ids.add(field.fieldId());
      boolean required = ancestorsRequired && field.required();
      if (required) {
        neverNull.add(field.fieldId());
      }
      if (field.type() instanceof StructType nested) {
        collectStructFields(nested, required, ids, neverNull);
      }
    }
  }
}
