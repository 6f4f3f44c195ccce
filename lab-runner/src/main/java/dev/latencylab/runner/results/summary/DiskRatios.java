package dev.latencylab.runner.results.summary;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.ProducerSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Each phase's bytes on disk per record as a ratio to the phase of the same run with compression
 * none and otherwise the same settings (linger, batch size, payload, rate, keys): what the codec
 * saved at that batching, the figure a codec comparison is about. The same repeat is preferred, so
 * a repeated run compares cells measured close together.
 */
final class DiskRatios {

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

    private static boolean sameButUncompressed(ProducerSettings p, ProducerSettings none) {
        return none.compression() == Compression.NONE
                && p.lingerMs() == none.lingerMs()
                && p.batchSize() == none.batchSize()
                && p.payload() == none.payload()
                && p.payloadBytes() == none.payloadBytes()
                && Objects.equals(p.payloadFile(), none.payloadFile())
                && p.keyStrategy() == none.keyStrategy()
                && p.rate() == none.rate();
    }
}
