package dev.floe.spark.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import dev.floe.spark.compat.SparkLine;
import dev.floe.table.ListType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * Iceberg's {@code variant} in Spark: Spark's {@code VariantType} on the lines that have it (4.x),
 * a refusal naming the column and the Spark line on those that do not (3.5). Each line's build runs
 * the half that is its own.
 */
class TestSparkSchemasVariant {
  private static final PrimitiveType VARIANT = PrimitiveType.of(TypeId.VARIANT);

  private static final Schema COLUMN =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "payload", VARIANT)),
          Set.of());

  private static final Schema ELEMENT =
      new Schema(
          0,
          List.of(
              NestedField.optional(
                  1, "payloads", new ListType(NestedField.optional(2, "element", VARIANT)))),
          Set.of());

  @Test
  void aVariantColumnIsSparksVariantOrRefusedByName() {
    if (SparkLine.variantType().isPresent()) {
      StructType spark = SparkSchemas.toSpark(COLUMN);
      assertThat(SparkLine.isVariant(spark.apply("payload").dataType()))
          .as("payload's Spark type: %s", spark.apply("payload").dataType())
          .isTrue();
      assertThat(spark.apply("payload").nullable()).isTrue();
    } else {
      assertThatThrownBy(() -> SparkSchemas.toSpark(COLUMN))
          .as("a Floe error naming the column, not an UnsupportedOperationException")
          .isInstanceOf(InvalidRequestException.class)
          .hasMessageStartingWith(
              "Floe cannot read the variant column payload (id 2) on Spark " + SparkLine.NAME)
          .hasMessageContaining("since Spark 4.0");
    }
  }

  @Test
  void aVariantElementIsSparksVariantOrRefused() {
    if (SparkLine.variantType().isPresent()) {
      ArrayType payloads = (ArrayType) SparkSchemas.toSpark(ELEMENT).apply("payloads").dataType();
      assertThat(SparkLine.isVariant(payloads.elementType())).isTrue();
    } else {
      assertThatThrownBy(() -> SparkSchemas.toSpark(ELEMENT))
          .isInstanceOf(InvalidRequestException.class)
          .hasMessageContaining("Floe cannot read variant values");
    }
  }
}
