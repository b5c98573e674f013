package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class TestTruncateTransform {
  private static final PrimitiveType INT = PrimitiveType.of(TypeId.INT);
  private static final PrimitiveType LONG = PrimitiveType.of(TypeId.LONG);
  private static final PrimitiveType STRING = PrimitiveType.of(TypeId.STRING);
  private static final PrimitiveType BINARY = PrimitiveType.of(TypeId.BINARY);
  private static final TruncateTransform TEN = new TruncateTransform(10);

  @Test
  void roundsIntegersDownToAMultipleOfTheWidth() {
    // the spec's examples: W=10: 1 -> 0, -1 -> -10
    assertThat(TEN.apply(INT, 1)).isEqualTo(0);
    assertThat(TEN.apply(INT, -1)).as("negative values round down, not toward zero").isEqualTo(-10);
    assertThat(TEN.apply(INT, -10)).isEqualTo(-10);
    assertThat(TEN.apply(INT, -11)).isEqualTo(-20);
    assertThat(TEN.apply(INT, 19)).isEqualTo(10);
    assertThat(TEN.apply(LONG, 1L)).isEqualTo(0L);
    assertThat(TEN.apply(LONG, -1L)).isEqualTo(-10L);
    assertThat(TEN.apply(LONG, 12_345_678_901L)).isEqualTo(12_345_678_900L);
    assertThat(TEN.apply(INT, null)).as("null stays null").isNull();
  }

  @Test
  void truncatesDecimalsOnTheirUnscaledValueKeepingScale() {
    PrimitiveType decimal = PrimitiveType.decimal(9, 2);
    // the spec's example: W=50, scale 2: 10.65 -> 10.50
    assertThat(new TruncateTransform(50).apply(decimal, new BigDecimal("10.65")))
        .isEqualTo(new BigDecimal("10.50"));
    assertThat(TEN.apply(decimal, new BigDecimal("-0.05")))
        .as("negative decimals round down")
        .isEqualTo(new BigDecimal("-0.10"));
    assertThat(TEN.apply(decimal, new BigDecimal("12.34"))).isEqualTo(new BigDecimal("12.30"));
  }

  @Test
  void truncatesStringsToCodePointsNotChars() {
    TruncateTransform three = new TruncateTransform(3);
    assertThat(three.apply(STRING, "iceberg")).as("the spec's example").isEqualTo("ice");
    assertThat(three.apply(STRING, "ic")).isEqualTo("ic");
    String smiles = "\uD83D\uDE00\uD83D\uDE01\uD83D\uDE02\uD83D\uDE03";
    assertThat(three.apply(STRING, smiles))
        .as("three code points, six chars: no surrogate pair is split")
        .isEqualTo("\uD83D\uDE00\uD83D\uDE01\uD83D\uDE02");
    assertThat(new TruncateTransform(1).apply(STRING, "\uD83D\uDE00a")).isEqualTo("\uD83D\uDE00");
    assertThat(three.apply(STRING, "a\uD83D\uDE00b"))
        .as("three code points in four chars stay whole")
        .isEqualTo("a\uD83D\uDE00b");
  }

  @Test
  void truncatesBinaryToBytesWithoutMovingTheCallersBuffer() {
    ByteBuffer buffer = ByteBuffer.wrap(new byte[] {9, 1, 2, 3, 4, 5});
    buffer.position(1);
    Object truncated = new TruncateTransform(3).apply(BINARY, buffer);
    assertThat(truncated).isEqualTo(ByteBuffer.wrap(new byte[] {1, 2, 3}));
    assertThat(buffer.position()).as("caller's position").isEqualTo(1);
    assertThat(buffer.limit()).as("caller's limit").isEqualTo(6);
    assertThat(((ByteBuffer) truncated).isReadOnly())
        .as("the result cannot write through to the caller's bytes")
        .isTrue();
    assertThat(new TruncateTransform(10).apply(BINARY, ByteBuffer.wrap(new byte[] {1, 2})))
        .isEqualTo(ByteBuffer.wrap(new byte[] {1, 2}));
  }

  @Test
  void appliesToTheSpecsSourceTypesAndKeepsThem() {
    for (TypeId typeId :
        new TypeId[] {TypeId.INT, TypeId.LONG, TypeId.DECIMAL, TypeId.STRING, TypeId.BINARY}) {
      PrimitiveType type = TestBucketTransform.type(typeId);
      assertThat(TEN.canTransform(type)).as("truncate of %s", typeId).isTrue();
      assertThat(TEN.resultType(type)).isEqualTo(type);
    }
    for (TypeId typeId :
        new TypeId[] {
          TypeId.BOOLEAN,
          TypeId.FLOAT,
          TypeId.DOUBLE,
          TypeId.DATE,
          TypeId.TIMESTAMP,
          TypeId.UUID,
          TypeId.FIXED,
          TypeId.TIME
        }) {
      assertThat(TEN.canTransform(TestBucketTransform.type(typeId)))
          .as("truncate of %s", typeId)
          .isFalse();
    }
  }

  @Test
  void rejectsANonPositiveWidth() {
    assertThatThrownBy(() -> new TruncateTransform(-3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Invalid truncate width: -3");
  }
}
