package dev.floe.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.floe.CorruptTableException;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.expr.ExpressionJson;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TableMetadata;
import dev.floe.table.TypeId;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestPlanJsonWriter {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static final int ID = 1;
  private static final int CATEGORY = 2;
  private static final int TS = 3;
  private static final int NOTE = 4; // dropped in schema 1
  private static final int AMOUNT = 5; // added in schema 1
  private static final int NOWHERE = 99; // in no schema

  private static final Schema SCHEMA_0 =
      new Schema(
          0,
          List.of(
              NestedField.required(ID, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(CATEGORY, "category", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(TS, "ts", PrimitiveType.of(TypeId.TIMESTAMPTZ)),
              NestedField.optional(NOTE, "note", PrimitiveType.of(TypeId.STRING))),
          Set.of());
  private static final Schema SCHEMA_1 =
      new Schema(
          1,
          List.of(
              NestedField.required(ID, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(CATEGORY, "category", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(TS, "ts", PrimitiveType.of(TypeId.TIMESTAMPTZ)),
              NestedField.optional(AMOUNT, "amount", PrimitiveType.of(TypeId.DOUBLE))),
          Set.of());
  private static final PartitionSpec BY_CATEGORY =
      new PartitionSpec(0, List.of(new PartitionField(CATEGORY, 1000, "category", "identity")));
  private static final PartitionSpec BY_DAY =
      new PartitionSpec(1, List.of(new PartitionField(TS, 1001, "ts_day", "day")));

  private static final TableMetadata METADATA =
      TableMetadata.builder()
          .metadataFileLocation("/t/metadata/v4.metadata.json")
          .location("/t")
          .formatVersion(2)
          .schemas(List.of(SCHEMA_0, SCHEMA_1))
          .currentSchemaId(1)
          .specs(List.of(BY_CATEGORY, BY_DAY))
          .defaultSpecId(1)
          .build();

  private static final ColumnMetrics FILE_A_METRICS =
      new ColumnMetrics(
          Map.of(ID, 80L, CATEGORY, 40L),
          Map.of(ID, 10L, CATEGORY, 10L),
          Map.of(ID, 0L, CATEGORY, 2L),
          Map.of(),
          Map.of(ID, longBytes(1), NOTE, stringBytes("a"), NOWHERE, longBytes(7)),
          Map.of(ID, longBytes(100), NOTE, stringBytes("z")));

  private static final DataFile FILE_A =
      new DataFile(
          "/t/data/category=books/a.parquet",
          FileFormat.PARQUET,
          0,
          PartitionValues.of("books"),
          10,
          1000,
          FILE_A_METRICS,
          List.of(4L, 500L),
          0,
          null,
          ByteBuffer.wrap(new byte[] {0x0A, (byte) 0xFF}),
          3,
          3L);

  private static final DataFile FILE_B =
      new DataFile(
          "/t/data/ts_day=2022-01-08/b.parquet",
          FileFormat.PARQUET,
          1,
          PartitionValues.of(19000), // days since the epoch: 2022-01-08
          5,
          300,
          ColumnMetrics.EMPTY,
          null,
          null,
          null,
          null,
          4,
          4L);

  private static final DeleteFile FILE_A_DELETES =
      new DeleteFile(
          FileContent.POSITION_DELETES,
          "/t/data/category=books/a-deletes.parquet",
          FileFormat.PARQUET,
          0,
          PartitionValues.of("books"),
          2,
          120,
          ColumnMetrics.EMPTY,
          null,
          FILE_A.location(),
          null,
          null,
          null,
          null,
          null,
          5,
          5L);

  private static final DeleteFile ID_EQ_DELETES =
      new DeleteFile(
          FileContent.EQUALITY_DELETES,
          "/t/data/id-eq-deletes.parquet",
          FileFormat.PARQUET,
          0,
          PartitionValues.of("books"),
          1,
          90,
          ColumnMetrics.EMPTY,
          List.of(ID),
          null,
          null,
          null,
          null,
          null,
          null,
          6,
          6L);

  private static final DeleteFile FILE_B_DV =
      new DeleteFile(
          FileContent.POSITION_DELETES,
          "/t/data/deletes.puffin",
          FileFormat.PUFFIN,
          1,
          PartitionValues.of(19000),
          3,
          700,
          ColumnMetrics.EMPTY,
          null,
          FILE_B.location(),
          4L,
          40L,
          null,
          null,
          null,
          7,
          7L);

  @Test
  void writesTheCompletedPlanShape() throws IOException {
    JsonNode plan = plan(List.of(wholeFile(FILE_A, FILE_A_DELETES), wholeFile(FILE_B)));

    assertThat(plan.path("plan-status").asText()).as("plan status").isEqualTo("completed");
    assertThat(fieldNames(plan))
        .as("top-level fields")
        .containsExactly("plan-status", "delete-files", "file-scan-tasks");
    assertThat(plan.path("file-scan-tasks")).as("one task per file").hasSize(2);
    JsonNode task = plan.path("file-scan-tasks").get(1);
    assertThat(fieldNames(task))
        .as("a whole-file task has no start or length")
        .containsExactly("data-file", "delete-file-references", "residual-filter");
    assertThat(task.path("delete-file-references").isArray())
        .as("references are written even when no delete applies")
        .isTrue();
    assertThat(task.path("delete-file-references")).as("no delete applies to B").isEmpty();
    assertThat(task.path("residual-filter").isBoolean()).as("TRUE residual is JSON true").isTrue();
    assertThat(task.path("residual-filter").asBoolean()).as("TRUE residual").isTrue();
  }

  @Test
  void writesTheFalseResidualAsFalse() throws IOException {
    FileScanTask task =
        new FileScanTask(FILE_B, List.of(), Expression.alwaysFalse(), 0, FILE_B.fileSizeInBytes());

    JsonNode residual = plan(List.of(task)).path("file-scan-tasks").get(0).path("residual-filter");

    assertThat(residual.isBoolean() && !residual.asBoolean()).as("FALSE residual").isTrue();
  }

  @Test
  void writesAPredicateResidualAsRestExpressionJson() throws IOException {
    Expression residual =
        Binder.bind(
            SCHEMA_1,
            Expression.and(
                Expression.greaterThanOrEqual("ts", "2026-01-01T00:00:00+00:00"),
                Expression.notEqual("category", "eu")),
            true);
    FileScanTask task = new FileScanTask(FILE_B, List.of(), residual, 0, FILE_B.fileSizeInBytes());

    JsonNode written = plan(List.of(task)).path("file-scan-tasks").get(0).path("residual-filter");

    assertThat(written)
        .as("the residual in the REST expression JSON, values typed by the column")
        .isEqualTo(
            MAPPER.readTree(
                "{\"type\":\"and\","
                    + "\"left\":{\"type\":\"gt-eq\",\"term\":\"ts\","
                    + "\"value\":\"2026-01-01T00:00:00.000000+00:00\"},"
                    + "\"right\":{\"type\":\"not-eq\",\"term\":\"category\",\"value\":\"eu\"}}"));
    assertThat(Binder.bind(SCHEMA_1, ExpressionJson.parse(written), true))
        .as("the written residual reads back as the same bound expression")
        .isEqualTo(residual);
  }

  @Test
  void writesADataFileInTheRestForm() throws IOException {
    JsonNode file =
        plan(List.of(wholeFile(FILE_A))).path("file-scan-tasks").get(0).path("data-file");

    assertThat(file.path("content").asText()).as("content").isEqualTo("data");
    assertThat(file.path("file-path").asText()).as("path").isEqualTo(FILE_A.location());
    assertThat(file.path("file-format").asText()).as("format, lower case").isEqualTo("parquet");
    assertThat(file.path("spec-id").asInt()).as("spec id").isEqualTo(0);
    assertThat(file.path("partition").toString())
        .as("identity partition value as a JSON string")
        .isEqualTo("[\"books\"]");
    assertThat(file.path("file-size-in-bytes").asLong()).as("size").isEqualTo(1000);
    assertThat(file.path("record-count").asLong()).as("records").isEqualTo(10);
    assertThat(file.path("column-sizes").toString())
        .as("count map in field id order")
        .isEqualTo("{\"keys\":[1,2],\"values\":[80,40]}");
    assertThat(file.path("value-counts").toString())
        .as("value counts")
        .isEqualTo("{\"keys\":[1,2],\"values\":[10,10]}");
    assertThat(file.path("null-value-counts").toString())
        .as("null counts")
        .isEqualTo("{\"keys\":[1,2],\"values\":[0,2]}");
    assertThat(file.has("nan-value-counts")).as("absent metrics are left out").isFalse();
    assertThat(file.path("split-offsets").toString()).as("split offsets").isEqualTo("[4,500]");
    assertThat(file.path("sort-order-id").asInt()).as("sort order").isEqualTo(0);
    assertThat(file.path("key-metadata").asText())
        .as("key metadata in hex")
        .isEqualToIgnoringCase("0AFF");
    assertThat(file.path("data-sequence-number").asLong()).as("data sequence").isEqualTo(3);
    assertThat(file.path("file-sequence-number").asLong()).as("file sequence").isEqualTo(3);
    assertThat(file.has("first-row-id")).as("no first row id before v3").isFalse();
    assertThat(file.has("equality-ids")).as("data files have no equality ids").isFalse();
  }

  @Test
  void typesBoundsWithTheNewestSchemaThatHasTheField() throws IOException {
    JsonNode file =
        plan(List.of(wholeFile(FILE_A))).path("file-scan-tasks").get(0).path("data-file");

    assertThat(file.path("lower-bounds").toString())
        .as(
            "long bound as a number, dropped string column typed by schema 0, unknown field left out")
        .isEqualTo("{\"keys\":[1,4],\"values\":[1,\"a\"]}");
    assertThat(file.path("upper-bounds").toString())
        .as("upper bounds")
        .isEqualTo("{\"keys\":[1,4],\"values\":[100,\"z\"]}");
  }

  @Test
  void typesPartitionValuesWithTheFilesOwnSpec() throws IOException {
    JsonNode file =
        plan(List.of(wholeFile(FILE_B))).path("file-scan-tasks").get(0).path("data-file");

    assertThat(file.path("spec-id").asInt()).as("spec id").isEqualTo(1);
    assertThat(file.path("partition").toString())
        .as("a day partition value is a date")
        .isEqualTo("[\"2022-01-08\"]");
    assertThat(file.has("split-offsets")).as("no split offsets recorded").isFalse();
    assertThat(file.has("lower-bounds")).as("no bounds recorded").isFalse();
    assertThat(file.has("key-metadata")).as("not encrypted").isFalse();
  }

  @Test
  void writesEachDeleteFileOnceInFirstUseOrder() throws IOException {
    JsonNode plan =
        plan(
            List.of(
                wholeFile(FILE_A, FILE_A_DELETES, ID_EQ_DELETES),
                wholeFile(FILE_B, ID_EQ_DELETES, FILE_B_DV)));

    JsonNode deletes = plan.path("delete-files");
    assertThat(deletes).as("three distinct delete files").hasSize(3);
    assertThat(deletes.get(0).path("file-path").asText())
        .as("first used first")
        .isEqualTo(FILE_A_DELETES.location());
    assertThat(deletes.get(1).path("file-path").asText())
        .as("shared equality delete once")
        .isEqualTo(ID_EQ_DELETES.location());
    assertThat(deletes.get(2).path("file-path").asText())
        .as("deletion vector last")
        .isEqualTo(FILE_B_DV.location());
    JsonNode tasks = plan.path("file-scan-tasks");
    assertThat(tasks.get(0).path("delete-file-references").toString())
        .as("task A references")
        .isEqualTo("[0,1]");
    assertThat(tasks.get(1).path("delete-file-references").toString())
        .as("task B reuses index 1 for the shared delete")
        .isEqualTo("[1,2]");
  }

  @Test
  void writesDeleteFilesInTheRestForm() throws IOException {
    JsonNode deletes =
        plan(List.of(
                wholeFile(FILE_A, FILE_A_DELETES, ID_EQ_DELETES), wholeFile(FILE_B, FILE_B_DV)))
            .path("delete-files");

    JsonNode positions = deletes.get(0);
    assertThat(positions.path("content").asText()).as("content").isEqualTo("position-deletes");
    assertThat(positions.path("referenced-data-file").asText())
        .as("referenced data file")
        .isEqualTo(FILE_A.location());
    assertThat(positions.path("partition").toString()).as("partition").isEqualTo("[\"books\"]");
    assertThat(positions.path("data-sequence-number").asLong()).as("sequence").isEqualTo(5);
    assertThat(positions.has("equality-ids")).as("no equality ids").isFalse();

    JsonNode equality = deletes.get(1);
    assertThat(equality.path("content").asText()).as("content").isEqualTo("equality-deletes");
    assertThat(equality.path("equality-ids").toString()).as("equality ids").isEqualTo("[1]");
    assertThat(equality.path("file-sequence-number").asLong()).as("sequence").isEqualTo(6);

    JsonNode vector = deletes.get(2);
    assertThat(vector.path("file-format").asText()).as("DV format").isEqualTo("puffin");
    assertThat(vector.path("content-offset").asLong()).as("blob offset").isEqualTo(4);
    assertThat(vector.path("content-size-in-bytes").asLong()).as("blob size").isEqualTo(40);
    assertThat(vector.path("referenced-data-file").asText())
        .as("DV's data file")
        .isEqualTo(FILE_B.location());
  }

  @Test
  void typesBoundsOfThePositionDeleteColumns() throws IOException {
    int filePath = 2147483546;
    int pos = 2147483545;
    DeleteFile withBounds =
        new DeleteFile(
            FileContent.POSITION_DELETES,
            "/t/data/category=books/a-deletes-with-bounds.parquet",
            FileFormat.PARQUET,
            0,
            PartitionValues.of("books"),
            2,
            120,
            new ColumnMetrics(
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of(filePath, stringBytes(FILE_A.location()), pos, longBytes(1)),
                Map.of(filePath, stringBytes(FILE_A.location()), pos, longBytes(3))),
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            5,
            5L);

    JsonNode delete = plan(List.of(wholeFile(FILE_A, withBounds))).path("delete-files").get(0);

    assertThat(delete.path("lower-bounds").toString())
        .as("reserved pos (long) and file_path (string) columns are typed by the spec")
        .isEqualTo(
            "{\"keys\":[2147483545,2147483546],\"values\":[1,\"" + FILE_A.location() + "\"]}");
    assertThat(delete.path("upper-bounds").path("values").get(0).asLong())
        .as("upper pos")
        .isEqualTo(3);
  }

  @Test
  void writesTheRangeOfASplitTask() throws IOException {
    JsonNode plan =
        plan(
            List.of(
                new FileScanTask(FILE_A, List.of(FILE_A_DELETES), Expression.alwaysTrue(), 0, 500),
                new FileScanTask(
                    FILE_A, List.of(FILE_A_DELETES), Expression.alwaysTrue(), 500, 500)));

    JsonNode second = plan.path("file-scan-tasks").get(1);
    assertThat(second.path("start").asLong()).as("start").isEqualTo(500);
    assertThat(second.path("length").asLong()).as("length").isEqualTo(500);
    assertThat(plan.path("file-scan-tasks").get(0).path("start").asLong())
        .as("first split starts at 0")
        .isEqualTo(0);
    assertThat(plan.path("delete-files"))
        .as("delete file shared by both splits is written once")
        .hasSize(1);
    assertThat(second.path("delete-file-references").toString())
        .as("both splits reference it")
        .isEqualTo("[0]");
  }

  @Test
  void writesMetricMapsInFieldIdOrder() throws IOException {
    Map<Integer, Long> counts = new LinkedHashMap<>();
    for (int fieldId = 20; fieldId >= 1; fieldId--) {
      counts.put(fieldId, 100L + fieldId);
    }
    ColumnMetrics metrics =
        new ColumnMetrics(counts, Map.of(), Map.of(), Map.of(), Map.of(), Map.of());
    DataFile file =
        new DataFile(
            "/t/data/wide.parquet",
            FileFormat.PARQUET,
            1,
            PartitionValues.of(19000),
            1,
            10,
            metrics,
            null,
            null,
            null,
            null,
            1,
            1L);

    JsonNode sizes =
        plan(List.of(wholeFile(file))).path("file-scan-tasks").get(0).path("data-file");

    List<Integer> keys = new ArrayList<>();
    sizes.path("column-sizes").path("keys").forEach(key -> keys.add(key.asInt()));
    List<Long> values = new ArrayList<>();
    sizes.path("column-sizes").path("values").forEach(value -> values.add(value.asLong()));
    assertThat(keys).as("keys ascending whatever the map's order").isSorted().hasSize(20);
    assertThat(values.get(0)).as("values follow their keys").isEqualTo(101L);
    assertThat(values.get(19)).as("values follow their keys").isEqualTo(120L);
  }

  @Test
  void isPrettyPrintedWithUnixLineEndings() {
    List<FileScanTask> tasks =
        List.of(wholeFile(FILE_A, FILE_A_DELETES), wholeFile(FILE_B, FILE_B_DV, ID_EQ_DELETES));

    String json = PlanJsonWriter.toJson(METADATA, tasks);

    assertThat(json).as("lines end with \\n only").doesNotContain("\r");
    assertThat(json).as("pretty-printed").contains("\n  \"plan-status\" : \"completed\"");
    assertThat(json).as("ends with a newline").endsWith("}\n");
  }

  @Test
  void flushesButDoesNotCloseTheWriter() throws IOException {
    List<String> events = new ArrayList<>();
    StringWriter out =
        new StringWriter() {
          @Override
          public void flush() {
            events.add("flush");
          }

          @Override
          public void close() {
            events.add("close");
          }
        };

    PlanJsonWriter.write(METADATA, List.of(wholeFile(FILE_B)), out);

    assertThat(events).as("the caller owns the writer").contains("flush").doesNotContain("close");
    assertThat(MAPPER.readTree(out.toString()).path("file-scan-tasks"))
        .as("plan written")
        .hasSize(1);
  }

  @Test
  void theStreamFormWritesTheWriterFormsBytesAndLeavesTheStreamOpen() throws IOException {
    List<FileScanTask> tasks = List.of(wholeFile(FILE_B));
    List<String> events = new ArrayList<>();
    ByteArrayOutputStream out =
        new ByteArrayOutputStream() {
          @Override
          public void flush() {
            events.add("flush");
          }

          @Override
          public void close() {
            events.add("close");
          }
        };

    PlanJsonWriter.write(METADATA, tasks, out);

    assertThat(out.toString(StandardCharsets.UTF_8))
        .as("UTF-8 bytes of the same text")
        .isEqualTo(PlanJsonWriter.toJson(METADATA, tasks));
    assertThat(events).as("the caller owns the stream").contains("flush").doesNotContain("close");
  }

  @Test
  void writesAnEmptyPlan() throws IOException {
    JsonNode plan = plan(List.of());

    assertThat(plan.path("delete-files")).as("no deletes").isEmpty();
    assertThat(plan.path("file-scan-tasks").isArray()).as("tasks array present").isTrue();
    assertThat(plan.path("file-scan-tasks")).as("no tasks").isEmpty();
  }

  @Test
  void rejectsAFileWithAnUnknownPartitionSpec() {
    DataFile orphan =
        new DataFile(
            "/t/data/orphan.parquet",
            FileFormat.PARQUET,
            7,
            PartitionValues.EMPTY,
            1,
            10,
            ColumnMetrics.EMPTY,
            null,
            null,
            null,
            null,
            1,
            1L);

    assertThatThrownBy(() -> PlanJsonWriter.toJson(METADATA, List.of(wholeFile(orphan))))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("/t/data/orphan.parquet")
        .hasMessageContaining("partition spec 7")
        .hasMessageContaining("/t/metadata/v4.metadata.json");
  }

  @Test
  void rejectsAPartitionThatDoesNotMatchItsSpec() {
    DataFile mismatched =
        new DataFile(
            "/t/data/two-values.parquet",
            FileFormat.PARQUET,
            0,
            PartitionValues.of("books", 3),
            1,
            10,
            ColumnMetrics.EMPTY,
            null,
            null,
            null,
            null,
            1,
            1L);

    assertThatThrownBy(() -> PlanJsonWriter.toJson(METADATA, List.of(wholeFile(mismatched))))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("/t/data/two-values.parquet")
        .hasMessageContaining("2 values")
        .hasMessageContaining("1 fields");
  }

  @Test
  void rejectsABoundThatCannotBeDecoded() {
    DataFile truncated =
        new DataFile(
            "/t/data/bad-bound.parquet",
            FileFormat.PARQUET,
            0,
            PartitionValues.of("books"),
            1,
            10,
            new ColumnMetrics(
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of(ID, ByteBuffer.wrap(new byte[] {1})),
                Map.of()),
            null,
            null,
            null,
            null,
            1,
            1L);

    assertThatThrownBy(() -> PlanJsonWriter.toJson(METADATA, List.of(wholeFile(truncated))))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("/t/data/bad-bound.parquet")
        .hasMessageContaining("lower-bounds of field 1");
  }

  private static JsonNode plan(List<FileScanTask> tasks) throws IOException {
    return MAPPER.readTree(PlanJsonWriter.toJson(METADATA, tasks));
  }

  private static FileScanTask wholeFile(DataFile file, DeleteFile... deletes) {
    return new FileScanTask(
        file, List.of(deletes), Expression.alwaysTrue(), 0, file.fileSizeInBytes());
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static ByteBuffer longBytes(long value) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, value);
  }

  private static ByteBuffer stringBytes(String value) {
    return ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8));
  }
}
