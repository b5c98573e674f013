package dev.floe.spark.convert;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import dev.floe.table.ListType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestSparkSchemasVariant {
  private static final PrimitiveType VARIANT = PrimitiveType.of(TypeId.VARIANT);

  @Test
  void aVariantColumnIsRefusedByName() {
    Schema schema =
        new Schema(
            0,
            List.of(
                NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
                NestedField.optional(2, "payload", VARIANT)),
            Set.of());

    assertThatThrownBy(() -> SparkSchemas.toSpark(schema))
        .as("a Floe error naming the column, not an UnsupportedOperationException")
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Floe cannot read the variant column payload (id 2) into Spark yet");
  }

  @Test
  void aVariantElementIsRefused() {
    Schema schema =
        new Schema(
            0,
            List.of(
                NestedField.optional(
                    1, "payloads", new ListType(NestedField.optional(2, "element", VARIANT)))),
            Set.of());

    assertThatThrownBy(() -> SparkSchemas.toSpark(schema))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Floe cannot read variant values");
  }
}
