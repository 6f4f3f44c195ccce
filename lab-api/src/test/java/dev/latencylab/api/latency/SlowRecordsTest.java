package dev.latencylab.api.latency;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SlowRecordsTest {

    /**
     * Two consumer-app instances watching a phase, neither of which saw a slow record: merging
     * them must not unbox a missing maximum (it crashed a self-test run with two consumers).
     */
    @Test
    void instancesWithoutASlowRecordMergeIntoNoneAndOneWithSomeKeepsItsMaximum() {
        SlowRecords none = new SlowRecords(12.5, 0, null, null, null, null, new TreeMap<>());
        SlowRecords some = new SlowRecords(
                12.5, 3, Instant.EPOCH, Instant.EPOCH, Instant.EPOCH, 40.0, new TreeMap<>(java.util.Map.of(0L, 3L)));

        assertThat(none.plus(none).maxMs()).isNull();
        assertThat(none.plus(none).count()).isZero();
        assertThat(none.plus(some).maxMs()).isEqualTo(40.0);
        assertThat(some.plus(none).maxMs()).isEqualTo(40.0);
        assertThat(some.plus(some).count()).isEqualTo(6);
    }
}
