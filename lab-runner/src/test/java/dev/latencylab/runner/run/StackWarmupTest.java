package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.FakeLab;
import dev.latencylab.runner.fake.FakeTime;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.Scenario;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The warm-up's decisions, on a fake clock with scripted figures (the producer is the HTTP double). */
class StackWarmupTest {

    private static final Instant START = Instant.parse("2026-11-21T23:50:00Z");
    private static final Scenario SCENARIO =
            new Scenario("s", null, List.of(phase("slow", 500), phase("fast", 3000), phase("also-fast", 3000)));

    private final FakeTime time = new FakeTime(START);
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final AtomicReference<StackWarmupRecord> reported = new AtomicReference<>();
    private final List<Instant> asked = new ArrayList<>();
    private FakeLab lab;
    private ProducerClient producer;

    private static Phase phase(String name, double rate) {
        return new Phase(
                name,
                new ProducerSettings(5, 16384, Compression.NONE, rate, 400, KeyStrategy.ORDER_ID),
                Duration.ofSeconds(5),
                Duration.ofSeconds(15));
    }

    @BeforeEach
    void setUp() throws Exception {
        lab = new FakeLab(time);
        producer = new ProducerClient(new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5)), lab.url());
    }

    @AfterEach
    void tearDown() {
        lab.close();
    }

    /** A probe answering these figures in turn, then the last one forever. */
    private StackProbe scripted(StackProbe.StackFigures... figures) {
        Iterator<StackProbe.StackFigures> it = List.of(figures).iterator();
        StackProbe.StackFigures[] last = {null};
        return (end, window) -> {
            assertThat(window).isEqualTo(StackWarmup.WINDOW);
            asked.add(end);
            if (it.hasNext()) {
                last[0] = it.next();
            }
            return last[0];
        };
    }

    private static StackProbe.StackFigures f(double p50, double cpu) {
        return new StackProbe.StackFigures(p50, cpu, null);
    }

    private StackWarmupRecord run(Duration floor, Duration ceiling, StackProbe probe) throws InterruptedException {
        new StackWarmup(floor, ceiling, probe, reported::set)
                .run(SCENARIO, producer, time, time, new PrintStream(out, true, StandardCharsets.UTF_8));
        return reported.get();
    }

    @Test
    void theFirstPhaseWithTheHighestRateIsTheLoad() {
        assertThat(StackWarmup.load(SCENARIO).name()).isEqualTo("fast");
    }

    @Test
    void aSteadyStackStillRunsTheFloor() throws Exception {
        // Steady from the third window on (30 s), but the floor is 50 s.
        StackWarmupRecord r = run(Duration.ofSeconds(50), Duration.ofMinutes(3), scripted(f(4, 1)));

        assertThat(r.steady()).isTrue();
        assertThat(r.durationSeconds()).isEqualTo(50.0);
        assertThat(r.windows()).hasSize(5);
        assertThat(asked)
                .containsExactly(
                        START.plusSeconds(10),
                        START.plusSeconds(20),
                        START.plusSeconds(30),
                        START.plusSeconds(40),
                        START.plusSeconds(50));
        assertThat(r.load()).isEqualTo("fast");
        assertThat(r.loadRate()).isEqualTo(3000.0);
        assertThat(lab.log()).anyMatch(l -> l.contains("\"rate\":3000.0") && l.contains("\"running\":true"));
    }

    @Test
    void aCeilingOfThreeWindowsHoldsThreeThoughEveryProbeTakesTime() throws Exception {
        StackProbe slow = (end, window) -> {
            asked.add(end);
            try {
                time.sleep(Duration.ofMillis(700)); // Prometheus's queries
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return f(4, 1);
        };

        StackWarmupRecord r = run(Duration.ofSeconds(10), Duration.ofSeconds(30), slow);

        assertThat(asked).containsExactly(START.plusSeconds(10), START.plusSeconds(20), START.plusSeconds(30));
        assertThat(r.steady()).as(r.outcome()).isTrue();
    }

    @Test
    void theStackIsSteadyOnceThreeWindowsAgreeAfterTheFloor() throws Exception {
        StackWarmupRecord r = run(
                Duration.ofSeconds(30),
                Duration.ofMinutes(3),
                scripted(f(90, 1.9), f(40, 1.6), f(12, 1.3), f(4.4, 1.0), f(4.0, 1.05), f(4.2, 0.95)));

        assertThat(r.steady()).isTrue();
        assertThat(r.durationSeconds()).isEqualTo(60.0);
        assertThat(r.windows())
                .extracting(StackWarmupRecord.Window::steady)
                .containsExactly(false, false, false, false, false, true);
        assertThat(r.outcome())
                .startsWith(
                        "steady after 1m: e2e p50 4.00..4.40 ms within ±2.00 ms and CPU 0.95..1.05 cores within ±20 %");
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("  stack warm-up 10s: e2e p50 90.0 ms, CPU 1.90 cores: not steady yet (needs 3 windows)")
                .contains("  stack warm-up 30s: e2e p50 12.0 ms, CPU 1.30 cores: not steady yet (e2e p50 12.0..90.0 ms")
                .contains("  stack warm-up 1m: e2e p50 4.20 ms, CPU 0.95 cores: steady")
                .contains("Stack steady: steady after 1m");
    }

    @Test
    void theCeilingEndsAWarmupThatNeverSettlesWithoutFailingIt() throws Exception {
        List<StackProbe.StackFigures> swinging = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            swinging.add(i % 2 == 0 ? f(4, 1) : f(8, 1));
        }
        StackWarmupRecord r = run(
                Duration.ofSeconds(30),
                Duration.ofSeconds(45),
                scripted(swinging.toArray(StackProbe.StackFigures[]::new)));

        assertThat(r.steady()).isFalse();
        // A window never runs past the ceiling: four of 10 s fit in 45 s.
        assertThat(r.windows()).hasSize(4);
        assertThat(r.durationSeconds()).isEqualTo(40.0);
        assertThat(r.outcome()).startsWith("not steady at the ceiling, 45s: e2e p50 4.00..8.00 ms");
    }

    @Test
    void withoutFiguresTheFloorIsAllItRuns() throws Exception {
        StackWarmupRecord r = run(
                Duration.ofSeconds(30),
                Duration.ofMinutes(3),
                scripted(new StackProbe.StackFigures(null, null, "Prometheus does not answer")));

        assertThat(r.steady()).isFalse();
        assertThat(r.durationSeconds()).isEqualTo(30.0);
        assertThat(r.outcome())
                .isEqualTo("not judged: Prometheus had no e2e p50 and CPU figures (Prometheus does not answer), so it "
                        + "ran the floor, 30s");
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("  stack warm-up 10s: e2e p50 n/a ms, CPU n/a cores: Prometheus does not answer");
    }

    @Test
    void anInterruptedWarmupIsStillRecorded() {
        time.afterSleep(now -> {
            if (!now.isBefore(START.plusSeconds(20))) {
                Thread.currentThread().interrupt();
            }
        });

        assertThatThrownBy(() -> run(Duration.ofSeconds(30), Duration.ofMinutes(3), scripted(f(4, 1))))
                .isInstanceOf(InterruptedException.class);
        assertThat(reported.get().steady()).isFalse();
        assertThat(reported.get().outcome()).isEqualTo("interrupted after 20s");
        assertThat(reported.get().windows()).hasSize(1);
    }

    @Test
    void aCeilingOfZeroSkipsTheWarmupAndSaysSo() throws Exception {
        StackWarmupRecord r = run(Duration.ofSeconds(30), Duration.ZERO, scripted(f(4, 1)));

        assertThat(r.outcome()).isEqualTo("skipped (--stack-warmup 0)");
        assertThat(r.steady()).isFalse();
        assertThat(asked).isEmpty();
        assertThat(lab.log()).isEmpty();
    }
}
