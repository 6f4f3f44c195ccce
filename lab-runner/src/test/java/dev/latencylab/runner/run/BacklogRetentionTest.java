package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.scenario.PayloadFolder;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioLoader;
import dev.latencylab.runner.scenario.TopicSpec;
import dev.latencylab.runner.topics.TopicDisk;
import dev.latencylab.runner.topics.TopicHealth;
import dev.latencylab.runner.topics.TopicRetention;
import dev.latencylab.runner.topics.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backlog of sample records is weighed by the sample's own record size, read from the payload folder
 * of the working folder the scenario was loaded from (not the process's, which a runner started
 * elsewhere does not share).
 */
class BacklogRetentionTest {

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
                PhaseTopics.backlogsNotKept(scenario, new OneMegabyte(), new PayloadFolder(lab), warnings::add);

        assertThat(warnings).isEmpty();
        assertThat(refusals)
                .singleElement()
                .asString()
                .contains("1,000 records of about 2,000 B each")
                .contains("retention.bytes");
    }

    /** A topic of one partition that keeps 1 MB of it. */
    private static final class OneMegabyte implements Topics {
        @Override
        public TopicRetention retention(TopicSpec spec) {
            return new TopicRetention(spec.name(), 1, 1_048_576, -1, false);
        }

        @Override
        public boolean create(TopicSpec spec) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void delete(String topic) {
            throw new UnsupportedOperationException();
        }

        @Override
        public TopicDisk sizeOnDisk(String topic) {
            throw new UnsupportedOperationException();
        }

        @Override
        public TopicHealth health(String topic, Duration timeout) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<Integer, Long> logStarts(String topic) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {}
    }
}
