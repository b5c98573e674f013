package dev.floe.it.spark;

import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Floe on executors in their own JVMs ({@link LocalCluster}), against Iceberg's Spark reader on the
 * same cluster, once per serializer setting: Java serialization, Kryo, and Kryo with {@code
 * spark.kryo.registrationRequired=true} (and no registrator). Its own JVM (src-test's execution
 * {@code cluster}): one Spark context per JVM, and the other suites share a {@code local[2]} one.
 *
 * <p>The warehouse lies under the driver's working directory, so that tables can be named by a
 * relative path, which executors (working in {@code $SPARK_HOME/work/<app>/<n>}) could not resolve.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(ClusterSerializer.class)
class FloeClusterIT {
  static final Path WAREHOUSE = Paths.get("target", "cluster-warehouse").toAbsolutePath();

  static {
    SharedSpark.deleteRecursively(WAREHOUSE);
  }

  private static LocalCluster cluster;

  /** This invocation's serializer, also the name JUnit reports it under. */
  @Parameter ClusterSerializer serializer;

  @BeforeParameterizedClassInvocation
  static void startCluster(ClusterSerializer serializer) {
    cluster = LocalCluster.start(WAREHOUSE, serializer);
    cluster.spark().addFloeCatalog(ClusterReadChecks.FLOE_CATALOG, 0);
  }

  @AfterParameterizedClassInvocation
  static void stopCluster() {
    if (cluster != null) {
      cluster.stop();
      cluster = null;
    }
  }

  @Nested
  class Reads extends ClusterReadChecks {
    Reads() {
      super(cluster);
    }
  }

  @Nested
  class TableLocations extends ClusterPathChecks {
    TableLocations() {
      super(cluster);
    }
  }

  @Nested
  class ExecutorLoss extends ClusterExecutorLossChecks {
    ExecutorLoss() {
      super(cluster);
    }
  }
}
