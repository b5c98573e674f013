package dev.floe.expr;

import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.util.List;
import java.util.Set;

/**
 * A schema with a column of every primitive type that has ordered values, a required column, a
 * nested struct, a list and a map: the fixture for binding and expression JSON tests.
 */
final class AllTypesSchema {
  static final PrimitiveType DECIMAL_9_2 = PrimitiveType.decimal(9, 2);
  static final PrimitiveType FIXED_4 = PrimitiveType.fixed(4);

  static final NestedField ID = NestedField.required(1, "id", type(TypeId.LONG));
  static final NestedField COUNT = NestedField.optional(2, "count", type(TypeId.INT));
  static final NestedField PRICE = NestedField.optional(3, "price", DECIMAL_9_2);
  static final NestedField RATIO = NestedField.optional(4, "ratio", type(TypeId.FLOAT));
  static final NestedField SCORE = NestedField.optional(5, "score", type(TypeId.DOUBLE));
  static final NestedField DAY = NestedField.optional(6, "day", type(TypeId.DATE));
  static final NestedField AT = NestedField.optional(7, "at", type(TypeId.TIME));
  static final NestedField TS = NestedField.optional(8, "ts", type(TypeId.TIMESTAMP));
  static final NestedField TSTZ = NestedField.optional(9, "tstz", type(TypeId.TIMESTAMPTZ));
  static final NestedField TS_NS = NestedField.optional(10, "ts_ns", type(TypeId.TIMESTAMP_NS));
  static final NestedField TSTZ_NS =
      NestedField.optional(11, "tstz_ns", type(TypeId.TIMESTAMPTZ_NS));
  static final NestedField NAME = NestedField.optional(12, "name", type(TypeId.STRING));
  static final NestedField UID = NestedField.optional(13, "uid", type(TypeId.UUID));
  static final NestedField HASH = NestedField.optional(14, "hash", FIXED_4);
  static final NestedField PAYLOAD = NestedField.optional(15, "payload", type(TypeId.BINARY));
  static final NestedField FLAG = NestedField.optional(16, "flag", type(TypeId.BOOLEAN));
  static final NestedField CITY = NestedField.optional(18, "City", type(TypeId.STRING));
  static final NestedField LAT = NestedField.required(19, "lat", type(TypeId.DOUBLE));
  static final NestedField LOCATION =
      NestedField.optional(17, "location", new StructType(List.of(CITY, LAT)));
  static final NestedField TAGS =
      NestedField.optional(
          20, "tags", new ListType(NestedField.optional(21, "element", type(TypeId.STRING))));
  static final NestedField ATTRIBUTES =
      NestedField.optional(
          22,
          "attributes",
          new MapType(
              NestedField.required(23, "key", type(TypeId.STRING)),
              NestedField.optional(24, "value", type(TypeId.INT))));
  static final NestedField LABEL = NestedField.required(25, "label", type(TypeId.STRING));

  static final Schema SCHEMA =
      new Schema(
          3,
          List.of(
              ID,
              COUNT,
              PRICE,
              RATIO,
              SCORE,
              DAY,
              AT,
              TS,
              TSTZ,
              TS_NS,
              TSTZ_NS,
              NAME,
              UID,
              HASH,
              PAYLOAD,
              FLAG,
              LOCATION,
              TAGS,
              ATTRIBUTES,
              LABEL),
          Set.of());

  private AllTypesSchema() {}

  /** The bound reference Binder makes for a top-level column of {@link #SCHEMA}. */
  static BoundReference reference(NestedField column) {
    return new BoundReference(
        column.fieldId(), column.name(), (PrimitiveType) column.type(), column.optional());
  }

  static Expression bind(Expression expression) {
    return Binder.bind(SCHEMA, expression, true);
  }

  private static PrimitiveType type(TypeId typeId) {
    return PrimitiveType.of(typeId);
  }
}
