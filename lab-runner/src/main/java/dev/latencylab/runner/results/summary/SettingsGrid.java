package dev.latencylab.runner.results.summary;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A run's scenario phases laid out as linger.ms x compression (the compression matrix's shape):
 * every phase alike but for those two settings, at least two values on each axis, one phase per
 * cell. A cell no phase ran is missing, never a zero. A codec's level, when set, goes with the
 * codec: one level per codec in the grid.
 */
public final class SettingsGrid {

    private static final int MIN_AXIS = 2;

    private final List<Integer> lingers;
    private final List<Compression> codecs;
    private final Map<Cell, PhaseSpread> cells;
    private final Map<Compression, Integer> levels;

    private record Cell(int linger, Compression codec) {}

    private SettingsGrid(
            List<Integer> lingers,
            List<Compression> codecs,
            Map<Cell, PhaseSpread> cells,
            Map<Compression, Integer> levels) {
        this.lingers = lingers;
        this.codecs = codecs;
        this.cells = cells;
        this.levels = levels;
    }

    /** The grid of the summary's scenario phases (their medians over repeats), or empty when they do not form one. */
    public static Optional<SettingsGrid> of(RunSummary s) {
        List<PhaseSpread> phases = s.repeats().phases();
        if (phases.isEmpty()) {
            return Optional.empty();
        }
        ProducerSettings first = rest(phases.get(0).settings());
        // A different topic size is a third axis: those cells would not compare. An unknown size is no evidence.
        if (phases.stream()
                        .map(p -> s.partitions(p.name()))
                        .filter(Objects::nonNull)
                        .distinct()
                        .count()
                > 1) {
            return Optional.empty();
        }
        Map<Cell, PhaseSpread> cells = new HashMap<>();
        Map<Compression, Integer> levels = new HashMap<>();
        for (PhaseSpread p : phases) {
            ProducerSettings settings = p.settings();
            if (!rest(settings).equals(first)) {
                return Optional.empty();
            }
            Compression codec = settings.compression();
            if (levels.containsKey(codec) && !Objects.equals(levels.get(codec), settings.compressionLevel())) {
                return Optional.empty();
            }
            levels.put(codec, settings.compressionLevel());
            if (cells.put(new Cell(settings.lingerMs(), codec), p) != null) {
                return Optional.empty();
            }
        }
        List<Integer> lingers =
                cells.keySet().stream().map(Cell::linger).distinct().sorted().toList();
        List<Compression> codecs =
                cells.keySet().stream().map(Cell::codec).distinct().sorted().toList();
        if (lingers.size() < MIN_AXIS || codecs.size() < MIN_AXIS) {
            return Optional.empty();
        }
        return Optional.of(new SettingsGrid(lingers, codecs, cells, levels));
    }

    /** The settings with linger and compression taken out: what every cell of a grid shares. */
    private static ProducerSettings rest(ProducerSettings s) {
        // A change of codec drops the level with it.
        return s.apply(SettingsChange.read(Map.of("lingerMs", 0, "compression", Compression.NONE.kafkaName())));
    }

    /** linger.ms values, ascending. */
    public List<Integer> lingers() {
        return lingers;
    }

    /** Codecs in Kafka's order (none first). */
    public List<Compression> codecs() {
        return codecs;
    }

    /** The phase in the cell, or null when none ran there. */
    PhaseSpread at(int linger, Compression codec) {
        return cells.get(new Cell(linger, codec));
    }

    /** The median of a figure in the cell; null when the cell is missing or has no value. */
    public Double median(int linger, Compression codec, String key) {
        PhaseSpread p = at(linger, codec);
        return p == null ? null : p.median(key);
    }

    /** The codec as the grid shows it: with its level when the run set one. */
    public String label(Compression codec) {
        Integer level = levels.get(codec);
        return level == null ? codec.kafkaName() : codec.kafkaName() + " level " + level;
    }
}
