package dev.latencylab.runner.lab;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.latencylab.runner.scenario.ProducerSettings;

/** Body of POST /actuator/producer: only the fields that are set are sent. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProducerChange(Integer lingerMs, Integer batchSize, String compression, Double rate,
        Integer payloadBytes, String keyStrategy, Boolean running) {

    public static ProducerChange start(ProducerSettings s) {
        return new ProducerChange(s.lingerMs(), s.batchSize(), s.compression(), s.rate(), s.payloadBytes(), null, true);
    }

    public static ProducerChange stop() {
        return new ProducerChange(null, null, null, null, null, null, false);
    }

    public static ProducerChange linger(int lingerMs) {
        return new ProducerChange(lingerMs, null, null, null, null, null, null);
    }

    /** The same change with record keys set as named (order-id, customer-id, none). */
    public ProducerChange withKeyStrategy(String strategy) {
        return new ProducerChange(lingerMs, batchSize, compression, rate, payloadBytes, strategy, running);
    }
}
