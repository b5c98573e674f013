package dev.floe.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestSchema {
  private static final NestedField CITY =
      NestedField.optional(3, "city", PrimitiveType.of(TypeId.STRING));

  private static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "address", new StructType(List.of(CITY)))),
          Set.of());

  @Test
  void columnsAreFoundByIdAtTheTopLevelOnly() {
    assertThat(SCHEMA.columnIndex(2)).as("address is the second column").isEqualTo(1);
    assertThat(SCHEMA.column(1).name()).isEqualTo("id");
    assertThat(SCHEMA.columnIndex(3)).as("city is nested, not a column").isEqualTo(-1);
    assertThat(SCHEMA.column(3)).as("nested field").isNull();
    assertThat(SCHEMA.findField(3)).as("findField looks at every depth").isEqualTo(CITY);
    assertThat(SCHEMA.column(99)).as("unknown id").isNull();
  }
}
