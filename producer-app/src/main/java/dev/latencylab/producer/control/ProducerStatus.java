package dev.latencylab.producer.control;

import dev.latencylab.producer.load.LoadGenerator;
import dev.latencylab.producer.load.LoadSettings;
import dev.latencylab.producer.load.SenderCounters;
import java.util.UUID;

/** The body of GET and POST /actuator/producer (shape in docs/contracts.md). */
record ProducerStatus(UUID producerId, boolean running, long generation, Settings settings, SenderCounters counters) {

    record Settings(int lingerMs, int batchSize, String compression, double rate, int payloadBytes,
                    String keyStrategy) {
    }

    static ProducerStatus of(LoadGenerator generator, LoadSettings s) {
        return new ProducerStatus(generator.producerId(), s.running(), generator.generation(),
                new Settings(s.producer().lingerMs(), s.producer().batchSize(), s.producer().compression().kafkaName(),
                        s.rate(), s.payloadBytes(), s.keyStrategy().label()),
                generator.counters());
    }
}
