package dev.floe.rest;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;

/**
 * The main class of a server's child JVM: runs the server's own main class, and ends the JVM when
 * its standard input closes. The test JVM holds the other end of that pipe, so a server never
 * outlives it, even when it is killed without running its shutdown hooks (a Surefire timeout).
 */
final class ServerLauncher {
  private ServerLauncher() {}

  public static void main(String[] arguments) throws Throwable {
    Thread watch = new Thread(ServerLauncher::exitWhenParentGoes, "parent-watch");
    watch.setDaemon(true);
    watch.start();
    try {
      Class.forName(arguments[0])
          .getMethod("main", String[].class)
          .invoke(null, (Object) Arrays.copyOfRange(arguments, 1, arguments.length));
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static void exitWhenParentGoes() {
    try (InputStream parent = System.in) {
      while (parent.read() >= 0) {
        // Nothing is ever sent: only the end of the stream matters.
      }
    } catch (IOException e) {
      // A broken pipe means the same as its end: the test JVM is gone.
    }
    System.exit(0);
  }
}
