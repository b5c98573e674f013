package dev.floe.spark.source;

import java.util.Objects;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.types.DataType;

/**
 * One of the metadata columns {@code _file}, {@code _pos}, {@code _spec_id}, {@code _partition}.
 */
record FloeMetadataColumn(String name, DataType dataType, boolean isNullable)
    implements MetadataColumn {
  FloeMetadataColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(dataType, "dataType");
  }
}
