package dev.floe.it;

/** The planning contract, checked against Floe. */
class TestFloePlanningContract extends PlanningContract {
  @Override
  Planner planner() {
    return new FloePlanner();
  }
}
