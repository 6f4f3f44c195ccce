package dev.latencylab.runner.apps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.PhaseView;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ListenerType;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.PromQueryException;
import dev.latencylab.runner.endpoint.PromSeries;
import dev.latencylab.runner.endpoint.PrometheusClient;
import dev.latencylab.runner.fake.FakeLab;
import dev.latencylab.runner.fake.FakeTime;
import dev.latencylab.runner.fake.TestServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The clients against a real HTTP server that speaks the contract's JSON (a double of the apps' HTTP shape only). */
class EndpointClientsTest {

    private final FakeTime time = new FakeTime(Instant.parse("2026-11-21T23:50:00Z"));
    private final JsonHttp http = new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5));
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
    void producerStateAndChangesFollowTheContract() throws Exception {
        ProducerClient producer = new ProducerClient(http, URI.create(lab.url() + "/"));

        ProducerStatus applied = producer.apply(SettingsChange.start(
                new ProducerSettings(10, 32768, Compression.LZ4, 2000, 512, KeyStrategy.ORDER_ID), 0));
        time.sleep(Duration.ofSeconds(3));
        ProducerStatus later = producer.state();

        assertThat(applied.running()).isTrue();
        assertThat(applied.settings())
                .isEqualTo(new ProducerSettings(10, 32768, Compression.LZ4, 2000, 512, KeyStrategy.ORDER_ID));
        assertThat(later.counters().sent()).isEqualTo(6000);
        assertThat(later.producerId()).isEqualTo(UUID.fromString("5f0c0000-0000-0000-0000-000000000001"));
        assertThat(lab.log())
                .contains(
                        "POST /actuator/producer {\"lingerMs\":10,\"batchSize\":32768,\"compression\":\"lz4\",\"rate\":2000.0,\"payloadBytes\":512,\"keyStrategy\":\"order-id\",\"payload\":\"words\",\"acks\":\"all\",\"transactionMs\":0,\"abortEvery\":0,\"pacing\":\"even\",\"producerConfig\":{},\"running\":true,\"phase\":0,\"header\":true}",
                        "GET /actuator/producer");
    }

    @Test
    void aWatchsReadOfTheProducerGivesUpWithinItsOwnTimeoutNotTheClients() throws Exception {
        try (TestServer slow = new TestServer().route("/actuator/producer", ex -> {
            try {
                Thread.sleep(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            TestServer.reply(ex, 200, "{}");
        })) {
            ProducerClient producer = new ProducerClient(http, slow.url());

            assertThatThrownBy(() -> producer.state(Duration.ofMillis(300)))
                    .isInstanceOf(EndpointException.class)
                    .hasMessageContaining(
                            "did not answer GET " + slow.url().resolve("/actuator/producer") + " within 300 ms");
        }
    }

    @Test
    void onlyTheFieldsThatChangeAreSent() throws Exception {
        new ProducerClient(http, lab.url()).apply(SettingsChange.linger(5));
        new ProducerClient(http, lab.url()).apply(SettingsChange.stop());

        assertThat(lab.log())
                .containsSubsequence(
                        "POST /actuator/producer {\"lingerMs\":5}", "POST /actuator/producer {\"running\":false}");
    }

    @Test
    void aStopStillBeingAppliedIsWaitedForUntilTheProducerShowsIt() throws Exception {
        ProducerClient producer = new ProducerClient(http, lab.url());
        producer.start(new ProducerSettings(5, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID), 0);
        List<String> notes = new java.util.ArrayList<>();
        producer.notices(notes::add);
        producer.inEffectWait(Duration.ofSeconds(5));
        lab.stillApplyingUntilRead(3);

        ProducerStatus stopped = producer.apply(SettingsChange.stop());

        assertThat(stopped.running()).isFalse();
        assertThat(lab.log())
                .containsSubsequence(
                        "POST /actuator/producer {\"running\":false}",
                        "GET /actuator/producer",
                        "GET /actuator/producer",
                        "GET /actuator/producer");
        assertThat(notes).hasSize(2);
        assertThat(notes.get(0)).contains("the change is still being applied after PT1M", "waiting up to 5s more");
        assertThat(notes.get(1)).endsWith("the change is in effect");
    }

    @Test
    void aChangeNeverInEffectStopsTheRunnerWithTheAppsAnswerAndHowLongItWaited() throws Exception {
        ProducerClient producer = new ProducerClient(http, lab.url());
        producer.start(new ProducerSettings(5, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID), 0);
        producer.inEffectWait(Duration.ofMillis(300));
        lab.stillApplyingUntilRead(0);

        assertThatThrownBy(() -> producer.apply(SettingsChange.stop()))
                .isInstanceOf(EndpointException.class)
                .hasMessageContaining("answered HTTP 503 (the change is still being applied after PT1M")
                .hasMessageContaining("still not in effect 300ms later");
        assertThat(producer.state().running()).isTrue();
    }

    @Test
    void aChangeIsInEffectWhenTheStatusShowsEveryFieldItSets() {
        ProducerSettings set = new ProducerSettings(5, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID);
        ProducerStatus running =
                new ProducerStatus(UUID.randomUUID(), "lab.orders", true, 3, set, 7, null, null, List.of(), true, null);

        assertThat(ProducerClient.inEffect(running, SettingsChange.start(set, 7)))
                .isTrue();
        assertThat(ProducerClient.inEffect(running, SettingsChange.stop())).isFalse();
        assertThat(ProducerClient.inEffect(running, SettingsChange.start(set, 8)))
                .isFalse();
        assertThat(ProducerClient.inEffect(running, SettingsChange.start(set, 7, "lab.orders.other")))
                .isFalse();
        assertThat(ProducerClient.inEffect(running, SettingsChange.linger(20))).isFalse();
        assertThat(ProducerClient.inEffect(running, SettingsChange.linger(5))).isTrue();

        // A backlog start the runner first sees after its count was sent: stopped by itself, in effect.
        SettingsChange backlog = SettingsChange.start(set, 7).stoppingAfter(500);
        assertThat(ProducerClient.inEffect(stoppedAfter(set, 7, 500), backlog)).isTrue();
        assertThat(ProducerClient.inEffect(stoppedAfter(set, 7, 499), backlog)).isFalse();
        assertThat(ProducerClient.inEffect(stoppedAfter(set, 7, 500), SettingsChange.start(set, 7)))
                .isFalse();
    }

    @Test
    void onlyAnInstanceThatSentItsWholeShareStandsAsStarted() {
        ProducerSettings set = new ProducerSettings(5, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID);
        SettingsChange share = SettingsChange.start(set, 7).stoppingAfter(500);

        assertThat(ProducerGroup.startedAsAsked(stoppedAfter(set, 7, 500), share)
                        .running())
                .isTrue();
        // One record short, or a start that asked for no count: stopped, and a group would be told it disagrees.
        assertThat(ProducerGroup.startedAsAsked(stoppedAfter(set, 7, 499), share)
                        .running())
                .isFalse();
        assertThat(ProducerGroup.startedAsAsked(stoppedAfter(set, 7, 500), SettingsChange.start(set, 7))
                        .running())
                .isFalse();
        assertThat(ProducerGroup.disagreement(List.of(
                        ProducerGroup.startedAsAsked(stoppedAfter(set, 7, 499), share),
                        ProducerGroup.startedAsAsked(runningIn(set, 7), share))))
                .hasValueSatisfying(d -> assertThat(d).contains("running false").contains("running true"));
    }

    private static ProducerStatus runningIn(ProducerSettings set, int phase) {
        return new ProducerStatus(
                UUID.randomUUID(), "lab.orders", true, 4, set, phase, null, null, List.of(), true, null);
    }

    private static ProducerStatus stoppedAfter(ProducerSettings set, int phase, long sent) {
        PhaseSends sends = new PhaseSends(phase, "lab.orders", sent, sent, 0, null, List.of(), null, null);
        return new ProducerStatus(
                UUID.randomUUID(), "lab.orders", false, 4, set, phase, null, null, List.of(sends), true, null);
    }

    @Test
    void aRefusedChangeNamesTheFieldAndTheReason() {
        ProducerClient producer = new ProducerClient(http, lab.url());

        assertThatThrownBy(() -> producer.apply(SettingsChange.linger(20000)))
                .isInstanceOf(EndpointException.class)
                .hasMessage(
                        "producer-app refused the change {\"lingerMs\":20000}: lingerMs: lingerMs must be an integer from 0 to 10000");
    }

    @Test
    void aPhaseIsNotEnteredOnSettingsSomeoneElseChangedSinceTheRunnerSetThem() throws Exception {
        ProducerClient producer = new ProducerClient(http, lab.url());
        producer.start(new ProducerSettings(5, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID), 0);
        new ProducerClient(http, lab.url()).apply(SettingsChange.linger(20));

        assertThatThrownBy(() -> producer.enterPhase(7))
                .isInstanceOf(EndpointException.class)
                .hasMessage("producer-app is not what the runner set before phase 7: lingerMs 5 → 20: restarted or"
                        + " changed by someone else meanwhile, so the phase would measure other settings than asked");
    }

    @Test
    void aWindowOnItsOwnTopicEndsOutOfItsPhaseWithTheLoadStoppedInOneChange() throws Exception {
        ProducerClient producer = new ProducerClient(http, lab.url());
        producer.start(new ProducerSettings(5, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID), 0);
        producer.enterPhase(7);

        ProducerStatus left = producer.endWindow(true);

        assertThat(left.running()).isFalse();
        assertThat(left.phase()).isZero();
        assertThat(lab.log()).contains("POST /actuator/producer {\"running\":false,\"phase\":0}");
    }

    @Test
    void aWindowDoesNotEndOnSettingsSomeoneElseChangedWhileItRan() throws Exception {
        ProducerClient producer = new ProducerClient(http, lab.url());
        producer.start(new ProducerSettings(5, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID), 0);
        producer.enterPhase(7);
        new ProducerClient(http, lab.url()).apply(SettingsChange.linger(20));

        assertThatThrownBy(() -> producer.endWindow(true))
                .isInstanceOf(EndpointException.class)
                .hasMessageContaining("is not what the runner set when the window opened")
                .hasMessageContaining("the phase stops here");
    }

    @Test
    void instancesThatAnswerAChangeWithDifferentSettingsStopIt() throws Exception {
        try (FakeLab second = new FakeLab(time)) {
            ProducerClient group = new ProducerClient(http, List.of(lab.url(), second.url()));
            group.start(new ProducerSettings(5, 16384, Compression.NONE, 2000, 400, KeyStrategy.ORDER_ID), 0);
            new ProducerClient(http, second.url()).apply(SettingsChange.linger(20));

            assertThatThrownBy(() -> group.enterPhase(3))
                    .isInstanceOf(EndpointException.class)
                    .hasMessageContaining("instances answered")
                    .hasMessageContaining("instance 2 has");
        }
    }

    @Test
    void severalInstancesShareTheRateEvenlyAndAnswerWithTheTotal() throws Exception {
        try (FakeLab second = new FakeLab(time)) {
            ProducerClient group = new ProducerClient(http, List.of(lab.url(), second.url()));
            ProducerSettings wanted = new ProducerSettings(5, 16384, Compression.NONE, 2000, 400, KeyStrategy.ORDER_ID);

            ProducerStatus started = group.start(wanted, 3);
            time.sleep(Duration.ofSeconds(10));
            ProducerStatus raised = group.apply(SettingsChange.rate(3000, 4));

            assertThat(started.settings()).isEqualTo(wanted);
            assertThat(raised.settings().rate()).isEqualTo(3000);
            assertThat(group.state().settings().rate()).isEqualTo(3000);
            for (FakeLab instance : List.of(lab, second)) {
                List<String> posts = instance.log().stream()
                        .filter(line -> line.startsWith("POST"))
                        .toList();
                assertThat(posts).hasSize(2);
                assertThat(posts.get(0)).contains("\"rate\":1000.0");
                assertThat(posts.get(1)).isEqualTo("POST /actuator/producer {\"rate\":1500.0,\"phase\":4}");
            }
            assertThat(raised.phaseSends(3).orElseThrow().sent()).isEqualTo(20_000);
        }
    }

    @Test
    void sharesThatDoNotAddUpExactlyStillGiveTheTotalAndUnthrottledIsNotShared() throws Exception {
        try (FakeLab second = new FakeLab(time);
                FakeLab third = new FakeLab(time)) {
            ProducerClient group = new ProducerClient(http, List.of(lab.url(), second.url(), third.url()));

            // 0.9 / 3 summed three times is 0.8999999999999999: start() would call the answer wrong.
            ProducerStatus slow =
                    group.start(new ProducerSettings(5, 16384, Compression.NONE, 0.9, 400, KeyStrategy.ORDER_ID), 1);
            ProducerStatus unthrottled = group.apply(SettingsChange.rate(SettingsLimits.UNTHROTTLED, 2));

            assertThat(slow.settings().rate()).isEqualTo(0.9);
            assertThat(unthrottled.settings().unthrottled()).isTrue();
            assertThat(third.log()).contains("POST /actuator/producer {\"rate\":-1.0,\"phase\":2}");
        }
    }

    @Test
    void aBacklogIsSplitOverTheInstancesSoTheirStopsAddUpToIt() throws Exception {
        try (FakeLab second = new FakeLab(time);
                FakeLab third = new FakeLab(time)) {
            ProducerClient group = new ProducerClient(http, List.of(lab.url(), second.url(), third.url()));
            ProducerSettings wanted = new ProducerSettings(5, 16384, Compression.NONE, 3000, 400, KeyStrategy.ORDER_ID);

            group.startBacklog(wanted, 5, "drain", ProducerClient.LAB_TOPIC, 1_000);

            assertThat(lab.log()).anyMatch(line -> line.contains("\"stopAfterRecords\":334"));
            assertThat(second.log()).anyMatch(line -> line.contains("\"stopAfterRecords\":333"));
            assertThat(third.log()).anyMatch(line -> line.contains("\"stopAfterRecords\":333"));
            int posts = lab.log().size();
            assertThatThrownBy(() -> group.startBacklog(wanted, 6, "drain", ProducerClient.LAB_TOPIC, 2))
                    .isInstanceOf(EndpointException.class)
                    .hasMessageStartingWith("a backlog of 2 records cannot be split over 3 producer-app instances");
            assertThat(lab.log()).hasSize(posts);
        }
    }

    @Test
    void anInstanceThatWroteItsShareBeforeAnsweringStandsAsStartedBesideTheOthers() throws Exception {
        try (FakeLab second = new FakeLab(time);
                FakeLab third = new FakeLab(time)) {
            lab.writesBacklogsBeforeAnswering();
            ProducerClient group = new ProducerClient(http, List.of(lab.url(), second.url(), third.url()));
            ProducerSettings wanted = new ProducerSettings(5, 16384, Compression.NONE, 3000, 400, KeyStrategy.ORDER_ID);

            ProducerStatus started = group.startBacklog(wanted, 5, "drain", ProducerClient.LAB_TOPIC, 1_000);

            assertThat(started.running()).isTrue();
            assertThat(started.phaseSends(5).orElseThrow().sent()).isEqualTo(334);
            assertThat(new ProducerClient(http, lab.url()).state().running()).isFalse();
            time.sleep(Duration.ofSeconds(2));
            assertThat(group.state().phaseSends(5).orElseThrow().sent()).isEqualTo(1_000);
            assertThat(group.state().running()).isFalse();
        }
    }

    @Test
    void oneInstanceThatWroteItsBacklogBeforeAnsweringStandsAsStartedAsSeveralDo() throws Exception {
        lab.writesBacklogsBeforeAnswering();
        ProducerClient one = new ProducerClient(http, lab.url());
        ProducerSettings wanted = new ProducerSettings(5, 16384, Compression.NONE, 3000, 400, KeyStrategy.ORDER_ID);

        ProducerStatus started = one.startBacklog(wanted, 5, "drain", ProducerClient.LAB_TOPIC, 1_000);

        assertThat(started.running()).as("started as asked").isTrue();
        assertThat(started.phaseSends(5).orElseThrow().sent()).isEqualTo(1_000);
        assertThat(one.state().running())
                .as("what it is doing: stopped by itself")
                .isFalse();
    }

    @Test
    void aConsumerInstanceBackWithOtherSettingsThanTheOthersIsNamedWithBoth() throws Exception {
        try (FakeLab second = new FakeLab(time)) {
            ConsumerClient group = new ConsumerClient(http, List.of(lab.url(), second.url()));

            assertThat(group.settingsDiffer(2)).isEmpty();
            // The first one runs what the phase asked for; the second came back with the app's defaults.
            new ConsumerClient(http, lab.url()).apply(ConsumerChange.none().with(ListenerType.RECORD, null, null));

            assertThat(group.settingsDiffer(2)).hasValueSatisfying(note -> assertThat(note)
                    .startsWith("consumer-app 2 came back with other consumer settings than " + lab.url())
                    .contains("(batch 500, in-order")
                    .contains("against record, in-order")
                    .endsWith("its figures mix two configurations"));
            group.takenDown(1);
            assertThat(group.settingsDiffer(2))
                    .as("no other instance up to compare with")
                    .isEmpty();
        }
    }

    @Test
    void aShareBelowTheLowestRateAnInstanceAcceptsIsRefusedBeforeAnyIsAsked() throws Exception {
        try (FakeLab second = new FakeLab(time)) {
            ProducerClient group = new ProducerClient(http, List.of(lab.url(), second.url()));

            assertThatThrownBy(() -> group.apply(SettingsChange.rate(0.15, 2)))
                    .isInstanceOf(EndpointException.class)
                    .hasMessage("rate 0.15 records/s split over 2 producer-app instances gives each 0.075 records/s,"
                            + " below the lowest an instance accepts (0.1): raise the rate or drive fewer instances"
                            + " (a phase's producers: K)");
            assertThat(lab.log()).isEmpty();
            assertThat(second.log()).isEmpty();
            group.use(1);
            assertThat(group.apply(SettingsChange.rate(0.15, 2)).settings().rate())
                    .isEqualTo(0.15);
        }
    }

    @Test
    void consumerResetsAndReportsPerPhase() throws Exception {
        ConsumerClient consumer = new ConsumerClient(http, lab.url());
        new ProducerClient(http, lab.url())
                .apply(SettingsChange.start(
                        new ProducerSettings(20, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID), 0));

        consumer.reset();
        consumer.resetPhases();
        time.sleep(Duration.ofSeconds(2));
        LatencyView report = consumer.latency();

        assertThat(lab.log())
                .containsSubsequence(
                        "DELETE /actuator/latency", "DELETE /actuator/latency?scope=phases", "GET /actuator/latency");
        PhaseView phase = report.phase(0).orElseThrow();
        assertThat(phase.count()).isEqualTo(2000);
        assertThat(phase.latencyMs().p50()).isEqualTo(13.5);
        assertThat(phase.firstReceived()).isEqualTo(Instant.parse("2026-11-21T23:50:00Z"));
        assertThat(report.phases()).singleElement().extracting(PhaseView::phase).isEqualTo(0);
        assertThat(report.totals().pending()).isEqualTo(3);
        assertThat(report.producer(UUID.fromString("5f0c0000-0000-0000-0000-000000000001")))
                .isPresent();
    }

    @Test
    void prometheusVectorsMatricesAndMissingNumbers() throws Exception {
        TestServer prom = new TestServer();
        prom.route(
                "/api/v1/query_range",
                ex -> TestServer.reply(
                        ex,
                        200,
                        """
                {"status":"success","data":{"resultType":"matrix","result":[
                  {"metric":{"broker":"1"},"values":[[1795305000,"0.5"],[1795305005,"NaN"],[1795305010,"0.7"]]}]}}"""));
        prom.route("/api/v1/query", ex -> {
            String q = ex.getRequestURI().getQuery();
            if (q.contains("bad(")) {
                TestServer.reply(
                        ex,
                        400,
                        "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error: unexpected end of input\"}");
            } else {
                TestServer.reply(
                        ex,
                        200,
                        """
                        {"status":"success","data":{"resultType":"vector","result":[
                          {"metric":{"broker":"1"},"value":[1795305000.5,"0.25"]},
                          {"metric":{"broker":"2"},"value":[1795305000.5,"NaN"]}]}}""");
            }
        });
        try {
            PrometheusClient client = new PrometheusClient(http, prom.url());

            List<PromSeries> samples = client.instant("sum by (broker) (x)", Instant.ofEpochSecond(1795305000));
            List<PromSeries> series = client.range(
                    "x", Instant.ofEpochSecond(1795305000), Instant.ofEpochSecond(1795305010), Duration.ofSeconds(5));

            assertThat(samples)
                    .extracting(PromSeries::labels, PromSeries::value)
                    .containsExactly(tuple(Map.of("broker", "1"), 0.25), tuple(Map.of("broker", "2"), null));
            assertThat(samples.get(1).hasData()).isFalse();
            assertThat(series).hasSize(1);
            assertThat(series.get(0).points())
                    .extracting(PromSeries.Point::value)
                    .containsExactly(0.5, 0.7);
            assertThat(series.get(0).points().get(1).time()).isEqualTo(Instant.ofEpochSecond(1795305010));
            assertThatThrownBy(() -> client.instant("bad(", Instant.now()))
                    .isInstanceOf(PromQueryException.class)
                    .hasFieldOrPropertyWithValue("reason", "bad_data: parse error: unexpected end of input")
                    .hasMessageContaining(
                            "Prometheus refused the query bad(: HTTP 400 bad_data parse error: unexpected end of input");
        } finally {
            prom.close();
        }
    }

    @Test
    void aPartThatIsDownIsNamedWithItsUrl() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        URI down = URI.create("http://127.0.0.1:" + port);

        assertThatThrownBy(() -> new ConsumerClient(http, down).latency())
                .isInstanceOf(EndpointException.class)
                .hasMessage("consumer-app does not answer at " + down + "/actuator/latency (connection refused)");

        Preflight.Findings findings = new Preflight(http)
                .check(List.of(
                        new Preflight.Check("producer-app", URI.create(lab.url() + "/actuator/producer"), true),
                        new Preflight.Check("Prometheus", URI.create(down + "/-/ready"), true),
                        new Preflight.Check("Grafana", URI.create(down + "/api/health"), false)));
        assertThat(findings.ok()).isFalse();
        assertThat(findings.failures())
                .containsExactly("Prometheus does not answer at " + down + "/-/ready (connection refused)");
        assertThat(findings.warnings())
                .containsExactly("Grafana does not answer at " + down + "/api/health (connection refused)");
    }
}
