package dev.latencylab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimingTest {

    private static final ProducerSettings S =
            new ProducerSettings(0, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID);
    private static final Scenario FILE = new Scenario(
            "s",
            null,
            List.of(
                    new Phase("a", S, Duration.ofSeconds(10), Duration.ofSeconds(50)),
                    new Phase("b", S, Duration.ofSeconds(20), Duration.ofSeconds(40))));

    @Test
    void durationsParseTheShortAndIsoForms() {
        assertThat(Durations.parse("15s")).isEqualTo(Duration.ofSeconds(15));
        assertThat(Durations.parse("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(Durations.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse("PT15S")).isEqualTo(Duration.ofSeconds(15));
        assertThat(Durations.parse("0")).isZero();
        assertThat(Durations.format(Duration.ofSeconds(270))).isEqualTo("4m30s");
        assertThat(Durations.format(Duration.ZERO)).isEqualTo("0s");
        for (String bad : List.of("", "15", "s", "15 s", "1.5s", "15sec", "m5")) {
            assertThatThrownBy(() -> Durations.parse(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is not a duration");
        }
    }

    @Test
    void noFlagsKeepTheFilesTiming() {
        assertThat(FILE.withTiming(TimingOverride.of(false, null, null))).isEqualTo(FILE);
    }

    @Test
    void articleGivesFiveMinutesPerPhase() {
        Scenario s = FILE.withTiming(TimingOverride.of(true, null, null));

        assertThat(s.phases()).allSatisfy(p -> {
            assertThat(p.total()).isEqualTo(Duration.ofMinutes(5));
            assertThat(p.warmup()).isEqualTo(Duration.ofSeconds(30));
        });
    }

    @Test
    void explicitFlagsOverrideBothTheFileAndArticle() {
        Scenario ci = FILE.withTiming(TimingOverride.of(false, Duration.ofSeconds(5), Duration.ofSeconds(15)));
        assertThat(ci.phases()).allSatisfy(p -> {
            assertThat(p.warmup()).isEqualTo(Duration.ofSeconds(5));
            assertThat(p.duration()).isEqualTo(Duration.ofSeconds(15));
        });
        assertThat(ci.total()).isEqualTo(Duration.ofSeconds(40));

        Scenario articleShortWarmup = FILE.withTiming(TimingOverride.of(true, Duration.ofSeconds(5), null));
        assertThat(articleShortWarmup.phases().get(0).warmup()).isEqualTo(Duration.ofSeconds(5));
        assertThat(articleShortWarmup.phases().get(0).duration()).isEqualTo(Duration.ofSeconds(270));

        Scenario onlyDuration = FILE.withTiming(TimingOverride.of(false, null, Duration.ofSeconds(15)));
        assertThat(onlyDuration.phases())
                .extracting(Phase::warmup)
                .containsExactly(Duration.ofSeconds(10), Duration.ofSeconds(20));
    }

    @Test
    void aDurationThatEndsAWindowBeforeItsFaultStepsIsRefusedNamingEachStep() {
        Scenario faults = new ScenarioLoader()
                .parse(
                        "f.yaml",
                        "f",
                        """
                        defaults:
                          warmup: 5s
                          duration: 60s
                          settings: {lingerMs: 0, batchSize: 16384, compression: none, rate: 1000, payloadBytes: 400}
                        phases:
                          - name: p
                            faults: [{at: 10s, kill: 2}, {at: 40s, restart: 2}]
                        """);

        assertThat(faults.withTiming(TimingOverride.of(false, null, Duration.ofSeconds(41))))
                .extracting(f -> f.phases().get(0).duration())
                .isEqualTo(Duration.ofSeconds(41));
        assertThatThrownBy(() -> faults.withTiming(TimingOverride.of(false, null, Duration.ofSeconds(15))))
                .isInstanceOfSatisfying(ScenarioException.class, e -> assertThat(e.problems())
                        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                        .startsWith("p: ")
                        .contains("is past its window of 15s"));
    }
}
