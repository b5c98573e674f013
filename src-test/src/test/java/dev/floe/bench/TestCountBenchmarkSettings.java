package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TestCountBenchmarkSettings {
  @Test
  void fullIsTheDefaultAndCountsEveryKindWithATenthDeleted() {
    CountBenchmarkSettings settings = CountBenchmarkSettings.from(new Properties());

    assertThat(settings.sizes().rows()).as("a few million rows").isEqualTo(4_000_000);
    assertThat(settings.sizes().files()).as("data files").isEqualTo(8);
    assertThat(settings.sizes().warmupRuns()).as("warm-up rounds").isEqualTo(3);
    assertThat(settings.sizes().measuredRuns()).as("median of at least 5").isEqualTo(7);
    assertThat(settings.sizes().workDirectory()).as("a temporary directory").isNull();
    assertThat(settings.kinds())
        .as("every kind of delete")
        .containsExactly(
            DeleteKind.DELETION_VECTORS, DeleteKind.POSITION_DELETES, DeleteKind.EQUALITY_DELETES);
    assertThat(settings.deletedPercent()).as("a tenth deleted").isEqualTo(10);
    assertThat(settings.rowByRow()).as("Floe without pushdown too").isTrue();
  }

  @Test
  void smokePresetIsSmallAndPropertiesRefineIt() {
    Properties properties = new Properties();
    properties.setProperty("bench.count.size", "smoke");
    properties.setProperty("bench.count.runs", "5");
    properties.setProperty("bench.count.kinds", " dv , equality");
    properties.setProperty("bench.count.percent", "50");
    properties.setProperty("bench.count.rowByRow", "false");
    properties.setProperty("bench.count.dir", "/tmp/count");
    properties.setProperty("bench.deletes.rows", "7");

    CountBenchmarkSettings settings = CountBenchmarkSettings.from(properties);

    assertThat(settings.sizes().rows())
        .as("smoke rows; bench.deletes.* is the other benchmark's")
        .isEqualTo(100_000);
    assertThat(settings.sizes().measuredRuns()).as("runs from the property").isEqualTo(5);
    assertThat(settings.sizes().warmupRuns()).as("smoke: no warm-up").isZero();
    assertThat(settings.sizes().workDirectory()).as("kept here").isEqualTo(Path.of("/tmp/count"));
    assertThat(settings.kinds())
        .as("kinds in the order listed, blanks trimmed")
        .containsExactly(DeleteKind.DELETION_VECTORS, DeleteKind.EQUALITY_DELETES);
    assertThat(settings.deletedPercent()).as("half deleted").isEqualTo(50);
    assertThat(settings.rowByRow()).as("Floe's row-by-row count off as asked").isFalse();
  }

  @Test
  void noKindsLeavesTheBaseTableAlone() {
    CountBenchmarkSettings settings = settingsWith("bench.count.kinds", " , ");

    assertThat(settings.kinds()).as("only the table without deletes is counted").isEmpty();
  }

  @Test
  void rejectsWhatItCannotRun() {
    assertThatThrownBy(() -> settingsWith("bench.count.size", "huge"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Unknown bench.count.size 'huge': use full or smoke");
    assertThatThrownBy(() -> settingsWith("bench.count.kinds", "dv,cow"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Unknown delete kind 'cow': use dv, position, equality");
    assertThatThrownBy(() -> settingsWith("bench.count.percent", "30"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "Cannot delete 30% of the rows: bench.count.percent divides 100 (rows with id %");
    assertThatThrownBy(() -> settingsWith("bench.count.percent", "0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot delete 0% of the rows");
    assertThatThrownBy(() -> settingsWith("bench.count.percent", "ten"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bench.count.percent must be a whole number, not 'ten'");
    assertThatThrownBy(() -> settingsWith("bench.count.rowByRow", "yes"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bench.count.rowByRow must be true or false, not 'yes'");
    assertThatThrownBy(() -> settingsWith("bench.count.runs", "0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("measured runs 0 (>= 1)");
    assertThatThrownBy(() -> settingsWith("bench.count.rows", "many"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bench.count.rows must be a whole number, not 'many'");
  }

  private static CountBenchmarkSettings settingsWith(String key, String value) {
    Properties properties = new Properties();
    properties.setProperty(key, value);
    return CountBenchmarkSettings.from(properties);
  }
}
