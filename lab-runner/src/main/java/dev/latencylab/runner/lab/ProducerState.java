package dev.latencylab.runner.lab;

/** producer-app's GET/POST /actuator/producer answer (docs/contracts.md). */
public record ProducerState(String producerId, boolean running, long generation, Settings settings, Counters counters) {

    public record Settings(int lingerMs, int batchSize, String compression, double rate, int payloadBytes) {
    }

    public record Counters(long sent, long acked, long failed, long lastSequence) {
    }
}
