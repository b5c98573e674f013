package dev.floe.table;

/**
 * The metadata columns of the Iceberg spec's reserved field ids, which a reader produces rather
 * than reads: the data file's location, a row's position in its file, whether the row is deleted,
 * the file's partition spec id and partition tuple; and the two row-lineage columns of format v3,
 * which a reader reads from the file where a writer stored them and completes from the file's
 * metadata where it did not (see {@link #ROW_ID}).
 */
public final class MetadataColumns {
  public static final int FILE_PATH_ID = Integer.MAX_VALUE - 1;
  public static final int ROW_POSITION_ID = Integer.MAX_VALUE - 2;
  public static final int IS_DELETED_ID = Integer.MAX_VALUE - 3;
  public static final int SPEC_ID_ID = Integer.MAX_VALUE - 4;
  public static final int PARTITION_ID = Integer.MAX_VALUE - 5;
  public static final int ROW_ID_ID = Integer.MAX_VALUE - 107;
  public static final int LAST_UPDATED_SEQUENCE_NUMBER_ID = Integer.MAX_VALUE - 108;
  public static final int CHANGE_TYPE_ID = Integer.MAX_VALUE - 104;
  public static final int CHANGE_ORDINAL_ID = Integer.MAX_VALUE - 105;
  public static final int COMMIT_SNAPSHOT_ID_ID = Integer.MAX_VALUE - 106;

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

  /**
   * A row's id (format v3 row lineage): the value stored in the data file under this field id when
   * it is not null, else the data file's {@code first_row_id} plus the row's {@code _pos}. Writers
   * that move rows (compaction, copy-on-write updates) store it, so a row keeps its id. Null for
   * every row of a file without a {@code first_row_id} (one added before the table was upgraded to
   * v3, read at a snapshot from before the upgrade's first commit), as Iceberg reads it.
   *
   * <p>For example, a file with {@code first_row_id} 100 whose stored column reads {@code [7, null,
   * null]} at positions 0, 1, 2 gives the ids 7, 101, 102.
   */
  public static final NestedField ROW_ID =
      NestedField.optional(ROW_ID_ID, "_row_id", PrimitiveType.of(TypeId.LONG));

  /**
   * The sequence number of the commit that last added or updated a row (format v3 row lineage): the
   * value stored in the data file when it is not null, else the data sequence number of the file's
   * manifest entry. Null for every row of a file without a {@code first_row_id}, as {@link
   * #ROW_ID}.
   */
  public static final NestedField LAST_UPDATED_SEQUENCE_NUMBER =
      NestedField.optional(
          LAST_UPDATED_SEQUENCE_NUMBER_ID,
          "_last_updated_sequence_number",
          PrimitiveType.of(TypeId.LONG));

  /** A changelog row's change: {@code INSERT} or {@code DELETE} (Iceberg's changelog column). */
  public static final NestedField CHANGE_TYPE =
      NestedField.required(CHANGE_TYPE_ID, "_change_type", PrimitiveType.of(TypeId.STRING));

  /** The place of a changelog row's commit in the changelog, 0 for its oldest commit. */
  public static final NestedField CHANGE_ORDINAL =
      NestedField.required(CHANGE_ORDINAL_ID, "_change_ordinal", PrimitiveType.of(TypeId.INT));

  /** The snapshot the commit of a changelog row made. */
  public static final NestedField COMMIT_SNAPSHOT_ID =
      NestedField.required(
          COMMIT_SNAPSHOT_ID_ID, "_commit_snapshot_id", PrimitiveType.of(TypeId.LONG));

  private MetadataColumns() {}

  /**
   * The {@code _partition} column of a table: a struct of every partition field of every spec
   * (optional, since a file's spec may lack some), as the table's partition type.
   */
  public static NestedField partition(StructType partitionType) {
    return NestedField.optional(PARTITION_ID, "_partition", partitionType);
  }

  /**
   * Whether a column is made by the reader alone. The row-lineage columns are not: a reader reads
   * them from the file by field id, and completes their nulls ({@link #isRowLineageColumn}).
   */
  public static boolean isMetadataColumn(int fieldId) {
    return fieldId == FILE_PATH_ID
        || fieldId == ROW_POSITION_ID
        || fieldId == IS_DELETED_ID
        || fieldId == SPEC_ID_ID
        || fieldId == PARTITION_ID;
  }

  /**
   * Whether a column is one of the row-lineage columns of format v3, {@code _row_id} or {@code
   * _last_updated_sequence_number}.
   */
  public static boolean isRowLineageColumn(int fieldId) {
    return fieldId == ROW_ID_ID || fieldId == LAST_UPDATED_SEQUENCE_NUMBER_ID;
  }
}
