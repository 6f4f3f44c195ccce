package dev.latencylab.core.clock;

import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * Wall-clock time in microseconds since the epoch. Producer and consumer both read it, so on
 * one machine both sides share the same clock; across machines the lab needs synchronized
 * clocks (see docs/how-latency-is-measured.md, "Clocks"). It is the one clock an app stamps and
 * reads latencies with and reports on {@code /actuator/clock}, so a skew set here for the self-test
 * moves all three alike.
 */
public final class EpochMicros {

    /** Added to every reading: 0 but in an app started with the self-test's clock skew (per JVM). */
    private static volatile long skewMicros;

    private EpochMicros() {}

    /**
     * Makes this JVM's clock read {@code micros} ahead (behind when negative) of the system's: the self-test's
     * stand-in for a host whose clock is off. Never set outside it.
     */
    public static void skew(long micros) {
        skewMicros = micros;
    }

    /** The system clock at microsecond resolution (Instant.now() has it on Linux with Java 17). */
    public static LongSupplier system() {
        return EpochMicros::now;
    }

    public static long now() {
        Instant i = Instant.now();
        return i.getEpochSecond() * 1_000_000L + i.getNano() / 1_000 + skewMicros;
    }

    public static Instant toInstant(long epochMicros) {
        return Instant.ofEpochSecond(
                Math.floorDiv(epochMicros, 1_000_000L), Math.floorMod(epochMicros, 1_000_000L) * 1_000L);
    }
}
