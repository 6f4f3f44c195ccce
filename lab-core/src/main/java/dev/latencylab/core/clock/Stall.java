package dev.latencylab.core.clock;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** Stops the calling thread for a known time: the self-test's delays, which must be never shorter than asked. */
public final class Stall {

    private Stall() {}

    /** Parks the calling thread for at least {@code ms}: parkNanos may return early (spuriously, or on an unpark). */
    public static void atLeast(long ms) {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        for (long left = until - System.nanoTime(); left > 0; left = until - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }
}
