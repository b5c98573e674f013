package dev.floe.manifest;

import java.util.Locale;

/** The format of a content file, as manifests name it (case-insensitive). */
public enum FileFormat {
  PARQUET,
  AVRO,
  ORC,
  PUFFIN;

  public static FileFormat fromName(String name) {
    return valueOf(name.toUpperCase(Locale.ROOT));
  }
}
