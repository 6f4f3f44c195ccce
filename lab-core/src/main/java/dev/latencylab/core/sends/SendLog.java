package dev.latencylab.core.sends;

import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sends of the most recent {@value ProducerStatus#PHASES_KEPT} named phases. Phase 0 (no
 * named phase) is tallied but not listed: it is the load between the runner's phases.
 */
public final class SendLog {

    private final PhaseTally unnamed = new PhaseTally(0, null);
    private final Map<Integer, PhaseTally> phases = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, PhaseTally> eldest) {
            return size() > ProducerStatus.PHASES_KEPT;
        }
    };
    /** The sender thread's clock; {@link ThreadClock#NONE} until {@link #watchCurrentThread} is called on it. */
    private ThreadClock clock = ThreadClock.NONE;
    /** The phase whose records are being sent: its sender time ends when another one starts. */
    private PhaseTally current = unnamed;

    public SendLog() {
        unnamed.enter(clock.sample());
    }

    /**
     * From now on, each phase says where the calling thread's time went while it was the current
     * phase; call it on the sender thread.
     */
    public synchronized void watchCurrentThread() {
        ThreadClock.Sample before = clock.sample();
        current.leave(before);
        clock = ThreadClock.ofCurrentThread();
        current.enter(clock.sample());
    }

    /**
     * The tally for records of this phase, sent to {@code topic}; hold on to it while the phase
     * lasts. A phase writes one topic: the tally keeps the topic it was first entered with.
     */
    public synchronized PhaseTally phase(int phase, String topic) {
        PhaseTally next = phase == 0 ? unnamed : phases.computeIfAbsent(phase, id -> new PhaseTally(id, topic));
        if (next != current) {
            ThreadClock.Sample now = clock.sample();
            current.leave(now);
            next.enter(now);
            current = next;
        }
        return next;
    }

    public List<PhaseSends> view() {
        List<PhaseTally> tallies;
        ThreadClock.Sample now;
        synchronized (this) {
            tallies = new ArrayList<>(phases.values());
            now = clock.sample();
        }
        return tallies.stream().map(t -> t.view(now)).toList();
    }
}
