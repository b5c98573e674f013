package dev.floe.scan.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.floe.FloeException;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.expr.ExpressionJson;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.task.ReadTask;
import dev.floe.scan.task.ScanContext;
import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TestTaskCodec {
  private static final StructType PARTITION_TYPE =
      new StructType(
          List.of(NestedField.optional(1000, "region", PrimitiveType.of(TypeId.STRING))));

  private static final Schema SCHEMA =
      new Schema(
          3,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "region", PrimitiveType.of(TypeId.STRING)),
              new NestedField(
                  3,
                  "price",
                  false,
                  PrimitiveType.decimal(9, 2),
                  "a doc",
                  new BigDecimal("1.50"),
                  null),
              NestedField.optional(
                  4,
                  "tags",
                  new ListType(NestedField.optional(5, "element", PrimitiveType.of(TypeId.UUID)))),
              NestedField.optional(
                  6,
                  "attributes",
                  new MapType(
                      NestedField.required(7, "key", PrimitiveType.of(TypeId.STRING)),
                      NestedField.optional(8, "value", PrimitiveType.fixed(4)))),
              NestedField.optional(
                  9,
                  "point",
                  new StructType(
                      List.of(
                          NestedField.optional(10, "x", PrimitiveType.of(TypeId.DOUBLE)),
                          NestedField.optional(11, "y", PrimitiveType.of(TypeId.DOUBLE)))))),
          Set.of(1));

  private static final Schema PROJECTION =
      new Schema(
          3,
          List.of(
              SCHEMA.findField(1),
              SCHEMA.findField(2),
              MetadataColumns.FILE_PATH,
              MetadataColumns.partition(PARTITION_TYPE)),
          Set.of());

  private static final ScanContext CONTEXT =
      new ScanContext(
          "s3a://lake/db/events",
          SCHEMA,
          PROJECTION,
          "[{\"field-id\": 1, \"names\": [\"id\"]}]",
          1024,
          7L << 20);

  private static final DeleteFile EQUALITY_DELETES =
      new DeleteFile(
          FileContent.EQUALITY_DELETES,
          "s3a://lake/db/events/data/region=eu/eq-00001.parquet",
          FileFormat.PARQUET,
          0,
          PartitionValues.of("eu"),
          12,
          900,
          ColumnMetrics.EMPTY,
          List.of(1, 2),
          null,
          null,
          null,
          List.of(),
          null,
          null,
          7,
          7L);

  private static DeleteFile deletionVector(String dataFile) {
    return new DeleteFile(
        FileContent.POSITION_DELETES,
        "s3a://lake/db/events/data/dv-00001.puffin",
        FileFormat.PUFFIN,
        0,
        PartitionValues.of("eu"),
        3,
        4096,
        ColumnMetrics.EMPTY,
        List.of(),
        dataFile,
        4L,
        40L,
        List.of(),
        null,
        ByteBuffer.wrap(new byte[] {9, 8}),
        8,
        8L);
  }

  private static DataFile dataFile(int index, String region) {
    return new DataFile(
        "s3a://lake/db/events/data/region=" + region + "/00000-" + index + "-5e3a.parquet",
        FileFormat.PARQUET,
        0,
        PartitionValues.of(region),
        10_000 + index,
        64L * 1024 * 1024,
        ColumnMetrics.EMPTY,
        List.of(),
        null,
        index % 2 == 0 ? null : 100L * index,
        null,
        5,
        index % 3 == 0 ? null : 5L);
  }

  private static ReadTask task(int index) {
    String region = index % 2 == 0 ? "eu" : "us";
    DataFile file = dataFile(index, region);
    Expression residual =
        Binder.bind(SCHEMA, Expression.greaterThan("id", (long) (index % 4)), true);
    List<DeleteFile> deletes =
        index % 5 == 0 ? List.of(EQUALITY_DELETES, deletionVector(file.location())) : List.of();
    Map<Integer, Object> constants = new HashMap<>();
    constants.put(2, region);
    constants.put(MetadataColumns.FILE_PATH_ID, file.location());
    Map<Integer, Object> partition = new LinkedHashMap<>();
    partition.put(1000, index % 7 == 0 ? null : region);
    constants.put(MetadataColumns.PARTITION_ID, partition);
    return new ReadTask(new FileScanTask(file, deletes, residual, 0, 32L * 1024 * 1024), constants);
  }

  @Test
  void contextRoundTrips() {
    ScanContext decoded = TaskCodec.decodeContext(TaskCodec.encodeContext(CONTEXT));
    assertThat(decoded).as("schemas with defaults, docs, nested types and ids").isEqualTo(CONTEXT);
    assertThat(decoded.readSchema().findField(3).initialDefault())
        .isEqualTo(new BigDecimal("1.50"));
    assertThat(decoded.nameMapping().idOf(List.of("id"))).isEqualTo(1);
  }

  @Test
  void contextRoundTripsWithChecksumsOff() {
    ScanContext unchecked =
        new ScanContext(
            CONTEXT.table(),
            SCHEMA,
            PROJECTION,
            CONTEXT.nameMappingJson(),
            CONTEXT.batchSize(),
            CONTEXT.deleteCacheBytes(),
            false);

    ScanContext decoded = TaskCodec.decodeContext(TaskCodec.encodeContext(unchecked));

    assertThat(decoded.verifyChecksums()).as("checksums turned off").isFalse();
    assertThat(decoded).as("every field of the context").isEqualTo(unchecked);
    assertThat(decoded.projection()).isEqualTo(PROJECTION);
  }

  /**
   * The residual is the one filter a task's reader evaluates: it arrives bound as the driver
   * planned it, decimals, non-ASCII strings, disjunctions and null tests included, and the tasks
   * sharing a residual share one bound expression (it is parsed and bound once per input
   * partition).
   */
  @Test
  void residualsArriveBoundAndSharedOnce() {
    Expression residual =
        Binder.bind(
            SCHEMA,
            Expression.and(
                Expression.or(
                    Expression.lessThan("price", new BigDecimal("2.50")),
                    Expression.isNull("region")),
                Expression.and(
                    Expression.notIn("region", "eu", "日本😀"), Expression.notNull("region"))),
            true);
    List<ReadTask> tasks = new ArrayList<>();
    for (int index = 0; index < 3; index++) {
      FileScanTask planned = task(index).task();
      tasks.add(
          new ReadTask(
              new FileScanTask(planned.file(), planned.deletes(), residual, 0, planned.length()),
              task(index).constants()));
    }

    List<ReadTask> decoded = TaskCodec.decodeTasks(TaskCodec.encodeTasks(tasks), CONTEXT);

    assertThat(decoded.get(0).task().residual())
        .as("the residual, bound again to the read schema")
        .isEqualTo(residual);
    assertThat(decoded.get(2).task().residual())
        .as("one bound expression for the tasks that share it")
        .isSameAs(decoded.get(0).task().residual());
  }

  @Test
  void contextOfAnotherVersionIsRefused() {
    byte[] otherVersion = TaskCodec.encodeContext(CONTEXT);
    otherVersion[3] = 3;
    assertThatThrownBy(() -> TaskCodec.decodeContext(otherVersion))
        .as("version 3 shipped the row filter and the specs beside the residuals")
        .isInstanceOf(FloeException.class)
        .hasMessageContaining("Serialized Floe tasks of version 3, this reader knows 5")
        .hasMessageContaining("use the same Floe jar on the driver and the executors");
  }

  @Test
  void tasksRoundTripWithDeletesResidualsAndConstants() {
    List<ReadTask> tasks = new ArrayList<>();
    for (int index = 0; index < 20; index++) {
      tasks.add(task(index));
    }
    List<ReadTask> decoded = TaskCodec.decodeTasks(TaskCodec.encodeTasks(tasks), CONTEXT);
    assertThat(decoded).as("every field survives the trip").isEqualTo(tasks);
    assertThat(decoded.get(0).task().deletes().get(1).referencedDataFile())
        .isEqualTo(tasks.get(0).task().file().location());
    assertThat(decoded.get(0).constants().get(MetadataColumns.PARTITION_ID))
        .as("a null partition value in a struct constant")
        .isEqualTo(tasks.get(0).constants().get(MetadataColumns.PARTITION_ID));
  }

  @Test
  void tasksOfRemovedRowsRoundTripWithTheirPriorDeletes() {
    ReadTask plain = task(0);
    DeleteFile older = deletionVector(plain.task().file().location());
    ReadTask removed =
        new ReadTask(
            plain.task(),
            plain.constants(),
            List.of(older, EQUALITY_DELETES)); // shares a delete file with the task's own
    ReadTask none = new ReadTask(task(1).task(), task(1).constants(), List.of());
    List<ReadTask> decoded =
        TaskCodec.decodeTasks(TaskCodec.encodeTasks(List.of(plain, removed, none)), CONTEXT);

    assertThat(decoded).as("prior deletes survive the trip").containsExactly(plain, removed, none);
    assertThat(decoded.get(0).readsRemovedRows()).as("a plain task reads what it leaves").isFalse();
    assertThat(decoded.get(1).priorDeletes().get(1))
        .as("a delete file shared with the task's own deletes is written once")
        .isSameAs(decoded.get(1).task().deletes().get(0));
    assertThat(decoded.get(2).readsRemovedRows())
        .as("removed rows with no prior deletes stay removed rows")
        .isTrue();
  }

  @Test
  void constantsOfEveryValueKindRoundTrip() {
    Map<Integer, Object> constants = new HashMap<>();
    constants.put(1, true);
    constants.put(2, 7);
    constants.put(3, 8L);
    constants.put(4, 1.5f);
    constants.put(5, 2.5d);
    constants.put(6, "text");
    constants.put(7, ByteBuffer.wrap(new byte[] {1, 2, 3}));
    constants.put(8, new BigDecimal("-12.345"));
    constants.put(9, UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7"));
    constants.put(10, List.of(1, 2));
    constants.put(11, Map.of("k", "v"));
    constants.put(12, null);
    ReadTask original = new ReadTask(task(1).task(), constants);
    ReadTask decoded =
        TaskCodec.decodeTasks(TaskCodec.encodeTasks(List.of(original)), CONTEXT).get(0);
    assertThat(decoded.constants()).isEqualTo(constants);
  }

  @Test
  void aThousandTasksAreCompact() throws Exception {
    List<ReadTask> tasks = new ArrayList<>();
    for (int index = 0; index < 1000; index++) {
      tasks.add(task(index));
    }
    int binary = TaskCodec.encodeTasks(tasks).length;
    int json = jsonSize(tasks);
    System.out.printf(
        "TaskCodec: 1,000 tasks in %,d bytes binary (%d per task), %,d bytes as JSON%n",
        binary, binary / 1000, json);
    assertThat(binary).as("binary against the same tasks as JSON").isLessThan(json);
  }

  /** The same tasks in the JSON form the codec was measured against. */
  private static int jsonSize(List<ReadTask> tasks) throws Exception {
    ObjectMapper mapper = new ObjectMapper();
    ArrayNode array = mapper.createArrayNode();
    for (ReadTask readTask : tasks) {
      FileScanTask task = readTask.task();
      ObjectNode json = array.addObject();
      json.put("location", task.file().location());
      json.put("format", task.file().format().name());
      json.put("spec-id", task.file().specId());
      json.putPOJO("partition", task.file().partition().asList());
      json.put("record-count", task.file().recordCount());
      json.put("file-size-in-bytes", task.file().fileSizeInBytes());
      json.put("data-sequence-number", task.file().dataSequenceNumber());
      json.put("start", task.start());
      json.put("length", task.length());
      json.set("residual", ExpressionJson.toJsonNode(task.residual()));
      ArrayNode deletes = json.putArray("deletes");
      for (DeleteFile delete : task.deletes()) {
        ObjectNode deleteJson = deletes.addObject();
        deleteJson.put("content", delete.content().name());
        deleteJson.put("location", delete.location());
        deleteJson.put("format", delete.format().name());
        deleteJson.put("record-count", delete.recordCount());
        deleteJson.put("file-size-in-bytes", delete.fileSizeInBytes());
        deleteJson.putPOJO("equality-ids", delete.equalityIds());
      }
      json.putPOJO("constants", readTask.constants().toString());
    }
    return mapper.writeValueAsBytes(array).length;
  }

  @Test
  void corruptBytesAreAFloeError() {
    byte[] bytes = TaskCodec.encodeTasks(List.of(task(0)));
    byte[] truncated = java.util.Arrays.copyOf(bytes, bytes.length / 2);
    assertThatThrownBy(() -> TaskCodec.decodeTasks(truncated, CONTEXT))
        .isInstanceOf(FloeException.class)
        .hasMessageContaining("Cannot decode the Floe tasks sent by the driver");
    byte[] otherVersion = bytes.clone();
    otherVersion[3] = 99;
    assertThatThrownBy(() -> TaskCodec.decodeTasks(otherVersion, CONTEXT))
        .isInstanceOf(FloeException.class)
        .hasMessageContaining("use the same Floe jar on the driver and the executors");
  }
}
