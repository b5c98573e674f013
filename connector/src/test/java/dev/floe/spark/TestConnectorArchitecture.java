package dev.floe.spark;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The connector's package rules, as docs/architecture.md draws them: packages without cycles, and
 * layers that only point down, so that the executors' code never reaches the driver's planning and
 * the readers know nothing of deletes or of the pipeline that calls them.
 */
class TestConnectorArchitecture {
  private static final JavaClasses CONNECTOR =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.floe.spark");

  @Test
  void packagesHaveNoCycles() {
    slices().matching("dev.floe.spark.(**)").should().beFreeOfCycles().check(CONNECTOR);
  }

  @Test
  void layersOnlyPointDown() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("root")
        .definedBy("dev.floe.spark")
        .layer("catalog")
        .definedBy("dev.floe.spark.catalog..")
        .layer("source")
        .definedBy("dev.floe.spark.source..")
        .layer("aggregate")
        .definedBy("dev.floe.spark.aggregate..")
        .layer("metadata")
        .definedBy("dev.floe.spark.metadata..")
        .layer("exec")
        .definedBy("dev.floe.spark.exec..")
        .layer("deletes")
        .definedBy("dev.floe.spark.deletes..")
        .layer("read")
        .definedBy("dev.floe.spark.read..")
        .layer("metrics")
        .definedBy("dev.floe.spark.metrics..")
        .layer("convert")
        .definedBy("dev.floe.spark.convert..")
        .whereLayer("root")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("catalog")
        .mayOnlyBeAccessedByLayers("root")
        .whereLayer("source")
        .mayOnlyBeAccessedByLayers("catalog", "root", "metadata")
        .whereLayer("aggregate")
        .mayOnlyBeAccessedByLayers("source", "catalog", "root")
        .whereLayer("metadata")
        .mayOnlyBeAccessedByLayers("catalog", "root")
        .whereLayer("exec")
        .mayOnlyBeAccessedByLayers("source", "aggregate", "metadata", "catalog", "root")
        .whereLayer("deletes")
        .mayOnlyBeAccessedByLayers("exec", "source", "aggregate", "metadata", "catalog", "root")
        .whereLayer("read")
        .mayOnlyBeAccessedByLayers(
            "deletes", "exec", "source", "aggregate", "metadata", "catalog", "root")
        .whereLayer("metrics")
        .mayOnlyBeAccessedByLayers("exec", "source", "aggregate", "metadata", "catalog", "root")
        .check(CONNECTOR);
  }

  /**
   * The Spark line's adapter ({@code compat}, compiled once per family of lines) sits below every
   * layer: any package may call it, and it knows nothing of Floe's own packages, so that what
   * differs between lines stays a thin layer that the shared code rests on.
   */
  @Test
  void theSparkLineAdapterKnowsNothingOfTheConnector() {
    noClasses()
        .that()
        .resideInAPackage("dev.floe.spark.compat..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.floe.spark",
            "dev.floe.spark.catalog..",
            "dev.floe.spark.source..",
            "dev.floe.spark.aggregate..",
            "dev.floe.spark.metadata..",
            "dev.floe.spark.exec..",
            "dev.floe.spark.deletes..",
            "dev.floe.spark.read..",
            "dev.floe.spark.metrics..",
            "dev.floe.spark.convert..")
        .check(CONNECTOR);
  }

  @Test
  void readersKnowNothingOfDeletesOrThePipeline() {
    noClasses()
        .that()
        .resideInAPackage("dev.floe.spark.read..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.floe.spark.deletes..", "dev.floe.spark.exec..")
        .check(CONNECTOR);
  }

  @Test
  void executorsNeverPlan() {
    noClasses()
        .that()
        .resideInAPackage("dev.floe.spark.exec..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.floe.spark.source..", "dev.floe.spark.catalog..")
        .check(CONNECTOR);
  }

  @Test
  void onlyScansAndTheirReadersImplementSparksReadInterfaces() {
    noClasses()
        .that()
        .resideOutsideOfPackages(
            "dev.floe.spark.source..",
            "dev.floe.spark.aggregate..",
            "dev.floe.spark.metadata..",
            "dev.floe.spark.exec..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.apache.spark.sql.connector.read..")
        .check(CONNECTOR);
  }

  @Test
  void theRootHoldsOnlyWhatSparkFindsByName() {
    classes()
        .that()
        .resideInAPackage("dev.floe.spark")
        .and()
        .areTopLevelClasses()
        .should()
        .haveSimpleName("FloeDataSource")
        .orShould()
        .haveSimpleName("FloeCatalog")
        .check(CONNECTOR);
  }
}
