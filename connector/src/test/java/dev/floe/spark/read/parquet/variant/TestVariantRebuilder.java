package dev.floe.spark.read.parquet.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.spark.read.parquet.variant.VariantShape.Field;
import dev.floe.spark.read.parquet.variant.VariantShape.ObjectShape;
import dev.floe.spark.read.parquet.variant.VariantShape.Primitive;
import java.util.List;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Shredded values rebuilt as VariantShredding.md defines them: a partially shredded object merges
 * its shredded fields with those left in {@code value}, ordered by name; what contradicts the spec
 * is refused.
 */
class TestVariantRebuilder {
  /** Metadata of the dictionary ["b", "a"]: unsorted, so ids do not follow name order. */
  private static final byte[] METADATA = {0x01, 2, 0, 1, 2, 'b', 'a'};

  /** The object {"b": "x"}, as a residual value holds it. */
  private static final byte[] RESIDUAL = {0x02, 1, 0, 0, 2, (1 << 2) | 1, 'x'};

  private static final ObjectShape SHAPE =
      new ObjectShape(List.of(new Field("a", Primitive.of(5))));

  private WritableColumnVector value;
  private WritableColumnVector typed;

  @BeforeEach
  void vectors() {
    value = new OnHeapColumnVector(4, DataTypes.BinaryType);
    StructType field =
        new StructType()
            .add("value", DataTypes.BinaryType)
            .add("typed_value", DataTypes.IntegerType);
    typed = new OnHeapColumnVector(4, new StructType().add("a", field));
  }

  @AfterEach
  void close() {
    value.close();
    typed.close();
  }

  @Test
  void aPartiallyShreddedObjectMergesItsFieldsInNameOrder() {
    value.putByteArray(0, RESIDUAL);
    typed.getChild(0).getChild(0).putNull(0);
    typed.getChild(0).getChild(1).putInt(0, 5);

    byte[] rebuilt = new VariantRebuilder().rebuild(METADATA, value, typed, SHAPE, 0);

    // {"a": 5, "b": "x"}: a (id 1) before b (id 0)
    assertThat(rebuilt)
        .isEqualTo(new byte[] {0x02, 2, 1, 0, 0, 5, 7, 5 << 2, 5, 0, 0, 0, (1 << 2) | 1, 'x'});
  }

  @Test
  void aMissingShreddedFieldIsLeftOutAndAMissingValueIsTheVariantNull() {
    value.putNull(0);
    typed.getChild(0).getChild(0).putNull(0);
    typed.getChild(0).getChild(1).putNull(0);
    value.putNull(1);
    typed.putNull(1);

    VariantRebuilder rebuilder = new VariantRebuilder();
    assertThat(rebuilder.rebuild(METADATA, value, typed, SHAPE, 0))
        .as("an empty object")
        .isEqualTo(new byte[] {0x02, 0, 0});
    assertThat(rebuilder.rebuild(METADATA, value, typed, SHAPE, 1))
        .as("neither column: the variant null")
        .isEqualTo(new byte[] {0});
  }

  @Test
  void aFieldBothShreddedAndInValueIsRefused() {
    // {"a": "x"}: id 1 in value while typed_value holds a too
    value.putByteArray(0, new byte[] {0x02, 1, 1, 0, 2, (1 << 2) | 1, 'x'});
    typed.getChild(0).getChild(0).putNull(0);
    typed.getChild(0).getChild(1).putInt(0, 5);

    assertThatThrownBy(() -> new VariantRebuilder().rebuild(METADATA, value, typed, SHAPE, 0))
        .isInstanceOf(MalformedVariantException.class)
        .hasMessageContaining("field 'a' is both shredded and in the object's value");
  }

  @Test
  void aNonObjectBesideAShreddedObjectIsRefused() {
    value.putByteArray(0, VariantValueWriter.integer(5, 1));
    typed.getChild(0).getChild(0).putNull(0);
    typed.getChild(0).getChild(1).putInt(0, 5);

    assertThatThrownBy(() -> new VariantRebuilder().rebuild(METADATA, value, typed, SHAPE, 0))
        .isInstanceOf(MalformedVariantException.class)
        .hasMessageContaining("non-object beside the shredded object");
  }

  @Test
  void aPrimitiveInBothColumnsIsRefused() {
    WritableColumnVector number = new OnHeapColumnVector(1, DataTypes.IntegerType);
    try {
      value.putByteArray(0, VariantValueWriter.integer(5, 1));
      number.putInt(0, 1);
      assertThatThrownBy(
              () -> new VariantRebuilder().rebuild(METADATA, value, number, Primitive.of(5), 0))
          .isInstanceOf(MalformedVariantException.class)
          .hasMessageContaining("in both value and typed_value");
    } finally {
      number.close();
    }
  }

  @Test
  void anInt8OutOfItsRangeIsRefused() {
    WritableColumnVector number = new OnHeapColumnVector(1, DataTypes.IntegerType);
    try {
      value.putNull(0);
      number.putInt(0, 300);
      assertThatThrownBy(
              () -> new VariantRebuilder().rebuild(METADATA, value, number, Primitive.of(3), 0))
          .isInstanceOf(MalformedVariantException.class)
          .hasMessageContaining("out of the range");
    } finally {
      number.close();
    }
  }
}
