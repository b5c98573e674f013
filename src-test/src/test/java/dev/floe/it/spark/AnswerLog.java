package dev.floe.it.spark;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * The answers the read and delete matrices record, on a Spark line Iceberg ships a runtime for, for
 * a line it ships none for to replay with Floe alone: every read on which Floe matched Iceberg,
 * appended to the gzipped JSON lines file the system property {@value #FILE} names (Spark 4.1's
 * suite sets it; elsewhere nothing is recorded). The file is written anew by each test JVM and
 * closed when it exits; the tables stay in the kept warehouse ({@link SharedSpark#KEPT_WAREHOUSE}).
 */
final class AnswerLog {
  static final String FILE = "floe.answers.record";

  private static BufferedWriter out;

  private AnswerLog() {}

  /** Appends the read, when this JVM records answers. */
  static synchronized void record(RecordedRead read) {
    String file = System.getProperty(FILE);
    if (file == null) {
      return;
    }
    try {
      if (out == null) {
        if (System.getProperty(SharedSpark.KEPT_WAREHOUSE) == null) {
          throw new IllegalStateException(
              "Answers are recorded ("
                  + FILE
                  + ") on tables that go with the JVM: set "
                  + SharedSpark.KEPT_WAREHOUSE);
        }
        out = open(Path.of(file));
      }
      out.write(read.toJsonLine());
      out.newLine();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot record " + read.label() + " in " + file, e);
    }
  }

  private static BufferedWriter open(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    BufferedWriter writer =
        new BufferedWriter(
            new OutputStreamWriter(
                new GZIPOutputStream(Files.newOutputStream(file)), StandardCharsets.UTF_8));
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    writer.close();
                  } catch (IOException e) {
                    throw new UncheckedIOException("Cannot close the recorded answers " + file, e);
                  }
                },
                "floe-answer-log"));
    return writer;
  }
}
