package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.fake.FakeLab;
import dev.latencylab.runner.fake.FakeTime;
import dev.latencylab.runner.scenario.ScenarioLoader;
import dev.latencylab.runner.topics.RetentionOnly;
import dev.latencylab.runner.topics.TopicRetention;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A drain phase driven through the runner against a fake lab, as {@code scripts/lab run} drives one: the
 * backlog written with the consumer paused, the consumer resumed only once the producer stopped, and the
 * window and the drain rate from the resume.
 */
class DrainPhaseRunTest {

    private final FakeTime time = new FakeTime(Instant.parse("2026-12-07T10:00:00Z"));
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
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
    void theBacklogIsWrittenWithTheConsumerPausedAndTheDrainTimedFromItsResume() {
        RunRecord record = runner().run(new ScenarioLoader().parse("drain", "drain", DRAIN));
        String console = out.toString(StandardCharsets.UTF_8);

        assertThat(record.complete()).as(console).isTrue();
        PhaseRecord drain = record.phases().get(0);
        assertThat(drain.counts().acked()).as(console).isEqualTo(50_000);
        assertThat(drain.counts().lost()).isZero();
        assertThat(drain.latency().firstArrivals()).isEqualTo(50_000);
        // The fake reads a backlog at 2.5 µs a record from its resume: 50,000 in 125 ms, 400,000 records/s.
        assertThat(drain.drainRate()).isCloseTo(400_000, org.assertj.core.data.Offset.offset(4_000.0));
        assertThat(drain.achievedRate())
                .as("a drain's figure is its drain rate")
                .isNull();

        List<String> calls = lab.log();
        int paused = indexOf(calls, "POST /actuator/latency {\"consuming\":false}");
        int backlog = indexOf(calls, "\"stopAfterRecords\":50000");
        int stopped = indexOf(calls, "POST /actuator/producer {\"running\":false}", backlog);
        int resumed = indexOf(calls, "POST /actuator/latency {\"consuming\":true}", stopped);
        assertThat(paused).as(String.join("\n", calls)).isNotNegative().isLessThan(backlog);
        assertThat(stopped).as(String.join("\n", calls)).isGreaterThan(backlog);
        assertThat(resumed).as(String.join("\n", calls)).isGreaterThan(stopped);
        assertThat(console).contains("backlog built: 50,000 records sent").contains("50,000 records drained");
    }

    @Test
    void aBacklogThatStopsGrowingIsSaidAndWhatThereIsIsDrained() {
        // The producer-app sends its 20,000 records/s for 1 s, then nothing (a broker it cannot reach, say).
        Instant start = time.instant();
        time.afterSleep(now -> {
            if (!now.isBefore(start.plusSeconds(1))) {
                lab.keepsShareOfSchedule(0);
            }
        });
        RunRecord record = runner().run(new ScenarioLoader().parse("drain", "drain", DRAIN));
        String console = out.toString(StandardCharsets.UTF_8);

        PhaseRecord drain = record.phases().get(0);
        long sent = drain.counts().acked();
        assertThat(sent).as(console).isBetween(15_000L, 30_000L);
        assertThat(record.warnings()).as(console).anySatisfy(w -> assertThat(w)
                .startsWith("phase d1: the backlog stopped growing at ")
                .endsWith(" of 50000 records sent (nothing sent for 1m); draining what there is"));
        assertThat(drain.latency().firstArrivals())
                .as("every record written, drained")
                .isEqualTo(sent);
        assertThat(drain.counts().lost()).isZero();
        assertThat(drain.drainRate()).isCloseTo(400_000, org.assertj.core.data.Offset.offset(4_000.0));
    }

    private static int indexOf(List<String> calls, String part) {
        return indexOf(calls, part, 0);
    }

    private static int indexOf(List<String> calls, String part, int from) {
        for (int i = Math.max(0, from); i < calls.size(); i++) {
            if (calls.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }

    private static final String DRAIN =
            """
            name: drain
            phases:
              - name: d1
                warmup: 0s
                duration: 1m
                backlog: 50000
                settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 20000, payloadBytes: 400}
            """;

    private ScenarioRunner runner() {
        return FakeLabRunner.of(
                lab, time, RetentionOnly.keeping(spec -> new TopicRetention(spec.name(), 3, -1, -1, false)), out);
    }
}
