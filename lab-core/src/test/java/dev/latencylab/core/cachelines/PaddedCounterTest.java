package dev.latencylab.core.cachelines;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class PaddedCounterTest {

    /** Enough that the two threads overlap for most of their run (a few ms each would not). */
    private static final int INCREMENTS = 20_000_000;

    /** The Kafka client's I/O threads of a producer and its successor may answer at once: no answer is lost. */
    @Test
    void incrementsFromTwoThreadsAtOnceAreAllCounted() throws InterruptedException {
        PaddedCounter counter = new PaddedCounter();
        CountDownLatch go = new CountDownLatch(1);
        Runnable adds = () -> {
            try {
                go.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            for (int i = 0; i < INCREMENTS; i++) {
                counter.incrementAndGet();
            }
        };
        Thread a = new Thread(adds);
        Thread b = new Thread(adds);
        a.start();
        b.start();
        go.countDown();
        a.join();
        b.join();

        assertThat(counter.get()).isEqualTo(2L * INCREMENTS);
    }

    @Test
    void itsOneWriterSetsWhatOthersRead() {
        PaddedCounter counter = new PaddedCounter();
        counter.set(41);

        assertThat(counter.incrementAndGet()).isEqualTo(42);
        assertThat(counter.get()).isEqualTo(42);
    }
}
