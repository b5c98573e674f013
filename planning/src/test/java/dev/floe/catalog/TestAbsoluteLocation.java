package dev.floe.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.io.LocalFileIO;
import dev.floe.table.LoadedTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every location a user may give for a path table is made absolute on the driver, with symbolic
 * links resolved, before its metadata file's location travels to executors whose working directory
 * is another; other schemes are left as given.
 */
class TestAbsoluteLocation {
  private static final Path WORKING_DIRECTORY = Paths.get("").toAbsolutePath();

  @TempDir Path temporary;
  private Path table;
  private Path link;

  /** A directory under the working directory (the module's), to name by a relative path. */
  private Path underWorkingDirectory;

  @BeforeEach
  void createTableAndLink() throws IOException {
    table = Files.createDirectories(temporary.resolve("real").resolve("t")).toRealPath();
    Path metadata = Files.createDirectory(table.resolve("metadata"));
    try (InputStream fixture = getClass().getResourceAsStream("/metadata/v2.metadata.json")) {
      Files.copy(fixture, metadata.resolve("v1.metadata.json"));
    }
    link = Files.createSymbolicLink(temporary.resolve("link"), table.getParent());
    Files.createDirectories(WORKING_DIRECTORY.resolve("target"));
    underWorkingDirectory =
        Files.createTempDirectory(WORKING_DIRECTORY.resolve("target"), "relative-table");
  }

  @AfterEach
  void deleteRelativeDirectory() throws IOException {
    Files.deleteIfExists(underWorkingDirectory);
  }

  @Test
  void makesARelativePathAbsolute() {
    String relative = "target/" + underWorkingDirectory.getFileName();

    assertThat(PathTables.absoluteLocation(relative))
        .isEqualTo(WORKING_DIRECTORY.resolve(relative).toString());
    assertThat(PathTables.absoluteLocation("./" + relative + "/"))
        .as("dot segment and trailing slash of an existing directory go")
        .isEqualTo(WORKING_DIRECTORY.resolve(relative).toString());
  }

  @Test
  void makesAMissingRelativePathAbsoluteAsWritten() {
    assertThat(PathTables.absoluteLocation("no/such/table"))
        .isEqualTo(WORKING_DIRECTORY + "/no/such/table");
  }

  @Test
  void makesAFileUriWithARelativePathAbsolute() {
    String relative = "target/" + underWorkingDirectory.getFileName();

    assertThat(PathTables.absoluteLocation("file:" + relative))
        .isEqualTo("file:" + WORKING_DIRECTORY.resolve(relative));
  }

  @Test
  void resolvesSymbolicLinks() {
    assertThat(PathTables.absoluteLocation(link + "/t")).isEqualTo(table.toString());
    assertThat(PathTables.absoluteLocation("file:" + link + "/t")).isEqualTo("file:" + table);
    assertThat(PathTables.absoluteLocation("file://" + link + "/t"))
        .as("an empty authority goes")
        .isEqualTo("file:" + table);
    assertThat(PathTables.absoluteLocation("file://localhost" + link + "/t"))
        .isEqualTo("file:" + table);
    assertThat(PathTables.absoluteLocation(link + "/t/metadata/v1.metadata.json"))
        .as("a metadata file in a linked directory")
        .isEqualTo(table + "/metadata/v1.metadata.json");
  }

  @Test
  void keepsAnAbsolutePathWithoutLinks() {
    assertThat(PathTables.absoluteLocation(table.toString())).isEqualTo(table.toString());
    assertThat(PathTables.absoluteLocation("file:" + table)).isEqualTo("file:" + table);
    assertThat(PathTables.absoluteLocation("/no/such/table")).isEqualTo("/no/such/table");
  }

  @Test
  void leavesOtherSchemesAndHostsAsGiven() {
    assertThat(PathTables.absoluteLocation("s3a://bucket/db/t")).isEqualTo("s3a://bucket/db/t");
    assertThat(PathTables.absoluteLocation("hdfs://namenode:8020/wh/t"))
        .isEqualTo("hdfs://namenode:8020/wh/t");
    assertThat(PathTables.absoluteLocation("file://otherhost/wh/t"))
        .as("LocalFileIO refuses another host with its own message")
        .isEqualTo("file://otherhost/wh/t");
    assertThat(PathTables.absoluteLocation("")).isEmpty();
  }

  @Test
  void loadsThroughALinkFromTheRealLocationUnderTheGivenName() {
    String given = link + "/t";

    LoadedTable loaded = PathTables.load(given, new LocalFileIO());

    assertThat(loaded.name()).as("the location as given").isEqualTo(given);
    assertThat(loaded.metadataLocation())
        .as("read from the link's target")
        .isEqualTo(table + "/metadata/v1.metadata.json");
  }
}
