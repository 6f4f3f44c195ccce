package dev.latencylab.producer.load;

import dev.latencylab.api.payload.SampleFile;
import dev.latencylab.api.settings.ProducerChange;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.core.payload.PayloadPlan;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.kafka.common.Uuid;

/**
 * Settings changes waiting for the sender thread, which takes them one at a time between two sends.
 * Each change's future completes once it is in effect, or fails.
 */
final class ChangeQueue {

    private final Queue<PendingChange> changes = new ConcurrentLinkedQueue<>();

    /**
     * @param current the settings the change will apply to, for the payload it asks for
     * @param topicId the ID of the topic the change sends to, when the caller looked it up; else null
     * @param readSample how a sample file is read (the producer's sample folder, which checks it)
     */
    CompletableFuture<LoadState> add(
            SettingsChange change,
            ProducerSettings current,
            Uuid topicId,
            java.util.function.Function<String, SampleFile> readSample) {
        // A sample file is read here, on the caller's thread, not between two sends; a bad one, or
        // one outside the sample folder, is refused before the change is queued (BadSettingsException
        // naming payloadFile).
        PayloadPlan next = changesPayload(change) ? PayloadPlan.of(current.apply(change), readSample) : null;
        PendingChange pending = new PendingChange(change, next, topicId, new CompletableFuture<>());
        changes.add(pending);
        return pending.done();
    }

    private static boolean changesPayload(SettingsChange change) {
        ProducerChange c = change.settings();
        return c.payload() != null || c.payloadFile() != null || c.payloadBytes() != null || c.keyStrategy() != null;
    }

    /** False when the sender has started applying it (or has), in which case its future completes as usual. */
    boolean withdraw(CompletableFuture<LoadState> change) {
        return changes.removeIf(p -> p.done() == change);
    }

    /** The oldest change waiting, or null. */
    PendingChange next() {
        return changes.poll();
    }

    /** The sender has stopped: a change still waiting will never be applied. */
    void failWaiting() {
        PendingChange left;
        while ((left = changes.poll()) != null) {
            left.done().completeExceptionally(new IllegalStateException("the producer is shutting down"));
        }
    }

    /** @param plan the payload the change asks for, read before it was queued; null when it asks for none */
    record PendingChange(SettingsChange change, PayloadPlan plan, Uuid topicId, CompletableFuture<LoadState> done) {}
}
