package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.latencylab.api.wait.Wait;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.FakeTime;
import dev.latencylab.runner.fake.TestServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The waits a run and a comparison share, against an HTTP server whose answers change with each
 * request: they end when the condition holds, and at the deadline with what was seen last.
 */
class ConsumerWaitTest {

    private final FakeTime time = new FakeTime(Instant.parse("2026-11-27T12:00:00Z"));
    private final JsonHttp http = new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5));
    private final TestServer server = new TestServer();
    private final AtomicInteger requests = new AtomicInteger();

    @AfterEach
    void stop() {
        server.close();
    }

    /** Answers GET /actuator/latency with {@code body} of the request's number (1, 2, ...). */
    private ConsumerClient consumerAnswering(IntFunction<String> body) {
        server.route("/actuator/latency", ex -> TestServer.reply(ex, 200, body.apply(requests.incrementAndGet())));
        return new ConsumerClient(http, List.of(server.url()));
    }

    private static String holding(int partitions) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < partitions; i++) {
            list.append(i == 0 ? "" : ",").append(i);
        }
        return "{\"phases\":[],\"assigned\":{\"lab.orders.t\":[" + list + "]}}";
    }

    private static String pending(long pending) {
        return "{\"phases\":[],\"totals\":{\"received\":10,\"lost\":0,\"late\":0,\"pending\":" + pending
                + ",\"duplicated\":0,\"redelivered\":0,\"outOfOrder\":0,\"droppedProducers\":0}}";
    }

    @Test
    void assignedReturnsOnceEveryPartitionIsHeld() throws Exception {
        ConsumerWait wait =
                new ConsumerWait(consumerAnswering(n -> holding(Math.min(n, 3))), time, time, Duration.ofMillis(500));

        assertThat(wait.assigned("lab.orders.t", 3, Duration.ofSeconds(60))).isEqualTo(3);
        assertThat(requests).hasValue(3);
        assertThat(time.instant()).isEqualTo(Instant.parse("2026-11-27T12:00:01Z"));
    }

    @Test
    void assignedGivesUpAtTheDeadlineWithWhatIsHeld() throws Exception {
        ConsumerWait wait = new ConsumerWait(consumerAnswering(n -> holding(2)), time, time, Duration.ofMillis(500));

        assertThat(wait.assigned("lab.orders.t", 3, Duration.ofSeconds(10))).isEqualTo(2);
        assertThat(time.instant()).isEqualTo(Instant.parse("2026-11-27T12:00:10Z"));
    }

    @Test
    void aGroupIsSpreadWhenEachInstanceHoldsItsShareOfEveryTopicItReadsNotOfTheNewOneAlone() throws Exception {
        // The consumer protocol's uniform assignor: instance 1 holds the idle lab topic and one partition of the
        // new one, instance 2 the rest of the new one. 4 and 5 of 9: even, though not 3 and 3 of the new topic.
        TestServer other = new TestServer();
        try {
            server.route("/actuator/latency", ex -> TestServer.reply(ex, 200, assigned("\"lab.orders\":[0,1,2]", "5")));
            other.route(
                    "/actuator/latency",
                    ex -> TestServer.reply(
                            ex,
                            200,
                            requests.incrementAndGet() < 3 ? assigned(null, "") : assigned(null, "0,1,2,3,4")));
            ConsumerWait wait = new ConsumerWait(
                    new ConsumerClient(http, List.of(server.url(), other.url())), time, time, Duration.ofMillis(500));

            Wait.Seen<ConsumerWait.GroupSpread> seen = wait.spread("lab.orders.t", 6, Duration.ofSeconds(60));
            ConsumerWait.GroupSpread spread = seen.last();

            assertThat(seen.met()).isTrue();
            assertThat(spread.ofTopic()).containsExactly(1, 5);
            assertThat(spread.inAll()).containsExactly(4, 5);
            assertThat(spread.share()).isEqualTo(4);
            assertThat(requests).as("waited while instance 2 held none").hasValue(3);
        } finally {
            other.close();
        }
    }

    @Test
    void aGroupThatTookTheNewTopicOnUnevenlyIsWaitedForUntilTheDeadline() throws Exception {
        TestServer other = new TestServer();
        try {
            // Instance 1 holds the new topic whole; instance 2 only one partition of the lab topic.
            server.route(
                    "/actuator/latency",
                    ex -> TestServer.reply(ex, 200, assigned("\"lab.orders\":[0]", "0,1,2,3,4,5")));
            other.route("/actuator/latency", ex -> TestServer.reply(ex, 200, assigned("\"lab.orders\":[1]", "")));
            ConsumerWait wait = new ConsumerWait(
                    new ConsumerClient(http, List.of(server.url(), other.url())), time, time, Duration.ofMillis(500));

            Wait.Seen<ConsumerWait.GroupSpread> seen = wait.spread("lab.orders.t", 6, Duration.ofSeconds(10));
            ConsumerWait.GroupSpread spread = seen.last();

            assertThat(seen.met()).isFalse();
            assertThat(spread.inAll()).containsExactly(7, 1);
            assertThat(time.instant()).isEqualTo(Instant.parse("2026-11-27T12:00:10Z"));
        } finally {
            other.close();
        }
    }

    /** A view holding {@code partitions} of lab.orders.t and, when not null, another topic's {@code entry}. */
    private static String assigned(String entry, String partitions) {
        return "{\"phases\":[],\"assigned\":{\"lab.orders.t\":[" + partitions + "]" + (entry == null ? "" : "," + entry)
                + "}}";
    }

    @Test
    void drainedWaitsForNothingPendingAndStopsAtTheDeadline() throws Exception {
        ConsumerWait caughtUp = new ConsumerWait(
                consumerAnswering(n -> pending(Math.max(0, 4 - n))), time, time, Duration.ofMillis(500));
        ConsumerWait.CaughtUp done = caughtUp.drained(List.of(), Duration.ofSeconds(60), null);
        assertThat(done.drained()).isTrue();
        assertThat(done.last().totals().pending()).isZero();
        assertThat(requests).hasValue(4);

        server.close();
        TestServer other = new TestServer();
        try {
            other.route("/actuator/latency", ex -> TestServer.reply(ex, 200, pending(7)));
            ConsumerWait behind = new ConsumerWait(
                    new ConsumerClient(http, List.of(other.url())), time, time, Duration.ofMillis(500));
            Instant before = time.instant();
            ConsumerWait.CaughtUp late = behind.drained(List.of(), Duration.ofSeconds(5), null);
            assertThat(late.drained()).isFalse();
            assertThat(late.last().totals().pending()).isEqualTo(7);
            assertThat(Duration.between(before, time.instant())).isEqualTo(Duration.ofSeconds(5));
        } finally {
            other.close();
        }
    }

    @Test
    void aBacklogWaitEndsAtTheCountOrOnAStall() throws Exception {
        // The tally grows by 1,000 a request up to 5,000, then stays there.
        server.route(
                "/actuator/producer",
                ex -> TestServer.reply(
                        ex,
                        200,
                        "{\"running\":true,\"generation\":1,\"phase\":7,\"phases\":[{\"phase\":7,\"topic\":\"lab.orders\",\"sent\":"
                                + Math.min(5_000, 1_000L * requests.incrementAndGet()) + ",\"acked\":0,\"failed\":"
                                + (requests.get() == 9 ? 1 : 0) + "}]}"));
        ProducerClient producer = new ProducerClient(http, server.url());
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        BacklogSends backlog = new BacklogSends(
                producer,
                time,
                time,
                new PrintStream(console, true, StandardCharsets.UTF_8),
                Duration.ofSeconds(1),
                Duration.ofSeconds(2));

        BacklogSends.Written three = backlog.await(7, 3_000, "  ", s -> {});
        assertThat(three).isEqualTo(new BacklogSends.Written(3_000, false));

        BacklogSends.Written stalled = backlog.await(7, 10_000, "  ", s -> {});
        assertThat(stalled).isEqualTo(new BacklogSends.Written(5_000, true));
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("  backlog: 5,000 of 10,000 records sent");

        requests.set(7);
        assertThatThrownBy(() -> backlog.await(7, 10_000, "  ", s -> {
                    if (s.orElseThrow().failed() > 0) {
                        throw new IllegalStateException(
                                "failed " + s.orElseThrow().failed());
                    }
                }))
                .hasMessage("failed 1");
        // A phase the producer-app has no tally of is handed to the check as such, at the first read.
        List<Boolean> seen = new java.util.ArrayList<>();
        assertThatThrownBy(() -> backlog.await(8, 10_000, "  ", s -> {
                    seen.add(s.isPresent());
                    throw new IllegalStateException("no tally");
                }))
                .hasMessage("no tally");
        assertThat(seen).containsExactly(false);
    }
}
