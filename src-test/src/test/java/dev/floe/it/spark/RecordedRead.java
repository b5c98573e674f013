package dev.floe.it.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * One read of a fixture table and the answer recorded for it on a Spark line that Apache Iceberg
 * ships a runtime for: the schema and rows (sorted JSON, as {@link ReadResult} holds them) that
 * Floe returned there, equal to Iceberg's. A line Iceberg ships no runtime for (Spark 4.2) replays
 * the read with Floe alone and must return the same. Recorded reads travel between JVMs as gzipped
 * JSON lines ({@link AnswerLog}).
 */
record RecordedRead(
    String matrix,
    String label,
    String table,
    String identifier,
    Path location,
    long rowCount,
    ReadQuery query,
    Map<String, String> options,
    String schema,
    List<String> rows) {
  private static final ObjectMapper JSON = new ObjectMapper();

  RecordedRead {
    Objects.requireNonNull(matrix, "matrix");
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(identifier, "identifier");
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(query, "query");
    options = Map.copyOf(options);
    Objects.requireNonNull(schema, "schema");
    rows = List.copyOf(rows);
  }

  /**
   * A read of {@code table} that returned {@code answer}, in the {@code "read"} or {@code "delete"}
   * matrix.
   */
  static RecordedRead of(
      String matrix,
      String label,
      ReadFixture table,
      ReadQuery query,
      Map<String, String> options,
      ReadResult answer) {
    return new RecordedRead(
        matrix,
        label,
        table.name(),
        table.identifier(),
        table.location(),
        table.rowCount(),
        query,
        options,
        answer.schema(),
        answer.rows());
  }

  /** The table as the readers load it. */
  ReadFixture fixture() {
    return new ReadFixture(table, identifier, location, rowCount, List.of());
  }

  /** The recorded answer, to compare a replay with ({@link ReadResult#rowDifferences}). */
  ReadResult answer() {
    return new ReadResult(schema, rows);
  }

  /** This read as one line of {@link AnswerLog}'s file. */
  String toJsonLine() {
    try {
      return JSON.writeValueAsString(toJson());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the recorded read " + label, e);
    }
  }

  static List<RecordedRead> read(Path file) {
    List<RecordedRead> reads = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        reads.add(fromJson(JSON.readTree(line)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the recorded reads in " + file, e);
    }
    return List.copyOf(reads);
  }

  private ObjectNode toJson() {
    ObjectNode node = JSON.createObjectNode();
    node.put("matrix", matrix);
    node.put("label", label);
    node.put("table", table);
    node.put("identifier", identifier);
    node.put("location", location.toString());
    node.put("rowCount", rowCount);
    query.columns().forEach(node.putArray("columns")::add);
    node.put("filter", query.filter());
    node.put("splitSize", query.splitSize());
    ObjectNode optionsNode = node.putObject("options");
    new TreeMap<>(options).forEach(optionsNode::put);
    node.put("schema", schema);
    rows.forEach(node.putArray("rows")::add);
    return node;
  }

  private static RecordedRead fromJson(JsonNode node) {
    List<String> columns = new ArrayList<>();
    node.get("columns").forEach(column -> columns.add(column.asText()));
    Map<String, String> options = new TreeMap<>();
    node.get("options").properties().forEach(e -> options.put(e.getKey(), e.getValue().asText()));
    List<String> rows = new ArrayList<>();
    node.get("rows").forEach(row -> rows.add(row.asText()));
    return new RecordedRead(
        node.get("matrix").asText(),
        node.get("label").asText(),
        node.get("table").asText(),
        node.get("identifier").asText(),
        Path.of(node.get("location").asText()),
        node.get("rowCount").asLong(),
        new ReadQuery(columns, node.get("filter").asText(), node.get("splitSize").asLong()),
        options,
        node.get("schema").asText(),
        rows);
  }
}
