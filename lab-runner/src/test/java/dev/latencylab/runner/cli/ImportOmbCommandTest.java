package dev.latencylab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.ExtraProperties;
import dev.latencylab.kafka.clientproperties.ClientPropertyCheck;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImportOmbCommandTest {

    private static final Path WORKLOAD = Path.of("src/test/resources/omb/one-topic-6-partitions-2kb.yaml");

    @TempDir
    Path root;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int importOmb(String... extra) throws Exception {
        Files.copy(WORKLOAD, root.resolve("workload.yaml"));
        List<String> args = new ArrayList<>(List.of("workload.yaml"));
        args.addAll(List.of(extra));
        return Parsed.execute(
                new ImportOmbCommand(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        root),
                args);
    }

    @Test
    void aScenarioWrittenBesideTheShippedOnesNamesTheSchemaNextToIt() throws Exception {
        Files.createDirectories(root.resolve("scenarios"));

        assertThat(importOmb("--out", "scenarios/omb.yaml")).isZero();

        Path written = root.resolve("scenarios/omb.yaml");
        assertThat(Files.readAllLines(written).get(0))
                .isEqualTo("# yaml-language-server: $schema=scenario.schema.json");
        assertThat(new ScenarioLoader(root).load(written).phases()).hasSize(1);
    }

    @Test
    void aDriverFileGivesThePhaseItsClientsProperties() throws Exception {
        Files.copy(WORKLOAD.resolveSibling("driver-throughput.yaml"), root.resolve("driver.yaml"));

        assertThat(importOmb("--driver", "driver.yaml", "--out", "omb.yaml")).isZero();

        Phase phase =
                new ScenarioLoader(root).load(root.resolve("omb.yaml")).phases().get(0);
        assertThat(phase.settings().lingerMs()).isEqualTo(10);
        assertThat(phase.consumer().maxPollRecords()).isEqualTo(2000);
    }

    @Test
    void aDriverWithMorePropertiesThanAPhaseTakesIsRefusedNotCut() throws Exception {
        // Every producer property Kafka knows that a phase may set, at its default: more than a phase takes.
        Map<String, String> accepted = new TreeMap<>();
        ProducerConfig.configDef().configKeys().values().stream()
                .filter(key -> key.hasDefault() && key.defaultValue != null && key.type != ConfigDef.Type.PASSWORD)
                // Not those the import maps onto the phase's settings.
                .filter(key -> !key.name.startsWith("compression.") && !key.name.equals("acks"))
                .forEach(key -> {
                    String value = ConfigDef.convertToString(key.defaultValue, key.type);
                    try {
                        ExtraProperties.checked("p", Map.of(key.name, value), ExtraProperties.PRODUCER_OWNED);
                        ClientPropertyCheck.producer("p", Map.of(key.name, value));
                        accepted.put(key.name, value);
                    } catch (BadSettingsException refused) {
                        // One the lab keeps to itself or out of scenarios: named by the import, not mapped.
                    }
                });
        assertThat(accepted)
                .as("Kafka's producer has more such properties than a phase takes")
                .hasSizeGreaterThan(ExtraProperties.MAX_ENTRIES);
        StringBuilder driver = new StringBuilder("producerConfig: |\n");
        accepted.forEach((name, value) ->
                driver.append("  ").append(name).append('=').append(value).append('\n'));
        Files.writeString(root.resolve("driver.yaml"), driver);

        assertThat(importOmb("--driver", "driver.yaml", "--out", "omb.yaml")).isEqualTo(ExitCodes.USAGE);

        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("refused: ")
                .contains("at most " + ExtraProperties.MAX_ENTRIES + " properties");
        assertThat(root.resolve("omb.yaml")).doesNotExist();
    }

    @Test
    void aDriverFileThatCannotBeReadIsAUsageErrorNamingIt() throws Exception {
        assertThatThrownBy(() -> importOmb("--driver", "missing.yaml"))
                .isInstanceOf(UsageException.class)
                .hasMessageEndingWith("missing.yaml: no such file");
    }

    @Test
    void onStandardOutputTheSchemaIsNamedFromTheWorkingFolder() throws Exception {
        assertThat(importOmb()).isZero();

        assertThat(out.toString(StandardCharsets.UTF_8))
                .startsWith("# yaml-language-server: $schema=scenarios/scenario.schema.json\n# Imported from");
    }

    @Test
    void elsewhereTheSchemaIsNamedRelativeToTheFile() throws Exception {
        Files.createDirectories(root.resolve("my/workloads"));

        assertThat(importOmb("--out", "my/workloads/omb.yaml")).isZero();

        assertThat(Files.readAllLines(root.resolve("my/workloads/omb.yaml")).get(0))
                .isEqualTo("# yaml-language-server: $schema=../../scenarios/scenario.schema.json");
    }
}
