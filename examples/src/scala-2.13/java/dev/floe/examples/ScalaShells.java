package dev.floe.examples;

import java.io.PrintWriter;
import scala.tools.nsc.Settings;
import scala.tools.nsc.interpreter.IMain;
import scala.tools.nsc.interpreter.shell.ReplReporterImpl;

/** Scala 2.13's interpreter (Spark 4), printing to a writer through a reporter, as 2.13 asks. */
final class ScalaShells {
  private ScalaShells() {}

  static IMain create(Settings settings, PrintWriter out) {
    return new IMain(settings, new ReplReporterImpl(settings, out));
  }
}
