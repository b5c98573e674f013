package dev.floe.spark.read.parquet.format;

/**
 * A column chunk's statistics as written: the null count when known, {@code min_value} / {@code
 * max_value} (ordered as the column order says), and the deprecated {@code min} / {@code max} of
 * old writers (signed comparison, whatever the type). Bounds are the plain-encoded value bytes; any
 * may be null.
 */
public record ColumnStatistics(
    Long nullCount, byte[] minValue, byte[] maxValue, byte[] legacyMin, byte[] legacyMax) {}
