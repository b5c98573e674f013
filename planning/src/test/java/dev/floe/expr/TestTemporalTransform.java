package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

class TestTemporalTransform {
  private static final PrimitiveType DATE = PrimitiveType.of(TypeId.DATE);
  private static final PrimitiveType TIMESTAMP = PrimitiveType.of(TypeId.TIMESTAMP);
  private static final PrimitiveType TIMESTAMPTZ = PrimitiveType.of(TypeId.TIMESTAMPTZ);
  private static final PrimitiveType TIMESTAMP_NS = PrimitiveType.of(TypeId.TIMESTAMP_NS);
  private static final PrimitiveType TIMESTAMPTZ_NS = PrimitiveType.of(TypeId.TIMESTAMPTZ_NS);
  private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

  @Test
  void countsUnitsSince1970() {
    LocalDateTime time = LocalDateTime.of(2017, 11, 16, 22, 31, 8);
    long micros = ChronoUnit.MICROS.between(EPOCH, time);
    int days = (int) LocalDate.of(2017, 11, 16).toEpochDay();
    for (PrimitiveType type : new PrimitiveType[] {TIMESTAMP, TIMESTAMPTZ}) {
      assertThat(TemporalTransform.YEAR.apply(type, micros)).isEqualTo(47);
      assertThat(TemporalTransform.MONTH.apply(type, micros)).isEqualTo(47 * 12 + 10);
      assertThat(TemporalTransform.DAY.apply(type, micros)).isEqualTo(days);
      assertThat(TemporalTransform.HOUR.apply(type, micros)).isEqualTo(days * 24 + 22);
    }
    for (PrimitiveType type : new PrimitiveType[] {TIMESTAMP_NS, TIMESTAMPTZ_NS}) {
      long nanos = micros * 1000 + 999;
      assertThat(TemporalTransform.YEAR.apply(type, nanos)).isEqualTo(47);
      assertThat(TemporalTransform.MONTH.apply(type, nanos)).isEqualTo(47 * 12 + 10);
      assertThat(TemporalTransform.DAY.apply(type, nanos)).isEqualTo(days);
      assertThat(TemporalTransform.HOUR.apply(type, nanos)).isEqualTo(days * 24 + 22);
    }
    assertThat(TemporalTransform.YEAR.apply(DATE, days)).isEqualTo(47);
    assertThat(TemporalTransform.MONTH.apply(DATE, days)).isEqualTo(47 * 12 + 10);
    assertThat(TemporalTransform.DAY.apply(DATE, days)).as("a date is its own day").isEqualTo(days);
    assertThat(TemporalTransform.DAY.apply(DATE, null)).isNull();
  }

  @Test
  void roundsTimesBefore1970Down() {
    long oneMicroBefore = -1L;
    assertThat(TemporalTransform.YEAR.apply(TIMESTAMP, oneMicroBefore)).isEqualTo(-1);
    assertThat(TemporalTransform.MONTH.apply(TIMESTAMP, oneMicroBefore)).isEqualTo(-1);
    assertThat(TemporalTransform.DAY.apply(TIMESTAMP, oneMicroBefore))
        .as("1969-12-31T23:59:59.999999 is day -1, not 0")
        .isEqualTo(-1);
    assertThat(TemporalTransform.HOUR.apply(TIMESTAMP, oneMicroBefore)).isEqualTo(-1);
    assertThat(TemporalTransform.HOUR.apply(TIMESTAMP_NS, -1L)).isEqualTo(-1);
    assertThat(TemporalTransform.DAY.apply(TIMESTAMPTZ_NS, -1L)).isEqualTo(-1);

    long micros = ChronoUnit.MICROS.between(EPOCH, LocalDateTime.of(1969, 3, 15, 10, 0));
    assertThat(TemporalTransform.MONTH.apply(TIMESTAMP, micros))
        .as("1969-03 is month -10")
        .isEqualTo(-10);
    assertThat(TemporalTransform.YEAR.apply(TIMESTAMP, micros)).isEqualTo(-1);
    assertThat(TemporalTransform.DAY.apply(TIMESTAMP, micros))
        .isEqualTo((int) LocalDate.of(1969, 3, 15).toEpochDay());

    int days = (int) LocalDate.of(1900, 1, 1).toEpochDay();
    assertThat(TemporalTransform.YEAR.apply(DATE, days)).isEqualTo(-70);
    assertThat(TemporalTransform.MONTH.apply(DATE, days)).isEqualTo(-70 * 12);
    assertThat(TemporalTransform.MONTH.apply(DATE, days - 1)).isEqualTo(-70 * 12 - 1);
    assertThat(TemporalTransform.YEAR.apply(DATE, -1)).isEqualTo(-1);
  }

  @Test
  void givesADateForDayAndAnIntOtherwise() {
    assertThat(TemporalTransform.DAY.resultType(TIMESTAMP)).isEqualTo(DATE);
    assertThat(TemporalTransform.DAY.resultType(DATE)).isEqualTo(DATE);
    assertThat(TemporalTransform.YEAR.resultType(TIMESTAMP))
        .isEqualTo(PrimitiveType.of(TypeId.INT));
    assertThat(TemporalTransform.MONTH.resultType(DATE)).isEqualTo(PrimitiveType.of(TypeId.INT));
    assertThat(TemporalTransform.HOUR.resultType(TIMESTAMP_NS))
        .isEqualTo(PrimitiveType.of(TypeId.INT));
  }

  @Test
  void appliesToDatesAndTimestampsButHourNotToDates() {
    for (TemporalTransform transform : TemporalTransform.values()) {
      for (PrimitiveType type :
          new PrimitiveType[] {TIMESTAMP, TIMESTAMPTZ, TIMESTAMP_NS, TIMESTAMPTZ_NS}) {
        assertThat(transform.canTransform(type)).as("%s of %s", transform, type).isTrue();
      }
      assertThat(transform.canTransform(DATE))
          .as("%s of date", transform)
          .isEqualTo(transform != TemporalTransform.HOUR);
      assertThat(transform.canTransform(PrimitiveType.of(TypeId.TIME))).isFalse();
      assertThat(transform.canTransform(PrimitiveType.of(TypeId.LONG))).isFalse();
      assertThat(transform.canTransform(PrimitiveType.of(TypeId.STRING))).isFalse();
    }
  }
}
