package dev.latencylab.runner.run.fanout;

import dev.latencylab.api.producer.PartitionAcks;

/**
 * Where one phase's records are, for producers and consumers to agree: {@code perPartition} records
 * in each of {@code partitions} partitions, offset o written by producer o mod {@code producers}
 * (every producer writes every partition, as with keys spread over all), partition p read by
 * consumer p mod {@code consumers}. Each producer numbers its records in partition order, then
 * offset order.
 */
record GroupLayout(int producers, int consumers, int partitions, int perPartition) {

    /** Producer {@code producer}'s acknowledged records in {@code partition}. */
    PartitionAcks acks(int producer, int partition) {
        long acked = perProducerInPartition(producer);
        long last = producer + (long) producers * (acked - 1);
        return new PartitionAcks(partition, acked, producer, last, 0, last);
    }

    /** The records producer {@code producer} wrote in the phase. */
    long recordsOf(int producer) {
        return perProducerInPartition(producer) * partitions;
    }

    private long perProducerInPartition(int producer) {
        return perPartition / producers + (producer < perPartition % producers ? 1 : 0);
    }

    /** The producer that wrote {@code offset}. */
    int producerOf(long offset) {
        return (int) (offset % producers);
    }

    /** The number producer {@link #producerOf} gave the record at {@code offset} of {@code partition}. */
    long sequenceOf(int partition, long offset) {
        return (long) partition * perProducerInPartition(producerOf(offset)) + offset / producers;
    }

    boolean readBy(int consumer, int partition) {
        return partition % consumers == consumer;
    }
}
