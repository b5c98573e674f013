package dev.floe.cache;

import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.ManifestEntry;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.PartitionFieldSummary;
import dev.floe.manifest.PartitionValues;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

/**
 * Estimates of how many bytes of heap a decoded metadata file holds, which is what the {@link
 * MetadataCache} is bounded by. They count objects as a 64-bit JVM with compressed references lays
 * them out (a 12-byte header padded to 8 bytes, 4-byte references), and err on the high side where
 * a layout varies (a string is counted at two bytes a character): the bound is what a user sized,
 * so the cache must not hold much more than it says.
 */
final class Footprint {
  private static final long HEADER = 16;
  private static final long REFERENCE = 4;
  private static final long BOXED = 16;
  private static final long MAP_ENTRY = 2 * REFERENCE + BOXED + BOXED;
  private static final long BUFFER = 48;

  private Footprint() {}

  static long entries(List<ManifestEntry> entries) {
    long bytes = list(entries.size());
    for (ManifestEntry entry : entries) {
      bytes += HEADER + 16 + file(entry.file());
    }
    return bytes;
  }

  static long manifests(List<ManifestFile> manifests) {
    long bytes = list(manifests.size());
    for (ManifestFile manifest : manifests) {
      bytes += HEADER + 96 + string(manifest.path()) + buffer(manifest.keyMetadata());
      bytes += HEADER + 6 * BOXED; // the counts
      if (manifest.partitions() != null) {
        bytes += list(manifest.partitions().size());
        for (PartitionFieldSummary summary : manifest.partitions()) {
          bytes += HEADER + 16 + buffer(summary.lowerBound()) + buffer(summary.upperBound());
        }
      }
    }
    return bytes;
  }

  private static long file(ContentFile file) {
    long bytes = HEADER + 96 + string(file.location()) + buffer(file.keyMetadata());
    bytes += partition(file.partition()) + metrics(file.metrics());
    bytes += list(file.splitOffsets().size()) + file.splitOffsets().size() * BOXED;
    if (file instanceof DeleteFile delete) {
      bytes += string(delete.referencedDataFile()) + 32;
      bytes += list(delete.equalityIds().size()) + delete.equalityIds().size() * BOXED;
    }
    return bytes;
  }

  private static long partition(PartitionValues partition) {
    long bytes = HEADER + REFERENCE + list(partition.size());
    for (Object value : partition.asList()) {
      bytes += value(value);
    }
    return bytes;
  }

  private static long metrics(ColumnMetrics metrics) {
    if (metrics == ColumnMetrics.EMPTY) {
      return 0;
    }
    long bytes = HEADER + 7 * REFERENCE;
    bytes += counts(metrics.columnSizes()) + counts(metrics.valueCounts());
    bytes += counts(metrics.nullValueCounts()) + counts(metrics.nanValueCounts());
    bytes += bounds(metrics.lowerBounds()) + bounds(metrics.upperBounds());
    return bytes;
  }

  private static long counts(Map<Integer, Long> counts) {
    return HEADER + 16 + counts.size() * MAP_ENTRY;
  }

  private static long bounds(Map<Integer, ByteBuffer> bounds) {
    long bytes = HEADER + 16 + bounds.size() * (2 * REFERENCE + BOXED);
    for (ByteBuffer bound : bounds.values()) {
      bytes += buffer(bound);
    }
    return bytes;
  }

  private static long value(Object value) {
    if (value == null) {
      return 0;
    }
    if (value instanceof String text) {
      return string(text);
    }
    if (value instanceof ByteBuffer bytes) {
      return buffer(bytes);
    }
    if (value instanceof byte[] bytes) {
      return array(bytes.length);
    }
    // boxed numbers, booleans, decimals, UUIDs: a decimal's digits are its largest part
    return 48;
  }

  private static long string(String text) {
    return text == null ? 0 : HEADER + 8 + array(2L * text.length());
  }

  private static long buffer(ByteBuffer buffer) {
    return buffer == null ? 0 : BUFFER + array(buffer.capacity());
  }

  private static long array(long length) {
    return align(HEADER + length);
  }

  private static long list(int size) {
    return HEADER + array(size * REFERENCE);
  }

  private static long align(long bytes) {
    return (bytes + 7) & ~7L;
  }
}
