package dev.floe.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

public final class ScratchNoop {
  public static void main(String[] args) throws Exception {
    int n = Integer.getInteger("n", 15);
    try (BenchmarkWorkspace ws =
        BenchmarkWorkspace.open(Path.of("/tmp/scratch-ws"), "x", Map.of())) {
      SparkSession spark = ws.spark().session();
      for (String spec : args) {
        String[] parts = spec.split("@");
        String table = parts[0];
        long[] times = new long[n];
        for (int i = 0; i < n + 2; i++) {
          var ds = spark.read().format(System.getProperty("format", "floe")).load(table);
          long t0 = System.nanoTime();
          if (parts.length > 1) {
            ds.selectExpr(parts[1].split(";")).collectAsList();
          } else {
            ds.write().format("noop").mode("overwrite").save();
          }
          long ms = (System.nanoTime() - t0) / 1_000_000;
          if (i >= 2) times[i - 2] = ms;
        }
        System.out.printf("RESULT %s %s%n", spec, Arrays.toString(times));
        Arrays.sort(times);
        System.out.printf("RESULT %s median %d min %d%n", spec, times[n / 2], times[0]);
      }
    }
  }
}
