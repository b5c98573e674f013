package dev.floe.table;

/** An entry of the metadata log: a previous metadata file and when it was written. */
public record MetadataLogEntry(long timestampMillis, String metadataFile) {}
