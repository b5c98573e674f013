package dev.floe.expr;

import dev.floe.CorruptTableException;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a row filter into a filter on partition values, by the projections of each partition
 * field's transform (see {@link Transform}).
 *
 * <pre>{@code
 * // spec: day(event_time) as event_day, bucket[16](id) as id_bucket
 * inclusive(event_time >= '2026-01-02T10:00' and id = 7)
 *     == event_day >= 2026-01-02 and id_bucket = bucket[16](7)   // partitions failing it cannot match
 * strict(event_time >= '2026-01-02T10:00')
 *     == event_day > 2026-01-02        // every row of a partition passing it matches
 * }</pre>
 *
 * <p>A predicate whose column feeds several partition fields projects through each: the results are
 * joined by {@code and} when inclusive (each is necessary) and by {@code or} when strict (each is
 * sufficient). A column that feeds none projects to {@code true} (inclusive) or {@code false}
 * (strict). Partition fields read the source column's type in the given schema, so an identity
 * field of an int column since promoted to long compares longs; a field whose source column is
 * gone, whose transform does not apply to it, or that has several source columns (format v3 {@code
 * source-ids}) contributes nothing.
 */
public final class Projections {
  private final List<ProjectedField> fields;

  private Projections(PartitionSpec spec, Schema schema) {
    this.fields = projectedFields(spec, schema);
  }

  /**
   * A filter on partition values that holds for the partition of every row matching {@code
   * boundFilter}; a partition failing it holds no match.
   *
   * @param boundFilter a filter bound to {@code schema}, its {@code not} rewritten ({@link
   *     Binder#bind})
   * @throws CorruptTableException when a transform of the spec has an invalid parameter
   */
  public static Expression inclusive(PartitionSpec spec, Schema schema, Expression boundFilter) {
    return new Projections(spec, schema).project(boundFilter, true);
  }

  /**
   * A filter on partition values that holds only for partitions whose every row matches {@code
   * boundFilter}.
   *
   * @param boundFilter a filter bound to {@code schema}, its {@code not} rewritten ({@link
   *     Binder#bind})
   * @throws CorruptTableException when a transform of the spec has an invalid parameter
   */
  public static Expression strict(PartitionSpec spec, Schema schema, Expression boundFilter) {
    return new Projections(spec, schema).project(boundFilter, false);
  }

  static Projections of(PartitionSpec spec, Schema schema) {
    return new Projections(spec, schema);
  }

  Expression project(Expression filter, boolean inclusive) {
    if (filter instanceof And and) {
      return Expression.and(project(and.left(), inclusive), project(and.right(), inclusive));
    }
    if (filter instanceof Or or) {
      return Expression.or(project(or.left(), inclusive), project(or.right(), inclusive));
    }
    if (filter instanceof Expression.Constant) {
      return filter;
    }
    if (filter instanceof BoundPredicate predicate) {
      return inclusive ? inclusive(predicate) : strict(predicate);
    }
    throw new IllegalArgumentException(
        "Cannot project " + filter + ": bind the filter and rewrite not first (Binder.bind)");
  }

  Expression inclusive(BoundPredicate predicate) {
    Expression result = Expression.alwaysTrue();
    for (ProjectedField field : fields) {
      if (field.sourceId() == predicate.reference().fieldId()) {
        result =
            Expression.and(
                result, field.transform().projectInclusive(field.reference(), predicate));
      }
    }
    return result;
  }

  Expression strict(BoundPredicate predicate) {
    Expression result = Expression.alwaysFalse();
    for (ProjectedField field : fields) {
      if (field.sourceId() == predicate.reference().fieldId()) {
        result =
            Expression.or(result, field.transform().projectStrict(field.reference(), predicate));
      }
    }
    return result;
  }

  private static List<ProjectedField> projectedFields(PartitionSpec spec, Schema schema) {
    List<ProjectedField> fields = new ArrayList<>();
    for (PartitionField field : spec.fields()) {
      Transform transform = parse(spec, field);
      NestedField source = schema.findField(field.sourceId());
      if (field.sourceIds().size() != 1
          || source == null
          || !(source.type() instanceof PrimitiveType sourceType)
          || !transform.canTransform(sourceType)) {
        continue;
      }
      BoundReference reference =
          new BoundReference(field.fieldId(), field.name(), transform.resultType(sourceType), true);
      fields.add(new ProjectedField(field.sourceId(), transform, reference));
    }
    return List.copyOf(fields);
  }

  private static Transform parse(PartitionSpec spec, PartitionField field) {
    try {
      return Transform.parse(field.transform());
    } catch (IllegalArgumentException invalid) {
      throw new CorruptTableException(
          "Partition spec "
              + spec.specId()
              + " field '"
              + field.name()
              + "' has an invalid transform: "
              + invalid.getMessage(),
          invalid);
    }
  }

  /** A partition field that a predicate on its source column can project onto. */
  private record ProjectedField(int sourceId, Transform transform, BoundReference reference) {}
}
