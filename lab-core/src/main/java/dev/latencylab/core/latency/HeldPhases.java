package dev.latencylab.core.latency;

import dev.latencylab.api.accounting.PhaseIds;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The phases a recorder holds at once, found by the runner's phase id, at most {@link
 * LatencyRecorder#MAX_PHASES}: each gets an id of its own here, and ids only grow, so an entry
 * released and opened again (a late record of an old phase) is a new one, and a loss declared late
 * against an old id finds none. Not thread-safe: the recorder's lock guards it.
 */
final class HeldPhases {

    /** By the id given here, in the order opened. */
    private final Map<Integer, PhaseHistograms> byId = new LinkedHashMap<>();
    /** The id given here, by the runner's phase id. */
    private final Map<Integer, Integer> ids = new HashMap<>();
    /** The ids given here to phases by hand, oldest first: the runner never releases those ({@link PhaseIds}). */
    private final Deque<Integer> byHand = new ArrayDeque<>();
    /** Slow-record thresholds by runner phase id, for the phase's entries made after the watch was set. */
    private final Map<Integer, Long> watches = new HashMap<>();

    private int nextId;
    /** Records whose phase found no room. */
    private long refused;

    /**
     * The phase looked up last, its id and entry: a poll's records are mostly of one phase, and two
     * boxed map lookups per record were 2 % of the polling thread in a JFR profile. Forgotten when an
     * entry goes; a phase dropped to make room ({@link #dropOldestByHand}) is never the one remembered
     * after {@link #idOf} returns: a drop always leaves room, so idOf remembers the phase it opens.
     */
    private int lastPhase;

    private int lastId = FORGOTTEN;
    private PhaseHistograms lastEntry;

    /** No id given here is ever this, nor -1 (no room). */
    private static final int FORGOTTEN = Integer.MIN_VALUE;

    /** The id given here for the runner's {@code phase}, opening it if there is room; -1 when there is none (counted). */
    int idOf(int phase) {
        if (phase == lastPhase && lastId != FORGOTTEN) {
            return lastId;
        }
        int id = opened(phase);
        if (id >= 0) {
            // A refusal is not remembered: each record refused is counted.
            lastPhase = phase;
            lastId = id;
            lastEntry = byId.get(id);
        }
        return id;
    }

    /** {@link #idOf} without the memory of the last phase. */
    private int opened(int phase) {
        Integer known = ids.get(phase);
        if (known != null) {
            return known;
        }
        if (PhaseIds.byHand(phase) && byHand.size() >= PhaseIds.KEPT_BY_HAND) {
            dropOldestByHand();
        }
        if (byId.size() >= LatencyRecorder.MAX_PHASES) {
            refused++;
            return -1;
        }
        PhaseHistograms created = new PhaseHistograms(phase);
        Long watched = watches.get(phase);
        if (watched != null) {
            created.watch(watched);
        }
        int id = nextId++;
        byId.put(id, created);
        ids.put(phase, id);
        if (PhaseIds.byHand(phase)) {
            byHand.addLast(id);
        }
        return id;
    }

    private void forget() {
        lastId = FORGOTTEN;
        lastEntry = null;
    }

    /** Released like the runner's phases, by age: a late record of it opens it again. */
    private void dropOldestByHand() {
        PhaseHistograms oldest = byId.remove(byHand.removeFirst());
        ids.remove(oldest.phase);
        watches.remove(oldest.phase);
    }

    /** The entry of an id given here, or null (-1, or released). */
    PhaseHistograms byId(int id) {
        if (id == lastId) {
            return lastEntry;
        }
        return id < 0 ? null : byId.get(id);
    }

    /** The open entry of the runner's {@code phase}, or null; opens none. */
    PhaseHistograms find(int phase) {
        Integer id = ids.get(phase);
        return id == null ? null : byId.get(id);
    }

    /** See {@link LatencyRecorder#watch}: the records of the phase seen before the watch. */
    long watch(int phase, long aboveMicros) {
        watches.put(phase, aboveMicros);
        long before = 0;
        for (PhaseHistograms p : byId.values()) {
            if (p.phase == phase) {
                before += p.firstArrivals();
                p.watch(aboveMicros);
            }
        }
        return before;
    }

    /** Drops every entry of a phase up to {@code throughPhase}, with their watches. */
    void release(int throughPhase) {
        forget();
        byId.values().removeIf(p -> p.phase <= throughPhase);
        ids.values().removeIf(id -> !byId.containsKey(id));
        byHand.removeIf(id -> !byId.containsKey(id));
        watches.keySet().removeIf(id -> id <= throughPhase);
    }

    /** Empties every entry, keeping them open; the watches go. */
    void resetEntries() {
        byId.values().forEach(PhaseHistograms::reset);
        watches.clear();
    }

    /** Forgets everything but the ids already given, which are never given again. */
    void clear() {
        forget();
        byId.clear();
        ids.clear();
        byHand.clear();
        watches.clear();
        refused = 0;
    }

    long redelivered() {
        return byId.values().stream().mapToLong(p -> p.redelivered).sum();
    }

    long refused() {
        return refused;
    }

    int size() {
        return byId.size();
    }

    /** The entries held now, in the order opened. */
    List<PhaseHistograms> entries() {
        return new ArrayList<>(byId.values());
    }

    /** Snapshots of the entries that hold anything, in the order opened. */
    List<PhaseHistograms.Snapshot> snapshots() {
        List<PhaseHistograms.Snapshot> snapshots = new ArrayList<>();
        for (PhaseHistograms phase : byId.values()) {
            if (!phase.isEmpty()) {
                snapshots.add(phase.snapshot());
            }
        }
        return snapshots;
    }
}
