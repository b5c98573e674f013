package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TestBucketTransform {
  private static final LocalDateTime SPEC_TIMESTAMP = LocalDateTime.of(2017, 11, 16, 22, 31, 8);
  private static final long SPEC_MICROS = micros(SPEC_TIMESTAMP);

  @Test
  void hashesTheSpecTestValues() {
    // Iceberg spec, Appendix B: 32-bit Hash Requirements
    assertHash(TypeId.INT, 34, 2017239379);
    assertHash(TypeId.LONG, 34L, 2017239379);
    assertThat(BucketTransform.hash(PrimitiveType.decimal(9, 2), new BigDecimal("14.20")))
        .as("decimal 14.20")
        .isEqualTo(-500754589);
    assertHash(TypeId.DATE, (int) LocalDate.of(2017, 11, 16).toEpochDay(), -653330422);
    assertHash(TypeId.TIME, LocalTime.of(22, 31, 8).toNanoOfDay() / 1000, -662762989);
    assertHash(TypeId.TIMESTAMP, SPEC_MICROS, -2047944441);
    assertHash(TypeId.TIMESTAMP, SPEC_MICROS + 1, -1207196810);
    long zoned =
        OffsetDateTime.of(2017, 11, 16, 14, 31, 8, 0, ZoneOffset.ofHours(-8))
                .toInstant()
                .toEpochMilli()
            * 1000;
    assertHash(TypeId.TIMESTAMPTZ, zoned, -2047944441);
    assertHash(TypeId.TIMESTAMPTZ, zoned + 1, -1207196810);
    assertHash(TypeId.STRING, "iceberg", 1210000089);
    assertHash(TypeId.UUID, UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7"), 1488055340);
    assertThat(BucketTransform.hash(PrimitiveType.fixed(4), bytes(0, 1, 2, 3)))
        .as("fixed 00 01 02 03")
        .isEqualTo(-188683207);
    assertHash(TypeId.BINARY, bytes(0, 1, 2, 3), -188683207);
  }

  @Test
  void hashesNanosecondTimestampsAsTheirMicroseconds() {
    long nanos = SPEC_MICROS * 1000;
    assertHash(TypeId.TIMESTAMP_NS, nanos, -2047944441);
    assertHash(TypeId.TIMESTAMP_NS, nanos + 1001, -1207196810);
    assertHash(TypeId.TIMESTAMPTZ_NS, nanos, -2047944441);
    assertHash(TypeId.TIMESTAMPTZ_NS, nanos + 1001, -1207196810);
    assertThat(BucketTransform.hash(PrimitiveType.of(TypeId.TIMESTAMP_NS), -1L))
        .as("one nanosecond before 1970 is in microsecond -1 (floor), not 0")
        .isEqualTo(BucketTransform.hash(PrimitiveType.of(TypeId.TIMESTAMP), -1L));
  }

  @Test
  void hashesEveryTailLength() {
    // 0 to 3 tail bytes take different branches of Murmur3; expected values computed with the
    // implementation Iceberg 1.10 uses (Guava 32.1.3's murmur3_32_fixed)
    assertHash(TypeId.STRING, "", 0);
    assertHash(TypeId.STRING, "a", 1009084850);
    assertHash(TypeId.STRING, "ab", -1681926305);
    assertHash(TypeId.STRING, "abc", -1277324294);
    assertHash(TypeId.STRING, "abcde", -392455434);
    assertHash(TypeId.STRING, "\uD83D\uDE00x", 1914495294);
    assertHash(TypeId.STRING, "\uD800", -1772005370);
    assertHash(TypeId.LONG, -7L, -1703207563);
  }

  @Test
  void bucketsAreTheHashWithoutSignBitModuloN() {
    BucketTransform bucket = new BucketTransform(100);
    PrimitiveType string = PrimitiveType.of(TypeId.STRING);
    assertThat(bucket.apply(string, "iceberg")).isEqualTo(1210000089 % 100);
    assertThat(bucket.apply(PrimitiveType.of(TypeId.INT), 34)).isEqualTo(2017239379 % 100);
    PrimitiveType timestamp = PrimitiveType.of(TypeId.TIMESTAMP);
    assertThat(bucket.apply(timestamp, SPEC_MICROS))
        .as("negative hash: the sign bit is dropped, not negated")
        .isEqualTo((-2047944441 & Integer.MAX_VALUE) % 100);
    assertThat(bucket.apply(string, null)).as("null stays null").isNull();
  }

  @Test
  void intAndLongShareBuckets() {
    BucketTransform bucket = new BucketTransform(16);
    for (int value : new int[] {0, 1, -1, 34, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
      assertThat(bucket.apply(PrimitiveType.of(TypeId.INT), value))
          .as("bucket of int %s equals that of long", value)
          .isEqualTo(bucket.apply(PrimitiveType.of(TypeId.LONG), (long) value));
    }
  }

  @Test
  void leavesTheCallersBufferAlone() {
    ByteBuffer buffer = ByteBuffer.wrap(new byte[] {9, 0, 1, 2, 3, 9});
    buffer.position(1).limit(5);
    assertThat(BucketTransform.hash(PrimitiveType.of(TypeId.BINARY), buffer))
        .as("hashes only the remaining bytes")
        .isEqualTo(-188683207);
    assertThat(buffer.position()).as("position untouched").isEqualTo(1);
    assertThat(buffer.limit()).as("limit untouched").isEqualTo(5);
  }

  @Test
  void appliesToTheSpecsSourceTypes() {
    BucketTransform bucket = new BucketTransform(4);
    for (TypeId typeId : TypeId.values()) {
      boolean expected =
          switch (typeId) {
            case INT,
                LONG,
                DECIMAL,
                DATE,
                TIME,
                TIMESTAMP,
                TIMESTAMPTZ,
                TIMESTAMP_NS,
                TIMESTAMPTZ_NS,
                STRING,
                UUID,
                FIXED,
                BINARY ->
                true;
            default -> false;
          };
      if (typeId == TypeId.STRUCT || typeId == TypeId.LIST || typeId == TypeId.MAP) {
        continue;
      }
      assertThat(bucket.canTransform(type(typeId))).as("bucket of %s", typeId).isEqualTo(expected);
    }
    assertThat(bucket.resultType(PrimitiveType.of(TypeId.STRING)))
        .isEqualTo(PrimitiveType.of(TypeId.INT));
  }

  @Test
  void rejectsNoBuckets() {
    assertThatThrownBy(() -> new BucketTransform(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Invalid number of buckets: 0");
  }

  private static void assertHash(TypeId typeId, Object value, int expected) {
    assertThat(BucketTransform.hash(PrimitiveType.of(typeId), value))
        .as("hash of %s %s", typeId, value)
        .isEqualTo(expected);
  }

  static PrimitiveType type(TypeId typeId) {
    return switch (typeId) {
      case DECIMAL -> PrimitiveType.decimal(9, 2);
      case FIXED -> PrimitiveType.fixed(4);
      default -> PrimitiveType.of(typeId);
    };
  }

  private static ByteBuffer bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int index = 0; index < values.length; index++) {
      bytes[index] = (byte) values[index];
    }
    return ByteBuffer.wrap(bytes);
  }

  private static long micros(LocalDateTime time) {
    return ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), time);
  }
}
