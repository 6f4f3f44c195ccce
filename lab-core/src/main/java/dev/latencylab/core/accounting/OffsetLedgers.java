package dev.latencylab.core.accounting;

import dev.latencylab.api.latency.LedgerView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The group's ledgers, one per topic it reads, opened when a topic's first record arrives: offset
 * ledgers for a consumer group, share ledgers for a share group.
 * A phase may write its own topic (a partition count, a codec's size on disk), and partition 0 of
 * one topic is not partition 0 of another. Not thread-safe: the recorder's lock guards it.
 */
public final class OffsetLedgers {

    /** Opens the ledger of a topic. */
    @FunctionalInterface
    public interface Opener {
        GroupLedger open(String topic) throws IOException;
    }

    private final Opener opener;
    private final Map<String, GroupLedger> byTopic = new TreeMap<>();
    /** The last topic looked up: records come in runs of one topic, so the map is rarely consulted. */
    private String lastTopic;

    private GroupLedger lastLedger;

    public OffsetLedgers(Opener opener) {
        this.opener = opener;
    }

    /**
     * Ledgers in files {@code ledger-<group>-<topic>.bin} under {@code dir}, shared by every
     * instance of the group on this host.
     */
    public static OffsetLedgers inDirectory(Path dir, String group) {
        return new OffsetLedgers(topic -> {
            PrivateFolder.require(dir);
            return OffsetLedger.open(dir.resolve(fileName("ledger-" + group + "-" + topic + ".bin")));
        });
    }

    /**
     * Share ledgers in files {@code share-ledger-<group>-<topic>.bin} under {@code dir}, held by one
     * instance of the share group on this host at a time.
     */
    public static OffsetLedgers sharedInDirectory(Path dir, String group) {
        return new OffsetLedgers(topic -> {
            PrivateFolder.require(dir);
            return ShareLedger.open(dir.resolve(fileName("share-ledger-" + group + "-" + topic + ".bin")));
        });
    }

    /** Ledgers of this process alone (tests, benchmarks). */
    public static OffsetLedgers inMemory() {
        return new OffsetLedgers(topic -> OffsetLedger.inMemory());
    }

    /** Share ledgers of this process alone (tests). */
    public static OffsetLedgers sharedInMemory() {
        return new OffsetLedgers(topic -> ShareLedger.inMemory());
    }

    /** Group ids and topic names may hold characters a file name should not. */
    static String fileName(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    public GroupLedger forTopic(String topic) {
        if (topic.equals(lastTopic)) {
            return lastLedger;
        }
        GroupLedger ledger = byTopic.get(topic);
        if (ledger == null) {
            try {
                ledger = opener.open(topic);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open the offset ledger of topic " + topic, e);
            }
            byTopic.put(topic, ledger);
        }
        lastTopic = topic;
        lastLedger = ledger;
        return ledger;
    }

    /**
     * A partition was assigned, its log ending at {@code logEndOffset} and its reading to begin at
     * {@code position}: {@link GroupLedger#forgetIfBeyond}, then {@link GroupLedger#readsFrom}. True
     * when it forgot.
     */
    public boolean assigned(String topic, int partition, long logEndOffset, long position) {
        GroupLedger ledger = forTopic(topic);
        boolean forgot = ledger.forgetIfBeyond(partition, logEndOffset);
        ledger.readsFrom(partition, position);
        return forgot;
    }

    /** A partition was revoked or lost: see {@link GroupLedger#readsFrom}. */
    public void revoked(String topic, int partition) {
        forTopic(topic).readsFrom(partition, -1);
    }

    /** The phases up to {@code throughPhase} are stored by the runner: see {@link GroupLedger#release}. */
    public void release(int throughPhase) {
        byTopic.values().forEach(l -> l.release(throughPhase));
    }

    /** A topic created anew: its ledger speaks of the old one's offsets. Call it with the topic quiet. */
    public void forget(String topic) {
        forTopic(topic).forget();
    }

    /** {@link #forget} of a ledger this process has open; one it has not is left alone (and not opened). */
    public void forgetIfOpen(String topic) {
        ifOpen(topic).ifPresent(GroupLedger::forget);
    }

    /** The ledger of {@code topic} if this process has opened it. */
    public Optional<GroupLedger> ifOpen(String topic) {
        return Optional.ofNullable(byTopic.get(topic));
    }

    /** Whether no topic's ledger was opened yet. */
    public boolean noneOpen() {
        return byTopic.isEmpty();
    }

    /** Every ledger opened so far is emptied (files stay, for the group's other instances). */
    public void clear() {
        byTopic.values().forEach(GroupLedger::clear);
    }

    /** The ledgers holding anything (an emptied one is left out, as if never opened). */
    public List<LedgerView> views() {
        List<LedgerView> views = new ArrayList<>();
        byTopic.forEach((topic, ledger) -> {
            LedgerView view = ledger.view();
            if (!view.partitions().isEmpty() || view.full() || view.redeliveredBeforeStart() > 0) {
                views.add(view.withTopic(topic));
            }
        });
        return views;
    }
}
