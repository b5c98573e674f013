package dev.floe.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestSqlScript {
  @Test
  void splitsStatementsAndDropsComments() {
    SqlScript script =
        SqlScript.parse(
            "demo.sql",
            "-- a comment; with a semicolon\n"
                + "SELECT 1;\n"
                + "SELECT 'a;b -- not a comment', `odd;name` -- trailing comment\n"
                + "FROM t;\n\n"
                + "SELECT 3");

    assertThat(script.statements())
        .as("three statements; quoted ; and -- stay in their statement")
        .containsExactly(
            "SELECT 1", "SELECT 'a;b -- not a comment', `odd;name` \nFROM t", "SELECT 3");
  }

  @Test
  void refusesAnUnterminatedQuote() {
    assertThatThrownBy(() -> SqlScript.parse("broken.sql", "SELECT 'abc;"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("The SQL script broken.sql ends inside a '-quoted text");
  }

  @Test
  void loadsTheExampleScriptsFromTheClasspath() {
    assertThat(SqlScript.load(DemoWarehouse.SCRIPT).statements())
        .as("create-demo-table.sql: namespace, table, three inserts, a tag and a delete")
        .hasSize(7);
    assertThatThrownBy(() -> SqlScript.load("missing.sql"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("No SQL script sql/missing.sql on the classpath");
  }
}
