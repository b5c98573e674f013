package dev.floe.bench;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.launcher.JavaModuleOptions;

/**
 * Runs a Spark benchmark's main class again in a JVM of its own when this JVM cannot start Spark.
 * The {@code bench} profile runs its main class inside Maven's JVM ({@code exec:java}), which lacks
 * the {@code --add-opens} flags Spark needs on Java 17 (without them Spark fails as it starts, on
 * {@code sun.nio.ch.DirectBuffer}). The child gets Spark's own list of those flags (what {@code
 * spark-submit} adds), the heap the benchmark asks for, this JVM's {@code bench.*} properties, the
 * classpath {@code exec:java} built, and Spark bound to loopback; its output is this JVM's.
 */
final class SparkBenchmarkJvm {
  /** What the root pom's {@code spark.test.jvm.flags} adds to Spark's own list. */
  private static final List<String> EXTRA_FLAGS =
      List.of("-Dio.netty.tryReflectionSetAccessible=true");

  private SparkBenchmarkJvm() {}

  /** Whether Spark can start here: {@code java.base} opens {@code sun.nio.ch} to this code. */
  static boolean canStartSpark() {
    return Object.class.getModule().isOpen("sun.nio.ch", SparkBenchmarkJvm.class.getModule());
  }

  /**
   * Runs {@code mainClass} in a child JVM with {@code -Xmx<heap>} and waits for it; fails unless it
   * exits with status 0 (it has printed why).
   */
  static void run(Class<?> mainClass, String heap) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(Arrays.asList(JavaModuleOptions.defaultModuleOptions().split("\\s+")));
    command.addAll(EXTRA_FLAGS);
    command.add("-Xmx" + heap);
    benchmarkProperties().forEach((name, value) -> command.add("-D" + name + "=" + value));
    command.add("-classpath");
    command.add(classpath());
    command.add(mainClass.getName());
    ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    System.out.println(
        mainClass.getSimpleName() + ": starting a JVM with Spark's module flags and -Xmx" + heap);
    Process process = builder.start();
    int status;
    try {
      status = process.waitFor();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while " + mainClass.getSimpleName() + " ran", e);
    }
    if (status != 0) {
      throw new IllegalStateException(
          mainClass.getSimpleName()
              + " failed in its JVM (exit status "
              + status
              + "); its output above says why");
    }
  }

  /** This JVM and machine, for a report's environment lines. */
  static String javaAndMachine() {
    Runtime runtime = Runtime.getRuntime();
    return String.format(
        java.util.Locale.ROOT,
        "Java %s (%s), %s %s, %d available processors, max heap %.1f GB",
        System.getProperty("java.runtime.version"),
        System.getProperty("java.vm.name"),
        System.getProperty("os.name"),
        System.getProperty("os.arch"),
        runtime.availableProcessors(),
        runtime.maxMemory() / 1e9);
  }

  private static Map<String, String> benchmarkProperties() {
    Map<String, String> properties = new TreeMap<>();
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith("bench.")) {
        properties.put(name, System.getProperty(name));
      }
    }
    return properties;
  }

  /**
   * The classpath this code was loaded from: the URLs of the class loaders {@code exec:java} built
   * (Maven's own {@code java.class.path} holds only its launcher), else {@code java.class.path}.
   */
  private static String classpath() {
    List<String> entries = new ArrayList<>();
    ClassLoader system = ClassLoader.getSystemClassLoader();
    for (ClassLoader loader = SparkBenchmarkJvm.class.getClassLoader();
        loader != null && loader != system;
        loader = loader.getParent()) {
      if (loader instanceof URLClassLoader urls) {
        for (URL url : urls.getURLs()) {
          entries.add(path(url));
        }
      }
    }
    return entries.isEmpty()
        ? System.getProperty("java.class.path")
        : String.join(File.pathSeparator, entries);
  }

  private static String path(URL url) {
    try {
      return Path.of(url.toURI()).toString();
    } catch (URISyntaxException | IllegalArgumentException e) {
      throw new IllegalStateException("Not a file on the classpath: " + url, e);
    }
  }
}
