package dev.latencylab.producer.selftest;

import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * The self-test's producer fault: each of the next k records is written twice, the second copy
 * unseen by the app's counters, as an acks=1 retry of a request whose answer was lost would. The
 * report must then show exactly k duplicated, and the phase must have lost nothing.
 */
@Component
public class DuplicatedRecords {

    private final AtomicLong left = new AtomicLong();
    private final AtomicLong written = new AtomicLong();

    void arm(long count) {
        left.set(count);
    }

    /** Whether the record just sent is to be written again; cheap when nothing is armed. */
    public boolean writeAgain() {
        if (left.get() <= 0 || left.getAndDecrement() <= 0) {
            return false;
        }
        written.incrementAndGet();
        return true;
    }

    long pending() {
        return Math.max(0, left.get());
    }

    long written() {
        return written.get();
    }
}
