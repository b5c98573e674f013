package dev.floe.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class TestTypeId {
  @Test
  void onlyScalarsWithASingleValueFormHaveOrderedValues() {
    EnumSet<TypeId> unordered =
        EnumSet.of(
            TypeId.UNKNOWN,
            TypeId.VARIANT,
            TypeId.GEOMETRY,
            TypeId.GEOGRAPHY,
            TypeId.STRUCT,
            TypeId.LIST,
            TypeId.MAP);

    for (TypeId typeId : TypeId.values()) {
      assertThat(typeId.hasOrderedValues())
          .as("%s: bounds can be decoded, printed and compared", typeId)
          .isEqualTo(!unordered.contains(typeId));
    }
  }
}
