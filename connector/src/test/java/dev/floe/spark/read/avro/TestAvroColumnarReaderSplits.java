package dev.floe.spark.read.avro;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Splits read the blocks whose sync marker starts in them; _pos counts rows of the whole file. */
class TestAvroColumnarReaderSplits {
  private static final int ROWS = 5000;
  private static final int SYNC_SIZE = 16;
  private static final String AVRO =
      """
      {"type": "record", "name": "table", "fields": [
        {"name": "id", "type": "int", "field-id": 1},
        {"name": "category", "type": ["null", "string"], "default": null, "field-id": 2}]}
      """;
  private static final Schema PROJECTION =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.INT)),
              MetadataColumns.ROW_POSITION,
              NestedField.optional(2, "category", PrimitiveType.of(TypeId.STRING))),
          Set.of());

  @TempDir Path directory;
  private Path file;
  private long fileLength;
  private List<Long> blockStarts;

  @BeforeEach
  void writeFile() throws IOException {
    org.apache.avro.Schema avro = AvroFiles.schema(AVRO);
    List<GenericRecord> records = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      GenericRecord record = new GenericData.Record(avro);
      record.put("id", i);
      record.put("category", i % 13 == 0 ? null : "c" + (i % 17));
      records.add(record);
    }
    file = AvroFiles.write(directory.resolve("split.avro"), avro, records, 512);
    fileLength = Files.size(file);
    blockStarts = new ArrayList<>();
    try (DataFileReader<GenericRecord> reader =
        new DataFileReader<>(file.toFile(), new GenericDatumReader<>())) {
      while (reader.hasNext()) {
        blockStarts.add(reader.previousSync());
        reader.nextBlock();
      }
    }
  }

  @Test
  void splitsOfAnyBoundariesReadEveryRowOnceWithItsFilePosition() {
    assertThat(blockStarts).as("the file has many blocks").hasSizeGreaterThan(20);
    for (int splits : new int[] {1, 2, 3, 7, 40}) {
      List<List<Object>> rows = new ArrayList<>();
      long splitLength = fileLength / splits + 1;
      int nonEmpty = 0;
      for (long start = 0; start < fileLength; start += splitLength) {
        List<List<Object>> split = read(start, Math.min(splitLength, fileLength - start));
        nonEmpty += split.isEmpty() ? 0 : 1;
        rows.addAll(split);
      }
      assertThat(nonEmpty).as("%s splits that hold rows", splits).isEqualTo(splits);
      assertRowsAreTheFile(rows, splits + " splits");
    }
  }

  @Test
  void aSplitStartingOnASyncMarkerHoldsTheBlockAfterIt() {
    long syncMarker = blockStarts.get(5) - SYNC_SIZE;
    List<List<Object>> before = read(0, syncMarker);
    List<List<Object>> after = read(syncMarker, fileLength - syncMarker);

    assertThat(after).as("the split starting on the marker holds its block").isNotEmpty();
    assertThat(after.get(0).get(0))
        .as("the first row after the marker follows the last row before it")
        .isEqualTo(before.size());
    List<List<Object>> rows = new ArrayList<>(before);
    rows.addAll(after);
    assertRowsAreTheFile(rows, "split on a sync marker");
  }

  @Test
  void aSplitStartingJustAfterASyncMarkerLeavesItsBlockToThePreviousSplit() {
    long justAfter = blockStarts.get(5) - SYNC_SIZE + 1;
    List<List<Object>> before = read(0, justAfter);
    List<List<Object>> after = read(justAfter, fileLength - justAfter);

    assertThat(before.get(before.size() - 1).get(1))
        .as("the block after the marker belongs to the split holding the marker's first byte")
        .isEqualTo((long) before.size() - 1);
    List<List<Object>> rows = new ArrayList<>(before);
    rows.addAll(after);
    assertRowsAreTheFile(rows, "split one byte after a sync marker");
  }

  @Test
  void withoutRowPositionsASplitDoesNotNeedEarlierBlocks() {
    Schema idsOnly =
        new Schema(
            0, List.of(NestedField.required(1, "id", PrimitiveType.of(TypeId.INT))), Set.of());
    long start = blockStarts.get(10) - SYNC_SIZE;
    List<List<Object>> rows =
        AvroFiles.readRows(
            AvroFiles.request(file, idsOnly, Map.of(), null, start, fileLength - start, 1000));

    assertThat(rows.get(0).get(0))
        .as("the split starts with the tenth block's first row")
        .isEqualTo(rowsBeforeBlock(10));
    assertThat(rows).as("every row from the tenth block on").hasSize(ROWS - rowsBeforeBlock(10));
  }

  private int rowsBeforeBlock(int block) {
    List<List<Object>> before = read(0, blockStarts.get(block) - SYNC_SIZE);
    return before.size();
  }

  private List<List<Object>> read(long start, long length) {
    return AvroFiles.readRows(
        AvroFiles.request(file, PROJECTION, Map.of(), null, start, length, 333));
  }

  private static void assertRowsAreTheFile(List<List<Object>> rows, String description) {
    assertThat(rows).as("%s: every row once", description).hasSize(ROWS);
    for (int i = 0; i < ROWS; i++) {
      List<Object> row = rows.get(i);
      assertThat(row)
          .as("%s: row %s with its file position", description, i)
          .containsExactly(i, (long) i, i % 13 == 0 ? null : "c" + (i % 17));
    }
  }
}
