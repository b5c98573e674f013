package dev.floe.scan;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.floe.expr.Expression;
import dev.floe.expr.ExpressionJson;
import dev.floe.manifest.DeleteFile;
import dev.floe.table.TableMetadata;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a plan in the shape of the Iceberg REST catalog's completed {@code PlanTableScan} result,
 * so that tools that read REST scan plans can read Floe's:
 *
 * <pre>{@code
 * {
 *   "plan-status" : "completed",
 *   "delete-files" : [ {"content" : "position-deletes", "file-path" : "...", ...} ],
 *   "file-scan-tasks" : [ {
 *     "data-file" : {"content" : "data", "file-path" : "...", ...},
 *     "delete-file-references" : [ 0 ],
 *     "residual-filter" : true
 *   } ]
 * }
 * }</pre>
 *
 * <p>Each delete file is written once in {@code delete-files}, in the order tasks first use it;
 * tasks point at it by its index there. {@code delete-file-references} is written for every task,
 * empty when no delete applies. Content files take the REST spec's JSON form ({@code ContentFile},
 * {@code DataFile}, {@code PositionDeleteFile}, {@code EqualityDeleteFile}): partition values as an
 * array in spec field order, metric maps as {@code {"keys":[...],"values":[...]}}, and bounds as
 * typed JSON single values. A task's {@code residual-filter} is its residual in the REST expression
 * JSON ({@link ExpressionJson}): {@code true} when no row needs checking.
 *
 * <p>Floe adds fields the REST spec does not define; REST clients ignore fields they do not know:
 *
 * <ul>
 *   <li>{@code data-sequence-number} and {@code file-sequence-number} on every content file (the
 *       file sequence number only when known), the values after inheritance that decide which
 *       deletes apply;
 *   <li>{@code start} and {@code length} on a task that reads a byte range rather than the whole
 *       file.
 * </ul>
 *
 * <p>The plan status is written as {@code plan-status}, the name Floe's plan contract fixes (and
 * Iceberg's Java client used up to 1.10); the current REST spec names it {@code status}.
 *
 * <p>The output is deterministic: the same metadata and tasks give the same bytes (metric maps are
 * written in field id order, lines end with {@code \n} on every platform).
 */
public final class PlanJsonWriter {
  private static final JsonFactory JSON = new ObjectMapper().getFactory();

  private PlanJsonWriter() {}

  /**
   * Writes the plan of {@code tasks} to {@code out}, pretty-printed and followed by a newline. The
   * writer is flushed, not closed.
   *
   * @param metadata the metadata of the table the tasks were planned from: its partition specs type
   *     the partition values, its schemas type the bounds
   * @throws IOException when {@code out} fails
   * @throws dev.floe.CorruptTableException when a file names a partition spec the metadata lacks,
   *     or holds a bound that cannot be decoded
   */
  public static void write(TableMetadata metadata, List<FileScanTask> tasks, Writer out)
      throws IOException {
    write(metadata, tasks, JSON.createGenerator(out));
    out.flush();
  }

  /**
   * Writes the plan of {@code tasks} to {@code out} as UTF-8, as {@link #write(TableMetadata, List,
   * Writer)} does; the stream is flushed, not closed. The faster form for bytes going to a file or
   * a pipe: Jackson encodes straight to bytes, with no {@code Writer} encoding its characters again
   * (for a plan of 100,000 files with metrics, about 130 MB, that encoding took a second of the
   * CLI's time).
   */
  public static void write(TableMetadata metadata, List<FileScanTask> tasks, OutputStream out)
      throws IOException {
    write(metadata, tasks, JSON.createGenerator(out, JsonEncoding.UTF8));
    out.flush();
  }

  private static void write(
      TableMetadata metadata, List<FileScanTask> tasks, JsonGenerator generator)
      throws IOException {
    Map<DeleteFile, Integer> deleteIndexes = indexDeletes(tasks);
    ContentFileJson files = new ContentFileJson(metadata);
    generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    generator.setPrettyPrinter(platformIndependentPrettyPrinter());

    generator.writeStartObject();
    generator.writeStringField("plan-status", "completed");
    generator.writeArrayFieldStart("delete-files");
    for (DeleteFile delete : deleteIndexes.keySet()) {
      files.write(delete, generator);
    }
    generator.writeEndArray();
    generator.writeArrayFieldStart("file-scan-tasks");
    for (FileScanTask task : tasks) {
      writeTask(task, deleteIndexes, files, generator);
    }
    generator.writeEndArray();
    generator.writeEndObject();
    generator.writeRaw('\n');
    generator.close();
  }

  /** The plan of {@code tasks} as a string; see {@link #write(TableMetadata, List, Writer)}. */
  public static String toJson(TableMetadata metadata, List<FileScanTask> tasks) {
    StringWriter out = new StringWriter();
    try {
      write(metadata, tasks, out);
    } catch (IOException e) {
      throw new UncheckedIOException("Writing to a StringWriter cannot fail", e);
    }
    return out.toString();
  }

  private static Map<DeleteFile, Integer> indexDeletes(List<FileScanTask> tasks) {
    // Record equality, not the path: deletion vectors of different data files share a Puffin file.
    Map<DeleteFile, Integer> indexes = new LinkedHashMap<>();
    for (FileScanTask task : tasks) {
      for (DeleteFile delete : task.deletes()) {
        indexes.putIfAbsent(delete, indexes.size());
      }
    }
    return indexes;
  }

  private static void writeTask(
      FileScanTask task,
      Map<DeleteFile, Integer> deleteIndexes,
      ContentFileJson files,
      JsonGenerator generator)
      throws IOException {
    generator.writeStartObject();
    generator.writeFieldName("data-file");
    files.write(task.file(), generator);
    generator.writeArrayFieldStart("delete-file-references");
    for (DeleteFile delete : task.deletes()) {
      generator.writeNumber(deleteIndexes.get(delete));
    }
    generator.writeEndArray();
    generator.writeFieldName("residual-filter");
    writeResidual(task.residual(), generator);
    if (!task.isWholeFile()) {
      generator.writeNumberField("start", task.start());
      generator.writeNumberField("length", task.length());
    }
    generator.writeEndObject();
  }

  private static void writeResidual(Expression residual, JsonGenerator generator)
      throws IOException {
    JsonTreeWriter.write(ExpressionJson.toJsonNode(residual), generator);
  }

  private static DefaultPrettyPrinter platformIndependentPrettyPrinter() {
    // Arrays stay on one line ([ 1, 2 ]); objects break lines, always with \n.
    return new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
  }
}
