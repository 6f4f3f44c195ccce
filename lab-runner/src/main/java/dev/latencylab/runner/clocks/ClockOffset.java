package dev.latencylab.runner.clocks;

import java.util.ArrayList;
import java.util.List;

/**
 * A worker's clock offset from the runner's, estimated NTP-style over several exchanges: the one with the
 * shortest round trip is kept, since it leaves its reading the least room. Wherever within that round
 * trip the worker read its clock, the true offset is within half of it of the estimate, whatever the
 * delays each way: that half is the uncertainty. Only asymmetric delays move the estimate inside it.
 *
 * @param offsetMicros how far the worker's clock is ahead of the runner's (behind when negative)
 * @param uncertaintyMicros half the kept exchange's round trip: the true offset lies within this of it
 * @param exchanges how many exchanges it was taken from
 */
public record ClockOffset(long offsetMicros, long uncertaintyMicros, int exchanges) {

    /** Exchanges per estimate: enough that one is rarely delayed by a scheduler or a GC pause, few enough to cost nothing. */
    public static final int EXCHANGES = 8;

    /** The estimate over {@code exchanges} exchanges, made one after another. */
    public static ClockOffset estimate(ClockProbe probe, int exchanges) throws InterruptedException {
        if (exchanges < 1) {
            throw new IllegalArgumentException("exchanges must be at least 1; got " + exchanges);
        }
        List<ClockExchange> done = new ArrayList<>(exchanges);
        for (int i = 0; i < exchanges; i++) {
            done.add(probe.exchange());
        }
        return of(done);
    }

    /** The estimate from exchanges made: the one of shortest round trip (the first of equals). */
    public static ClockOffset of(List<ClockExchange> exchanges) {
        ClockExchange best = null;
        for (ClockExchange e : exchanges) {
            if (e.roundTripMicros() < 0) {
                throw new IllegalArgumentException(
                        "an exchange received before it was sent: " + e + " (the runner's clock stepped back)");
            }
            if (best == null || e.roundTripMicros() < best.roundTripMicros()) {
                best = e;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no exchange");
        }
        // Rounded up: the bound must hold, not be halved away on an odd round trip.
        return new ClockOffset(best.offsetMicros(), (best.roundTripMicros() + 1) / 2, exchanges.size());
    }
}
