package dev.floe.spark.deletes;

import dev.floe.CorruptTableException;
import dev.floe.InvalidRequestException;
import dev.floe.deletes.DeletionVectorReader;
import dev.floe.deletes.PositionIndex;
import dev.floe.expr.Expression;
import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.read.FileReaders;
import dev.floe.table.NameMapping;
import dev.floe.table.NestedField;
import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Loads the deletes of a data file with Floe's own readers, through the executor's {@link
 * DeleteCache}: a deletion vector's blob; the rows of position delete files that name the data file
 * (a partition-scoped file's row groups whose {@code file_path} bounds exclude the data file are
 * skipped unread); the rows of equality delete files, decoded to the table's column types.
 */
public final class DeleteLoader {
  /**
   * The size up to which a partition-scoped position delete file is read whole: small files hold
   * few row groups, so skipping by {@code file_path} bounds saves little, while reading them once
   * saves a read per data file.
   */
  static final long WHOLE_FILE_LIMIT_BYTES = 8L << 20;

  private final FileIO io;
  private final String table;
  private final Schema readSchema;
  private final NameMapping nameMapping;
  private final DeleteCache cache;
  private final int batchSize;
  private final StreamedEqualityDeletes streamed;
  private final long wholeFileLimitBytes;
  private final PositionDeleteReader positionDeletes;

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
    this(io, table, readSchema, nameMapping, cache, batchSize, true, WHOLE_FILE_LIMIT_BYTES);
  }

  /**
   * @param verifyDataChecksums whether the data file's pages are checked against their CRC-32 when
   *     an equality delete file too large to hold is streamed past the split's rows (the read
   *     option {@code verify-checksums}); delete files' pages are always checked
   */
  public DeleteLoader(
      FileIO io,
      String table,
      Schema readSchema,
      NameMapping nameMapping,
      DeleteCache cache,
      int batchSize,
      boolean verifyDataChecksums) {
    this(
        io,
        table,
        readSchema,
        nameMapping,
        cache,
        batchSize,
        verifyDataChecksums,
        WHOLE_FILE_LIMIT_BYTES);
  }

  /**
   * @param wholeFileLimitBytes partition-scoped position delete files up to this size are read
   *     whole, once for all their data files; larger ones per data file, skipping row groups
   */
  DeleteLoader(
      FileIO io,
      String table,
      Schema readSchema,
      NameMapping nameMapping,
      DeleteCache cache,
      int batchSize,
      boolean verifyDataChecksums,
      long wholeFileLimitBytes) {
    this.wholeFileLimitBytes = wholeFileLimitBytes;
    this.io = io;
    this.table = table;
    this.readSchema = readSchema;
    this.nameMapping = nameMapping;
    this.cache = cache;
    this.batchSize = batchSize;
    this.streamed =
        new StreamedEqualityDeletes(
            io, nameMapping, batchSize, verifyDataChecksums, this::equalityRows);
    this.positionDeletes =
        new PositionDeleteReader(
            table, (delete, residual) -> open(delete, PositionDeleteReader.SCHEMA, residual));
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
          () ->
              positionDeletes.checkWithin(new DeletionVectorReader(io).read(delete), delete, file),
          PositionIndex::sizeInBytes);
    }
    if (delete.referencedDataFile() == null && wholeFileFitsInMemory(delete)) {
      // a partition-scoped file serves every data file of its partition: read it once, and check
      // each data file's positions as it is looked up
      PositionIndex positions =
          cache
              .get(
                  new DeleteCache.Key("positions-by-file", delete.location(), ""),
                  () -> positionDeletes.readAll(delete),
                  PositionDeleteReader.ByDataFile::sizeInBytes)
              .positionsOf(file.location());
      return positionDeletes.checkWithin(positions, delete, file);
    }
    return cache.get(
        new DeleteCache.Key("positions", delete.location(), file.location()),
        () ->
            positionDeletes.checkWithin(
                positionDeletes.read(delete, file.location()), delete, file),
        PositionIndex::sizeInBytes);
  }

  /**
   * Whether to read a delete file whole: it is small, and its positions (about 8 bytes each, path
   * and map overhead included) fit the cache's bound.
   */
  private boolean wholeFileFitsInMemory(DeleteFile delete) {
    return delete.fileSizeInBytes() <= wholeFileLimitBytes
        && delete.recordCount() <= cache.maxBytes() / 8;
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
    EqualityKeyReader keys =
        EqualityKeyReader.ofLeadingColumns(
            fields, "of " + delete.location() + " (table " + table + ")");
    if (keys.packsIntoLongs()) {
      LongKeySet deleted = new LongKeySet(keys.width());
      long[] key = new long[keys.width()];
      try (CloseableIterator<ColumnarBatch> batches = equalityRows(delete, fields)) {
        while (batches.hasNext()) {
          ColumnarBatch batch = batches.next();
          for (int row = 0; row < batch.numRows(); row++) {
            deleted.add(key, keys.packedKey(batch, row, key));
          }
        }
      }
      return EqualityDeleteSet.ofLongs(fields, deleted);
    }
    Set<Object> deleted = new HashSet<>();
    try (CloseableIterator<ColumnarBatch> batches = equalityRows(delete, fields)) {
      while (batches.hasNext()) {
        ColumnarBatch batch = batches.next();
        for (int row = 0; row < batch.numRows(); row++) {
          deleted.add(keys.copiedKey(batch, row));
        }
      }
    }
    return EqualityDeleteSet.ofObjects(
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
      NestedField field = readSchema.column(id);
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
    return FileReaders.open(
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
