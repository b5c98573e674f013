package dev.floe.it.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Every fixture table of the read matrix, written once per test JVM. */
final class ReadFixtures {
  private static final WrittenOnce<List<ReadFixture>> SHARED =
      new WrittenOnce<>("the read fixtures", () -> create(new FixtureWriter(SharedSpark.get())));

  private ReadFixtures() {}

  static List<ReadFixture> shared() {
    return SHARED.get();
  }

  private static List<ReadFixture> create(FixtureWriter writer) {
    writer.sql(
        "", "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE);
    List<ReadFixture> fixtures = new ArrayList<>();
    fixtures.addAll(timed("types", () -> TypeFixtures.create(writer)));
    fixtures.addAll(timed("partitions", () -> PartitionFixtures.create(writer)));
    fixtures.addAll(timed("evolution", () -> EvolutionFixtures.create(writer)));
    fixtures.addAll(timed("nested", () -> NestedFixtures.create(writer)));
    fixtures.addAll(timed("layouts", () -> LayoutFixtures.create(writer)));
    fixtures.addAll(timed("imports", () -> ImportFixtures.create(writer)));
    return List.copyOf(fixtures);
  }

  /** Writing the fixtures is most of the suite's time: say where it goes. */
  private static List<ReadFixture> timed(String group, Supplier<List<ReadFixture>> writes) {
    long start = System.nanoTime();
    List<ReadFixture> fixtures = writes.get();
    System.out.printf(
        "Read fixtures: %s written in %.1f s%n", group, (System.nanoTime() - start) / 1e9);
    return fixtures;
  }

  static ReadFixture named(String name) {
    return shared().stream()
        .filter(fixture -> fixture.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("No read fixture named " + name));
  }
}
