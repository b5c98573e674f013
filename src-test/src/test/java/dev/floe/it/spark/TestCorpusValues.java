package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.it.spark.CorpusValues.Binary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The corpus suite's own oracles: FLOAT16 decoding and the reading of {@code _expect.csv}. */
class TestCorpusValues {
  @Test
  void float16DecodesNormalSubnormalSignedZeroInfinityAndNaN() {
    assertThat(CorpusValues.float16(littleEndian(0x3c00))).as("1.0").isEqualTo(1.0f);
    assertThat(CorpusValues.float16(littleEndian(0xc000))).as("-2.0").isEqualTo(-2.0f);
    assertThat(CorpusValues.float16(littleEndian(0x7bff))).as("largest normal").isEqualTo(65504f);
    assertThat(CorpusValues.float16(littleEndian(0x0001)))
        .as("smallest subnormal, 2^-24")
        .isEqualTo(Math.scalb(1f, -24));
    assertThat(Float.floatToIntBits(CorpusValues.float16(littleEndian(0x8000))))
        .as("-0.0 (AssertJ's float equality holds -0.0 equal to 0.0: compare the bits)")
        .isEqualTo(Float.floatToIntBits(-0.0f));
    assertThat(Float.floatToIntBits(CorpusValues.float16(littleEndian(0x0000))))
        .as("0.0")
        .isEqualTo(Float.floatToIntBits(0.0f));
    assertThat(CorpusValues.float16(littleEndian(0xfc00)))
        .as("-infinity")
        .isEqualTo(Float.NEGATIVE_INFINITY);
    assertThat(CorpusValues.float16(littleEndian(0x7e00))).as("NaN").isNaN();
  }

  @Test
  void float16IsTwoBytes() {
    assertThatThrownBy(() -> CorpusValues.float16(new byte[3]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A FLOAT16 is two bytes, not 3: 0x000000");
  }

  @Test
  void bytesReadWhereTheTableHasAFloatAreAFloat16AndOtherwiseBinary() {
    assertThat(CorpusValues.value(littleEndian(0x3c00), DataTypes.FloatType)).isEqualTo(1.0f);
    assertThat(CorpusValues.value(littleEndian(0x3c00), DataTypes.BinaryType))
        .isEqualTo(new Binary("003c"));
  }

  @Test
  void expectedCsvTellsNullFromEmptyAndReadsByColumnType(@TempDir Path directory) throws Exception {
    Path csv = directory.resolve("x_expect.csv");
    Files.writeString(
        csv,
        "\"id\",\" name\",\"amount\"\n\"1\",\"a, \"\"quoted\"\"\",\"2.5\"\n2,,\n\"3\",\"\",\n",
        StandardCharsets.UTF_8);
    StructType type =
        new StructType()
            .add("id", DataTypes.LongType)
            .add("name:", DataTypes.StringType)
            .add("amount", DataTypes.createDecimalType(9, 2));

    assertThat(ExpectedCsv.read(csv, type))
        .containsExactly(
            List.of(1L, "a, \"quoted\"", CorpusValues.decimal("2.5", 2)),
            CorpusValues.row(2L, null, null),
            CorpusValues.row(3L, "", null));
  }

  @Test
  void rowsThatDifferAreShown() {
    assertThat(
            CorpusValues.differences(
                List.of(CorpusValues.row(1L, Float.NaN), CorpusValues.row(2L, -0.0f)),
                List.of(CorpusValues.row(1L, Float.NaN), CorpusValues.row(2L, 0.0f))))
        .as("NaN equals NaN; -0.0 is not 0.0")
        .isEqualTo("2 rows, expected 2; row 1: [2, -0.0], expected [2, 0.0]");
  }

  private static byte[] littleEndian(int bits) {
    return new byte[] {(byte) bits, (byte) (bits >>> 8)};
  }
}
