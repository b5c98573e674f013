package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestReadResult {
  private static final String SCHEMA = "root\n |-- id: long (nullable = false)\n";

  @Test
  void equalMultisetsInAnyOrderHaveNoDifferences() {
    ReadResult expected = new ReadResult(SCHEMA, List.of("{\"id\":1}", "{\"id\":2}", "{\"id\":2}"));
    ReadResult actual = new ReadResult(SCHEMA, List.of("{\"id\":2}", "{\"id\":1}", "{\"id\":2}"));
    assertThat(actual.rowDifferences(expected)).as("same rows, other order").isEmpty();
  }

  @Test
  void aDuplicateOrAMissingRowIsADifference() {
    ReadResult expected = new ReadResult(SCHEMA, List.of("{\"id\":1}", "{\"id\":2}"));
    ReadResult duplicated =
        new ReadResult(SCHEMA, List.of("{\"id\":1}", "{\"id\":2}", "{\"id\":2}"));
    assertThat(duplicated.rowDifferences(expected))
        .as("a row read twice")
        .contains("3 rows, expected 2; 0 missing")
        .contains("1 unexpected, e.g. [{\"id\":2}]");
    ReadResult missing = new ReadResult(SCHEMA, List.of("{\"id\":1}"));
    assertThat(missing.rowDifferences(expected))
        .as("a row not read")
        .contains("1 missing, e.g. [{\"id\":2}]; 0 unexpected");
  }
}
