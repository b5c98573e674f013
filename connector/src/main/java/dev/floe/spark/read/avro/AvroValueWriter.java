package dev.floe.spark.read.avro;

import dev.floe.spark.read.parquet.ConstantWriter;
import dev.floe.spark.read.parquet.values.ValueSink;
import dev.floe.table.NestedField;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.util.Utf8;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * Writes decoded Avro values (as Avro's generic reader produces them) of one column into the row of
 * the vector it is bound to. List and map writers append their elements to their child vectors, so
 * {@link #startBatch()} must be called before the first row of every batch.
 */
interface AvroValueWriter {
  void write(Object datum, int row);

  /** Forgets the elements appended to child vectors by the previous batch. */
  default void startBatch() {}

  /** A primitive: the sink converts the file's encoding to the Spark value of the table type. */
  final class Primitive implements AvroValueWriter {
    private final WritableColumnVector vector;
    private final ValueSink sink;

    Primitive(WritableColumnVector vector, ValueSink sink) {
      this.vector = vector;
      this.sink = sink;
    }

    @Override
    public void write(Object datum, int row) {
      vector.reserve(row + 1);
      if (datum == null) {
        vector.putNull(row);
      } else if (datum instanceof Integer value) {
        sink.putInt(row, value);
      } else if (datum instanceof Long value) {
        sink.putLong(row, value);
      } else if (datum instanceof Float value) {
        sink.putFloat(row, value);
      } else if (datum instanceof Double value) {
        sink.putDouble(row, value);
      } else if (datum instanceof Boolean value) {
        sink.putBoolean(row, value);
      } else if (datum instanceof Utf8 text) {
        sink.putBytes(row, text.getBytes(), 0, text.getByteLength());
      } else if (datum instanceof ByteBuffer buffer) {
        putBuffer(row, buffer);
      } else if (datum instanceof GenericFixed fixed) {
        sink.putBytes(row, fixed.bytes(), 0, fixed.bytes().length);
      } else {
        // strings read as java.lang.String (avro.java.string) and enum symbols
        byte[] bytes = datum.toString().getBytes(StandardCharsets.UTF_8);
        sink.putBytes(row, bytes, 0, bytes.length);
      }
    }

    private void putBuffer(int row, ByteBuffer buffer) {
      if (buffer.hasArray()) {
        sink.putBytes(
            row, buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
        return;
      }
      byte[] bytes = new byte[buffer.remaining()];
      buffer.duplicate().get(bytes);
      sink.putBytes(row, bytes, 0, bytes.length);
    }
  }

  /**
   * A field the file lacks inside a struct that it has: the same value (its initial default, or
   * null) in every row.
   */
  final class Constant implements AvroValueWriter {
    private final WritableColumnVector vector;
    private final NestedField field;
    private final Object value;
    private final String location;

    Constant(WritableColumnVector vector, NestedField field, Object value, String location) {
      this.vector = vector;
      this.field = field;
      this.value = value;
      this.location = location;
    }

    @Override
    public void write(Object ignored, int row) {
      vector.reserve(row + 1);
      ConstantWriter.fill(vector, field.type(), value, row, 1, location);
    }
  }

  /**
   * A struct; {@code positions} are the record positions of its fields in the file, -1 for a field
   * the file lacks (whose writer is a {@link Constant}).
   */
  final class Struct implements AvroValueWriter {
    private final WritableColumnVector vector;
    private final int[] positions;
    private final List<AvroValueWriter> fields;

    Struct(WritableColumnVector vector, int[] positions, List<AvroValueWriter> fields) {
      this.vector = vector;
      this.positions = positions.clone();
      this.fields = List.copyOf(fields);
    }

    @Override
    public void write(Object datum, int row) {
      vector.reserve(row + 1);
      if (datum == null) {
        vector.putNull(row);
        return;
      }
      IndexedRecord record = (IndexedRecord) datum;
      for (int index = 0; index < positions.length; index++) {
        int position = positions[index];
        fields.get(index).write(position < 0 ? null : record.get(position), row);
      }
    }

    @Override
    public void startBatch() {
      fields.forEach(AvroValueWriter::startBatch);
    }
  }

  /** A list, an Avro array. */
  final class ListWriter implements AvroValueWriter {
    private final WritableColumnVector vector;
    private final AvroValueWriter element;
    private int elements;

    ListWriter(WritableColumnVector vector, AvroValueWriter element) {
      this.vector = vector;
      this.element = element;
    }

    @Override
    public void write(Object datum, int row) {
      vector.reserve(row + 1);
      if (datum == null) {
        vector.putNull(row);
        return;
      }
      Collection<?> values = (Collection<?>) datum;
      vector.putArray(row, elements, values.size());
      vector.arrayData().reserve(elements + values.size());
      for (Object value : values) {
        element.write(value, elements++);
      }
    }

    @Override
    public void startBatch() {
      elements = 0;
      element.startBatch();
    }
  }

  /**
   * A map: an Avro map (string keys), or an Avro array of key-value records (other keys) whose key
   * and value are at {@code keyPosition} and {@code valuePosition} (-1 when the file has no value).
   */
  final class MapWriter implements AvroValueWriter {
    private final WritableColumnVector vector;
    private final AvroValueWriter key;
    private final AvroValueWriter value;
    private final int keyPosition;
    private final int valuePosition;
    private int entries;

    MapWriter(
        WritableColumnVector vector,
        AvroValueWriter key,
        AvroValueWriter value,
        int keyPosition,
        int valuePosition) {
      this.vector = vector;
      this.key = key;
      this.value = value;
      this.keyPosition = keyPosition;
      this.valuePosition = valuePosition;
    }

    @Override
    public void write(Object datum, int row) {
      vector.reserve(row + 1);
      if (datum == null) {
        vector.putNull(row);
        return;
      }
      if (datum instanceof Map<?, ?> map) {
        start(row, map.size());
        for (Map.Entry<?, ?> entry : map.entrySet()) {
          key.write(entry.getKey(), entries);
          value.write(entry.getValue(), entries++);
        }
        return;
      }
      Collection<?> records = (Collection<?>) datum;
      start(row, records.size());
      for (Object element : records) {
        IndexedRecord record = (IndexedRecord) element;
        key.write(record.get(keyPosition), entries);
        value.write(valuePosition < 0 ? null : record.get(valuePosition), entries++);
      }
    }

    private void start(int row, int size) {
      vector.putArray(row, entries, size);
      vector.getChild(0).reserve(entries + size);
      vector.getChild(1).reserve(entries + size);
    }

    @Override
    public void startBatch() {
      entries = 0;
      key.startBatch();
      value.startBatch();
    }
  }
}
