package dev.floe.spark.deletes;

import dev.floe.CorruptTableException;
import dev.floe.InvalidRequestException;
import dev.floe.deletes.DeletionVectorReader;
import dev.floe.deletes.PositionIndex;
import dev.floe.deletes.PositionIndexBuilder;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.scan.FileScanTask;
import dev.floe.spark.read.DataFileReaders;
import dev.floe.spark.read.FileReadRequest;
import dev.floe.table.NameMapping;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Loads the deletes of a data file with Floe's own readers, through the executor's {@link
 * DeleteCache}: a deletion vector's blob; the rows of position delete files that name the data file
 * (a partition-scoped file's row groups whose {@code file_path} bounds exclude the data file are
 * skipped unread); the rows of equality delete files, decoded to the table's column types.
 */
public final class DeleteLoader {
  /** The spec's reserved field ids of position delete files. */
  static final NestedField DELETE_FILE_PATH =
      NestedField.required(Integer.MAX_VALUE - 101, "file_path", PrimitiveType.of(TypeId.STRING));

  static final NestedField DELETE_POSITION =
      NestedField.required(Integer.MAX_VALUE - 102, "pos", PrimitiveType.of(TypeId.LONG));

  private static final Schema POSITION_DELETE_SCHEMA =
      new Schema(0, List.of(DELETE_FILE_PATH, DELETE_POSITION), Set.of());

  private final FileIO io;
  private final String table;
  private final Schema readSchema;
  private final NameMapping nameMapping;
  private final DeleteCache cache;
  private final int batchSize;
  private final StreamedEqualityDeletes streamed;

  /**
   * @param table the table's name, for messages
   * @param readSchema the schema the scan reads with: equality columns are read as its types
   * @param nameMapping the table's name mapping, or null
   */
  public DeleteLoader(
      FileIO io,
      String table,
      Schema readSchema,
      NameMapping nameMapping,
      DeleteCache cache,
      int batchSize) {
    this.io = io;
    this.table = table;
    this.readSchema = readSchema;
    this.nameMapping = nameMapping;
    this.cache = cache;
    this.batchSize = batchSize;
    this.streamed = new StreamedEqualityDeletes(io, nameMapping, batchSize, this::equalityRows);
  }

  /** The loaded deletes of a task's split. */
  public TaskDeletes load(FileScanTask task) {
    return load(task.file(), task.deletes(), task.start(), task.length());
  }

  /** The loaded deletes of the whole of {@code file}. */
  public TaskDeletes load(DataFile file, List<DeleteFile> deletes) {
    return load(file, deletes, 0, file.fileSizeInBytes());
  }

  private TaskDeletes load(DataFile file, List<DeleteFile> deletes, long start, long length) {
    if (deletes.isEmpty()) {
      return TaskDeletes.none();
    }
    List<PositionIndex> positions = new ArrayList<>();
    List<EqualityDeleteSet> equalityDeletes = new ArrayList<>();
    for (DeleteFile delete : deletes) {
      switch (delete.content()) {
        case POSITION_DELETES -> positions.add(positionsOf(file, delete));
        case EQUALITY_DELETES -> {
          List<NestedField> fields = equalityFields(file, delete);
          if (fitsInMemory(delete, fields)) {
            equalityDeletes.add(equalityDeletesOf(delete, fields));
          } else {
            positions.add(
                streamed.positions(file, start, length, delete, fields, where(file, delete)));
          }
        }
        case DATA ->
            throw new IllegalStateException("A data file among the deletes of " + file.location());
      }
    }
    return new TaskDeletes(PositionIndex.union(positions), equalityDeletes);
  }

  /**
   * Whether an equality delete file's rows, held as a set, stay within the cache's bound (the
   * default bound when caching is off); larger files are streamed past the data instead.
   */
  private boolean fitsInMemory(DeleteFile delete, List<NestedField> fields) {
    long bound = cache.maxBytes() > 0 ? cache.maxBytes() : DeleteCache.DEFAULT_MAX_BYTES;
    return delete.recordCount() <= bound / EqualityKeyReader.estimatedKeySize(fields);
  }

  private String where(DataFile file, DeleteFile delete) {
    return "of " + delete.location() + " to " + file.location() + " (table " + table + ")";
  }

  private PositionIndex positionsOf(DataFile file, DeleteFile delete) {
    if (delete.isDeletionVector()) {
      if (delete.referencedDataFile() != null
          && !delete.referencedDataFile().equals(file.location())) {
        throw new CorruptTableException(
            "Deletion vector in "
                + delete.location()
                + " at offset "
                + delete.contentOffset()
                + " of table "
                + table
                + " references "
                + delete.referencedDataFile()
                + " but was planned for "
                + file.location());
      }
      return cache.get(
          new DeleteCache.Key("dv", delete.location(), String.valueOf(delete.contentOffset())),
          () -> new DeletionVectorReader(io).read(delete),
          PositionIndex::sizeInBytes);
    }
    return cache.get(
        new DeleteCache.Key("positions", delete.location(), file.location()),
        () -> readPositions(file, delete),
        PositionIndex::sizeInBytes);
  }

  /** The positions of {@code file} in one position delete file, checked against its rows. */
  private PositionIndex readPositions(DataFile file, DeleteFile delete) {
    Expression onlyThisFile =
        Binder.bind(
            POSITION_DELETE_SCHEMA,
            Expression.equal(DELETE_FILE_PATH.name(), file.location()),
            true);
    UTF8String target = UTF8String.fromBytes(file.location().getBytes(StandardCharsets.UTF_8));
    PositionIndexBuilder builder = PositionIndex.builder();
    try (CloseableIterator<ColumnarBatch> batches =
        open(delete, POSITION_DELETE_SCHEMA, onlyThisFile)) {
      while (batches.hasNext()) {
        ColumnarBatch batch = batches.next();
        ColumnVector paths = batch.column(0);
        ColumnVector positions = batch.column(1);
        for (int row = 0; row < batch.numRows(); row++) {
          if (paths.isNullAt(row) || positions.isNullAt(row)) {
            throw new CorruptTableException(
                "Position delete file "
                    + delete.location()
                    + " of table "
                    + table
                    + " has a null file_path or pos");
          }
          if (target.equals(paths.getUTF8String(row))) {
            long position = positions.getLong(row);
            if (position < 0 || position >= file.recordCount()) {
              throw new CorruptTableException(
                  "Position delete file "
                      + delete.location()
                      + " of table "
                      + table
                      + " deletes position "
                      + position
                      + " of "
                      + file.location()
                      + ", which has "
                      + file.recordCount()
                      + " rows");
            }
            builder.add(position);
          }
        }
      }
    }
    return builder.build();
  }

  private EqualityDeleteSet equalityDeletesOf(DeleteFile delete, List<NestedField> fields) {
    String types =
        fields.stream()
            .map(field -> field.fieldId() + ":" + field.type())
            .collect(Collectors.joining(","));
    return cache.get(
        new DeleteCache.Key("equality", delete.location(), types),
        () -> readEqualityDeletes(delete, fields),
        EqualityDeleteSet::sizeInBytes);
  }

  /** The equality columns of a delete file's rows, in the order of {@code fields}. */
  private CloseableIterator<ColumnarBatch> equalityRows(
      DeleteFile delete, List<NestedField> fields) {
    return open(delete, new Schema(0, fields, Set.of()), Expression.alwaysTrue());
  }

  private EqualityDeleteSet readEqualityDeletes(DeleteFile delete, List<NestedField> fields) {
    int[] columns = new int[fields.size()];
    for (int index = 0; index < columns.length; index++) {
      columns[index] = index;
    }
    EqualityKeyReader keys =
        EqualityKeyReader.of(fields, columns, "of " + delete.location() + " (table " + table + ")");
    Set<Object> deleted = new HashSet<>();
    try (CloseableIterator<ColumnarBatch> batches = equalityRows(delete, fields)) {
      while (batches.hasNext()) {
        ColumnarBatch batch = batches.next();
        for (int row = 0; row < batch.numRows(); row++) {
          deleted.add(keys.copiedKey(batch, row));
        }
      }
    }
    return new EqualityDeleteSet(
        fields,
        Collections.unmodifiableSet(deleted),
        deleted.size() * EqualityKeyReader.estimatedKeySize(fields));
  }

  /** The equality columns of a delete file, as top-level columns of the read schema. */
  private List<NestedField> equalityFields(DataFile file, DeleteFile delete) {
    if (delete.equalityIds().isEmpty()) {
      throw new CorruptTableException(
          "Equality delete file "
              + delete.location()
              + " of table "
              + table
              + " has no equality_ids");
    }
    List<NestedField> fields = new ArrayList<>();
    for (int id : delete.equalityIds()) {
      NestedField field =
          readSchema.columns().stream()
              .filter(column -> column.fieldId() == id)
              .findFirst()
              .orElse(null);
      if (field == null) {
        throw new InvalidRequestException(
            "Cannot apply equality delete file "
                + delete.location()
                + " to "
                + file.location()
                + " of table "
                + table
                + ": equality field id "
                + id
                + (readSchema.findField(id) == null
                    ? " is not a column of the schema the scan reads with"
                    : " is a nested field, which Floe does not apply equality deletes on yet"));
      }
      fields.add(field);
    }
    return fields;
  }

  private CloseableIterator<ColumnarBatch> open(
      DeleteFile delete, Schema projection, Expression residual) {
    if (delete.format() != FileFormat.PARQUET && delete.format() != FileFormat.AVRO) {
      throw new InvalidRequestException(
          "Cannot read "
              + describe(delete.content())
              + " file "
              + delete.location()
              + " of table "
              + table
              + ": Floe reads delete files in Parquet and Avro, not "
              + delete.format());
    }
    return DataFileReaders.open(
        io,
        new FileReadRequest(
            delete.location(),
            delete.format(),
            0,
            delete.fileSizeInBytes(),
            delete.fileSizeInBytes(),
            projection,
            Map.of(),
            nameMapping,
            residual,
            batchSize));
  }

  private static String describe(FileContent content) {
    return switch (content) {
      case DATA -> "data";
      case POSITION_DELETES -> "position delete";
      case EQUALITY_DELETES -> "equality delete";
    };
  }
}
