package dev.floe.it;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Hadoop's local file system without permission changes. Without Hadoop's native library, every
 * file Hadoop creates locally costs a forked {@code chmod} process, which made writing the test
 * tables take minutes; the tables do not need permissions. No checksum files either. Public for the
 * Spark suites' importers, which write Iceberg metadata without Spark.
 */
public final class ChmodFreeLocalFileSystem extends RawLocalFileSystem {

  /** A Hadoop configuration whose {@code file:} scheme uses this file system. */
  public static Configuration configuration() {
    Configuration configuration = new Configuration();
    configuration.set("fs.file.impl", ChmodFreeLocalFileSystem.class.getName());
    return configuration;
  }

  @Override
  public void setPermission(Path path, FsPermission permission) {
    // Deliberately nothing: see the class comment.
  }
}
