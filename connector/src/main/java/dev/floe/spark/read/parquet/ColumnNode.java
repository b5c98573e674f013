package dev.floe.spark.read.parquet;

import dev.floe.spark.read.parquet.format.ParquetColumn;
import dev.floe.spark.read.parquet.format.ParquetField;
import dev.floe.spark.read.parquet.variant.VariantShape;
import dev.floe.table.NestedField;
import java.util.List;

/**
 * How one projected column (or nested field) is produced from a file: decoded from a Parquet leaf,
 * assembled from the levels of nested leaves, a constant, or the row position.
 *
 * <p>Nested values are located by {@link Slots}: a node has one value (possibly null) per level
 * entry of its leaves that starts one of its slots. {@code valueDefinition} is the definition level
 * at which a slot's value is non-null.
 */
sealed interface ColumnNode {
  NestedField field();

  /**
   * Which level entries start a slot of a node: those defined at least up to {@code definition}
   * (its parent exists) and repeating no deeper than {@code repetition} (a new parent value).
   */
  record Slots(int definition, int repetition) {
    boolean starts(int repetitionLevel, int definitionLevel) {
      return definitionLevel >= definition && repetitionLevel <= repetition;
    }
  }

  /**
   * A Parquet column. {@code index} numbers the leaves read from the file; {@code hidden} leaves
   * are read only for their levels, when a projected struct has no other column in the file.
   */
  record Leaf(
      NestedField field,
      ParquetColumn descriptor,
      ParquetField.Primitive fileType,
      Slots slots,
      int index,
      boolean hidden)
      implements ColumnNode {}

  record Struct(
      NestedField field,
      List<ColumnNode> children,
      Slots slots,
      int valueDefinition,
      Leaf levelSource)
      implements ColumnNode {
    public Struct {
      children = List.copyOf(children);
    }
  }

  record ListNode(
      NestedField field, ColumnNode element, Slots slots, int valueDefinition, Leaf levelSource)
      implements ColumnNode {}

  record MapNode(
      NestedField field,
      ColumnNode key,
      ColumnNode value,
      Slots slots,
      int valueDefinition,
      Leaf levelSource)
      implements ColumnNode {}

  /**
   * A variant shredded into {@code value} and {@code typed_value} columns: {@code layout} is its
   * Parquet group as a struct ({@code metadata}, {@code value}, {@code typed_value}; a column the
   * file lacks is a null constant), assembled into a vector of its own, from which each value is
   * rebuilt in the variant encoding. {@code shape} says what {@code typed_value} holds (null when
   * the file has no {@code typed_value}). An unshredded variant is a {@link Struct} of its {@code
   * value} and {@code metadata} leaves, which Spark's variant vector holds as its two children.
   */
  record ShreddedVariant(NestedField field, Struct layout, VariantShape shape)
      implements ColumnNode {}

  /** A column the file lacks, or one whose value the planner gave: the same value in every row. */
  record Constant(NestedField field, Object value) implements ColumnNode {}

  /** The row's position in the file. */
  record Position(NestedField field) implements ColumnNode {}
}
