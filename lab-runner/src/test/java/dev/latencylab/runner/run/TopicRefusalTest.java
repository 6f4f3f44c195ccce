package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.scenario.PayloadFolder;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioLoader;
import dev.latencylab.runner.topics.RetentionOnly;
import dev.latencylab.runner.topics.TopicException;
import dev.latencylab.runner.topics.TopicRetention;
import dev.latencylab.runner.topics.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The topics a scenario's phases create are put to the cluster before anything runs: one it would
 * refuse is said with the cluster's reason and its phase, each topic asked once (a repeated one too),
 * and a cluster that cannot be asked is one warning naming the topics not asked, and refuses nothing.
 * A topic named alone (it must exist) is not asked.
 */
class TopicRefusalTest {

    private static final String SCENARIO =
            """
            defaults:
              warmup: 0s
              duration: 10s
              settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 100, payloadBytes: 400}
            phases:
              - {name: typo, topic: {name: lab.orders.typo, partitions: 3, configs: {retention.msec: '1000'}}}
              - {name: fine, topic: {name: lab.orders.fine, partitions: 3}}
              - {name: again, topic: {name: lab.orders.typo, partitions: 3, configs: {retention.msec: '1000'}}}
              - {name: unasked, topic: {name: lab.orders.down, partitions: 3}}
              - {name: later, topic: {name: lab.orders.later, partitions: 3}}
              - {name: existing, topic: lab.orders.there}
              - {name: backlog, backlog: 100, topic: {name: lab.orders.fine, partitions: 3}}
            """;

    @Test
    void aTopicTheClusterWouldRefuseIsSaidBeforeTheRunWithItsReason() throws Exception {
        Scenario scenario = new ScenarioLoader().parse("topics.yaml", "topics", SCENARIO);
        List<String> asked = new ArrayList<>();
        Topics topics = RetentionOnly.refusing(spec -> new TopicRetention(spec.name(), 3, -1, -1, false), spec -> {
            asked.add(spec.name());
            return switch (spec.name()) {
                case "lab.orders.typo" -> Optional.of("Unknown topic config name: retention.msec");
                case "lab.orders.down" -> throw new TopicException("could not check topic lab.orders.down");
                default -> Optional.empty();
            };
        });
        List<String> warnings = new ArrayList<>();

        List<String> refused =
                PhaseTopics.refusedBeforeTheRun(scenario, topics, new PayloadFolder(Path.of("")), warnings::add);

        assertThat(refused)
                .containsExactly("phase typo's topic lab.orders.typo: the cluster would not create it:"
                        + " Unknown topic config name: retention.msec");
        assertThat(asked)
                .as("each topic a phase creates, once, until the cluster cannot be asked (each would wait as long)")
                .containsExactly("lab.orders.typo", "lab.orders.fine", "lab.orders.down");
        assertThat(warnings)
                .singleElement()
                .asString()
                .contains("could not ask the cluster whether it would create topics lab.orders.down, lab.orders.later,"
                        + " so their configs are checked only when each is created");
    }
}
