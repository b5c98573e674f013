package dev.floe.spark.compat;

import java.util.Optional;
import org.apache.spark.sql.types.DataType;

/**
 * What differs between the Spark lines Floe is built for, in one class per family of lines: this is
 * Spark 3.5's ({@code connector/src/spark-3.5}); {@code connector/src/spark-4} holds the same class
 * for Spark 4.0 and later. The shared code calls these methods and nothing of Spark's API that a
 * line lacks, so each line's jar is the shared sources compiled with its own copy.
 */
public final class SparkLine {
  /** The Spark line this copy is compiled for, as users name it. */
  public static final String NAME = "3.5";

  private SparkLine() {}

  /** Spark's type for Iceberg's {@code variant}: Spark 3.5 has none. */
  public static Optional<DataType> variantType() {
    return Optional.empty();
  }

  /** Whether a Spark type is the variant type: never, on a line that has none. */
  public static boolean isVariant(DataType type) {
    return false;
  }

  /**
   * Whether Spark compares values of this type as Floe does, byte for byte: on Spark 3.5 every
   * type, since strings have no collations before Spark 4.0.
   */
  public static boolean comparesBinary(DataType type) {
    return true;
  }
}
