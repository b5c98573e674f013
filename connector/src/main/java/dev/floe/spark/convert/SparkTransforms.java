package dev.floe.spark.convert;

import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.Transform;

/** A partition spec as the Spark transforms that {@code DESCRIBE TABLE} lists. */
public final class SparkTransforms {
  private static final Pattern WITH_WIDTH = Pattern.compile("(bucket|truncate)\\[\\s*(\\d+)\\s*]");

  private SparkTransforms() {}

  /**
   * The transforms of {@code spec}, on columns named by {@code schema}, in spec order; {@code void}
   * fields and fields whose source column {@code schema} lacks are left out.
   */
  public static Transform[] of(PartitionSpec spec, Schema schema) {
    List<Transform> transforms = new ArrayList<>();
    for (PartitionField field : spec.fields()) {
      String column = schema.findColumnName(field.sourceId());
      String transform = field.transform().trim().toLowerCase(Locale.ROOT);
      if (column == null || transform.equals("void")) {
        continue;
      }
      transforms.add(transform(transform, column));
    }
    return transforms.toArray(new Transform[0]);
  }

  private static Transform transform(String transform, String column) {
    Matcher withWidth = WITH_WIDTH.matcher(transform);
    if (withWidth.matches()) {
      int width = Integer.parseInt(withWidth.group(2));
      if (withWidth.group(1).equals("bucket")) {
        return Expressions.bucket(width, column);
      }
      return Expressions.apply("truncate", Expressions.literal(width), Expressions.column(column));
    }
    switch (transform) {
      case "identity":
        return Expressions.identity(column);
      case "year":
        return Expressions.years(column);
      case "month":
        return Expressions.months(column);
      case "day":
        return Expressions.days(column);
      case "hour":
        return Expressions.hours(column);
      default:
        // a transform Spark has no name for still shows, by its Iceberg name
        return Expressions.apply(transform, Expressions.column(column));
    }
  }
}
