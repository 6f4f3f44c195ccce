package dev.latencylab.runner.topics;

/**
 * A topic's size on disk once its phase stopped writing it: the log bytes of one replica per
 * partition (the leader's), as the brokers report them (Admin describeLogDirs), and the records
 * the log holds (end minus start offsets). Batch headers, record overhead and the lab's header are
 * all in the bytes: it is what the codec and the batching actually cost on disk.
 */
public record TopicDisk(String topic, int partitions, long bytes, long records) {

    /** Bytes on disk per record, null for an empty topic. */
    public Double bytesPerRecord() {
        return records > 0 ? (double) bytes / records : null;
    }
}
