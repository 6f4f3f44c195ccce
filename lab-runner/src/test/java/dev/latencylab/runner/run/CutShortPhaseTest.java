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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A phase cut short in its window (Ctrl-C), driven through the runner against a fake lab. */
class CutShortPhaseTest {

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
    void aPhaseCutShortIsRecordedUnfencedWithWhatItRanOn() {
        ScenarioRunner runner = FakeLabRunner.of(
                lab, time, RetentionOnly.keeping(spec -> new TopicRetention(spec.name(), 3, -1, -1, false)), out);
        Instant start = time.instant();
        time.afterSleep(now -> {
            if (!now.isBefore(start.plusSeconds(30))) {
                runner.abort("interrupted (Ctrl-C)");
            }
        });
        RunRecord record = runner.run(new ScenarioLoader().parse("cut", "cut", CUT));
        String console = out.toString(StandardCharsets.UTF_8);

        assertThat(record.complete()).as(console).isFalse();
        assertThat(record.phases()).as(console).hasSize(1);
        PhaseRecord cut = record.phases().get(0);
        assertThat(cut.fenced()).isFalse();
        assertThat(cut.measured().toSeconds()).as(console).isBetween(10L, 40L);
        // What depends on it (each producer instance's part, the transactions' share per sender) is read as a
        // closed phase's is, not left out.
        assertThat(cut.description()).as(console).isNotNull();
        assertThat(cut.description().topic()).isEqualTo(cut.sends().topic());
        assertThat(cut.description().consumer()).isNotNull();
    }

    private static final String CUT =
            """
            name: cut
            phases:
              - name: c1
                warmup: 5s
                duration: 5m
                settings: {lingerMs: 5, batchSize: 16384, compression: none, rate: 2000, payloadBytes: 400}
            """;
}
