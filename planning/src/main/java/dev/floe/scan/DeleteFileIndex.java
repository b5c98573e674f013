package dev.floe.scan;

import dev.floe.CorruptTableException;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.PartitionValues;
import dev.floe.scan.EqualityDeleteMetricsEvaluator.DataFileBounds;
import dev.floe.scan.EqualityDeleteMetricsEvaluator.IndexedEqualityDelete;
import dev.floe.table.PartitionSpec;
import dev.floe.table.Schema;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The delete files of one snapshot, indexed so that each data file finds the ones that apply to it.
 *
 * <ul>
 *   <li>Deletion vectors (v3) by the data file they reference. A DV supersedes every position
 *       delete file of its data file: writers fold older position deletes into the DV.
 *   <li>Position delete files by data file when they name one ({@code referenced_data_file}, or
 *       equal {@code file_path} lower and upper bounds), otherwise by partition (spec id and
 *       tuple). They apply when {@code data_seq <= delete_seq}: a delete committed with its data
 *       (one row delta) removes rows of it.
 *   <li>Equality delete files by partition; written with an unpartitioned spec they apply to every
 *       partition. They apply when {@code data_seq < delete_seq}: an equality delete never removes
 *       rows added in its own commit. Column metrics then drop those that cannot match.
 * </ul>
 *
 * <p>For example, a data file added at sequence number 5 gets a position delete file of sequence
 * number 5 in its partition, but not an equality delete file of sequence number 5.
 */
final class DeleteFileIndex {
  /** The field id of {@code file_path} in position delete files (reserved by the spec). */
  static final int DELETE_FILE_PATH_FIELD_ID = Integer.MAX_VALUE - 101;

  private static final Comparator<DeleteFile> APPLY_ORDER =
      Comparator.comparingLong(DeleteFile::dataSequenceNumber)
          .thenComparing(DeleteFile::location)
          .thenComparing(file -> file.contentOffset() == null ? -1L : file.contentOffset());

  private final Map<String, DeleteFile> deletionVectorsByDataFile;
  private final Map<String, SequencedFiles<DeleteFile>> positionDeletesByDataFile;
  private final Map<PartitionKey, SequencedFiles<DeleteFile>> positionDeletesByPartition;
  private final Map<PartitionKey, SequencedFiles<IndexedEqualityDelete>> equalityDeletesByPartition;
  private final SequencedFiles<IndexedEqualityDelete> globalEqualityDeletes;
  private final EqualityDeleteMetricsEvaluator equalityEvaluator;
  private final Set<Integer> equalityFieldIds;
  private final int size;

  private DeleteFileIndex(Builder builder) {
    this.deletionVectorsByDataFile = Map.copyOf(builder.deletionVectorsByDataFile);
    this.positionDeletesByDataFile =
        sequenced(builder.positionDeletesByDataFile, Function.identity());
    this.positionDeletesByPartition =
        sequenced(builder.positionDeletesByPartition, Function.identity());
    this.equalityDeletesByPartition =
        sequenced(builder.equalityDeletesByPartition, IndexedEqualityDelete::file);
    this.globalEqualityDeletes =
        new SequencedFiles<>(builder.globalEqualityDeletes, IndexedEqualityDelete::file);
    this.equalityEvaluator = builder.equalityEvaluator;
    this.equalityFieldIds = Set.copyOf(builder.equalityFieldIds);
    this.size = builder.size;
  }

  private static <K, T> Map<K, SequencedFiles<T>> sequenced(
      Map<K, List<T>> files, Function<T, DeleteFile> deleteFile) {
    Map<K, SequencedFiles<T>> result = new HashMap<>();
    files.forEach((key, list) -> result.put(key, new SequencedFiles<>(list, deleteFile)));
    return result;
  }

  static Builder builder(Map<Integer, PartitionSpec> specsById, Schema schema, String tableName) {
    return new Builder(specsById, schema, tableName);
  }

  boolean isEmpty() {
    return size == 0;
  }

  /**
   * The columns of every equality delete file: pairing one with a data file compares their values'
   * metrics, so these are the data files' metrics the index reads.
   */
  Set<Integer> equalityFieldIds() {
    return equalityFieldIds;
  }

  /** How many delete files the index holds. */
  int size() {
    return size;
  }

  /**
   * The delete files that apply to a data file, equality deletes first, each kind in the order of
   * sequence number then location, so plans are deterministic. The list may be shared between data
   * files: callers must not modify it.
   */
  List<DeleteFile> forDataFile(DataFile file) {
    if (size == 0) {
      return List.of();
    }
    long sequenceNumber = file.dataSequenceNumber();
    PartitionKey partition = PartitionKey.of(file);
    List<DeleteFile> result = new ArrayList<>();
    SequencedFiles<IndexedEqualityDelete> equalityByPartition =
        equalityDeletesByPartition.get(partition);
    if (!globalEqualityDeletes.isEmpty() || equalityByPartition != null) {
      DataFileBounds bounds = new DataFileBounds(file);
      addEqualityDeletes(bounds, globalEqualityDeletes, result);
      addEqualityDeletes(bounds, equalityByPartition, result);
    }
    DeleteFile deletionVector = deletionVectorsByDataFile.get(file.location());
    if (deletionVector != null) {
      if (deletionVector.dataSequenceNumber() < sequenceNumber) {
        // A DV is written after its data file; an older one means the table's history is broken.
        throw new CorruptTableException(
            "Deletion vector "
                + Builder.describe(deletionVector)
                + " of data file "
                + file.location()
                + " is older than the data file (sequence number "
                + sequenceNumber
                + "); a deletion vector must not precede the rows it deletes");
      }
      result.add(deletionVector);
      return result;
    }
    SequencedFiles<DeleteFile> byPartition = positionDeletesByPartition.get(partition);
    SequencedFiles<DeleteFile> byDataFile = positionDeletesByDataFile.get(file.location());
    if (result.isEmpty() && byDataFile == null && byPartition != null) {
      // The common case of a partition's position deletes alone: every data file older than all
      // of them shares one immutable list instead of holding a copy.
      return byPartition.atOrAfter(sequenceNumber);
    }
    addPositionDeletes(sequenceNumber, byPartition, result);
    addPositionDeletes(sequenceNumber, byDataFile, result);
    return result;
  }

  private void addEqualityDeletes(
      DataFileBounds bounds, SequencedFiles<IndexedEqualityDelete> deletes, List<DeleteFile> into) {
    if (deletes == null) {
      return;
    }
    long dataSequenceNumber = bounds.file().dataSequenceNumber();
    for (IndexedEqualityDelete delete : deletes.atOrAfter(dataSequenceNumber + 1)) {
      if (equalityEvaluator.mightApply(bounds, delete)) {
        into.add(delete.file());
      }
    }
  }

  private static void addPositionDeletes(
      long sequenceNumber, SequencedFiles<DeleteFile> deletes, List<DeleteFile> into) {
    if (deletes != null) {
      into.addAll(deletes.atOrAfter(sequenceNumber));
    }
  }

  /** The data file a position delete file is scoped to, or null when it covers a partition. */
  static String referencedDataFile(DeleteFile file) {
    if (file.referencedDataFile() != null) {
      return file.referencedDataFile();
    }
    ByteBuffer lower = file.metrics().lowerBounds().get(DELETE_FILE_PATH_FIELD_ID);
    ByteBuffer upper = file.metrics().upperBounds().get(DELETE_FILE_PATH_FIELD_ID);
    if (lower != null && lower.equals(upper)) {
      return StandardCharsets.UTF_8.decode(lower.duplicate()).toString();
    }
    return null;
  }

  /**
   * A partition of one spec: delete files apply only within their own spec and tuple. Values are
   * widened (int to long, float to double) because a partition source column may have been
   * promoted: a manifest written before {@code ALTER COLUMN x TYPE bigint} holds {@code 5} as an
   * int, one written after as a long, and both name the same partition.
   */
  record PartitionKey(int specId, List<Object> partition) {
    static PartitionKey of(ContentFile file) {
      PartitionValues values = file.partition();
      List<Object> widened = new ArrayList<>(values.size());
      for (int position = 0; position < values.size(); position++) {
        Object value = values.get(position);
        if (value instanceof Integer integer) {
          widened.add(integer.longValue());
        } else if (value instanceof Float single) {
          widened.add(single.doubleValue());
        } else {
          widened.add(value);
        }
      }
      return new PartitionKey(file.specId(), java.util.Collections.unmodifiableList(widened));
    }
  }

  /** Files sorted by data sequence number, to take those at or after a sequence number. */
  private static final class SequencedFiles<T> {
    private final List<T> files;
    private final long[] sequenceNumbers;

    SequencedFiles(List<T> unsorted, Function<T, DeleteFile> deleteFile) {
      List<T> sorted = new ArrayList<>(unsorted);
      sorted.sort(Comparator.comparing(deleteFile, APPLY_ORDER));
      this.files = List.copyOf(sorted);
      this.sequenceNumbers =
          sorted.stream().mapToLong(file -> deleteFile.apply(file).dataSequenceNumber()).toArray();
    }

    boolean isEmpty() {
      return files.isEmpty();
    }

    /** An immutable list: all the files (the same instance each time) or a tail of them. */
    List<T> atOrAfter(long sequenceNumber) {
      int position = Arrays.binarySearch(sequenceNumbers, sequenceNumber);
      int start = position < 0 ? -(position + 1) : position;
      while (start > 0 && sequenceNumbers[start - 1] >= sequenceNumber) {
        start--;
      }
      return start == 0 ? files : List.copyOf(files.subList(start, files.size()));
    }
  }

  /** Collects delete files; not thread-safe (the planner adds in manifest order). */
  static final class Builder {
    private final Map<Integer, PartitionSpec> specsById;
    private final String tableName;
    private final EqualityDeleteMetricsEvaluator equalityEvaluator;
    private final Map<String, DeleteFile> deletionVectorsByDataFile = new HashMap<>();
    private final Map<String, List<DeleteFile>> positionDeletesByDataFile = new HashMap<>();
    private final Map<PartitionKey, List<DeleteFile>> positionDeletesByPartition = new HashMap<>();
    private final Map<PartitionKey, List<IndexedEqualityDelete>> equalityDeletesByPartition =
        new HashMap<>();
    private final List<IndexedEqualityDelete> globalEqualityDeletes = new ArrayList<>();
    private final Set<Integer> equalityFieldIds = new HashSet<>();
    private int size;

    private Builder(Map<Integer, PartitionSpec> specsById, Schema schema, String tableName) {
      this.specsById = specsById;
      this.tableName = tableName;
      this.equalityEvaluator = new EqualityDeleteMetricsEvaluator(schema);
    }

    Builder add(DeleteFile file) {
      switch (file.content()) {
        case POSITION_DELETES -> addPositionDeletes(file);
        case EQUALITY_DELETES -> addEqualityDeletes(file);
        case DATA -> throw new IllegalArgumentException("Not a delete file: " + file.location());
      }
      size++;
      return this;
    }

    private void addPositionDeletes(DeleteFile file) {
      if (file.isDeletionVector()) {
        addDeletionVector(file);
        return;
      }
      String dataFile = referencedDataFile(file);
      if (dataFile != null) {
        positionDeletesByDataFile.computeIfAbsent(dataFile, key -> new ArrayList<>()).add(file);
      } else {
        positionDeletesByPartition
            .computeIfAbsent(PartitionKey.of(file), key -> new ArrayList<>())
            .add(file);
      }
    }

    private void addDeletionVector(DeleteFile file) {
      String dataFile = file.referencedDataFile();
      if (dataFile == null) {
        throw new CorruptTableException(
            "Deletion vector in "
                + file.location()
                + " at offset "
                + file.contentOffset()
                + " of table "
                + tableName
                + " has no referenced_data_file; the spec requires it for deletion vectors");
      }
      DeleteFile previous = deletionVectorsByDataFile.putIfAbsent(dataFile, file);
      if (previous != null) {
        throw new CorruptTableException(
            "Table "
                + tableName
                + " has two deletion vectors for data file "
                + dataFile
                + ": "
                + describe(previous)
                + " and "
                + describe(file)
                + "; a snapshot may hold at most one per data file");
      }
    }

    private static String describe(DeleteFile deletionVector) {
      return deletionVector.location()
          + " at offset "
          + deletionVector.contentOffset()
          + " (sequence number "
          + deletionVector.dataSequenceNumber()
          + ")";
    }

    private void addEqualityDeletes(DeleteFile file) {
      PartitionSpec spec = specsById.get(file.specId());
      if (spec == null) {
        throw new CorruptTableException(
            "Equality delete file "
                + file.location()
                + " of table "
                + tableName
                + " names partition spec "
                + file.specId()
                + ", which the table does not have");
      }
      IndexedEqualityDelete indexed = equalityEvaluator.index(file);
      equalityFieldIds.addAll(file.equalityIds());
      if (spec.isUnpartitioned()) {
        globalEqualityDeletes.add(indexed);
      } else {
        equalityDeletesByPartition
            .computeIfAbsent(PartitionKey.of(file), key -> new ArrayList<>())
            .add(indexed);
      }
    }

    DeleteFileIndex build() {
      return new DeleteFileIndex(this);
    }
  }
}
