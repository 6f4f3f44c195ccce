package dev.latencylab.runner.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.internals.KafkaFutureImpl;
import org.junit.jupiter.api.Test;

class PartitionOffsetsTest {

    private static final TopicPartition P0 = new TopicPartition("lab.elr", 0);
    private static final TopicPartition P1 = new TopicPartition("lab.elr", 1);

    /**
     * As a cluster answered with broker 2 of 3 down (min.insync.replicas 3): partition 0, whose leader
     * moved from broker 2 to 3, never gives its end offset; partition 1, under min ISR too but with its
     * leader unchanged, does.
     */
    private static final TopicHealth ONE_BROKER_DOWN =
            new TopicHealth(List.of(new TopicHealth.Partition(0, 3, 2, 3), new TopicHealth.Partition(1, 3, 2, 3)), 3);

    @Test
    void aPartitionWhoseLeaderNeverAnswersIsNamedWithWhyItsEndOffsetIsUnknown() {
        PartitionOffsets offsets = new PartitionOffsets(
                answering(Map.of(P1, 2_784L)), "127.0.0.1:9092", Duration.ofMillis(200), (t, d) -> ONE_BROKER_DOWN);

        assertThatThrownBy(() -> offsets.read("lab.elr", List.of(P0, P1), OffsetSpec.latest(), "end"))
                .isInstanceOf(TopicException.class)
                .hasMessage("could not read the end offsets of lab.elr on 127.0.0.1:9092 within 200ms:"
                        + " partition 0 has 2 of its 3 replicas in sync, fewer than its min.insync.replicas 3:"
                        + " a leader that took over (now broker 3) gives no end offset until its high watermark"
                        + " reaches the start of its leader epoch, which it cannot while too few replicas are in"
                        + " sync (KIP-966)");
    }

    @Test
    void whenTheAdminClientTimesOutFirstTheFailedPartitionIsNamedAndItsTimeoutKept() {
        // The admin's own deadline starts before the wait on its answer: it usually gives up first.
        PartitionOffsets offsets = new PartitionOffsets(
                answering(Map.of(P1, 2_784L), Map.of(P0, new TimeoutException("Timed out waiting for a node"))),
                "127.0.0.1:9092",
                Duration.ofSeconds(30),
                (t, d) -> ONE_BROKER_DOWN);

        assertThatThrownBy(() -> offsets.read("lab.elr", List.of(P0, P1), OffsetSpec.latest(), "end"))
                .isInstanceOf(TopicException.class)
                .hasMessageContaining("within 30s: partition 0 has 2 of its 3 replicas in sync")
                .hasMessageNotContaining("partition 1")
                .hasCauseInstanceOf(TimeoutException.class);
    }

    @Test
    void aRefusalIsGivenInTheClustersOwnWords() {
        assertThat(PartitionOffsets.whyUnread(
                        "end", List.of(0), ONE_BROKER_DOWN, new TopicAuthorizationException("Not authorized")))
                .isEqualTo("partition 0 refused: Not authorized");
    }

    @Test
    void aPartitionWithFewerReplicasThanMinInsyncIsHeldToItsReplicas() {
        // The broker holds it to min(replicas, min.insync.replicas): all in sync is enough.
        TopicHealth small = new TopicHealth(List.of(new TopicHealth.Partition(0, 1, 2, 2)), 3);

        assertThat(PartitionOffsets.whyUnread("end", List.of(0), small, null))
                .isEqualTo("partition 0: its leader, broker 1, did not answer");
    }

    @Test
    void everyLeaderAnsweringGivesEachPartitionsOffset() throws InterruptedException {
        PartitionOffsets offsets = new PartitionOffsets(
                answering(Map.of(P0, 9_231L, P1, 2_784L)), "127.0.0.1:9092", Duration.ofSeconds(5), (t, d) -> {
                    throw new AssertionError("described without a refusal");
                });

        assertThat(offsets.read("lab.elr", List.of(P0, P1), OffsetSpec.latest(), "end"))
                .containsExactlyInAnyOrderEntriesOf(Map.of(P0, 9_231L, P1, 2_784L));
    }

    @Test
    void aLeaderlessPartitionIsSaidToHaveNone() {
        TopicHealth offline = new TopicHealth(List.of(new TopicHealth.Partition(0, -1, 0, 3)), 2);

        assertThat(PartitionOffsets.whyUnread("end", List.of(0), offline, null))
                .isEqualTo("partition 0 has no leader (0 of its 3 replicas in sync)");
    }

    @Test
    void startOffsetsNeedNoHighWatermarkSoOnlyTheSilentLeaderIsNamed() {
        assertThat(PartitionOffsets.whyUnread("start", List.of(0), ONE_BROKER_DOWN, null))
                .isEqualTo("partition 0: its leader, broker 3, did not answer");
    }

    @Test
    void withoutADescriptionTheBrokersThemselvesAreInDoubt() {
        assertThat(PartitionOffsets.whyUnread("end", List.of(0), null, null))
                .isEqualTo("no answer (are the brokers up? scripts/lab up)");
        assertThat(PartitionOffsets.whyUnread("end", List.of(), ONE_BROKER_DOWN, new IllegalStateException("boom")))
                .isEqualTo("boom (are the brokers up? scripts/lab up)");
    }

    /** An admin client whose ListOffsets answers for {@code known} partitions only; the others never answer. */
    private static Admin answering(Map<TopicPartition, Long> known) {
        return answering(known, Map.of());
    }

    /** As {@link #answering(Map)}, the partitions in {@code failed} failing with their exception. */
    private static Admin answering(Map<TopicPartition, Long> known, Map<TopicPartition, Exception> failed) {
        return (Admin) Proxy.newProxyInstance(
                Admin.class.getClassLoader(), new Class<?>[] {Admin.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("listOffsets")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    @SuppressWarnings("unchecked")
                    Map<TopicPartition, OffsetSpec> asked = (Map<TopicPartition, OffsetSpec>) args[0];
                    Map<TopicPartition, KafkaFuture<ListOffsetsResultInfo>> futures = new java.util.HashMap<>();
                    asked.keySet().forEach(tp -> {
                        KafkaFutureImpl<ListOffsetsResultInfo> f = new KafkaFutureImpl<>();
                        Optional.ofNullable(known.get(tp))
                                .ifPresent(o -> f.complete(new ListOffsetsResultInfo(o, -1, Optional.empty())));
                        Optional.ofNullable(failed.get(tp)).ifPresent(f::completeExceptionally);
                        futures.put(tp, f);
                    });
                    return new ListOffsetsResult(futures);
                });
    }
}
