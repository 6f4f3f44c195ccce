package dev.latencylab.api.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsumerSettingsTest {

    private static ConsumerSettings read(Map<String, ?> fields) {
        return ConsumerSettings.DEFAULTS.apply(ConsumerChange.fromJson(new LinkedHashMap<>(fields)));
    }

    @Test
    void thePublishedBatchModeReadsFromItsContractNames() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("maxPollRecords", 50);
        fields.put("listener", "batch");
        fields.put("commit", "batch");
        fields.put("commitSync", true);
        fields.put("processing", "per-key");
        fields.put("workers", 50);
        fields.put("workMicros", 1_000);
        fields.put("work", "WAIT");

        ConsumerSettings s = read(fields);

        assertThat(s.maxPollRecords()).isEqualTo(50);
        assertThat(s.commit()).isEqualTo(CommitMode.BATCH);
        assertThat(s.commitIntervalMs())
                .as("the old mode's interval goes with it")
                .isNull();
        assertThat(s.processing()).isEqualTo(ProcessingOrder.PER_KEY);
        assertThat(s.describe()).isEqualTo("batch 50, per-key x 50, commit batch sync, wait 1000 µs");
    }

    @Test
    void recordAtATimeIsARecordListenerCommittingEachRecord() {
        ConsumerSettings s = read(Map.of("listener", "record", "commit", "record", "workMicros", 1_000));

        assertThat(s.describe()).isEqualTo("record, in-order, commit record async, wait 1000 µs");
    }

    @Test
    void aModeThatNeedsANumberTakesItsDefaultAndDropsItWhenLeft() {
        ConsumerSettings count = read(Map.of("commit", "count"));
        assertThat(count.commitCount()).isEqualTo(1_000);
        assertThat(count.commitIntervalMs()).isNull();

        ConsumerSettings time = count.apply(ConsumerChange.fromJson(Map.of("commit", "time")));
        assertThat(time.commitIntervalMs()).isEqualTo(5_000);
        assertThat(time.commitCount()).isNull();

        ConsumerSettings parallel = read(Map.of("processing", "unordered"));
        assertThat(parallel.workers()).isEqualTo(8);
        assertThat(parallel.apply(ConsumerChange.fromJson(Map.of("processing", "in-order")))
                        .workers())
                .isEqualTo(1);
    }

    @Test
    void commitAutoIsTheKafkaConsumersOwnEveryIntervalAsynchronouslyAndNotAShareGroups() {
        ConsumerSettings auto = read(Map.of("commit", "auto"));
        assertThat(auto.commitIntervalMs())
                .as("Kafka's auto.commit.interval.ms default")
                .isEqualTo(5_000);
        assertThat(auto.describeCommit()).isEqualTo("auto 5000 ms async");
        ConsumerSettings everySecond = read(Map.of("listener", "record", "commit", "auto", "commitIntervalMs", 1_000));
        assertThat(everySecond.describe()).isEqualTo("record, in-order, commit auto 1000 ms async, no work");
        ConsumerSettings timed = everySecond.apply(ConsumerChange.fromJson(Map.of("commit", "time")));
        assertThat(timed.commitIntervalMs()).as("the new mode's default").isEqualTo(5_000);
        assertThatThrownBy(() -> read(Map.of("commit", "auto", "commitSync", true)))
                .hasMessageContaining("asynchronous inside poll")
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("commitSync");
        assertThatThrownBy(() -> read(Map.of("listener", "share", "commit", "auto")))
                .hasMessage("commit auto: a share group acknowledges each record; it commits no offsets");
        assertThatThrownBy(() -> read(Map.of("commit", "batch", "commitIntervalMs", 10)))
                .hasMessage("commitIntervalMs is only read with commit time or auto; got commit batch");
        assertThatThrownBy(() -> read(Map.of("commit", "auto", "commitCount", 10)))
                .hasMessage("commitCount is only read with commit count; got commit auto");
    }

    @Test
    void combinationsThatCannotWorkAreRefusedNamingTheField() {
        assertThatThrownBy(() -> read(Map.of("commit", "record")))
                .isInstanceOf(BadSettingsException.class)
                .hasMessageContaining("commit record needs listener record")
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("commit");
        assertThatThrownBy(() -> read(Map.of("listener", "record", "processing", "per-key")))
                .hasMessageContaining("needs listener batch")
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("processing");
        assertThatThrownBy(() -> read(Map.of("workers", 4)))
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("workers");
        assertThatThrownBy(() -> read(Map.of("commit", "batch", "commitCount", 10)))
                .hasMessage("commitCount is only read with commit count; got commit batch");
    }

    @Test
    void aShareGroupsWorkersAreItsConsumersEachProcessingInOrderWithNoCommitsAndNoIsolationLevel() {
        ConsumerSettings share = read(Map.of("listener", "share", "workers", 12, "maxPollRecords", 100));
        assertThat(share.describe()).isEqualTo("share group x 12, batch 100, no work");
        assertThat(read(Map.of("listener", "share", "workers", ConsumerSettings.MAX_SHARE_CONSUMERS))
                        .workers())
                .isEqualTo(32);
        assertThatThrownBy(() -> read(Map.of("listener", "share", "workers", 33)))
                .hasMessageContaining("at most 32")
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("workers");
        assertThatThrownBy(() -> read(Map.of("listener", "share", "processing", "per-key", "workers", 4)))
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("processing");
        assertThatThrownBy(() -> read(Map.of("listener", "share", "commit", "record")))
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("commit");
        assertThatThrownBy(() -> read(
                        Map.of("listener", "share", "consumerConfig", Map.of("isolation.level", "read_committed"))))
                .hasMessageContaining("share.isolation.level")
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("consumerConfig");
    }

    @Test
    void badValuesAreRefusedAsTheProducerEndpointRefusesThem() {
        assertThatThrownBy(() -> ConsumerChange.fromJson(Map.of("maxPollRecords", "50")))
                .hasMessage("maxPollRecords must be an integer from 1 to 100000; got \"50\"");
        assertThatThrownBy(() -> ConsumerChange.fromJson(Map.of("processing", "parallel")))
                .hasMessage("processing must be one of in-order, per-key, unordered; got \"parallel\"");
        assertThatThrownBy(() -> ConsumerChange.fromJson(Map.of("maxPollRecord", 50)))
                .hasMessageStartingWith("unknown field 'maxPollRecord'; accepted: commit, commitCount");
        assertThatThrownBy(() -> ConsumerChange.fromJson(Map.of("consuming", "no")))
                .hasMessage("consuming must be true or false; got \"no\"");
    }

    @Test
    void theSettingsKnowNoConsuming() {
        assertThatThrownBy(() -> ConsumerSettings.fromJson(Map.of("consuming", false)))
                .hasMessageStartingWith("unknown field 'consuming'; accepted: commit, commitCount");
    }

    @Test
    void aFetchSettingNowAKafkaPropertyIsRefusedWithWhereToGiveIt() {
        assertThatThrownBy(() -> ConsumerChange.fromJson(Map.of("fetchMaxWaitMs", 50)))
                .hasMessage("fetchMaxWaitMs is a Kafka property now: give it in consumerConfig as fetch.max.wait.ms")
                .extracting(e -> ((BadSettingsException) e).field())
                .isEqualTo("fetchMaxWaitMs");
    }

    @Test
    void onlyKafkaPropertiesNeedANewConsumer() {
        ConsumerSettings d = ConsumerSettings.DEFAULTS;
        assertThat(d.fetchDiffers(read(Map.of("workMicros", 5)))).isFalse();
        assertThat(d.fetchDiffers(read(Map.of("consumerConfig", Map.of("fetch.max.wait.ms", 5)))))
                .isTrue();
        assertThat(d.fetchDiffers(read(Map.of("maxPollRecords", 300)))).isTrue();
    }
}
