package dev.latencylab.runner.results.summary;

import dev.latencylab.api.settings.Compression;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The reading of a linger.ms x compression grid ({@link SettingsGrid}), from the phases' medians
 * over the repeats: what each codec stored on disk against none at the same linger, which stored
 * least, which cost the producer most CPU against none, and how e2e p99 moved with the codec at
 * each linger. Codecs are compared within a linger only, where nothing else changed.
 */
final class CompressionReading {

    private CompressionReading() {}

    /** The sentences, or null when the run's phases are not such a grid. */
    static String read(RunSummary s) {
        return SettingsGrid.of(s)
                .map(g -> {
                    List<String> parts = new ArrayList<>();
                    parts.add(disk(g));
                    parts.add(leastOnDisk(g));
                    parts.add(producerCpu(g));
                    parts.add(p99(g, s.repeats().count()));
                    String text = parts.stream().filter(Objects::nonNull).collect(Collectors.joining(" "));
                    return text.isEmpty() ? null : text;
                })
                .orElse(null);
    }

    /** Per codec, the range over the lingers of its bytes per record as a ratio to none's. */
    static String disk(SettingsGrid g) {
        List<String> per = new ArrayList<>();
        for (Compression codec : g.codecs()) {
            if (codec == Compression.NONE) {
                continue;
            }
            List<Integer> at = g.lingers().stream()
                    .filter(l -> g.median(l, codec, Figures.DISK_RATIO) != null)
                    .toList();
            if (at.isEmpty()) {
                continue;
            }
            List<Double> ratios =
                    at.stream().map(l -> g.median(l, codec, Figures.DISK_RATIO)).toList();
            per.add(g.label(codec) + " " + span(ratios, Fmt::ratio)
                    + (at.size() < g.lingers().size() ? " (at linger.ms " + join(at) + " only)" : ""));
        }
        if (per.isEmpty()) {
            return null;
        }
        return "On disk, each codec stored this share of none's bytes per record at the same linger.ms (over linger.ms "
                + join(g.lingers()) + "): " + String.join(", ", per) + ".";
    }

    /** Per linger, the codec with the smallest ratio to none; the lingers grouped by that codec. */
    static String leastOnDisk(SettingsGrid g) {
        Map<Compression, List<Integer>> least = new LinkedHashMap<>();
        for (int linger : g.lingers()) {
            g.codecs().stream()
                    .filter(c -> g.median(linger, c, Figures.DISK_RATIO) != null)
                    .min((a, b) -> Double.compare(
                            g.median(linger, a, Figures.DISK_RATIO), g.median(linger, b, Figures.DISK_RATIO)))
                    .ifPresent(c ->
                            least.computeIfAbsent(c, k -> new ArrayList<>()).add(linger));
        }
        if (least.isEmpty()) {
            return null;
        }
        // A codec without a ratio may have stored less still: it is named as not compared.
        List<String> unmeasured = g.codecs().stream()
                .filter(c -> g.lingers().stream().anyMatch(l -> g.median(l, c, Figures.DISK_RATIO) == null))
                .map(g::label)
                .toList();
        String notCompared = unmeasured.isEmpty()
                ? ""
                : " (without a ratio at some linger.ms, not compared there: " + String.join(", ", unmeasured) + ")";
        if (least.size() == 1) {
            Map.Entry<Compression, List<Integer>> only =
                    least.entrySet().iterator().next();
            return "Of the codecs" + (notCompared.isEmpty() ? "" : " with a ratio") + ", " + g.label(only.getKey())
                    + " stored the least at "
                    + (only.getValue().size() == g.lingers().size()
                            ? "every linger.ms"
                            : "each linger.ms with a ratio (" + join(only.getValue()) + ")")
                    + notCompared + ".";
        }
        return "The codec that stored the least depended on linger.ms: "
                + least.entrySet().stream()
                        .map(e -> g.label(e.getKey()) + " at " + join(e.getValue()))
                        .collect(Collectors.joining("; "))
                + notCompared + ".";
    }

    /**
     * Per codec, its producer CPU as a multiple of none's at each linger; the codec with the highest
     * median multiple is named, with whether its ranges over the repeats cleared none's.
     */
    static String producerCpu(SettingsGrid g) {
        String most = null;
        double mostMedian = Double.NEGATIVE_INFINITY;
        for (Compression codec : g.codecs()) {
            if (codec == Compression.NONE) {
                continue;
            }
            List<Integer> at = new ArrayList<>();
            List<Double> multiples = new ArrayList<>();
            int apart = 0;
            int ranged = 0;
            for (int linger : g.lingers()) {
                Double cpu = g.median(linger, codec, Figures.CPU_PRODUCER);
                Double none = g.median(linger, Compression.NONE, Figures.CPU_PRODUCER);
                if (cpu == null || none == null || none <= 0) {
                    continue;
                }
                at.add(linger);
                multiples.add(cpu / none);
                Difference d = Difference.of(
                        g.at(linger, codec).spread(Figures.CPU_PRODUCER),
                        g.at(linger, Compression.NONE).spread(Figures.CPU_PRODUCER));
                ranged += d == Difference.ONE_RUN ? 0 : 1;
                apart += d == Difference.APART ? 1 : 0;
            }
            if (multiples.isEmpty()) {
                continue;
            }
            double median = Spread.of(multiples).median();
            if (median <= mostMedian) {
                continue;
            }
            mostMedian = median;
            String verdict = ranged == 0
                    ? ""
                    : apart == 0
                            ? "; at every one its range over the repeats overlapped none's, so no difference is"
                                    + " measurable"
                            : "; its range over the repeats cleared none's at " + apart + " of " + ranged;
            String each = span(multiples, CompressionReading::times);
            most = "Of the codecs, " + g.label(codec) + " cost the producer the most CPU against none: "
                    + (each.contains("-")
                            ? times(median) + " none's at the same linger.ms (median; " + each + " over linger.ms "
                                    + join(at) + ")"
                            : each + " none's at linger.ms " + join(at))
                    + verdict + ".";
        }
        return most;
    }

    /** Per linger, the lowest and the highest e2e p99 among the codecs, and none's when it is neither. */
    static String p99(SettingsGrid g, int repeats) {
        List<String> per = new ArrayList<>();
        for (int linger : g.lingers()) {
            List<Compression> known = g.codecs().stream()
                    .filter(c -> g.median(linger, c, Figures.P99) != null)
                    .toList();
            if (known.size() < 2) {
                continue;
            }
            Function<Compression, Double> p99 = c -> g.median(linger, c, Figures.P99);
            Compression low = known.stream()
                    .min((a, b) -> Double.compare(p99.apply(a), p99.apply(b)))
                    .orElseThrow();
            Compression high = known.stream()
                    .max((a, b) -> Double.compare(p99.apply(a), p99.apply(b)))
                    .orElseThrow();
            StringBuilder b = new StringBuilder("at " + linger + " from " + Fmt.ms(p99.apply(low)) + " ms ("
                    + g.label(low) + ") to " + Fmt.ms(p99.apply(high)) + " ms (" + g.label(high) + ")");
            if (known.contains(Compression.NONE) && low != Compression.NONE && high != Compression.NONE) {
                b.append(", none ").append(Fmt.ms(p99.apply(Compression.NONE))).append(" ms");
            }
            Difference d = Difference.of(
                    g.at(linger, low).spread(Figures.P99), g.at(linger, high).spread(Figures.P99));
            if (d == Difference.OVERLAP) {
                b.append(", their ranges over the repeats overlapping: no difference measurable");
            } else if (d == Difference.APART) {
                b.append(", their ranges over the repeats apart");
            }
            per.add(b.toString());
        }
        if (per.isEmpty()) {
            return null;
        }
        return "End-to-end p99 moved with the codec at the same linger.ms" + (repeats > 1 ? " (medians)" : "") + ": "
                + String.join("; ", per) + ".";
    }

    private static String times(double v) {
        return Fmt.ratio(v) + "x";
    }

    /** "0.43-0.47", or one value where the two ends print the same. */
    private static String span(List<Double> values, Function<Double, String> fmt) {
        String min = fmt.apply(values.stream().min(Double::compare).orElseThrow());
        String max = fmt.apply(values.stream().max(Double::compare).orElseThrow());
        return min.equals(max) ? min : min + "-" + max;
    }

    private static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
