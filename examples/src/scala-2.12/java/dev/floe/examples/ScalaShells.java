package dev.floe.examples;

import java.io.PrintWriter;
import scala.tools.nsc.Settings;
import scala.tools.nsc.interpreter.IMain;

/** Scala 2.12's interpreter (Spark 3.5), printing to a writer; the Scala 2.13 copy differs. */
final class ScalaShells {
  private ScalaShells() {}

  static IMain create(Settings settings, PrintWriter out) {
    return new IMain(settings, out);
  }
}
