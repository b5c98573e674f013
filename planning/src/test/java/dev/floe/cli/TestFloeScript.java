package dev.floe.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/floe} itself, run as users run it: a copy of the script in a repository laid out as a
 * build leaves it (planning/target with Floe's jar and lib/), planning a table in a fresh JVM. The
 * script keeps a class-data sharing archive; these tests hold that a missing, stale, damaged or
 * unwritable archive never changes what a run prints, only how fast it starts.
 */
class TestFloeScript {
  @TempDir Path root;
  @TempDir Path warehouse;

  private Path script;
  private Path archive;
  private Path stamp;
  private Path table;

  /** What one run of the script returned and printed. */
  private record Run(int exitCode, String out, String err) {}

  @BeforeEach
  void layOutARepository() throws IOException, URISyntaxException {
    assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bin/floe is a bash script");
    script = root.resolve("bin/floe");
    Files.createDirectories(script.getParent());
    Files.copy(repositoryScript(), script);
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path target = Files.createDirectories(root.resolve("planning/target"));
    jarOfClasses(codeSource(FloeCli.class), target.resolve("floe-planning-0.0.0-test.jar"));
    Path lib = Files.createDirectories(target.resolve("lib"));
    for (Class<?> type :
        List.of(JsonFactory.class, ObjectMapper.class, JsonProperty.class, Schema.class)) {
      Path jar = codeSource(type);
      Files.copy(jar, lib.resolve(jar.getFileName().toString()));
    }

    archive = target.resolve("floe-cli.jsa");
    stamp = target.resolve("floe-cli.jsa.java");
    table = emptyTable();
  }

  @Test
  void theFirstPlanWritesTheArchiveAndLaterOnesMapIt() throws IOException {
    Run first = run(Map.of(), "plan", table.toString());

    assertPlanned(first, "first run");
    assertThat(archive).as("the first plan leaves an archive").isNotEmptyFile();
    assertThat(stamp).as("and names the Java it belongs to").isNotEmptyFile();
    FileTime written = Files.getLastModifiedTime(archive);

    // -Xshare:on makes the JVM fail rather than run without the archive
    Run second = run(Map.of("FLOE_JAVA_OPTS", "-Xshare:on"), "plan", table.toString());

    assertPlanned(second, "second run, the archive required");
    assertThat(second.out()).as("same plan").isEqualTo(first.out());
    assertThat(Files.getLastModifiedTime(archive))
        .as("a usable archive is not written again")
        .isEqualTo(written);
  }

  @Test
  void helpWritesNoArchive() {
    Run help = run(Map.of(), "help");

    assertThat(help.exitCode()).as("help succeeds").isZero();
    assertThat(help.out()).as("usage").startsWith("Usage:");
    assertThat(archive).as("help loads too little to archive").doesNotExist();
  }

  @Test
  void aJarNewerThanTheArchiveMakesTheNextPlanWriteItAgain() throws IOException {
    assertPlanned(run(Map.of(), "plan", table.toString()), "first run");
    FileTime old = FileTime.from(Instant.now().minusSeconds(3600));
    Files.setLastModifiedTime(archive, old);

    Run afterRebuild = run(Map.of(), "plan", table.toString());

    assertPlanned(afterRebuild, "run after a rebuild");
    assertThat(Files.getLastModifiedTime(archive))
        .as("the stale archive was replaced")
        .isGreaterThan(old);
  }

  @Test
  void anArchiveOfAnotherJavaIsWrittenAgain() throws IOException {
    assertPlanned(run(Map.of(), "plan", table.toString()), "first run");
    Files.writeString(stamp, "/opt/some-other-jdk/bin/java JAVA_VERSION=\"11\"");

    Run otherJava = run(Map.of(), "plan", table.toString());

    assertPlanned(otherJava, "run with another Java's archive");
    assertThat(Files.readString(stamp))
        .as("the archive now belongs to this Java")
        .doesNotContain("some-other-jdk");
  }

  @Test
  void aDamagedArchiveIsIgnoredSilently() throws IOException {
    assertPlanned(run(Map.of(), "plan", table.toString()), "first run");
    String expected = run(Map.of(), "plan", table.toString()).out();
    // the stamp still matches and the archive is newer than every jar: the JVM must reject it
    Files.write(archive, "not a class-data sharing archive".getBytes(StandardCharsets.UTF_8));

    Run damaged = run(Map.of(), "plan", table.toString());

    assertPlanned(damaged, "run with a damaged archive");
    assertThat(damaged.out()).as("same plan, no JVM warning in it").isEqualTo(expected);
  }

  @Test
  void anArchiveOfAnotherClasspathIsIgnoredSilently() throws IOException, URISyntaxException {
    assertPlanned(run(Map.of(), "plan", table.toString()), "first run");
    String expected = run(Map.of(), "plan", table.toString()).out();
    // a jar comes in front of those the archive's classes came from, with an old time (as a copy
    // that keeps times leaves it): no jar is newer than the archive, but the classpath differs,
    // so the JVM rejects the archive, and by default says so on standard output, into the plan
    Path spare = root.resolve("planning/target/lib/aa-spare.jar");
    Files.copy(codeSource(JsonProperty.class), spare);
    Files.setLastModifiedTime(spare, FileTime.from(Instant.now().minusSeconds(3600)));

    Run changed = run(Map.of(), "plan", table.toString());

    assertPlanned(changed, "run with another classpath's archive");
    assertThat(changed.out()).as("same plan, no JVM warning in it").isEqualTo(expected);
  }

  @Test
  void anArchiveThatCannotBeWrittenIsDoneWithout() throws IOException {
    Path notADirectory = Files.writeString(root.resolve("a-file"), "");
    Path unwritable = notADirectory.resolve("floe-cli.jsa");

    Run run = run(Map.of("FLOE_CLASS_ARCHIVE", unwritable.toString()), "plan", table.toString());

    assertPlanned(run, "run whose archive cannot be written");
    assertThat(archive).as("no archive elsewhere").doesNotExist();
  }

  @Test
  void noneRunsWithoutAnArchive() {
    Run run = run(Map.of("FLOE_CLASS_ARCHIVE", "none"), "explain", table.toString());

    assertThat(run.exitCode()).as("explain succeeds").isZero();
    assertThat(run.err()).as("nothing on stderr").isEmpty();
    assertThat(run.out()).as("explain's report").contains("result");
    assertThat(archive).as("FLOE_CLASS_ARCHIVE=none writes none").doesNotExist();
  }

  @Test
  void aFailedPlanKeepsNoArchive() {
    Run run = run(Map.of(), "plan", warehouse.resolve("missing").toString());

    assertThat(run.exitCode()).as("Floe failure exit code").isEqualTo(1);
    assertThat(run.err()).as("the failure, alone").startsWith("floe: ");
    assertThat(archive).as("a failed run archives too little").doesNotExist();
  }

  private static void assertPlanned(Run run, String what) {
    assertThat(run.exitCode()).as("%s: exit code (stderr: %s)", what, run.err()).isZero();
    assertThat(run.err()).as("%s: nothing on stderr", what).isEmpty();
    assertThat(run.out()).as("%s: the plan alone on stdout", what).startsWith("{");
    try {
      assertThat(new ObjectMapper().readTree(run.out()).path("plan-status").asText())
          .as("%s: a complete plan", what)
          .isEqualTo("completed");
    } catch (IOException e) {
      throw new UncheckedIOException(what + ": stdout is not JSON: " + run.out(), e);
    }
  }

  private Run run(Map<String, String> environment, String... arguments) {
    List<String> command = new ArrayList<>();
    command.add(script.toString());
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().remove("FLOE_JAVA_OPTS");
    builder.environment().remove("FLOE_CLASS_ARCHIVE");
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    builder.environment().putAll(environment);
    try {
      Process process = builder.start();
      process.getOutputStream().close();
      // small outputs: reading one stream to its end cannot block on the other
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      return new Run(process.waitFor(), out, err);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while running " + command, e);
    }
  }

  private static Path repositoryScript() {
    for (Path directory = Path.of("").toAbsolutePath();
        directory != null;
        directory = directory.getParent()) {
      Path candidate = directory.resolve("bin/floe");
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("No bin/floe above " + Path.of("").toAbsolutePath());
  }

  private static Path codeSource(Class<?> type) throws URISyntaxException {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static void jarOfClasses(Path classes, Path jar) throws IOException {
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
        Stream<Path> files = Files.walk(classes)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
        try (InputStream in = Files.newInputStream(file)) {
          in.transferTo(out);
        }
        out.closeEntry();
      }
    }
  }

  /** A v2 table directory whose only metadata file has a schema and no snapshot. */
  private Path emptyTable() throws IOException {
    return EmptyTableFixture.write(warehouse);
  }
}
