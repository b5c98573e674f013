package dev.floe.table;

/**
 * The metadata columns of the Iceberg spec's reserved field ids, which a reader produces rather
 * than reads: the data file's location, a row's position in its file, whether the row is deleted,
 * the file's partition spec id and partition tuple.
 */
public final class MetadataColumns {
  public static final int FILE_PATH_ID = Integer.MAX_VALUE - 1;
  public static final int ROW_POSITION_ID = Integer.MAX_VALUE - 2;
  public static final int IS_DELETED_ID = Integer.MAX_VALUE - 3;
  public static final int SPEC_ID_ID = Integer.MAX_VALUE - 4;
  public static final int PARTITION_ID = Integer.MAX_VALUE - 5;

  public static final NestedField FILE_PATH =
      NestedField.required(FILE_PATH_ID, "_file", PrimitiveType.of(TypeId.STRING));
  public static final NestedField ROW_POSITION =
      NestedField.required(ROW_POSITION_ID, "_pos", PrimitiveType.of(TypeId.LONG));

  /**
   * Whether a row is deleted by the row-level deletes that apply to its file. A read that selects
   * it keeps the deleted rows, marked, instead of dropping them.
   */
  public static final NestedField IS_DELETED =
      NestedField.required(IS_DELETED_ID, "_deleted", PrimitiveType.of(TypeId.BOOLEAN));

  public static final NestedField SPEC_ID =
      NestedField.required(SPEC_ID_ID, "_spec_id", PrimitiveType.of(TypeId.INT));

  private MetadataColumns() {}

  /**
   * The {@code _partition} column of a table: a struct of every partition field of every spec
   * (optional, since a file's spec may lack some), as the table's partition type.
   */
  public static NestedField partition(StructType partitionType) {
    return NestedField.optional(PARTITION_ID, "_partition", partitionType);
  }

  public static boolean isMetadataColumn(int fieldId) {
    return fieldId == FILE_PATH_ID
        || fieldId == ROW_POSITION_ID
        || fieldId == IS_DELETED_ID
        || fieldId == SPEC_ID_ID
        || fieldId == PARTITION_ID;
  }
}
