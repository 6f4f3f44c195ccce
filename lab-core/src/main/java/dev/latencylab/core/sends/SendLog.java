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

    /**
     * The tally for records of this phase, sent to {@code topic}; hold on to it while the phase
     * lasts. A phase writes one topic: the tally keeps the topic it was first entered with.
     */
    public synchronized PhaseTally phase(int phase, String topic) {
        if (phase == 0) {
            return unnamed;
        }
        return phases.computeIfAbsent(phase, id -> new PhaseTally(id, topic));
    }

    public List<PhaseSends> view() {
        List<PhaseTally> tallies;
        synchronized (this) {
            tallies = new ArrayList<>(phases.values());
        }
        return tallies.stream().map(PhaseTally::view).toList();
    }
}
