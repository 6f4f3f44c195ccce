package dev.latencylab.runner.run;

import dev.latencylab.api.latency.ConsumerDescription;
import java.util.List;

/**
 * What a phase ran on besides the producer settings: the topic, the partitions its records were
 * written to, and the consumer's side (group and the settings that shape latency), as the apps
 * reported them when the phase was closed.
 *
 * @param instances each consumer-app instance of the group: its share of the phase's records and
 *     the partitions of the topic it held at the close
 * @param network the round trip the delay wire added between the far producer-app and the brokers,
 *     and what its probe measured; null when the phase set none
 * @param producers each producer-app instance's part, when several drove the phase (else empty)
 */
public record PhaseDescription(
        String topic,
        List<Integer> partitions,
        ConsumerDescription consumer,
        List<ConsumerInstance> instances,
        Network network,
        List<ProducerInstance> producers) {

    public PhaseDescription(
            String topic, List<Integer> partitions, ConsumerDescription consumer, List<ConsumerInstance> instances) {
        this(topic, partitions, consumer, instances, null, List.of());
    }

    public PhaseDescription(
            String topic,
            List<Integer> partitions,
            ConsumerDescription consumer,
            List<ConsumerInstance> instances,
            Network network) {
        this(topic, partitions, consumer, instances, network, List.of());
    }

    /**
     * One producer-app instance's part of a phase that several drove.
     *
     * @param instance its URL
     * @param acked the phase's records the brokers acknowledged to it
     * @param publishDelayP99Ms its own publish delay p99 (actual minus intended send), null unthrottled
     */
    public record ProducerInstance(String instance, long sent, long acked, Double publishDelayP99Ms) {}

    public PhaseDescription withProducers(List<ProducerInstance> newProducers) {
        return new PhaseDescription(topic, partitions, consumer, instances, network, newProducers);
    }

    /**
     * @param mechanism {@code tun-wire} (the lab's userspace wire, where the kernel has no netem) or {@code netem}
     * @param rttMs the round trip asked for
     * @param receiveBufferBytes the receive buffer where the far producer's connections end (-1: tuned by the kernel)
     * @param measuredRttMs p50 of the wire's probe (a 64-byte TCP echo across it every 200 ms) over
     *     the phase, null without samples
     * @param measuredRttP99Ms its p99
     * @param probes probe round trips behind them
     */
    public record Network(
            String mechanism,
            double rttMs,
            double jitterMs,
            double lossPercent,
            int receiveBufferBytes,
            Double measuredRttMs,
            Double measuredRttP99Ms,
            int probes) {}

    public PhaseDescription withNetwork(Network newNetwork) {
        return new PhaseDescription(topic, partitions, consumer, instances, newNetwork, producers);
    }

    public PhaseDescription {
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
        instances = instances == null ? List.of() : List.copyOf(instances);
        producers = producers == null ? List.of() : List.copyOf(producers);
    }

    public PhaseDescription(String topic, List<Integer> partitions, ConsumerDescription consumer) {
        this(topic, partitions, consumer, List.of());
    }

    /**
     * One consumer-app instance's part of a phase.
     *
     * @param instance its URL
     * @param received the phase's records it received for the first time, sampled or not (a sample payload's lines that
     *     are not JSON have no latency sample)
     * @param partitions the partitions of the phase's topic it held when the phase was closed
     */
    public record ConsumerInstance(String instance, long received, List<Integer> partitions) {

        public ConsumerInstance {
            partitions = partitions == null ? List.of() : List.copyOf(partitions);
        }
    }
}
