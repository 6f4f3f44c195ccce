package dev.latencylab.runner.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The round trip the lab's delay wire adds between a far producer-app and the brokers during a
 * phase ({@code scripts/lab up --far-producer}): half of it each way, on packets.
 *
 * @param rttMs the round-trip time added, ms
 * @param jitterMs spread of the added delay, ms (no reordering: a packet never overtakes another)
 * @param lossPercent packets dropped, per cent
 * @param receiveBufferBytes the receive buffer where the far producer's connections end (the
 *     wire's relay, standing for the brokers' socket.receive.buffer.bytes): -1 lets the kernel
 *     tune it; Kafka's default 102400 unless set
 */
public record NetworkDelay(double rttMs, double jitterMs, double lossPercent, int receiveBufferBytes) {

    /** Kafka's socket.receive.buffer.bytes default. */
    public static final int BROKER_RECEIVE_BUFFER = 102_400;

    public static final NetworkDelay NONE = new NetworkDelay(0, 0, 0, BROKER_RECEIVE_BUFFER);

    /** The one rule of the block the schema, which checks each figure's range, cannot say. */
    public NetworkDelay {
        if (jitterMs > rttMs) {
            throw new IllegalArgumentException("jitterMs must not exceed rttMs");
        }
    }

    /** A scenario's {@code network} block: a figure not given is 0, the buffer Kafka's default. */
    @JsonCreator
    static NetworkDelay of(
            @JsonProperty("rttMs") Double rttMs,
            @JsonProperty("jitterMs") Double jitterMs,
            @JsonProperty("lossPercent") Double lossPercent,
            @JsonProperty("receiveBufferBytes") Integer receiveBufferBytes) {
        return new NetworkDelay(
                rttMs == null ? 0 : rttMs,
                jitterMs == null ? 0 : jitterMs,
                lossPercent == null ? 0 : lossPercent,
                receiveBufferBytes == null ? BROKER_RECEIVE_BUFFER : receiveBufferBytes);
    }
}
