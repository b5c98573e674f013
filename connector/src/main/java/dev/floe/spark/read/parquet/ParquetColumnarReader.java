package dev.floe.spark.read.parquet;

import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.convert.SparkSchemas;
import dev.floe.spark.read.parquet.ColumnNode.Constant;
import dev.floe.spark.read.parquet.ColumnNode.Leaf;
import dev.floe.spark.read.parquet.ColumnNode.ListNode;
import dev.floe.spark.read.parquet.ColumnNode.MapNode;
import dev.floe.spark.read.parquet.ColumnNode.Position;
import dev.floe.spark.read.parquet.ColumnNode.ShreddedVariant;
import dev.floe.spark.read.parquet.ColumnNode.Struct;
import dev.floe.spark.read.parquet.filter.FieldIdColumns;
import dev.floe.spark.read.parquet.filter.RowGroupDictionaryEvaluator;
import dev.floe.spark.read.parquet.filter.RowGroupStatisticsEvaluator;
import dev.floe.spark.read.parquet.format.ColumnChunkPages;
import dev.floe.spark.read.parquet.format.ParquetColumn;
import dev.floe.spark.read.parquet.format.ParquetFile;
import dev.floe.spark.read.parquet.format.PhysicalType;
import dev.floe.spark.read.parquet.format.RowGroup;
import dev.floe.spark.read.parquet.values.ValueSink;
import dev.floe.spark.read.parquet.values.ValueSinkFactory;
import dev.floe.table.PrimitiveType;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Floe's columnar Parquet reader: reads one split of one data file into Spark {@link
 * ColumnarBatch}es of at most {@link FileReadRequest#batchSize()} rows, with the Spark schema
 * {@link SparkSchemas#toSpark} gives for the request's projection.
 *
 * <p>The split holds the row groups whose first byte lies in {@code [start, start + length)}; row
 * groups whose statistics prove the residual cannot match are skipped. A batch never spans two row
 * groups, and memory stays bounded by one row group's projected column chunks.
 *
 * <p><b>The batch and its vectors are reused:</b> each {@link #next()} overwrites the batch the
 * previous call returned, as Spark's vectorized readers do. Copy rows out before calling {@code
 * next()} again if they must outlive it.
 *
 * <pre>{@code
 * try (ParquetColumnarReader reader = ParquetColumnarReader.open(io, request)) {
 *   while (reader.hasNext()) {
 *     ColumnarBatch batch = reader.next(); // valid until the next call
 *   }
 * }
 * }</pre>
 */
public final class ParquetColumnarReader implements CloseableIterator<ColumnarBatch> {
  private final FileReadRequest request;
  private final ParquetFile file;
  private final List<Integer> rowGroups;
  private final long[] firstRowPositions;
  private final List<ColumnNode> columns;
  private final List<Leaf> leaves;
  private final WritableColumnVector[] vectors;
  private final ColumnChunkReader.Target[] targets;
  private final List<LevelBuffer> levels = new ArrayList<>();
  private final int[][] leavesByColumn;
  private final NestedAssembler assembler;
  private final Map<ShreddedVariant, WritableColumnVector> variantLayouts = new IdentityHashMap<>();
  private final RowGroupStatisticsEvaluator statistics;
  private final RowGroupDictionaryEvaluator dictionaries;
  private final ColumnarBatch batch;
  private final long fileRowCount;
  private final List<ParquetColumn> readColumns;

  private int nextRowGroup;
  private ColumnChunkReader[] chunks;
  private long rowsLeftInRowGroup;
  private long nextPosition;
  private boolean closed;

  private ParquetColumnarReader(FileReadRequest request, ParquetFile file) {
    this.request = request;
    this.file = file;
    List<RowGroup> blocks = file.footer().rowGroups();
    this.firstRowPositions = new long[blocks.size()];
    this.rowGroups = new ArrayList<>();
    long position = 0;
    for (int index = 0; index < blocks.size(); index++) {
      // positions count the rows of every row group, also those of other splits
      firstRowPositions[index] = position;
      position += blocks.get(index).rowCount();
      if (inSplit(blocks.get(index))) {
        rowGroups.add(index);
      }
    }
    this.fileRowCount = position;
    ParquetColumnResolver.Resolution resolution =
        ParquetColumnResolver.resolve(
            request.projection(),
            file.footer().schema(),
            request.constants(),
            request.nameMapping(),
            request.location());
    this.columns = resolution.columns();
    this.leaves = resolution.leaves();
    List<ParquetColumn> read = new ArrayList<>();
    for (Leaf leaf : leaves) {
      read.add(leaf.descriptor());
    }
    this.readColumns = List.copyOf(read);
    StructType sparkSchema = SparkSchemas.toSpark(request.projection());
    this.vectors = new WritableColumnVector[columns.size()];
    this.targets = new ColumnChunkReader.Target[leaves.size()];
    this.leavesByColumn = new int[columns.size()][];
    for (int index = 0; index < leaves.size(); index++) {
      levels.add(new LevelBuffer());
    }
    ColumnVector[] batchColumns = new ColumnVector[columns.size()];
    for (int index = 0; index < columns.size(); index++) {
      batchColumns[index] = createVector(index, sparkSchema.fields()[index].dataType());
    }
    this.assembler = new NestedAssembler(levels, request.location(), variantLayouts);
    FieldIdColumns idColumns = new FieldIdColumns(file.footer().schema(), request.nameMapping());
    this.statistics = new RowGroupStatisticsEvaluator(request.residual(), idColumns);
    this.dictionaries = new RowGroupDictionaryEvaluator(request.residual(), idColumns);
    this.batch = new ColumnarBatch(batchColumns);
  }

  /** The rows of the whole file, every row group's, as its footer gives them. */
  public long fileRowCount() {
    return fileRowCount;
  }

  /** Whether a row group's first byte (its first column chunk's) lies in the split. */
  private boolean inSplit(RowGroup block) {
    long firstByte = block.startingPosition();
    return firstByte >= request.start() && firstByte - request.start() < request.length();
  }

  /** The vector of projected column {@code index}, with the leaves it holds bound to it. */
  private ColumnVector createVector(int index, DataType sparkType) {
    ColumnNode column = columns.get(index);
    if (sparkType instanceof NullType) {
      // Spark's writable vectors cannot hold NullType; a column of unknown type is always null
      ConstantColumnVector nulls = new ConstantColumnVector(request.batchSize(), sparkType);
      nulls.setNull();
      leavesByColumn[index] = new int[0];
      return nulls;
    }
    WritableColumnVector vector = new OnHeapColumnVector(request.batchSize(), sparkType);
    vectors[index] = vector;
    if (column instanceof Constant constant) {
      ConstantWriter.fill(
          vector,
          constant.field().type(),
          constant.value(),
          request.batchSize(),
          request.location());
      vector.setIsConstant();
    }
    List<Integer> columnLeaves = new ArrayList<>();
    bindTargets(column, vector, columnLeaves);
    leavesByColumn[index] = columnLeaves.stream().mapToInt(Integer::intValue).toArray();
    return vector;
  }

  /**
   * Opens a split of a Parquet data file; reads the footer now.
   *
   * @throws FileReadException when the file cannot be read
   * @throws CorruptTableException when it is not a valid Parquet file, or its columns do not
   *     convert to the table's types
   */
  public static ParquetColumnarReader open(FileIO io, FileReadRequest request) {
    ParquetFile file =
        ParquetFile.open(
            io.newInputFile(request.location(), request.fileSizeInBytes()),
            request.fileSizeInBytes(),
            request.verifyChecksums());
    try {
      return new ParquetColumnarReader(request, file);
    } catch (RuntimeException failure) {
      file.close();
      throw failure;
    }
  }

  private void bindTargets(ColumnNode node, WritableColumnVector vector, List<Integer> found) {
    if (node instanceof Leaf leaf) {
      bindLeaf(leaf, vector);
      found.add(leaf.index());
    } else if (node instanceof Struct struct) {
      for (int index = 0; index < struct.children().size(); index++) {
        bindTargets(struct.children().get(index), vector.getChild(index), found);
      }
      if (struct.levelSource().hidden()) {
        bindLeaf(struct.levelSource(), null);
        found.add(struct.levelSource().index());
      }
    } else if (node instanceof ListNode list) {
      bindTargets(list.element(), vector.arrayData(), found);
    } else if (node instanceof MapNode map) {
      bindTargets(map.key(), vector.getChild(0), found);
      bindTargets(map.value(), vector.getChild(1), found);
    } else if (node instanceof ShreddedVariant variant) {
      // the layout is assembled into a vector of its own, the values rebuilt from it
      WritableColumnVector layout =
          new OnHeapColumnVector(
              request.batchSize(), SparkSchemas.toSpark(variant.layout().field().type()));
      variantLayouts.put(variant, layout);
      bindTargets(variant.layout(), layout, found);
    }
  }

  private void bindLeaf(Leaf leaf, WritableColumnVector vector) {
    if (leaf.hidden()) {
      targets[leaf.index()] =
          new ColumnChunkReader.Target(
              new OnHeapColumnVector(request.batchSize(), DataTypes.IntegerType),
              levelsOnly -> ValueSinkFactory.discarding(),
              leaf.slots().definition(),
              new ColumnChunkReader.LeafBuffers());
      return;
    }
    PrimitiveType tableType = (PrimitiveType) leaf.field().type();
    ValueSink sink = ValueSinkFactory.create(leaf.fileType(), tableType, vector);
    if (sink == null) {
      String reason = ValueSinkFactory.whyNot(leaf.fileType(), tableType);
      throw new CorruptTableException(
          "Cannot read column "
              + leaf.field().name()
              + " (id "
              + leaf.field().fieldId()
              + ") of "
              + request.location()
              + ": file type "
              + leaf.fileType().describe()
              + " does not convert to table type "
              + tableType
              + (reason == null ? "" : ": " + reason));
    }
    targets[leaf.index()] =
        new ColumnChunkReader.Target(
            vector,
            target -> ValueSinkFactory.create(leaf.fileType(), tableType, target),
            leaf.slots().definition(),
            new ColumnChunkReader.LeafBuffers());
  }

  @Override
  public boolean hasNext() {
    while (rowsLeftInRowGroup == 0) {
      if (closed || nextRowGroup >= rowGroups.size()) {
        return false;
      }
      openRowGroup(rowGroups.get(nextRowGroup++));
    }
    return true;
  }

  private void openRowGroup(int index) {
    RowGroup block = file.footer().rowGroups().get(index);
    if (block.rowCount() == 0 || !statistics.rowsMightMatch(block)) {
      return;
    }
    if (dictionaries.usesDictionaries() && !dictionaries.rowsMightMatch(block, file)) {
      return;
    }
    Map<ParquetColumn, ColumnChunkPages> pages = file.readRowGroup(block, readColumns);
    chunks = new ColumnChunkReader[leaves.size()];
    for (Leaf leaf : leaves) {
      boolean flat = columns.contains(leaf);
      chunks[leaf.index()] =
          new ColumnChunkReader(
              leaf.descriptor(),
              pages.get(leaf.descriptor()),
              flat && keepsDictionary(leaf),
              targets[leaf.index()],
              request.location(),
              index);
    }
    rowsLeftInRowGroup = block.rowCount();
    nextPosition = firstRowPositions[index];
  }

  /**
   * Whether a flat column may keep dictionary ids in its vector: any type but boolean (booleans
   * have no dictionary), since the dictionary holds values converted to the column's Spark type.
   * Whether a batch does depends on its pages ({@link ColumnChunkReader#readFlat}).
   */
  private static boolean keepsDictionary(Leaf leaf) {
    return leaf.fileType().physicalType() != PhysicalType.BOOLEAN;
  }

  @Override
  public ColumnarBatch next() {
    if (!hasNext()) {
      throw new NoSuchElementException("No more batches in " + request.location());
    }
    int rows = (int) Math.min(request.batchSize(), rowsLeftInRowGroup);
    for (WritableColumnVector layout : variantLayouts.values()) {
      layout.reset();
    }
    for (int index = 0; index < columns.size(); index++) {
      ColumnNode column = columns.get(index);
      WritableColumnVector vector = vectors[index];
      if (column instanceof Constant || vector == null) {
        continue;
      }
      vector.reset();
      if (column instanceof Position) {
        for (int row = 0; row < rows; row++) {
          vector.putLong(row, nextPosition + row);
        }
      } else if (column instanceof Leaf leaf) {
        chunks[leaf.index()].readFlat(rows);
      } else {
        for (int leaf : leavesByColumn[index]) {
          chunks[leaf].readNested(rows, levels.get(leaf));
        }
        assembler.assemble(column, vector, rows);
      }
    }
    batch.setNumRows(rows);
    rowsLeftInRowGroup -= rows;
    nextPosition += rows;
    return batch;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      file.close();
    } finally {
      batch.close();
      variantLayouts.values().forEach(WritableColumnVector::close);
    }
  }
}
