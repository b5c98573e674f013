package dev.floe.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestFileIOFactory {

  @Test
  void picksLocalAccessForPathsAndFileUris() {
    assertThat(FileIOFactory.forLocation("/data/t")).isInstanceOf(LocalFileIO.class);
    assertThat(FileIOFactory.forLocation("relative/t")).isInstanceOf(LocalFileIO.class);
    assertThat(FileIOFactory.forLocation("file:/data/t")).isInstanceOf(LocalFileIO.class);
    assertThat(FileIOFactory.forLocation("FILE:///data/t")).isInstanceOf(LocalFileIO.class);
  }

  @Test
  void picksHadoopForOtherSchemes() {
    assertThat(FileIOFactory.forLocation("s3://bucket/t")).isInstanceOf(HadoopFileIO.class);
    assertThat(FileIOFactory.forLocation("hdfs://nn/t")).isInstanceOf(HadoopFileIO.class);
    assertThat(FileIOFactory.forLocation("abfss://c@a.dfs.core.windows.net/t"))
        .isInstanceOf(HadoopFileIO.class);
  }

  /**
   * Loads the planning classes in a class loader that sees no Hadoop (nor anything else off the
   * JDK), as the CLI runs: local access must still work.
   */
  @Test
  void choosesLocalAccessWithoutHadoopOnTheClasspath(@TempDir Path directory) throws Exception {
    Path file = directory.resolve("hint.text");
    Files.writeString(file, "3");
    URL planningClasses = LocalFileIO.class.getProtectionDomain().getCodeSource().getLocation();
    try (URLClassLoader withoutHadoop =
        new URLClassLoader(new URL[] {planningClasses}, ClassLoader.getPlatformClassLoader())) {
      assertThatThrownBy(() -> withoutHadoop.loadClass("org.apache.hadoop.conf.Configuration"))
          .as("precondition: Hadoop is hidden")
          .isInstanceOf(ClassNotFoundException.class)
          .hasMessageContaining("org.apache.hadoop.conf.Configuration");

      Class<?> factory = withoutHadoop.loadClass(FileIOFactory.class.getName());
      Method forLocation = factory.getMethod("forLocation", String.class);
      Object io = forLocation.invoke(null, "file:" + file);
      assertThat(io.getClass().getName()).isEqualTo(LocalFileIO.class.getName());

      Class<?> fileIo = withoutHadoop.loadClass(FileIO.class.getName());
      Object input = fileIo.getMethod("newInputFile", String.class).invoke(io, file.toString());
      Method readAll = withoutHadoop.loadClass(InputFile.class.getName()).getMethod("readAll");
      assertThat(new String((byte[]) readAll.invoke(input), StandardCharsets.UTF_8))
          .as("local reads work without Hadoop")
          .isEqualTo("3");
    }
  }
}
