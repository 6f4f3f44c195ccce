package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.scenario.PayloadFolder;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioLoader;
import dev.latencylab.runner.topics.RetentionOnly;
import dev.latencylab.runner.topics.TopicRetention;
import dev.latencylab.runner.topics.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backlog of sample records is weighed by the sample's own record size, read from the payload folder
 * of the working folder the scenario was loaded from (not the process's, which a runner started
 * elsewhere does not share).
 */
class BacklogRetentionTest {

    /** A topic of one partition that keeps 1 MB of it. */
    private static final Topics ONE_MEGABYTE =
            RetentionOnly.keeping(spec -> new TopicRetention(spec.name(), 1, 1_048_576, -1, false));

    @TempDir
    Path lab;

    @Test
    void aSampleBacklogIsWeighedByTheSampleFoundUnderTheScenariosWorkingFolder() throws Exception {
        Path payloads = Files.createDirectories(lab.resolve("scenarios/payloads"));
        // Ten records of 1,900 B: a backlog of 1,000 is ~2 MB, past a 1 MB retention.bytes on 1 partition;
        // at the 400 B payloadBytes gives other payloads, it would be ~0.5 MB and kept.
        Files.writeString(payloads.resolve("big.jsonl"), ("{\"pad\":\"" + "x".repeat(1_890) + "\"}\n").repeat(10));
        Scenario scenario = new ScenarioLoader(lab)
                .parse(
                        "sample-backlog.yaml",
                        "sample-backlog",
                        """
                        phases:
                          - name: drain
                            warmup: 0s
                            duration: 1m
                            backlog: 1000
                            topic: {name: lab.orders.big, partitions: 1}
                            settings:
                              lingerMs: 5
                              batchSize: 16384
                              compression: none
                              rate: 1000
                              payloadBytes: 400
                              payload: sample
                              payloadFile: scenarios/payloads/big.jsonl
                        """);
        List<String> warnings = new ArrayList<>();

        List<String> refusals =
                PhaseTopics.backlogsNotKept(scenario, ONE_MEGABYTE, new PayloadFolder(lab), warnings::add);

        assertThat(warnings).isEmpty();
        assertThat(refusals)
                .singleElement()
                .asString()
                .contains("1,000 records of about 2,000 B each")
                .contains("retention.bytes");
    }
}
