package dev.floe.spark.compat;

import java.util.Optional;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.VariantType;

/**
 * What differs between the Spark lines Floe is built for, in one class per family of lines: this is
 * Spark 4's ({@code connector/src/spark-4}, compiled into the 4.0, 4.1 and 4.2 jars); {@code
 * connector/src/spark-3.5} holds the same class for Spark 3.5. The shared code calls these methods
 * and nothing of Spark's API that a line lacks.
 */
public final class SparkLine {
  /** The Spark line this copy is compiled for, as users name it. */
  public static final String NAME = "4";

  private SparkLine() {}

  /** Spark's type for Iceberg's {@code variant}: {@code VariantType} since Spark 4.0. */
  public static Optional<DataType> variantType() {
    return Optional.of(DataTypes.VariantType);
  }

  /** Whether a Spark type is the variant type. */
  public static boolean isVariant(DataType type) {
    return type instanceof VariantType;
  }

  /**
   * Whether Spark compares values of this type as Floe does, byte for byte. A string under a
   * collation that is not binary (case or accent insensitive, trimming) compares otherwise: a
   * predicate on such a value is not Floe's to evaluate or to prune by. Every other type is.
   */
  public static boolean comparesBinary(DataType type) {
    return !(type instanceof StringType string) || string.supportsBinaryEquality();
  }
}
