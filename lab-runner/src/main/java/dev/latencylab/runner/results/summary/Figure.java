package dev.latencylab.runner.results.summary;

import java.util.function.Function;

/**
 * One figure of a phase, as {@link Figures} lists it.
 *
 * @param key its path in summary.json's phase rows ({@code latencyMs.p99}), and so in the records written there
 * @param name what diff --fail-on calls it ({@code e2e.p99})
 * @param label how diff.md heads its row
 * @param format how a value (and a change) of it is printed
 * @param read its value in a phase's row: a number, or null (a map of them for a figure per broker); null when this
 *     runner writes no such figure and only older summaries hold it
 * @param table the summary.md table it is a column of (null: none), headed {@code column}
 */
public record Figure(
        String key,
        String name,
        String label,
        Better better,
        Function<Double, String> format,
        Function<PhaseSummary, Object> read,
        Table table,
        String column) {

    /**
     * The tables of summary.md's phases, in the order shown. A figure names its table here, with the
     * figure, so the catalog says where each figure is shown; the report gives each its heading and
     * what its columns mean.
     */
    public enum Table {
        LATENCY,
        DELAY,
        RATE,
        COUNTS,
        COST,
        PRODUCER,
        GC
    }
}
