package dev.floe.it;

/** The planning contract, checked against Apache Iceberg: proves the expectations and fixtures. */
class TestIcebergPlanningContract extends PlanningContract {
  @Override
  Planner planner() {
    return new IcebergPlanner();
  }
}
