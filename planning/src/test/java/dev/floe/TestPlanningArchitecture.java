package dev.floe;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Planning's package rules: packages without cycles, layers that only point down, and no engine.
 *
 * <p>The layers, lowest first, as the imports draw them: the exceptions at the root; {@code io};
 * {@code table} (schemas, snapshots, metadata, the spec's single-value forms, a loaded table);
 * {@code manifest} (the Avro decoders); {@code expr} (expressions and the evaluators over manifests
 * and files) beside {@code deletes} (deletion vectors and position indexes) and {@code cache}
 * (decoded metadata kept across plans); {@code scan}; {@code scan.task} and then {@code scan.codec}
 * (what crosses to the executors and its encoding); {@code aggregate} beside {@code metadata};
 * {@code catalog}; {@code cli}. Packages on one level do not use each other.
 */
class TestPlanningArchitecture {
  private static final JavaClasses PLANNING =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.floe");

  /** The packages of each level, lowest first; a package may use those of lower levels only. */
  private static final List<List<String>> LEVELS =
      List.of(
          List.of("dev.floe"),
          List.of("dev.floe.io"),
          List.of("dev.floe.table"),
          List.of("dev.floe.manifest"),
          List.of("dev.floe.expr", "dev.floe.deletes", "dev.floe.cache"),
          List.of("dev.floe.scan"),
          List.of("dev.floe.scan.task"),
          List.of("dev.floe.scan.codec"),
          List.of("dev.floe.aggregate", "dev.floe.metadata"),
          List.of("dev.floe.catalog"),
          List.of("dev.floe.cli"));

  @Test
  void packagesHaveNoCycles() {
    // (**): scan, scan.task and scan.codec are slices of their own
    slices().matching("dev.floe.(**)").should().beFreeOfCycles().check(PLANNING);
  }

  @Test
  void layersOnlyPointDown() {
    LayeredArchitecture layers =
        layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .ensureAllClassesAreContainedInArchitecture();
    for (List<String> level : LEVELS) {
      for (String layer : level) {
        layers = layers.layer(layer).definedBy(layer);
      }
    }
    List<String> below = new ArrayList<>();
    for (List<String> level : LEVELS) {
      for (String layer : level) {
        layers =
            below.isEmpty()
                ? layers.whereLayer(layer).mayNotAccessAnyLayer()
                : layers.whereLayer(layer).mayOnlyAccessLayers(below.toArray(String[]::new));
      }
      below.addAll(level);
    }
    layers.check(PLANNING);
  }

  @Test
  void planningKnowsNoEngine() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.apache.spark..", "scala..")
        .check(PLANNING);
  }
}
