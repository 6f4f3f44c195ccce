package dev.latencylab.checks;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shape docs/architecture.md promises, checked on the compiled main classes of every module: no
 * package cycle inside any module, the contract and the kernel free of frameworks and of the
 * apps, nothing but the runner's own code depending on the runner, and the runner's kinds of phase
 * step independent of each other, with the loop that runs them naming none.
 */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("/lab-checks/"))
                .importPackages("dev.latencylab");
    }

    @ParameterizedTest(name = "no package cycle in {0}")
    @ValueSource(strings = {"api", "core", "kafka", "app", "producer", "consumer", "runner"})
    void noPackageCycleInAModule(String module) {
        slices().matching("dev.latencylab." + module + ".(**)")
                .should()
                .beFreeOfCycles()
                .because("a cycle between packages means neither owns what it says it owns (docs/style.md)")
                .check(classes);
    }

    @Test
    void onlyTheRunnerDependsOnTheRunner() {
        noClasses()
                .that()
                .resideOutsideOfPackage("dev.latencylab.runner..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.latencylab.runner..")
                .check(classes);
    }

    @Test
    void theContractIsPlainJavaAndDependsOnNoOtherModule() {
        noClasses()
                .that()
                .resideInAPackage("dev.latencylab.api..")
                .should()
                .dependOnClassesThat()
                .resideOutsideOfPackages("dev.latencylab.api..", "java..", "com.fasterxml.jackson.annotation..")
                .check(classes);
    }

    @Test
    void theKernelKnowsNoFrameworkAndNoApp() {
        noClasses()
                .that()
                .resideInAPackage("dev.latencylab.core..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.springframework..",
                        "org.apache.kafka..",
                        "dev.latencylab.producer..",
                        "dev.latencylab.consumer..",
                        "dev.latencylab.runner..")
                .check(classes);
    }

    /** lab-kafka holds what both the apps and the runner need of a real cluster: Kafka's client only. */
    @Test
    void theClusterHelpersKnowNoFrameworkAndNoApp() {
        noClasses()
                .that()
                .resideInAPackage("dev.latencylab.kafka..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.springframework..",
                        "dev.latencylab.core..",
                        "dev.latencylab.producer..",
                        "dev.latencylab.consumer..",
                        "dev.latencylab.runner..")
                .check(classes);
    }

    /** lab-app holds what both apps share as Spring Boot apps: neither app, nor the runner. */
    @Test
    void theAppsSharedPartKnowsNoApp() {
        noClasses()
                .that()
                .resideInAPackage("dev.latencylab.app..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.latencylab.producer..", "dev.latencylab.consumer..", "dev.latencylab.runner..")
                .check(classes);
    }

    /** Adding a kind of phase step is a package of its own and a line in {@code run.step.StepKinds}. */
    @Test
    void theRunnersStepKindsDoNotDependOnEachOther() {
        slices().matching("dev.latencylab.runner.run.step.(*)..")
                .should()
                .notDependOnEachOther()
                .because("a kind of phase step gets what it shares with others from the loop's package")
                .check(classes);
    }

    /** The loop's package exactly: StepKinds, one package down, is where the kinds are named. */
    @Test
    void theRunLoopNamesNoStepKind() {
        noClasses()
                .that()
                .resideInAPackage("dev.latencylab.runner.run")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.latencylab.runner.run.step..")
                .because("the loop runs the kinds it is given through PhaseStep; StepKinds registers them")
                .check(classes);
    }

    /** Outside the kinds' own packages, only their registration names a kind. */
    @Test
    void onlyTheRegistrationNamesAStepKind() {
        noClasses()
                .that()
                .resideOutsideOfPackages("dev.latencylab.runner.run.step", "dev.latencylab.runner.run.step.*..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.latencylab.runner.run.step.*..")
                .because("a kind is added by its package and its line in StepKinds, nowhere else")
                .check(classes);
    }

    @Test
    void theAppsDoNotDependOnEachOther() {
        noClasses()
                .that()
                .resideInAPackage("dev.latencylab.producer..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.latencylab.consumer..")
                .check(classes);
        noClasses()
                .that()
                .resideInAPackage("dev.latencylab.consumer..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.latencylab.producer..")
                .check(classes);
    }

    /**
     * One meaning per type name: no two main types share a simple name (what both apps have of the same
     * thing is written once, in lab-app).
     */
    @Test
    void noTwoTypesShareAName() {
        java.util.Map<String, java.util.List<String>> byName = classes.stream()
                .filter(c -> !c.isAnonymousClass() && !c.getSimpleName().isEmpty())
                .filter(c -> !c.getSimpleName().equals("package-info"))
                .collect(java.util.stream.Collectors.groupingBy(
                        com.tngtech.archunit.core.domain.JavaClass::getSimpleName,
                        java.util.stream.Collectors.mapping(
                                com.tngtech.archunit.core.domain.JavaClass::getName,
                                java.util.stream.Collectors.toList())));
        java.util.Map<String, java.util.List<String>> shared = new java.util.TreeMap<>();
        byName.forEach((name, types) -> {
            if (types.size() > 1) {
                shared.put(name, types);
            }
        });
        org.assertj.core.api.Assertions.assertThat(shared).isEmpty();
    }
}
