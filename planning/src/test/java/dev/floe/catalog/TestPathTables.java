package dev.floe.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import dev.floe.io.FileIO;
import dev.floe.io.LocalFileIO;
import dev.floe.table.LoadedTable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestPathTables {
  /** A valid metadata file; each copy gets its own last-updated-ms to tell them apart. */
  private static final String METADATA = fixture();

  private final FileIO io = new LocalFileIO();
  @TempDir Path table;
  private Path metadata;

  @BeforeEach
  void createMetadataDirectory() throws IOException {
    metadata = Files.createDirectory(table.resolve("metadata"));
  }

  @Test
  void followsTheVersionHint() throws IOException {
    write("v1.metadata.json", 1);
    write("v2.metadata.json", 2);
    write("v5.metadata.json", 5);
    hint("2");

    LoadedTable loaded = PathTables.load(table.toString(), io);

    assertThat(loaded.metadataLocation())
        .as("hint 2; v3 does not exist, so v5 is not reached")
        .isEqualTo(metadata.resolve("v2.metadata.json").toString());
    assertThat(loaded.metadata().lastUpdatedMillis()).isEqualTo(2);
    assertThat(loaded.name()).as("the location as given").isEqualTo(table.toString());
    assertThat(loaded.io()).isSameAs(io);
  }

  @Test
  void movesPastAStaleVersionHint() throws IOException {
    write("v1.metadata.json", 1);
    write("v2.metadata.json", 2);
    writeGzip("v3.gz.metadata.json", 3);
    hint("1\n");

    assertThat(PathTables.load(table.toString(), io).metadataLocation())
        .as("a writer committed v2 and v3 after the hint")
        .isEqualTo(metadata.resolve("v3.gz.metadata.json").toString());
  }

  @Test
  void acceptsAFileNameAsHint() throws IOException {
    write("00001-4d1a7c4e.metadata.json", 1);
    write("00002-9b3e55f0.metadata.json", 2);
    write("00003-0c2f1d7a.metadata.json", 3);
    hint("00002-9b3e55f0.metadata.json");

    assertThat(PathTables.load(table.toString(), io).metadataLocation())
        .isEqualTo(metadata.resolve("00002-9b3e55f0.metadata.json").toString());
  }

  @Test
  void fallsBackToTheListingWhenTheHintNamesNoFile() throws IOException {
    write("v1.metadata.json", 1);
    write("v2.metadata.json", 2);
    hint("7");

    assertThat(PathTables.load(table.toString(), io).metadataLocation())
        .isEqualTo(metadata.resolve("v2.metadata.json").toString());
  }

  @Test
  void picksTheHighestVersionWithoutHint() throws IOException {
    write("v1.metadata.json", 1);
    write("v2.metadata.json", 2);
    write("v10.metadata.json", 10);
    write("v9.metadata.json", 9);
    Files.writeString(metadata.resolve("snap-1-abc.avro"), "not metadata");

    LoadedTable loaded = PathTables.load(table + "/", io);

    assertThat(loaded.metadataLocation())
        .as("v10 beats v9 by number, not by name")
        .isEqualTo(table + "/metadata/v10.metadata.json");
    assertThat(loaded.name()).isEqualTo(table + "/");
  }

  @Test
  void readsGzipVersions() throws IOException {
    write("v1.metadata.json", 1);
    writeGzip("v2.gz.metadata.json", 2);

    LoadedTable loaded = PathTables.load(table.toString(), io);

    assertThat(loaded.metadataLocation()).endsWith("/metadata/v2.gz.metadata.json");
    assertThat(loaded.metadata().lastUpdatedMillis()).as("decompressed").isEqualTo(2);
  }

  @Test
  void picksTheNewestUuidStyleName() throws IOException {
    write("00001-4d1a7c4e-8f2a-4e1b-9a3c-1f2e3d4c5b6a.metadata.json", 1);
    write("00010-0c2f1d7a-1b2c-4d3e-8f9a-0b1c2d3e4f5a.metadata.json", 10);
    write("00002-9b3e55f0-7a6b-4c5d-9e8f-7a6b5c4d3e2f.metadata.json", 2);

    LoadedTable loaded = PathTables.load("file:" + table, io);

    assertThat(loaded.metadataLocation())
        .as("by the number before the uuid; location style kept")
        .isEqualTo(
            "file:" + table + "/metadata/00010-0c2f1d7a-1b2c-4d3e-8f9a-0b1c2d3e4f5a.metadata.json");
    assertThat(loaded.metadata().lastUpdatedMillis()).isEqualTo(10);
  }

  @Test
  void readsAMetadataFileDirectly() throws IOException {
    write("v1.metadata.json", 1);
    write("v2.metadata.json", 2);
    String location = metadata.resolve("v1.metadata.json").toString();

    LoadedTable loaded = PathTables.load(location, io);

    assertThat(loaded.metadataLocation()).isEqualTo(location);
    assertThat(loaded.metadata().lastUpdatedMillis()).as("not the newest").isEqualTo(1);
    assertThat(loaded.name()).isEqualTo(location);
  }

  @Test
  void readsAGzipMetadataFileDirectly() throws IOException {
    writeGzip("v4.metadata.json.gz", 4);

    LoadedTable loaded = PathTables.load(metadata.resolve("v4.metadata.json.gz").toString(), io);

    assertThat(loaded.metadata().lastUpdatedMillis()).isEqualTo(4);
  }

  @Test
  void refusesAMissingMetadataFile() {
    String location = metadata.resolve("v8.metadata.json").toString();

    assertThatThrownBy(() -> PathTables.load(location, io))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("No Iceberg metadata file at " + location + ": the file does not exist");
  }

  @Test
  void refusesADirectoryWithoutTable() throws IOException {
    Files.writeString(metadata.resolve("notes.txt"), "no metadata here");
    String location = table.toString();

    assertThatThrownBy(() -> PathTables.load(location, io))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "No Iceberg table at "
                + location
                + ": no metadata/ directory with a metadata file"
                + " (looked for version-hint.text and *.metadata.json)");
    String absent = table.resolve("nowhere").toString();
    assertThatThrownBy(() -> PathTables.load(absent, io))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageStartingWith("No Iceberg table at " + absent + ": ");
  }

  private void hint(String text) throws IOException {
    Files.writeString(metadata.resolve("version-hint.text"), text);
  }

  private void write(String name, long lastUpdatedMillis) throws IOException {
    Files.writeString(metadata.resolve(name), metadataUpdatedAt(lastUpdatedMillis));
  }

  private void writeGzip(String name, long lastUpdatedMillis) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(metadataUpdatedAt(lastUpdatedMillis).getBytes(StandardCharsets.UTF_8));
    }
    Files.write(metadata.resolve(name), bytes.toByteArray());
  }

  private static String metadataUpdatedAt(long lastUpdatedMillis) {
    return METADATA.replace(
        "\"last-updated-ms\": 1602638573590", "\"last-updated-ms\": " + lastUpdatedMillis);
  }

  private static String fixture() {
    try (InputStream stream =
        TestPathTables.class.getResourceAsStream("/metadata/v2.metadata.json")) {
      String text = new String(stream.readAllBytes(), StandardCharsets.UTF_8);
      if (!text.contains("\"last-updated-ms\": 1602638573590")) {
        throw new IllegalStateException("The v2 fixture changed: last-updated-ms not found");
      }
      return text;
    } catch (IOException unreadable) {
      throw new UncheckedIOException(unreadable);
    }
  }
}
