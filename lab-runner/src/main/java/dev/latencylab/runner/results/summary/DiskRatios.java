package dev.latencylab.runner.results.summary;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.ProducerChange;
import dev.latencylab.api.settings.ProducerSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Each phase's bytes on disk per record as a ratio to the phase of the same run with compression
 * none and otherwise the same settings (linger, batch size, payload, rate, keys, acks, transactions,
 * the other Kafka properties): what the codec
 * saved at that batching, the figure a codec comparison is about. The same repeat is preferred, so
 * a repeated run compares cells measured close together.
 */
final class DiskRatios {

    private static final ProducerChange UNCOMPRESSED =
            ProducerChange.read(Map.of("compression", "none"), ProducerChange.SETTINGS_FIELDS);

    private DiskRatios() {}

    static List<PhaseSummary> fill(List<PhaseSummary> phases) {
        List<PhaseSummary> out = new ArrayList<>(phases.size());
        for (PhaseSummary p : phases) {
            if (p.disk() == null || p.disk().bytesPerRecord() == null) {
                out.add(p);
                continue;
            }
            Double base = phases.stream()
                    .filter(o -> o.disk() != null && o.disk().bytesPerRecord() != null)
                    .filter(o -> sameButUncompressed(p.settings(), o.settings()))
                    .sorted((a, b) -> Boolean.compare(b.repeat() == p.repeat(), a.repeat() == p.repeat()))
                    .map(o -> o.disk().bytesPerRecord())
                    .findFirst()
                    .orElse(null);
            PhaseSummary.Disk d = p.disk();
            out.add(p.withDisk(new PhaseSummary.Disk(
                    d.topic(),
                    d.partitions(),
                    d.bytes(),
                    d.records(),
                    d.bytesPerRecord(),
                    base == null || base == 0 ? null : d.bytesPerRecord() / base)));
        }
        return out;
    }

    /**
     * Whether {@code none} is {@code p} with compression none: every other setting the same (acks and
     * transactions too: a transaction's markers and an idempotent producer's batches weigh on disk).
     */
    private static boolean sameButUncompressed(ProducerSettings p, ProducerSettings none) {
        return none.compression() == Compression.NONE && p.apply(UNCOMPRESSED).equals(none);
    }
}
