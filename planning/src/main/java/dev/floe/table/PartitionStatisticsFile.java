package dev.floe.table;

/** A partition statistics file of one snapshot. */
public record PartitionStatisticsFile(
    long snapshotId, String statisticsPath, long fileSizeInBytes) {}
