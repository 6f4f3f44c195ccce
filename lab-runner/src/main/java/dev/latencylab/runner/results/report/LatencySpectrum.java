package dev.latencylab.runner.results.report;

import dev.latencylab.api.latency.EncodedHistograms;
import dev.latencylab.core.latency.HistogramPercentiles;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.RunRecord;
import dev.latencylab.runner.scenario.RunPlan;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Each phase's whole latency distribution, as latency engineers read it: a curve of latency against
 * percentile on a log scale of 1/(1-p) (so 90, 99, 99.9 % are evenly apart), naive and corrected,
 * to p99.99 or as far as the phase's samples reach. Five percentiles in a bar chart hide the shape
 * of the tail this shows. Beside it, HdrHistogram's own percentile output per phase
 * ({@code histograms/<nn>-<phase>.hgrm}, values in ms) for HdrHistogram's plotter and other tools,
 * and the same histogram as an interval log ({@code .hlog}, {@link IntervalLog}) for
 * HistogramLogAnalyzer and HistogramLogProcessor.
 *
 * <p>From the consumer group's merged per-phase histograms (warm-up excluded), kept encoded in
 * {@code histograms/histograms.json} so a results folder can be drawn again.
 */
public final class LatencySpectrum {

    static final String FOLDER = "histograms";
    static final String INDEX = "histograms.json";
    public static final String CHART = "latency-spectrum.png";
    /** The deepest percentile drawn: 1/(1-p) = 10,000. */
    private static final double DEEPEST = 0.9999;
    /** HdrHistogram's percentile ticks per halving of the distance to 100 %. */
    private static final int TICKS_PER_HALF = 5;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * One phase's histograms, as the consumer encoded them (microseconds), and its measured window
     * ({@code from}, {@code to}: null in an index written before the interval logs).
     */
    public record Entry(String phase, String latency, String corrected, Instant from, Instant to) {

        public Entry(String phase, String latency, String corrected) {
            this(phase, latency, corrected, null, null);
        }
    }

    private LatencySpectrum() {}

    /** The phases of a run that have histograms, labelled as the report labels them. */
    public static List<Entry> entries(RunRecord record) {
        List<Entry> entries = new ArrayList<>();
        for (PhaseRecord p : record.phases()) {
            EncodedHistograms h = p.latency() == null ? null : p.latency().histograms();
            if (h != null && h.latency() != null) {
                String label = RunPlan.label(
                        p.phase().name(), p.phase().repeat(), record.scenario().repeat());
                entries.add(new Entry(label, h.latency(), h.corrected(), p.measureStart(), p.measureEnd()));
            }
        }
        return entries;
    }

    /** Writes each phase's .hgrm and .hlog files and the index; nothing when no phase has histograms. */
    public static void write(Path dir, List<Entry> entries) throws IOException {
        if (entries.isEmpty()) {
            return;
        }
        Path folder = Files.createDirectories(dir.resolve(FOLDER));
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            String base = String.format(Locale.ROOT, "%02d-%s", i + 1, e.phase().replaceAll("[^A-Za-z0-9._-]", "_"));
            write(folder, base, e.latency(), e);
            write(folder, base + ".corrected", e.corrected(), e);
        }
        JSON.writeValue(folder.resolve(INDEX).toFile(), entries);
    }

    private static void write(Path folder, String base, String encoded, Entry e) throws IOException {
        if (encoded == null) {
            return;
        }
        Histogram h = decode(encoded);
        try (PrintStream out =
                new PrintStream(Files.newOutputStream(folder.resolve(base + ".hgrm")), false, StandardCharsets.UTF_8)) {
            // Microseconds recorded, milliseconds written: the unit every table of the report uses.
            h.outputPercentileDistribution(out, TICKS_PER_HALF, 1000.0);
        }
        IntervalLog.write(folder.resolve(base + ".hlog"), h, e.from(), e.to());
    }

    /** Draws the spectrum from a results folder's index; false when the folder has none. */
    public static boolean draw(Path dir, Path file) throws IOException {
        Path index = dir.resolve(FOLDER).resolve(INDEX);
        if (!Files.exists(index)) {
            return false;
        }
        List<Entry> entries = JSON.readValue(index.toFile(), new TypeReference<List<Entry>>() {});
        if (entries.isEmpty()) {
            return false;
        }
        XYChart chart = ChartWriter.xyChart(
                "End-to-end latency by percentile (solid: naive, dashed: corrected)", "percentile", "ms");
        // x is log10(1/(1-p)) on a linear axis, labelled in percentiles: XChart's custom labels on a
        // logarithmic axis walk every value between the ends (minutes of CPU for 1..10,000).
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern("#,##0.###");
        chart.getStyler().setXAxisMin(0.0);
        chart.setCustomXAxisTickLabelsFormatter(LatencySpectrum::percentileLabel);
        for (int i = 0; i < entries.size(); i++) {
            Color color = ChartWriter.PALETTE[i % ChartWriter.PALETTE.length];
            Entry e = entries.get(i);
            add(chart, e.phase(), e.latency(), color, false);
            add(chart, e.phase() + " corrected", e.corrected(), color, true);
        }
        ChartWriter.save(chart, file);
        return true;
    }

    private static void add(XYChart chart, String name, String encoded, Color color, boolean dashed) {
        if (encoded == null) {
            return;
        }
        Histogram h = decode(encoded);
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        // A percentile beyond 1 - 1/samples is the maximum again: the curve stops where the samples do.
        double limit = Math.min(1 / (1 - DEEPEST), h.getTotalCount());
        for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF)) {
            double p = v.getPercentileLevelIteratedTo() / 100;
            if (p >= 1 || 1 / (1 - p) > limit) {
                break;
            }
            x.add(Math.log10(1 / (1 - p)));
            // A log axis has no zero: a value under a microsecond is drawn at one.
            y.add(Math.max(1, v.getValueIteratedTo()) / 1000.0);
        }
        if (x.isEmpty()) {
            return;
        }
        XYSeries s = chart.addSeries(name, x, y);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(color);
        if (dashed) {
            s.setLineStyle(
                    new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {6f, 4f}, 0f));
        }
    }

    /**
     * log10(1/(1-p)) as the percentile it stands for, at whole numbers only (1 is 90 %, 3 is 99.9 %):
     * the ticks between stay unlabelled.
     */
    static String percentileLabel(double k) {
        long whole = Math.round(k);
        if (k < 0 || Math.abs(k - whole) > 1e-9) {
            return "";
        }
        double pct = 100 * (1 - Math.pow(10, -whole));
        return whole == 0 ? "0 %" : String.format(Locale.ROOT, "%s %%", trim(pct));
    }

    private static String trim(double pct) {
        String s = String.format(Locale.ROOT, "%.4f", pct);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    private static Histogram decode(String encoded) {
        Histogram h = HistogramPercentiles.newMicrosHistogram();
        HistogramPercentiles.addEncoded(h, encoded);
        return h;
    }
}
