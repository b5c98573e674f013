package dev.floe.spark.convert;

import dev.floe.InvalidRequestException;
import dev.floe.spark.compat.SparkLine;
import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.Type;
import dev.floe.table.TypeId;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;

/**
 * Iceberg types as Spark sees them. timestamptz is Spark's {@code TimestampType} and timestamp its
 * {@code TimestampNTZType}, both in microseconds: nanosecond timestamps are truncated to micros.
 * uuid is a string (its canonical text), fixed and binary are binary, time is a long of micros
 * since midnight (Spark has no time type). Nullability follows {@code required}; each field's
 * metadata carries its Iceberg field id under {@link #FIELD_ID}, and its doc as Spark's comment.
 */
public final class SparkSchemas {
  /** The metadata key holding a field's Iceberg field id. */
  public static final String FIELD_ID = "iceberg.field-id";

  private SparkSchemas() {}

  public static org.apache.spark.sql.types.StructType toSpark(Schema schema) {
    return toSpark(schema.asStruct());
  }

  public static org.apache.spark.sql.types.StructType toSpark(StructType struct) {
    List<StructField> fields = new ArrayList<>(struct.fields().size());
    for (NestedField field : struct.fields()) {
      MetadataBuilder metadata = new MetadataBuilder().putLong(FIELD_ID, field.fieldId());
      if (field.doc() != null) {
        // Spark's column comment, as DESCRIBE TABLE shows it
        metadata.putString("comment", field.doc());
      }
      if (field.type() instanceof PrimitiveType primitive
          && primitive.typeId() == TypeId.VARIANT
          && SparkLine.variantType().isEmpty()) {
        throw noVariantType("the variant column " + field.name() + " (id " + field.fieldId() + ")");
      }
      fields.add(
          new StructField(field.name(), toSpark(field.type()), field.optional(), metadata.build()));
    }
    return DataTypes.createStructType(fields);
  }

  public static DataType toSpark(Type type) {
    if (type instanceof StructType struct) {
      return toSpark(struct);
    }
    if (type instanceof ListType list) {
      return DataTypes.createArrayType(toSpark(list.element().type()), list.element().optional());
    }
    if (type instanceof MapType map) {
      return DataTypes.createMapType(
          toSpark(map.key().type()), toSpark(map.value().type()), map.value().optional());
    }
    PrimitiveType primitive = (PrimitiveType) type;
    return switch (primitive.typeId()) {
      case BOOLEAN -> DataTypes.BooleanType;
      case INT -> DataTypes.IntegerType;
      case LONG, TIME -> DataTypes.LongType;
      case FLOAT -> DataTypes.FloatType;
      case DOUBLE -> DataTypes.DoubleType;
      case DECIMAL -> DataTypes.createDecimalType(primitive.precision(), primitive.scale());
      case DATE -> DataTypes.DateType;
      case TIMESTAMP, TIMESTAMP_NS -> DataTypes.TimestampNTZType;
      case TIMESTAMPTZ, TIMESTAMPTZ_NS -> DataTypes.TimestampType;
      case STRING, UUID -> DataTypes.StringType;
      case FIXED, BINARY, GEOMETRY, GEOGRAPHY -> DataTypes.BinaryType;
      case UNKNOWN -> DataTypes.NullType;
      case VARIANT ->
          SparkLine.variantType()
              .orElseThrow(() -> noVariantType("variant values (an element or a map value)"));
      case STRUCT, LIST, MAP ->
          throw new IllegalStateException("A primitive type cannot be " + primitive.typeId());
    };
  }

  /** The refusal on a Spark line without a variant type (Spark 3.5). */
  private static InvalidRequestException noVariantType(String what) {
    return new InvalidRequestException(
        "Floe cannot read "
            + what
            + " on Spark "
            + SparkLine.NAME
            + ": Spark has a variant type since Spark 4.0; read the table with Floe's Spark 4"
            + " connector, or leave the column out of the query");
  }
}
