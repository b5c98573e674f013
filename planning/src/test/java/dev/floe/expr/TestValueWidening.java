package dev.floe.expr;

import static dev.floe.expr.MetricsFixtures.type;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class TestValueWidening {
  @Test
  void widensIntToLong() {
    assertThat(ValueWidening.widen(7, type(TypeId.LONG))).isEqualTo(7L);
  }

  @Test
  void widensFloatToDouble() {
    assertThat(ValueWidening.widen(1.5f, type(TypeId.DOUBLE))).isEqualTo(1.5);
    assertThat(ValueWidening.widen(Float.NaN, type(TypeId.DOUBLE))).isEqualTo(Double.NaN);
  }

  @Test
  void widensDaysToMidnightTimestamps() {
    assertThat(ValueWidening.widen(1, type(TypeId.TIMESTAMP))).isEqualTo(86_400_000_000L);
    assertThat(ValueWidening.widen(-1, type(TypeId.TIMESTAMP_NS)))
        .as("the day before the epoch")
        .isEqualTo(-86_400_000_000_000L);
  }

  @Test
  void leavesValuesOfTheTypeAndNullAlone() {
    assertThat(ValueWidening.widen(7, type(TypeId.INT))).isEqualTo(7);
    assertThat(ValueWidening.widen(7, type(TypeId.DATE))).isEqualTo(7);
    assertThat(ValueWidening.widen(7L, type(TypeId.LONG))).isEqualTo(7L);
    assertThat(ValueWidening.widen(null, type(TypeId.LONG))).isNull();
    BigDecimal decimal = new BigDecimal("1.25");
    assertThat(ValueWidening.widen(decimal, PrimitiveType.decimal(18, 2))).isSameAs(decimal);
    assertThat(ValueWidening.widen(2, type(TypeId.TIMESTAMPTZ)))
        .as("zoned timestamps allow no promotion from date")
        .isEqualTo(2);
  }

  @Test
  void refusesADayBeyondTheTimestampRange() {
    assertThatThrownBy(() -> ValueWidening.widen(Integer.MAX_VALUE, type(TypeId.TIMESTAMP_NS)))
        .isInstanceOf(ArithmeticException.class)
        .hasMessageContaining("overflow");
  }
}
