package dev.latencylab.runner.compare;

/** The records ever written to a topic (its end offsets summed): the tools' side of the CPU window. */
@FunctionalInterface
public interface TopicRecords {
    long records(String topic) throws InterruptedException;
}
