package dev.latencylab.runner.clocks;

/**
 * One request and its answer: the runner's clock when it sent the request and when the answer came, and
 * the worker's clock in the answer, all in epoch microseconds.
 */
public record ClockExchange(long sentMicros, long workerMicros, long receivedMicros) {

    /**
     * How far the worker's clock is ahead of the runner's, taking its reading to lie halfway through the
     * round trip: exact when the request and the answer took equally long.
     */
    public long offsetMicros() {
        return workerMicros - Math.floorDiv(sentMicros + receivedMicros, 2);
    }

    public long roundTripMicros() {
        return receivedMicros - sentMicros;
    }
}
