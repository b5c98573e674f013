package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TestGeneratedTables {
  @Test
  void theWideCaseReadsFiveColumnsSpreadOverTheSchemaAndItsTypes() {
    assertThat(WideTable.projectedAggregates())
        .as("count(*) and one order-independent aggregate per projected column")
        .containsExactly(
            "count(*)", "sum(c003)", "sum(c050)", "sum(length(c100))", "max(c149)", "sum(c199)");
    assertThat(WideTable.PROJECTED.stream().map(WideTable.ColumnType::of).distinct().count())
        .as("five different types")
        .isEqualTo(5);
    assertThat(WideTable.PROJECTED)
        .as("inside the schema, first to last")
        .allMatch(column -> column >= 0 && column < WideTable.COLUMNS)
        .isSorted();
    assertThat(WideTable.PROJECTED.stream().filter(WideTable::nullable).count())
        .as("some of them with nulls")
        .isPositive();
    assertThat(WideTable.PROJECTED.stream().map(WideTable::fewValues).distinct().count())
        .as("some of few values (dictionary pages), some of many")
        .isEqualTo(2);
  }

  @Test
  void theWideTableMixesEveryTypeInEqualShares() {
    for (WideTable.ColumnType type : WideTable.ColumnType.values()) {
      long columns =
          IntStream.range(0, WideTable.COLUMNS)
              .filter(column -> WideTable.ColumnType.of(column) == type)
              .count();
      assertThat(columns).as("columns of type %s", type).isBetween(33L, 34L);
      assertThat(
              IntStream.range(0, WideTable.COLUMNS)
                  .filter(column -> WideTable.ColumnType.of(column) == type)
                  .filter(WideTable::fewValues)
                  .count())
          .as("about half the columns of type %s of few values", type)
          .isBetween(16L, 17L);
    }
    assertThat(WideTable.columnName(7)).isEqualTo("c007");
    assertThat(WideTable.ColumnType.DOUBLE.value("h", 2))
        .as("whole eighths: sums exact in any order")
        .endsWith("/ 8");
  }

  @Test
  void everyTitleAndNoteReachesTheLengthItIsCutTo() {
    assertThat(StringsTable.PHRASES).as("31 phrases, one per base-31 digit").hasSize(31);
    assertThat(StringsTable.PHRASES)
        .as("none shorter than the shortest the lengths are computed from")
        .allMatch(phrase -> phrase.length() >= StringsTable.SHORTEST_PHRASE)
        .allMatch(phrase -> !phrase.contains("'"));
    assertThat(StringsTable.TITLE_PHRASES * (StringsTable.SHORTEST_PHRASE + 1) - 1)
        .as("4 of the shortest phrases fill the longest title at the furthest start")
        .isGreaterThanOrEqualTo(StringsTable.TITLE_OFFSETS - 1 + StringsTable.LONGEST_TITLE);
    assertThat(StringsTable.NOTE_PHRASES * (StringsTable.SHORTEST_PHRASE + 1) - 1)
        .as("12 of the shortest phrases fill the longest note")
        .isGreaterThanOrEqualTo(StringsTable.LONGEST_NOTE);
    assertThat(StringsTable.phrasePicks("h5", StringsTable.NOTE_PHRASES))
        .as("the last pick is the 12th base-31 digit of a 64-bit hash")
        .contains("pmod(h5 DIV 1, 31)")
        .contains("pmod(h5 DIV " + (long) Math.pow(31, 11) + ", 31)");
    assertThat(Math.pow(31, 12)).as("12 digits fit in a hash").isLessThan(Long.MAX_VALUE);
  }

  @Test
  void theSmallFilesTableIsItsFilesTimesTheirRows() {
    SmallFilesTable table = new SmallFilesTable(10_000, 1_000);

    assertThat(table.rows()).as("10,000 x 1,000").isEqualTo(10_000_000);
    assertThat(table.files()).isEqualTo(10_000);
    assertThat(table.layout()).contains("files=10000").contains("rows-per-file=1000");
    assertThat(new SmallFilesTable(50, 200).layout())
        .as("another size, another layout: a kept table is written again")
        .isNotEqualTo(table.layout());
    assertThatThrownBy(() -> new SmallFilesTable(0, 1000))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A small-files table needs at least one file of one row, not 0 files of 1000");
  }

  @Test
  void layoutsNameWhatTheContentDependsOn() {
    assertThat(new NestedTable(2_000_000, 4).layout())
        .as("unchanged, so kept nested tables are reused")
        .isEqualTo("nested generation=1 rows=2000000 files=4");
    assertThat(new WideTable(1_000_000, 4).layout()).contains("rows=1000000").contains("files=4");
    assertThat(new StringsTable(2_000_000, 4).layout())
        .contains("rows=2000000")
        .contains("files=4");
  }
}
