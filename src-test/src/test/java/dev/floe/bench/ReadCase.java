package dev.floe.bench;

import java.util.Objects;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * One timed action on a reader's DataFrame; the text it returns is the answer compared across
 * readers (and with the expected answer, where one is known) before any time is reported.
 */
record ReadCase(String name, Function<Dataset<Row>, String> action) {
  ReadCase {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(action, "action");
  }
}
