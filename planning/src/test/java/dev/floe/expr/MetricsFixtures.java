package dev.floe.expr;

import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import dev.floe.table.PrimitiveType;
import dev.floe.table.SingleValueBinary;
import dev.floe.table.TypeId;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Builds data files with column metrics, encoding bounds with the spec's binary serialization. */
final class MetricsFixtures {
  private final Map<Integer, Long> valueCounts = new HashMap<>();
  private final Map<Integer, Long> nullCounts = new HashMap<>();
  private final Map<Integer, Long> nanCounts = new HashMap<>();
  private final Map<Integer, ByteBuffer> lowerBounds = new HashMap<>();
  private final Map<Integer, ByteBuffer> upperBounds = new HashMap<>();

  static MetricsFixtures metrics() {
    return new MetricsFixtures();
  }

  MetricsFixtures counts(int fieldId, long values, long nulls) {
    valueCounts.put(fieldId, values);
    nullCounts.put(fieldId, nulls);
    return this;
  }

  MetricsFixtures nans(int fieldId, long nans) {
    nanCounts.put(fieldId, nans);
    return this;
  }

  MetricsFixtures bounds(int fieldId, PrimitiveType type, Object lower, Object upper) {
    lowerBounds.put(fieldId, SingleValueBinary.toBytes(type, lower));
    upperBounds.put(fieldId, SingleValueBinary.toBytes(type, upper));
    return this;
  }

  MetricsFixtures rawBounds(int fieldId, ByteBuffer lower, ByteBuffer upper) {
    if (lower != null) {
      lowerBounds.put(fieldId, lower);
    }
    if (upper != null) {
      upperBounds.put(fieldId, upper);
    }
    return this;
  }

  ColumnMetrics build() {
    return new ColumnMetrics(
        Map.of(), valueCounts, nullCounts, nanCounts, lowerBounds, upperBounds);
  }

  DataFile file(String location, long recordCount) {
    return dataFile(location, recordCount, build());
  }

  static DataFile dataFile(String location, long recordCount, ColumnMetrics metrics) {
    return new DataFile(
        location,
        FileFormat.PARQUET,
        0,
        PartitionValues.EMPTY,
        recordCount,
        1024,
        metrics,
        List.of(),
        null,
        null,
        null,
        1,
        1L);
  }

  static PrimitiveType type(TypeId typeId) {
    return PrimitiveType.of(typeId);
  }

  static ByteBuffer bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int index = 0; index < values.length; index++) {
      bytes[index] = (byte) values[index];
    }
    return ByteBuffer.wrap(bytes);
  }
}
