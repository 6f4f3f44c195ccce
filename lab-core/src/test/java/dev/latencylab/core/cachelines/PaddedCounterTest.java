package dev.latencylab.core.cachelines;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
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

    /**
     * Two I/O threads answering at once, each its own records in rising order: no raise is undone by
     * the other's lower one (a thread reads back at least what it raised to), and the highest stays.
     */
    @Test
    void raisesFromTwoThreadsAtOnceKeepTheHighest() throws InterruptedException {
        PaddedCounter highest = new PaddedCounter();
        highest.set(-1);
        AtomicLong lowered = new AtomicLong();
        CountDownLatch go = new CountDownLatch(1);
        Thread evens = new Thread(() -> raiseEvery(highest, 0, go, lowered));
        Thread odds = new Thread(() -> raiseEvery(highest, 1, go, lowered));
        evens.start();
        odds.start();
        go.countDown();
        evens.join();
        odds.join();

        assertThat(lowered).as("raises undone by a lower one").hasValue(0);
        assertThat(highest.get()).isEqualTo(2L * INCREMENTS - 1);
    }

    @Test
    void aLowerValueDoesNotLowerIt() {
        PaddedCounter highest = new PaddedCounter();
        highest.raiseTo(7);
        highest.raiseTo(3);

        assertThat(highest.get()).isEqualTo(7);
    }

    private static void raiseEvery(PaddedCounter highest, int first, CountDownLatch go, AtomicLong lowered) {
        try {
            go.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        long undone = 0;
        for (long v = first; v < 2L * INCREMENTS; v += 2) {
            highest.raiseTo(v);
            if (highest.get() < v) {
                undone++;
            }
        }
        lowered.addAndGet(undone);
    }

    @Test
    void itsOneWriterSetsWhatOthersRead() {
        PaddedCounter counter = new PaddedCounter();
        counter.set(41);

        assertThat(counter.incrementAndGet()).isEqualTo(42);
        assertThat(counter.get()).isEqualTo(42);
    }
}
