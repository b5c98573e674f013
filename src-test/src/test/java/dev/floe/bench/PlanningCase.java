package dev.floe.bench;

import java.util.Objects;

/**
 * One row of the report for each table: a Floe planner and the Iceberg planner it is held against.
 */
record PlanningCase(String name, TablePlanner floe, TablePlanner iceberg) {
  PlanningCase {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(floe, "floe");
    Objects.requireNonNull(iceberg, "iceberg");
  }
}
