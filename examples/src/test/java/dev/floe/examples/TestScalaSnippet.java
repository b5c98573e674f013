package dev.floe.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import scala.Console$;
import scala.collection.immutable.List$;
import scala.runtime.AbstractFunction0;
import scala.tools.nsc.Settings;
import scala.tools.nsc.interpreter.IMain;
import scala.tools.nsc.interpreter.Results;

/**
 * Runs {@code examples/scala/floe-demo.scala} in Scala's interpreter with a session bound to {@code
 * spark}, as {@code spark-shell -i} does, on the demo table: the snippet compiles and every line of
 * it runs.
 */
class TestScalaSnippet {
  private static SparkSession spark;

  @BeforeAll
  static void demoTable() {
    spark = DemoFixture.spark();
  }

  @Test
  void snippetRunsInTheScalaShell() throws IOException {
    String snippet = Files.readString(Path.of("scala", "floe-demo.scala"), StandardCharsets.UTF_8);
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    Settings settings = new Settings();
    settings.usejavacp().value_$eq(true);
    IMain shell =
        ScalaShells.create(settings, new PrintWriter(printed, true, StandardCharsets.UTF_8));
    try {
      assertThat(shell.bind("spark", SparkSession.class.getName(), spark, List$.MODULE$.empty()))
          .as("spark bound as in spark-shell")
          .isEqualTo(Results.Success$.MODULE$);
      assertThat(shell.interpret("import spark.implicits._")).isEqualTo(Results.Success$.MODULE$);

      // show() and explain() print to Scala's Console, which spark-shell shows.
      Results.Result result =
          Console$.MODULE$.withOut(
              printed,
              new AbstractFunction0<Results.Result>() {
                @Override
                public Results.Result apply() {
                  return shell.interpret(snippet);
                }
              });

      String output = printed.toString(StandardCharsets.UTF_8);
      assertThat(result).as("the snippet runs:%n%s", output).isEqualTo(Results.Success$.MODULE$);
      assertThat(output)
          .as("its count is answered from metadata")
          .containsPattern("streamed \\d+ rows in \\d+ batches")
          .contains("_change_ordinal|_change_type")
          .contains("aggregate=[COUNT(*)]")
          .contains("skippedByPartitionSummary=1");
    } finally {
      shell.close();
    }
  }
}
