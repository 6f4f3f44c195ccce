package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.FakeLab;
import dev.latencylab.runner.fake.FakeTime;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A rate search's step with two producer-app instances (each a {@link FakeLab}) driven as one: the
 * step's rate is the group's total, so the group's sends are judged against the group's schedule.
 */
class GroupRateSearchTest {

    private static final double SECONDS = 10;

    private final FakeTime time = new FakeTime(Instant.parse("2026-11-21T23:50:00Z"));
    private final JsonHttp http = new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5));
    private FakeLab first;
    private FakeLab second;

    @BeforeEach
    void start() throws IOException {
        first = new FakeLab(time);
        second = new FakeLab(time);
    }

    @AfterEach
    void stop() {
        first.close();
        second.close();
    }

    /** One step of a search from 2000/s, run as the runner runs it, judged on the group's status. */
    private RateProbe firstStep() throws InterruptedException {
        ProducerClient group = new ProducerClient(http, List.of(first.url(), second.url()));
        MaxRateSearch search = new MaxRateSearch(2000, MaxRateSearch.Rule.DEFAULT);
        double rate = search.next().getAsDouble();
        group.start(new ProducerSettings(5, 16384, Compression.NONE, rate, 400, KeyStrategy.ORDER_ID), 1);
        time.sleep(Duration.ofMillis(Math.round(SECONDS * 1000)));
        PhaseSends sends = group.enterPhase(0).phaseSends(1).orElseThrow();
        return search.judge(
                rate,
                SECONDS,
                sends.sent(),
                sends.acked(),
                sends.failed(),
                sends.publishDelayMs().p99(),
                sends.sent() - sends.acked() - sends.failed(),
                0);
    }

    @Test
    void twoInstancesEachSendingHalfTheRateKeepTheGroupsSchedule() throws Exception {
        RateProbe step = firstStep();

        assertThat(step.sustained()).isTrue();
        assertThat(step.scheduled()).isEqualTo(20_000);
        assertThat(step.sent()).isEqualTo(20_000);
    }

    @Test
    void twoInstancesEachKeepingUnderHalfTheirScheduleFailTheStep() throws Exception {
        // Given the whole rate each, two such senders together would pass as 95 % of one schedule.
        first.keepsShareOfSchedule(0.475);
        second.keepsShareOfSchedule(0.475);

        RateProbe step = firstStep();

        assertThat(step.sustained()).isFalse();
        assertThat(step.reason()).isEqualTo("sent 9500 of 20000 scheduled (48 %)");
    }
}
