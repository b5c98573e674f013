package dev.floe.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A format v2 table with no snapshot, written as metadata files for the command line's tests. */
final class EmptyTableFixture {
  private EmptyTableFixture() {}

  /** Writes the table into {@code warehouse/empty} and returns its directory. */
  static Path write(Path warehouse) throws IOException {
    Path table = warehouse.resolve("empty");
    Path metadata = Files.createDirectories(table.resolve("metadata"));
    Files.writeString(
        metadata.resolve("v1.metadata.json"),
        """
        {
          "format-version": 2,
          "table-uuid": "0e4b5bb1-6a7a-4a3c-9b1e-6cfa3e7d2a10",
          "location": "%s",
          "last-sequence-number": 0,
          "last-updated-ms": 1767225600000,
          "last-column-id": 1,
          "current-schema-id": 0,
          "schemas": [
            {"type": "struct", "schema-id": 0,
             "fields": [{"id": 1, "name": "id", "required": true, "type": "long"}]}
          ],
          "default-spec-id": 0,
          "partition-specs": [{"spec-id": 0, "fields": []}],
          "last-partition-id": 999,
          "default-sort-order-id": 0,
          "sort-orders": [{"order-id": 0, "fields": []}],
          "properties": {},
          "current-snapshot-id": -1,
          "refs": {},
          "snapshots": [],
          "snapshot-log": [],
          "metadata-log": []
        }
        """
            .formatted(table));
    Files.writeString(metadata.resolve("version-hint.text"), "1");
    return table;
  }
}
