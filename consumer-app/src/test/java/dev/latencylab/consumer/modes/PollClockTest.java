package dev.latencylab.consumer.modes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.core.clock.EpochMicros;
import dev.latencylab.core.latency.LatencyRecorder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.junit.jupiter.api.Test;

class PollClockTest {

    private final PollClock clock = new PollClock();

    /** When this thread's poll returned, bracketed by the clock read around it. */
    private record Poll(long before, long after) {}

    private Poll poll() {
        long before = EpochMicros.now();
        clock.onConsume(ConsumerRecords.empty());
        return new Poll(before, EpochMicros.now());
    }

    @Test
    void aThreadThatNeverPolledReadsNotPolled() throws Exception {
        poll(); // another thread's poll is not this one's
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            assertThat(other.submit(PollClock::polledMicros).get()).isEqualTo(LatencyRecorder.NOT_POLLED);
        } finally {
            other.shutdownNow();
        }
    }

    /** Two polling threads by turns: each reads its own last poll, whichever polled last. */
    @Test
    void eachThreadReadsItsOwnPollWhoeverPolledLast() throws Exception {
        ExecutorService a = Executors.newSingleThreadExecutor();
        ExecutorService b = Executors.newSingleThreadExecutor();
        try {
            Poll pollA = a.submit(this::poll).get();
            Thread.sleep(3);
            Poll pollB = b.submit(this::poll).get();

            long readByA = a.submit(PollClock::polledMicros).get();
            long readByB = b.submit(PollClock::polledMicros).get();

            assertThat(readByA).isBetween(pollA.before(), pollA.after());
            assertThat(readByB).isBetween(pollB.before(), pollB.after());
            // And after A polls again, B still reads its own.
            Thread.sleep(3);
            Poll againA = a.submit(this::poll).get();
            assertThat(b.submit(PollClock::polledMicros).get()).isBetween(pollB.before(), pollB.after());
            assertThat(CompletableFuture.supplyAsync(PollClock::polledMicros, a).get())
                    .isBetween(againA.before(), againA.after());
        } finally {
            a.shutdownNow();
            b.shutdownNow();
        }
    }
}
