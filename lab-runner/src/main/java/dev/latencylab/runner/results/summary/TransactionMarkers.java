package dev.latencylab.runner.results.summary;

import dev.latencylab.api.producer.PartitionAcks;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.topics.TopicDisk;

/**
 * A phase's topic on disk with its data records told from its transactions' markers. Each
 * transaction writes a commit or abort marker (a control record, one offset) in every partition it
 * wrote, so a transactional phase's end minus start offsets count its markers as records: at 10 ms
 * transactions over 3 partitions, some 300 a second beside 2,000 records. The data records are the
 * offsets less the markers, estimated from the phase's own sends: in each partition, the share of
 * the offsets between its first and last acknowledged record that its records took. The markers'
 * bytes stay in the bytes: what a record costs on disk, its transactions' markers included.
 */
final class TransactionMarkers {

    private TransactionMarkers() {}

    /**
     * The phase's disk figure: as measured, or for a transactional phase with the records less the
     * markers and bytes per record over those; bytes per record n/a (null) where its sends do not say
     * which offsets its records took.
     */
    static PhaseSummary.Disk disk(TopicDisk d, ProducerSettings settings, PhaseSends sends) {
        if (!settings.transactional()) {
            return new PhaseSummary.Disk(d.topic(), d.partitions(), d.bytes(), d.records(), d.bytesPerRecord(), null);
        }
        Double share = dataShare(sends);
        long records = share == null ? d.records() : Math.round(d.records() * share);
        return new PhaseSummary.Disk(
                d.topic(),
                d.partitions(),
                d.bytes(),
                records,
                share == null || records == 0 ? null : (double) d.bytes() / records,
                null);
    }

    /** Of the offsets the phase's acknowledged records spanned, the share they took; null where none is known. */
    static Double dataShare(PhaseSends sends) {
        if (sends == null) {
            return null;
        }
        long acked = 0;
        long spanned = 0;
        for (PartitionAcks a : sends.partitions()) {
            if (a.acked() > 0 && a.lastOffset() >= a.firstOffset()) {
                acked += a.acked();
                spanned += a.lastOffset() - a.firstOffset() + 1;
            }
        }
        return spanned == 0 ? null : Math.min(1.0, (double) acked / spanned);
    }
}
