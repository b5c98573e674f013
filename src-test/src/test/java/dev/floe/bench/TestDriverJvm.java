package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestDriverJvm {
  @Test
  void childKeepsTheModuleFlagsButGetsItsOwnHeap() {
    List<String> parent =
        List.of(
            "-XX:+IgnoreUnrecognizedVMOptions",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "-Xmx8g",
            "-Xms1g",
            "-XX:MaxHeapSize=8589934592",
            "-Dbench.scale.size=full",
            "-Dbench.scale.output=/x/scale.md",
            "-Dio.netty.tryReflectionSetAccessible=true");
    assertThat(DriverJvm.childFlags(parent, "2g"))
        .as("heap sizes and bench.* properties dropped, -Xmx2g added")
        .containsExactly(
            "-XX:+IgnoreUnrecognizedVMOptions",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "-Dio.netty.tryReflectionSetAccessible=true",
            "-Xmx2g");
  }
}
