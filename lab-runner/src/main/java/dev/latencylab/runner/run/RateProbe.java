package dev.latencylab.runner.run;

/**
 * One step of a {@code rate: max} search: a rate held for {@code seconds}, what the stack made of
 * it at the step's end, and the verdict.
 *
 * @param sent records the sender handed to the Kafka client in the step (with the step's id)
 * @param publishDelayP99Ms how late the open-loop sender was (p99 over the step's sends), null if none
 * @param unanswered records of the step still waiting for an answer at its end (the producer's buffer)
 * @param consumerBacklog records acknowledged since the search began that the consumer had not yet received
 * @param reason why it was not sustained; null when it was
 * @param hold the rate found, held for the phase's whole duration to confirm it
 */
public record RateProbe(
        int step,
        double rate,
        double seconds,
        long sent,
        long acked,
        long failed,
        Double publishDelayP99Ms,
        long unanswered,
        long consumerBacklog,
        boolean sustained,
        String reason,
        boolean hold) {

    /** Records the schedule asked for in the step. */
    public long scheduled() {
        return Math.round(rate * seconds);
    }
}
