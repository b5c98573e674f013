package dev.floe.rest;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A server run as a child JVM from a self-contained jar: its own classpath never meets Spark's. Its
 * output goes to a log file that every failure message names.
 */
final class ServerProcess {
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

  private final String name;
  private final Process process;
  private final Path log;

  private ServerProcess(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  /**
   * Starts {@code mainClass} of {@code jar} with {@code arguments}, and {@code environment} added
   * to this JVM's, through {@link ServerLauncher}.
   */
  static ServerProcess start(
      String name,
      Path jar,
      String mainClass,
      List<String> arguments,
      Map<String, String> environment,
      Path log) {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          "Cannot start the "
              + name
              + ": "
              + jar
              + " is missing; run the module through Maven (mvn -B verify), whose"
              + " maven-dependency-plugin copies the server jars to target/servers");
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx512m");
    command.add("-cp");
    command.add(jar + File.pathSeparator + launcherClasses());
    command.add(ServerLauncher.class.getName());
    command.add(mainClass);
    command.addAll(arguments);
    try {
      Files.createDirectories(log.getParent());
      ProcessBuilder builder =
          new ProcessBuilder(command)
              // Standard input stays a pipe: ServerLauncher ends the server when it closes.
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .directory(log.getParent().toFile());
      builder.environment().putAll(environment);
      return new ServerProcess(name, builder.start(), log);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start the " + name + " (" + command + ")", e);
    }
  }

  private static Path launcherClasses() {
    try {
      return Path.of(
          ServerLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("Cannot locate the test classes holding ServerLauncher", e);
    }
  }

  /**
   * Polls {@code probe} until it answers with any HTTP status (the server is listening and
   * routing), failing early when the process dies.
   */
  void awaitReady(URI probe) {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "The " + name + " exited with " + process.exitValue() + " while starting; see " + log);
      }
      try {
        client.send(
            HttpRequest.newBuilder(probe).timeout(Duration.ofSeconds(2)).GET().build(),
            HttpResponse.BodyHandlers.discarding());
        return;
      } catch (IOException notYetListening) {
        pause();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while waiting for the " + name, e);
      }
    }
    stop();
    throw new IllegalStateException(
        "The " + name + " did not answer " + probe + " within " + READY_TIMEOUT + "; see " + log);
  }

  Path log() {
    return log;
  }

  boolean alive() {
    return process.isAlive();
  }

  void stop() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private static void pause() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for a server", e);
    }
  }
}
