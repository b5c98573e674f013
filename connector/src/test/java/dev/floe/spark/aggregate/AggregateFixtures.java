package dev.floe.spark.aggregate;

import dev.floe.expr.Expression;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import dev.floe.scan.FileScanTask;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Planned tasks of a table {@code (id long required, region string, score double)} partitioned by
 * identity {@code region}, with chosen metrics and deletes.
 */
public final class AggregateFixtures {
  public static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "region", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(3, "score", PrimitiveType.of(TypeId.DOUBLE))),
          Set.of());
  public static final PartitionSpec BY_REGION =
      new PartitionSpec(0, List.of(new PartitionField(2, 1000, "region", "identity")));

  private AggregateFixtures() {}

  /** A file of {@code records} rows with {@code id} in {@code [lower, upper]}, none null. */
  public static DataFile dataFile(
      String name, String region, long records, long lower, long upper) {
    return dataFile(name, region, records, lower, upper, 0);
  }

  /** A data file whose {@code id} holds {@code nulls} nulls among its values. */
  public static DataFile dataFile(
      String name, String region, long records, long lower, long upper, long nulls) {
    ColumnMetrics metrics =
        new ColumnMetrics(
            Map.of(),
            Map.of(1, records),
            Map.of(1, nulls),
            Map.of(),
            Map.of(1, longBytes(lower)),
            Map.of(1, longBytes(upper)));
    return new DataFile(
        "file:/t/data/region=" + region + "/" + name,
        FileFormat.PARQUET,
        0,
        PartitionValues.of(region),
        records,
        1000,
        metrics,
        List.of(),
        null,
        null,
        null,
        1,
        1L);
  }

  public static DeleteFile deletionVector(DataFile file, long deleted) {
    return new DeleteFile(
        FileContent.POSITION_DELETES,
        "file:/t/data/dv.puffin",
        FileFormat.PUFFIN,
        0,
        file.partition(),
        deleted,
        500,
        ColumnMetrics.EMPTY,
        List.of(),
        file.location(),
        4L,
        40L,
        List.of(),
        null,
        null,
        2,
        2L);
  }

  public static DeleteFile positionDeletes(DataFile file) {
    return deleteFile(FileContent.POSITION_DELETES, file, List.of());
  }

  public static DeleteFile equalityDeletes(DataFile file) {
    return deleteFile(FileContent.EQUALITY_DELETES, file, List.of(1));
  }

  private static DeleteFile deleteFile(
      FileContent content, DataFile file, List<Integer> equalityIds) {
    return new DeleteFile(
        content,
        file.location() + "-deletes.parquet",
        FileFormat.PARQUET,
        0,
        file.partition(),
        5,
        200,
        ColumnMetrics.EMPTY,
        equalityIds,
        null,
        null,
        null,
        List.of(),
        null,
        null,
        2,
        2L);
  }

  public static FileScanTask task(DataFile file, DeleteFile... deletes) {
    return new FileScanTask(
        file, List.of(deletes), Expression.alwaysTrue(), 0, file.fileSizeInBytes());
  }

  public static ByteBuffer longBytes(long value) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, value);
  }
}
