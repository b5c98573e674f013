package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestTransformParser {
  @Test
  void parsesEveryTransformOfTheSpec() {
    assertThat(Transform.parse("identity")).isSameAs(IdentityTransform.INSTANCE);
    assertThat(Transform.parse("void")).isSameAs(VoidTransform.INSTANCE);
    assertThat(Transform.parse("bucket[16]")).isEqualTo(new BucketTransform(16));
    assertThat(Transform.parse("truncate[4]")).isEqualTo(new TruncateTransform(4));
    assertThat(Transform.parse("year")).isSameAs(TemporalTransform.YEAR);
    assertThat(Transform.parse("month")).isSameAs(TemporalTransform.MONTH);
    assertThat(Transform.parse("day")).isSameAs(TemporalTransform.DAY);
    assertThat(Transform.parse("hour")).isSameAs(TemporalTransform.HOUR);
  }

  @Test
  void twoParsesOfOneTextAreEqualAndPrintTheText() {
    for (String text :
        new String[] {
          "identity", "void", "bucket[16]", "truncate[4]", "year", "month", "day", "hour", "zorder"
        }) {
      Transform first = Transform.parse(text);
      Transform second = Transform.parse(text);
      assertThat(first).as(text).isEqualTo(second).hasSameHashCodeAs(second);
      assertThat(first).as(text).hasToString(text);
    }
    assertThat(Transform.parse("bucket[16]")).isNotEqualTo(Transform.parse("bucket[8]"));
    assertThat(Transform.parse("bucket[16]")).isNotEqualTo(Transform.parse("truncate[16]"));
  }

  @Test
  void ignoresCaseOfNamesAndSpacesAroundAWidth() {
    assertThat(Transform.parse("BUCKET[16]")).isEqualTo(new BucketTransform(16));
    assertThat(Transform.parse("Truncate[ 4 ]")).isEqualTo(new TruncateTransform(4));
    assertThat(Transform.parse("bucket[ 16 ]")).hasToString("bucket[16]");
    assertThat(Transform.parse("Day")).isSameAs(TemporalTransform.DAY);
    assertThat(Transform.parse("IDENTITY")).isSameAs(IdentityTransform.INSTANCE);
  }

  @Test
  void keepsOtherTextAsAnUnknownTransform() {
    assertThat(Transform.parse("zorder")).isInstanceOf(UnknownTransform.class);
    assertThat(Transform.parse("geohash[5]"))
        .as("another name with a parameter")
        .isInstanceOf(UnknownTransform.class)
        .hasToString("geohash[5]");
    assertThat(Transform.parse("days")).isInstanceOf(UnknownTransform.class);
  }

  @Test
  void rejectsAMalformedParameterNamingTheText() {
    assertThatThrownBy(() -> Transform.parse("bucket[x]"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'bucket[x]'")
        .hasMessageContaining("number of buckets must be a positive int");
    assertThatThrownBy(() -> Transform.parse("bucket[0]"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'bucket[0]'");
    assertThatThrownBy(() -> Transform.parse("truncate[-1]"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'truncate[-1]'")
        .hasMessageContaining("width must be a positive int");
    assertThatThrownBy(() -> Transform.parse("truncate[99999999999]"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'truncate[99999999999]'");
    assertThatThrownBy(() -> Transform.parse("bucket[]"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'bucket[]'");
  }
}
