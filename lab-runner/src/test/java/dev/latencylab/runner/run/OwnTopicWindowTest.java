package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.fake.FakeLab;
import dev.latencylab.runner.fake.FakeTime;
import dev.latencylab.runner.scenario.ScenarioLoader;
import dev.latencylab.runner.scenario.TopicSpec;
import dev.latencylab.runner.topics.TopicDisk;
import dev.latencylab.runner.topics.TopicHealth;
import dev.latencylab.runner.topics.TopicRetention;
import dev.latencylab.runner.topics.Topics;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A phase on a topic of its own: its window ends where its load stops, on both clocks. */
class OwnTopicWindowTest {

    private final FakeTime time = new FakeTime(Instant.parse("2026-12-05T10:00:00Z"));
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final List<String> topicCalls = new ArrayList<>();
    private FakeLab lab;

    @BeforeEach
    void start() throws IOException {
        lab = new FakeLab(time);
    }

    @AfterEach
    void stop() {
        lab.close();
    }

    @Test
    void aFenceThatWaitsAfterTheWindowIsNotTakenForAClockThatJumped() {
        // 20 s windows (a clock tolerance of 2 s); the consumer stalls 15 s into the first one for 12 s, so its
        // fence waits about 7 s after the window. (The first sleep after the window opens ends 5 s into it.)
        time.afterSleep(now -> {
            if (firstSleepInWindow == null
                    && lab.log().stream().anyMatch(l -> l.matches("POST /actuator/producer \\{\"phase\":[1-9].*"))) {
                firstSleepInWindow = now;
            }
            if (firstSleepInWindow != null && !stalled && !now.isBefore(firstSleepInWindow.plusSeconds(10))) {
                stalled = true;
                lab.consumerStalledFor(Duration.ofSeconds(12));
            }
        });
        RunRecord record = runner().run(new ScenarioLoader().parse("own", "own", TWO_PHASES));

        assertThat(record.complete()).as(out.toString(StandardCharsets.UTF_8)).isTrue();
        assertThat(record.phases()).hasSize(2);
        assertThat(record.phases().get(0).sends().senderTime().seconds())
                .as("the producer's time in the phase ends with its window, not after the fence")
                .isCloseTo(20.0, org.assertj.core.data.Offset.offset(0.5));
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("phase p1 closed: the consumer passed every acknowledged offset 7s after the window");
        assertThat(record.phases().get(0).clockDisagreement()).isEmpty();
        assertThat(record.warnings()).noneMatch(w -> w.contains("suspended or paused"));
        assertThat(topicCalls).contains("create lab.orders.p1", "delete lab.orders.p1", "delete lab.orders.p2");
    }

    @Test
    void aGroupsDrainAfterAWindowThatStoppedTheLoadIsJudgedByThePhasesFenceNotTheLossGrace() {
        // Each instance of a group holds the others' share as pending for 10 s after the load stops.
        lab.pendingAfterStopFor(Duration.ofSeconds(10));
        RunRecord record = runner().run(new ScenarioLoader().parse("own", "own", TWO_PHASES));

        assertThat(record.complete()).as(out.toString(StandardCharsets.UTF_8)).isTrue();
        assertThat(record.drained())
                .as("the run's end: drained by the last phase's fence")
                .isTrue();
        assertThat(record.warnings()).isEmpty();
        // The run's start waits the grace once (the load ran out of every phase); the two phases' retirements,
        // the second one's topic and the run's end do not: 10 s + 2 x (5 s + 20 s) and the polls.
        assertThat(Duration.between(record.startedAt(), record.endedAt()))
                .as(out.toString(StandardCharsets.UTF_8))
                .isLessThan(Duration.ofSeconds(65));
    }

    private static final String TWO_PHASES =
            """
            name: own
            defaults:
              warmup: 5s
              duration: 20s
              topic: {name: 'lab.orders.{phase}', partitions: 1}
              settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
            phases:
              - name: p1
              - name: p2
            """;

    private Instant firstSleepInWindow;
    private boolean stalled;

    private ScenarioRunner runner() {
        return FakeLabRunner.of(lab, time, new OwnTopics(), out);
    }

    /** Topics that are created and deleted on request, each of 1,000 records on disk. */
    private final class OwnTopics implements Topics {
        @Override
        public boolean create(TopicSpec spec) {
            topicCalls.add("create " + spec.name());
            lab.holds(spec.name());
            return false;
        }

        @Override
        public void delete(String topic) {
            topicCalls.add("delete " + topic);
        }

        @Override
        public Optional<String> refusal(TopicSpec spec) {
            throw new AssertionError("asked by the command before the run, not by the run");
        }

        @Override
        public TopicDisk sizeOnDisk(String topic) {
            return new TopicDisk(topic, 1, 500_000, 1_000);
        }

        @Override
        public TopicHealth health(String topic, Duration timeout) {
            throw new AssertionError("no faults here");
        }

        @Override
        public Map<Integer, Long> logStarts(String topic) {
            return Map.of();
        }

        @Override
        public TopicRetention retention(TopicSpec spec) {
            throw new AssertionError("no backlog here");
        }

        @Override
        public void close() {}
    }
}
