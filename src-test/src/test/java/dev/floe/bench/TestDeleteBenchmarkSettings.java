package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TestDeleteBenchmarkSettings {
  @Test
  void fullIsTheDefaultAndCoversEveryKindAtTenAndFiftyPercent() {
    DeleteBenchmarkSettings settings = DeleteBenchmarkSettings.from(new Properties());

    assertThat(settings.sizes().rows()).as("full rows: at least 2M").isEqualTo(2_000_000);
    assertThat(settings.sizes().measuredRuns()).as("median of at least 5").isEqualTo(5);
    assertThat(settings.sizes().warmupRuns()).as("a warm-up").isEqualTo(1);
    assertThat(settings.deletedPercents()).as("fractions").containsExactly(10, 50);
    assertThat(settings.kinds())
        .as("kinds")
        .containsExactly(
            DeleteKind.DELETION_VECTORS, DeleteKind.POSITION_DELETES, DeleteKind.EQUALITY_DELETES);
    assertThat(settings.icebergExecutorCache()).as("Iceberg's own default").isTrue();
  }

  @Test
  void smokePresetIsSmallAndPropertiesRefineIt() {
    Properties properties = new Properties();
    properties.setProperty("bench.deletes.size", "smoke");
    properties.setProperty("bench.deletes.runs", "3");
    properties.setProperty("bench.deletes.kinds", " equality , dv");
    properties.setProperty("bench.deletes.percents", "25");
    properties.setProperty("bench.deletes.icebergExecutorCache", "false");
    properties.setProperty("bench.deletes.dir", "/tmp/deletes");
    properties.setProperty("bench.read.rows", "7");

    DeleteBenchmarkSettings settings = DeleteBenchmarkSettings.from(properties);

    assertThat(settings.sizes().rows())
        .as("smoke rows; bench.read.* is the other benchmark's")
        .isEqualTo(100_000);
    assertThat(settings.sizes().measuredRuns()).as("runs from the property").isEqualTo(3);
    assertThat(settings.sizes().workDirectory()).as("kept here").isEqualTo(Path.of("/tmp/deletes"));
    assertThat(settings.kinds())
        .as("kinds in the order listed, blanks trimmed")
        .containsExactly(DeleteKind.EQUALITY_DELETES, DeleteKind.DELETION_VECTORS);
    assertThat(settings.deletedPercents()).as("percents").containsExactly(25);
    assertThat(settings.icebergExecutorCache()).as("cache off as asked").isFalse();
  }

  @Test
  void rejectsWhatItCannotRun() {
    assertThatThrownBy(() -> settingsWith("bench.deletes.size", "huge"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Unknown bench.deletes.size 'huge': use full or smoke");
    assertThatThrownBy(() -> settingsWith("bench.deletes.kinds", "dv,cow"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Unknown delete kind 'cow': use dv, position, equality");
    assertThatThrownBy(() -> settingsWith("bench.deletes.percents", "10,30"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot delete 30% of the rows: a deleted percentage divides 100");
    assertThatThrownBy(() -> settingsWith("bench.deletes.percents", "0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot delete 0% of the rows");
    assertThatThrownBy(() -> settingsWith("bench.deletes.percents", "ten"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bench.deletes.percents must list whole numbers, not 'ten'");
    assertThatThrownBy(() -> settingsWith("bench.deletes.kinds", " , "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bench.deletes.kinds lists nothing");
    assertThatThrownBy(() -> settingsWith("bench.deletes.icebergExecutorCache", "yes"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "bench.deletes.icebergExecutorCache must be true or false, not 'yes'");
    assertThatThrownBy(() -> settingsWith("bench.deletes.runs", "0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("measured runs 0 (>= 1)");
  }

  @Test
  void aPercentageDeletesOneRowInHundredOverPercent() {
    assertThat(DeleteBenchmarkSettings.deletedCondition(10)).isEqualTo("id % 10 = 0");
    assertThat(DeleteBenchmarkSettings.deletedCondition(50)).isEqualTo("id % 2 = 0");
    assertThat(DeleteBenchmarkSettings.isDeleted(20, 10)).as("20 % 10 = 0").isTrue();
    assertThat(DeleteBenchmarkSettings.isDeleted(21, 10)).as("21 % 10 = 1").isFalse();
    assertThat(DeleteBenchmarkSettings.liveRows(2_000_000, 10))
        .as("a tenth of 2M deleted")
        .isEqualTo(1_800_000);
    assertThat(DeleteBenchmarkSettings.liveRows(2_000_000, 50)).as("half").isEqualTo(1_000_000);
    assertThat(DeleteBenchmarkSettings.liveRows(11, 10))
        .as("ids 0..10: 0 and 10 are deleted")
        .isEqualTo(9);
    assertThat(DeleteBenchmarkSettings.liveRows(5, 50)).as("ids 0, 2, 4 deleted").isEqualTo(2);
    assertThat(DeleteBenchmarkSettings.liveRows(3, 100)).as("every row").isEqualTo(0);
  }

  private static DeleteBenchmarkSettings settingsWith(String key, String value) {
    Properties properties = new Properties();
    properties.setProperty(key, value);
    return DeleteBenchmarkSettings.from(properties);
  }

  @Test
  void everyKindHasASettingNameThatNamesItBack() {
    for (DeleteKind kind : DeleteKind.values()) {
      assertThat(DeleteKind.named(kind.settingName())).as(kind.label()).isEqualTo(kind);
    }
    assertThat(List.of(DeleteKind.values()))
        .as("deletion vectors need format v3, the others v2")
        .extracting(DeleteKind::formatVersion)
        .containsExactly(3, 2, 2);
  }
}
