package dev.floe.it.spark;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorAdded;

/**
 * Spark with executors in their own JVMs: master {@code local-cluster[2,1,1024]}, whose Worker
 * launches {@code java -cp $SPARK_HOME/jars/* ... CoarseGrainedExecutorBackend}. The Spark home is
 * built from this JVM's test classpath: {@code jars/} holds links to Spark's runtime jars, without
 * Floe, Iceberg and the test libraries. Floe reaches the executors as a user's does, as the
 * packaged connector jar in {@code spark.jars}; Iceberg's Spark runtime, the oracle, too.
 *
 * <p>The Worker reads {@code SPARK_HOME} and the launcher {@code SPARK_SCALA_VERSION} from the
 * environment, which a JVM cannot change for itself: the build sets both (src-test's pom, execution
 * {@code cluster}), and this class fills the directory {@code SPARK_HOME} names.
 */
final class LocalCluster {
  static final String MASTER = "local-cluster[2,1,1024]";

  /** The system property naming the packaged connector jar (set by the pom). */
  static final String CONNECTOR_JAR_PROPERTY = "floe.connector.jar";

  /** Jars the executors must not get from Spark's home: Floe, the oracle, test libraries. */
  private static final Pattern NOT_SPARK =
      Pattern.compile(
          "(floe-|iceberg-|junit-|assertj-|opentest4j-|apiguardian-|surefire-|common-java5-"
              + "|common-junit|jazzer|duckdb_jdbc).*");

  /** Iceberg's Spark runtime for the line the suite runs on: the one on the test classpath. */
  private static final Pattern ICEBERG_RUNTIME =
      Pattern.compile("iceberg-spark-runtime-[0-9.]+_[0-9.]+-.*\\.jar");

  private final SharedSpark spark;
  private final ClusterSerializer serializer;

  private LocalCluster(SharedSpark spark, ClusterSerializer serializer) {
    this.spark = spark;
    this.serializer = serializer;
  }

  /** Starts a cluster whose Iceberg catalog {@code ice} is {@code warehouse}. */
  static LocalCluster start(Path warehouse, ClusterSerializer serializer) {
    List<Path> classpath = testClasspath();
    buildSparkHome(classpath);
    Map<String, String> settings = new HashMap<>(serializer.settings());
    settings.put("spark.jars", connectorJar() + "," + icebergRuntime(classpath));
    settings.put("spark.executor.memory", "768m");
    settings.put("spark.sql.shuffle.partitions", "2");
    SharedSpark spark = SharedSpark.start(warehouse, MASTER, settings);
    awaitExecutors(spark, 2);
    return new LocalCluster(spark, serializer);
  }

  SharedSpark spark() {
    return spark;
  }

  ClusterSerializer serializer() {
    return serializer;
  }

  /** Stops Spark; the warehouse stays for the next cluster of this JVM. */
  void stop() {
    spark.session().stop();
  }

  /**
   * Kills the JVM of executor {@code executorId} of this application with SIGKILL, as a crashed
   * machine would end it, and waits until it is gone.
   */
  void killExecutor(String executorId) {
    String application = spark.session().sparkContext().applicationId();
    List<ProcessHandle> executors =
        ProcessHandle.allProcesses()
            .filter(
                process -> {
                  List<String> arguments = arguments(process);
                  return arguments.stream()
                          .anyMatch(a -> a.endsWith("CoarseGrainedExecutorBackend"))
                      && follows(arguments, "--app-id", application)
                      && follows(arguments, "--executor-id", executorId);
                })
            .toList();
    if (executors.size() != 1) {
      throw new IllegalStateException(
          "Expected one JVM of executor "
              + executorId
              + " of "
              + application
              + ", found "
              + executors);
    }
    ProcessHandle executor = executors.get(0);
    executor.destroyForcibly();
    try {
      executor.onExit().get(30, TimeUnit.SECONDS);
    } catch (InterruptedException | ExecutionException | TimeoutException e) {
      throw new IllegalStateException("Executor " + executorId + " did not end after SIGKILL", e);
    }
  }

  /**
   * Waits until {@code count} executors have registered (the driver is not counted), woken by
   * Spark's executor-added events, for at most 60 s.
   */
  static void awaitExecutors(SharedSpark spark, int count) {
    SparkContext context = spark.session().sparkContext();
    Object registered = new Object();
    SparkListener listener =
        new SparkListener() {
          @Override
          public void onExecutorAdded(SparkListenerExecutorAdded added) {
            synchronized (registered) {
              registered.notifyAll();
            }
          }
        };
    context.addSparkListener(listener);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    try {
      synchronized (registered) {
        while (context.getExecutorMemoryStatus().size() - 1 < count) {
          long remaining = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
          if (remaining <= 0) {
            throw new IllegalStateException(
                "Fewer than "
                    + count
                    + " executors registered within 60 s: "
                    + context.getExecutorMemoryStatus().keySet());
          }
          registered.wait(remaining);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for executors", e);
    } finally {
      context.removeSparkListener(listener);
    }
  }

  private static List<String> arguments(ProcessHandle process) {
    return process.info().arguments().map(List::of).orElse(List.of());
  }

  private static boolean follows(List<String> arguments, String flag, String value) {
    for (int index = 0; index + 1 < arguments.size(); index++) {
      if (arguments.get(index).equals(flag) && arguments.get(index + 1).equals(value)) {
        return true;
      }
    }
    return false;
  }

  private static List<Path> testClasspath() {
    String classpath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<Path> entries = new ArrayList<>();
    for (String entry : classpath.split(File.pathSeparator)) {
      if (!entry.isEmpty()) {
        entries.add(Paths.get(entry));
      }
    }
    return entries;
  }

  /** {@code $SPARK_HOME/jars} made afresh: a link to each of Spark's runtime jars. */
  private static void buildSparkHome(List<Path> classpath) {
    String home = System.getenv("SPARK_HOME");
    if (home == null || home.isEmpty() || System.getenv("SPARK_SCALA_VERSION") == null) {
      throw new IllegalStateException(
          "SPARK_HOME and SPARK_SCALA_VERSION must be set for the local-cluster suite: run it"
              + " with Maven (mvn -B -pl planning,connector,src-test verify), whose execution"
              + " 'cluster' of src-test sets them");
    }
    Path jars = Paths.get(home).resolve("jars");
    try {
      SharedSpark.deleteRecursively(jars);
      Files.createDirectories(jars);
      Set<String> names = new HashSet<>();
      for (Path entry : classpath) {
        String name = entry.getFileName().toString();
        if (name.endsWith(".jar") && !NOT_SPARK.matcher(name).matches() && names.add(name)) {
          Files.createSymbolicLink(jars.resolve(name), entry.toAbsolutePath());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot build the Spark home " + home, e);
    }
  }

  private static Path connectorJar() {
    String jar = System.getProperty(CONNECTOR_JAR_PROPERTY);
    if (jar == null || !Files.isRegularFile(Paths.get(jar))) {
      throw new IllegalStateException(
          "The packaged connector jar "
              + (jar == null ? "(system property " + CONNECTOR_JAR_PROPERTY + " not set)" : jar)
              + " does not exist: package the connector in the same reactor run, e.g."
              + " mvn -B -pl planning,connector,src-test verify");
    }
    return Paths.get(jar).toAbsolutePath();
  }

  private static Path icebergRuntime(List<Path> classpath) {
    return classpath.stream()
        .filter(entry -> ICEBERG_RUNTIME.matcher(entry.getFileName().toString()).matches())
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "No iceberg-spark-runtime jar on the test classpath " + classpath));
  }
}
