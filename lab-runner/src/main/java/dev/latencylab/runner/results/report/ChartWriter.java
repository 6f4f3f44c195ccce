package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.collect.ChartData;
import dev.latencylab.runner.results.collect.PhaseMark;
import dev.latencylab.runner.results.collect.TimePoint;
import dev.latencylab.runner.results.summary.Figures;
import dev.latencylab.runner.results.summary.PhaseSpread;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.RunSummary;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Draws the run's PNG charts with XChart, off-screen. */
final class ChartWriter {

    public static final int WIDTH = 1200;
    public static final int HEIGHT = 600;
    /** Largest / smallest value beyond which a latency chart gets a logarithmic axis. */
    private static final double LOG_SPREAD = 20;

    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss'Z'").withZone(ZoneOffset.UTC);
    static final Color[] PALETTE = {
        new Color(0x1F, 0x77, 0xB4), new Color(0xD6, 0x27, 0x28), new Color(0x2C, 0xA0, 0x2C),
        new Color(0xFF, 0x7F, 0x0E), new Color(0x94, 0x67, 0xBD), new Color(0x8C, 0x56, 0x4B),
        new Color(0xE3, 0x77, 0xC2), new Color(0x7F, 0x7F, 0x7F)
    };

    static {
        // Charts are files; there is never a display, and CI has none.
        System.setProperty("java.awt.headless", "true");
        // ImageIO's file cache registers a JVM shutdown hook on first use, which fails while the
        // Ctrl-C hook is writing the results; PNGs of this size are encoded in memory anyway.
        ImageIO.setUseCache(false);
    }

    /**
     * e2e latency percentiles per phase (consumer histograms): the naive percentiles, then the
     * corrected p99 beside them, so the cost of the producer's own delay is visible. With repeats,
     * one group of bars per scenario phase, each bar the median over its repeats.
     */
    public void latencyPercentiles(Path file, RunSummary summary) throws IOException {
        List<PhaseSpread> spreads = summary.repeats().phases();
        int count = summary.repeats().count();
        List<String> phases = spreads.stream().map(PhaseSpread::name).toList();
        CategoryChart chart = new CategoryChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(summary.scenario() + ": end-to-end latency per phase ("
                        + (count > 1 ? "median of " + count + " repeats; " : "")
                        + "naive unless marked; warm-up excluded)")
                .xAxisTitle("phase")
                .yAxisTitle("ms")
                .build();
        style(chart.getStyler());
        legendBelow(chart.getStyler());
        chart.getStyler().setAvailableSpaceFill(0.8);
        // One slow phase (or p99.9 next to p50) easily spans two decades; on a linear axis the
        // other bars are then too short to read, so a wide spread gets a log axis, said in its title.
        double[] range = positiveRange(spreads);
        boolean log = range != null && range[1] / range[0] > 10;
        if (log) {
            chart.getStyler().setYAxisLogarithmic(true);
            // Bars start at the decade below the smallest value; XChart's default bar base, 0, has no logarithm.
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(range[0]))));
            chart.getStyler().setYAxisMax(range[1] * 1.5);
            chart.setYAxisTitle("ms (log scale)");
        } else {
            chart.getStyler().setYAxisMin(0.0);
        }
        // Each bar carries its value, so no figure has to be read off the axis.
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setLabelsPosition(0.95);
        chart.getStyler().setLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        chart.getStyler().setLabelsFontColor(new Color(0x21, 0x21, 0x21));
        chart.getStyler().setLabelsFontColorAutomaticEnabled(false);
        for (String[] bar : BARS) {
            // A missing figure stays missing (XChart leaves a null bar out) rather than becoming zero.
            List<Double> values =
                    new ArrayList<>(spreads.stream().map(p -> p.median(bar[1])).toList());
            chart.addSeries(bar[0], new ArrayList<>(phases), values);
        }
        save(chart, file);
    }

    /**
     * Throughput into the brokers against the round trip added between the far producer-app and
     * them, one line per settings set ({@link DistanceSection#sets}); false (nothing drawn) when no
     * set has two round trips.
     */
    public boolean throughputVsRtt(Path file, RunSummary summary) throws IOException {
        var sets = DistanceSection.sets(summary.phases());
        if (sets.values().stream().noneMatch(ps -> ps.size() > 1)) {
            return false;
        }
        XYChart chart = xyChart(
                summary.scenario() + ": unthrottled throughput against the round trip added (packet-level delay)",
                "round trip added, ms",
                "MB/s into the brokers");
        legendBelow(chart.getStyler());
        chart.getStyler().setYAxisMin(0.0);
        sets.forEach((set, ps) -> {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (PhaseSummary p : ps) {
                Double mb = DistanceSection.megabytes(p);
                if (mb != null) {
                    xs.add(p.description().network().rttMs());
                    ys.add(mb);
                }
            }
            if (!xs.isEmpty()) {
                chart.addSeries(set, xs, ys);
            }
        });
        save(chart, file);
        return true;
    }

    /** The bars of each phase: legend name and figure. */
    private static final String[][] BARS = {
        {"p50", Figures.P50},
        {"p95", Figures.P95},
        {"p99", Figures.P99},
        {"p99.9", Figures.P999},
        {"p99 corrected", Figures.CORRECTED_P99}
    };

    /** Smallest and largest positive value the bar chart shows, or null when it shows none. */
    private static double[] positiveRange(List<PhaseSpread> spreads) {
        double[] r = spreads.stream()
                .flatMap(p -> Stream.of(BARS).map(bar -> p.median(bar[1])))
                .filter(v -> v != null && v > 0)
                .mapToDouble(Double::doubleValue)
                .sorted()
                .toArray();
        return r.length == 0 ? null : new double[] {r[0], r[r.length - 1]};
    }

    /**
     * One time-series chart over the whole run with each phase's warm-up shaded, its start marked
     * and its name written in its segment. Returns false (and writes nothing) when there is no data.
     */
    public boolean timeSeries(
            Path file, String scenario, ChartData data, List<PhaseMark> phases, Instant runStart, Instant runEnd)
            throws IOException {
        if (data.lines().stream().allMatch(l -> l.points().isEmpty())) {
            return false;
        }
        boolean minutes = Duration.between(runStart, runEnd).compareTo(Duration.ofMinutes(10)) > 0;
        double unit = minutes ? 60.0 : 1.0;
        Function<Instant, Double> x = t -> Duration.between(runStart, t).toMillis() / 1000.0 / unit;
        XYChart chart = xyChart(
                scenario + ": " + data.title(),
                (minutes ? "minutes" : "seconds") + " since " + CLOCK.format(runStart)
                        + " (shaded: warm-up, dropped from the summary)",
                data.unit());
        legendBelow(chart.getStyler());
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax(x.apply(runEnd));
        double max = data.lines().stream()
                .flatMap(l -> l.points().stream())
                .mapToDouble(TimePoint::v)
                .max()
                .orElse(1);
        double minPositive = data.lines().stream()
                .flatMap(l -> l.points().stream())
                .mapToDouble(TimePoint::v)
                .filter(v -> v > 0)
                .min()
                .orElse(max);
        // Latency can jump by two decades for a few seconds (a producer switch under load); on a
        // linear axis that spike flattens everything else to a line at zero.
        boolean log = data.unit().equals("ms") && minPositive > 0 && max / minPositive > LOG_SPREAD;
        if (log) {
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(minPositive))));
            chart.getStyler().setYAxisMax(max * 2);
            chart.setYAxisTitle(data.unit() + " (log scale)");
        } else {
            chart.getStyler().setYAxisMin(0.0);
            // Head-room above the highest point for the phase names.
            chart.getStyler().setYAxisMax(max > 0 ? max * 1.15 : 1.0);
        }
        for (ChartData.Line line : data.lines()) {
            List<TimePoint> points =
                    line.points().stream().filter(p -> !log || p.v() > 0).toList();
            if (points.isEmpty()) {
                continue;
            }
            List<Double> xs = points.stream().map(p -> x.apply(p.t())).toList();
            List<Double> ys = points.stream().map(TimePoint::v).toList();
            XYSeries s = chart.addSeries(line.label(), xs, ys);
            s.setMarker(SeriesMarkers.NONE);
            // Corrected latency often lies right on top of the naive line: dashed, both stay visible.
            s.setLineStyle(
                    line.label().contains("corrected")
                            ? new BasicStroke(
                                    2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {7f, 5f}, 0f)
                            : new BasicStroke(2f));
        }
        chart.addAnnotation(new PhaseBands(phases.stream()
                .map(p ->
                        new PhaseBands.Band(p.name(), x.apply(p.start()), x.apply(p.measureStart()), x.apply(p.end())))
                .toList()));
        save(chart, file);
        return true;
    }

    /** An XY chart of the report's size and style. */
    static XYChart xyChart(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(title)
                .xAxisTitle(xTitle)
                .yAxisTitle(yTitle)
                .build();
        style(chart.getStyler());
        return chart;
    }

    private static void legendBelow(Styler styler) {
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Horizontal);
    }

    static void style(Styler styler) {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotBorderColor(new Color(0xBD, 0xBD, 0xBD));
        styler.setLegendBorderColor(Color.WHITE);
        styler.setSeriesColors(PALETTE);
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        styler.setAntiAlias(true);
        if (styler instanceof AxesChartStyler axes) {
            axes.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
            axes.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            axes.setPlotGridLinesColor(new Color(0xEE, 0xEE, 0xEE));
            axes.setYAxisDecimalPattern("#,##0.##");
        }
    }

    /** Encodes in memory first: a chart that fails to draw leaves no empty PNG behind. */
    static void save(Chart<?, ?> chart, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        Files.write(file, png);
    }
}
