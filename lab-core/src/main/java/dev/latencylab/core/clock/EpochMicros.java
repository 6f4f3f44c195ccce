package dev.latencylab.core.clock;

import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * Wall-clock time in microseconds since the epoch. Producer and consumer both read it, so on
 * one machine both sides share the same clock; across machines the lab needs synchronized
 * clocks (see docs/how-latency-is-measured.md, "Clocks").
 */
public final class EpochMicros {

    private EpochMicros() {}

    /** The system clock at microsecond resolution (Instant.now() has it on Linux with Java 17). */
    public static LongSupplier system() {
        return EpochMicros::now;
    }

    public static long now() {
        Instant i = Instant.now();
        return i.getEpochSecond() * 1_000_000L + i.getNano() / 1_000;
    }

    public static Instant toInstant(long epochMicros) {
        return Instant.ofEpochSecond(
                Math.floorDiv(epochMicros, 1_000_000L), Math.floorMod(epochMicros, 1_000_000L) * 1_000L);
    }
}
