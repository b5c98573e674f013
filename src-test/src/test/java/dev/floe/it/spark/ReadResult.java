package dev.floe.it.spark;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * What a read returned, normalised for comparison: the schema as Spark prints it (names, types and
 * nullability at every nesting level) and the rows as a multiset of their JSON form (Spark's own
 * serialisation: exact for every type, NaN and -0.0 included, binary as base64), sorted.
 */
record ReadResult(String schema, List<String> rows) {
  private static final int SHOWN_DIFFERENCES = 10;

  ReadResult {
    rows = rows.stream().sorted().toList();
  }

  static ReadResult of(Dataset<Row> rows) {
    return new ReadResult(schemaOf(rows), rows.toJSON().collectAsList());
  }

  /** The schema alone: Spark resolves it without running a job. */
  static String schemaOf(Dataset<Row> rows) {
    StructType schema = rows.schema();
    return schema.treeString();
  }

  /**
   * The rows one side has more often than the other, at most a few of each, or an empty string when
   * the multisets are equal.
   */
  String rowDifferences(ReadResult expected) {
    List<String> missing = surplus(expected.rows, rows);
    List<String> unexpected = surplus(rows, expected.rows);
    if (missing.isEmpty() && unexpected.isEmpty()) {
      return "";
    }
    return String.format(
        "%d rows, expected %d; %d missing, e.g. %s; %d unexpected, e.g. %s",
        rows.size(),
        expected.rows.size(),
        missing.size(),
        missing.subList(0, Math.min(SHOWN_DIFFERENCES, missing.size())),
        unexpected.size(),
        unexpected.subList(0, Math.min(SHOWN_DIFFERENCES, unexpected.size())));
  }

  private static List<String> surplus(List<String> these, List<String> others) {
    Map<String, Integer> counts = new HashMap<>();
    others.forEach(row -> counts.merge(row, 1, Integer::sum));
    List<String> surplus = new ArrayList<>();
    for (String row : these) {
      Integer count = counts.get(row);
      if (count == null || count == 0) {
        surplus.add(row);
      } else {
        counts.put(row, count - 1);
      }
    }
    return surplus;
  }

  /**
   * The schema of Iceberg's rows as Floe shows them: Iceberg's Spark reader shows {@code _spec_id}
   * nullable since Iceberg 1.11, although the column is required and never null; Floe keeps it
   * required, as Iceberg 1.10 did.
   */
  static String schemaOfIceberg(Dataset<Row> rows) {
    return schemaOf(rows)
        .replace("_spec_id: integer (nullable = true)", "_spec_id: integer (nullable = false)");
  }
}
