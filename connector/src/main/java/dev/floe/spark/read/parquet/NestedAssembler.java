package dev.floe.spark.read.parquet;

import dev.floe.CorruptFileException;
import dev.floe.spark.read.parquet.ColumnNode.Constant;
import dev.floe.spark.read.parquet.ColumnNode.Leaf;
import dev.floe.spark.read.parquet.ColumnNode.ListNode;
import dev.floe.spark.read.parquet.ColumnNode.MapNode;
import dev.floe.spark.read.parquet.ColumnNode.Position;
import dev.floe.spark.read.parquet.ColumnNode.ShreddedVariant;
import dev.floe.spark.read.parquet.ColumnNode.Slots;
import dev.floe.spark.read.parquet.ColumnNode.Struct;
import dev.floe.spark.read.parquet.variant.MalformedVariantException;
import dev.floe.spark.read.parquet.variant.VariantRebuilder;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * Builds the struct, list and map vectors of a batch from the levels of their leaves, once the
 * leaves wrote their own values: nulls of structs, offsets and lengths of lists and maps. Every
 * node finds its slots among the level entries of one of its leaves (its level source); a struct
 * has a slot for every slot of its parent, a list's elements start at entries that are defined past
 * the list's repeated group and repeat at most at its level.
 */
final class NestedAssembler {
  private final List<LevelBuffer> levels;
  private final String location;
  private final Map<ShreddedVariant, WritableColumnVector> layouts;
  private final VariantRebuilder rebuilder = new VariantRebuilder();
  private int[] offsets = new int[256];
  private int[] lengths = new int[256];

  /**
   * {@code layouts} holds the vector each shredded variant's layout is assembled into; the reader
   * binds the layout's leaves to it and resets it with each batch.
   */
  NestedAssembler(
      List<LevelBuffer> levels,
      String location,
      Map<ShreddedVariant, WritableColumnVector> layouts) {
    this.levels = levels;
    this.location = location;
    this.layouts = layouts;
  }

  /** Fills the vector of a node that has {@code slotCount} slots in this batch. */
  void assemble(ColumnNode node, WritableColumnVector vector, int slotCount) {
    if (node instanceof Leaf) {
      return;
    }
    if (node instanceof Constant constant) {
      vector.reserve(slotCount);
      ConstantWriter.fill(vector, constant.field().type(), constant.value(), slotCount, location);
      return;
    }
    if (node instanceof Struct struct) {
      assembleStruct(struct, vector, slotCount);
    } else if (node instanceof ListNode list) {
      int elements =
          assembleRepeated(list.levelSource(), list.slots(), list.valueDefinition(), vector);
      WritableColumnVector child = vector.arrayData();
      child.reserve(elements);
      assemble(list.element(), child, elements);
    } else if (node instanceof MapNode map) {
      int entries = assembleRepeated(map.levelSource(), map.slots(), map.valueDefinition(), vector);
      WritableColumnVector keys = vector.getChild(0);
      WritableColumnVector values = vector.getChild(1);
      keys.reserve(entries);
      values.reserve(entries);
      assemble(map.key(), keys, entries);
      assemble(map.value(), values, entries);
    } else if (node instanceof ShreddedVariant variant) {
      WritableColumnVector layout = layouts.get(variant);
      assembleStruct(variant.layout(), layout, slotCount);
      rebuildVariants(variant, layout, vector, slotCount);
    } else if (node instanceof Position) {
      throw new IllegalStateException("_pos cannot be nested");
    }
  }

  private void assembleStruct(Struct struct, WritableColumnVector vector, int slotCount) {
    LevelBuffer buffer = levels.get(struct.levelSource().index());
    Slots slots = struct.slots();
    vector.reserve(slotCount);
    int slot = 0;
    for (int entry = 0; entry < buffer.size(); entry++) {
      int repetition = buffer.repetition(entry);
      int definition = buffer.definition(entry);
      if (slots.starts(repetition, definition)) {
        if (definition < struct.valueDefinition()) {
          vector.putNull(slot);
        }
        slot++;
      }
    }
    checkSlots(struct, slot, slotCount);
    for (int index = 0; index < struct.children().size(); index++) {
      assemble(struct.children().get(index), vector.getChild(index), slotCount);
    }
  }

  /**
   * Writes each non-null slot's value, rebuilt from the layout's value and typed_value, and its
   * metadata into the variant vector's two children (0 the value, 1 the metadata).
   */
  private void rebuildVariants(
      ShreddedVariant variant,
      WritableColumnVector layout,
      WritableColumnVector vector,
      int slotCount) {
    vector.reserve(slotCount);
    WritableColumnVector values = vector.getChild(0);
    WritableColumnVector metadata = vector.getChild(1);
    values.reserve(slotCount);
    metadata.reserve(slotCount);
    for (int slot = 0; slot < slotCount; slot++) {
      if (layout.isNullAt(slot)) {
        vector.putNull(slot);
        continue;
      }
      byte[] metadataBytes = layout.getChild(0).getBinary(slot);
      byte[] value;
      try {
        value =
            rebuilder.rebuild(
                metadataBytes, layout.getChild(1), layout.getChild(2), variant.shape(), slot);
      } catch (MalformedVariantException malformed) {
        throw new CorruptFileException(
            "Cannot read variant column "
                + variant.field().name()
                + " (id "
                + variant.field().fieldId()
                + ") of "
                + location
                + ": its shredded columns break the Parquet variant shredding spec: "
                + malformed.getMessage());
      }
      values.putByteArray(slot, value);
      metadata.putByteArray(slot, metadataBytes);
    }
  }

  /** Writes a list's or map's nulls, offsets and lengths; returns the number of elements. */
  private int assembleRepeated(
      Leaf levelSource, Slots slots, int valueDefinition, WritableColumnVector vector) {
    LevelBuffer buffer = levels.get(levelSource.index());
    Slots elements = new Slots(valueDefinition + 1, slots.repetition() + 1);
    int slot = -1;
    int elementCount = 0;
    for (int entry = 0; entry < buffer.size(); entry++) {
      int repetition = buffer.repetition(entry);
      int definition = buffer.definition(entry);
      if (slots.starts(repetition, definition)) {
        slot++;
        if (slot == offsets.length) {
          offsets = java.util.Arrays.copyOf(offsets, slot * 2);
          lengths = java.util.Arrays.copyOf(lengths, slot * 2);
        }
        offsets[slot] = definition < valueDefinition ? -1 : elementCount;
        lengths[slot] = 0;
      }
      if (elements.starts(repetition, definition)) {
        if (slot < 0) {
          throw new dev.floe.CorruptFileException(
              "Cannot read column "
                  + levelSource.descriptor().dottedPath()
                  + " of "
                  + location
                  + ": an element comes before any value of its list or map");
        }
        lengths[slot]++;
        elementCount++;
      }
    }
    vector.reserve(slot + 1);
    for (int index = 0; index <= slot; index++) {
      if (offsets[index] < 0) {
        vector.putNull(index);
      } else {
        vector.putArray(index, offsets[index], lengths[index]);
      }
    }
    return elementCount;
  }

  private void checkSlots(ColumnNode node, int found, int expected) {
    if (found != expected) {
      throw new dev.floe.CorruptTableException(
          "Cannot read column "
              + node.field().name()
              + " of "
              + location
              + ": its levels give "
              + found
              + " values where "
              + expected
              + " were expected");
    }
  }
}
