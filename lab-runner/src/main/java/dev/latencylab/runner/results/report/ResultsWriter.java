package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.collect.ChartData;
import dev.latencylab.runner.results.collect.RunSeries;
import dev.latencylab.runner.results.summary.EnvironmentInfo;
import dev.latencylab.runner.results.summary.RunSummary;
import dev.latencylab.runner.results.summary.SettingsGrid;
import dev.latencylab.runner.results.summary.TradeOffReading;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioWriter;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a results folder: scenario.yaml, environment.json, summary.json, series.json,
 * summary.md, phases.csv and the PNG charts. {@link #render} redraws summary.md, phases.csv and
 * the charts from summary.json and series.json alone, so a saved run can be re-reported (and an
 * older folder gets its CSV).
 */
public final class ResultsWriter {

    public static final JsonMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // A folder written before a field existed (a phase's repeat) still reads: the record says what a
            // missing value means.
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();
    private static final DateTimeFormatter FOLDER_TIME =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final ChartWriter charts = new ChartWriter();
    private final HeatMapWriter heatMaps = new HeatMapWriter();

    /**
     * results/&lt;UTC start&gt;-&lt;scenario&gt;, made unique with a counter if it exists. Created, not
     * checked then created: of two runs started in the same second, each gets a folder of its own.
     */
    public static Path folder(Path resultsRoot, Instant startedAt, String scenario) throws IOException {
        String base = FOLDER_TIME.format(startedAt) + "-" + scenario;
        Files.createDirectories(resultsRoot);
        for (int i = 1; ; i++) {
            Path dir = resultsRoot.resolve(i == 1 ? base : base + "-" + i);
            try {
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException taken) {
                // Another run's: try the next name.
            }
        }
    }

    public void write(Path dir, Scenario scenario, EnvironmentInfo environment, RunSummary summary, RunSeries series)
            throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("scenario.yaml"), new ScenarioWriter().write(scenario));
        JSON.writeValue(dir.resolve("environment.json").toFile(), environment);
        JSON.writeValue(dir.resolve("summary.json").toFile(), summary);
        JSON.writeValue(dir.resolve("series.json").toFile(), series);
        render(dir, summary, series);
    }

    /**
     * Writes phases.csv, draws the charts and writes summary.md; returns the Markdown. Chart failures become
     * warnings, not a lost report.
     */
    public String render(Path dir, RunSummary summary, RunSeries series) throws IOException {
        PhasesCsv.write(dir, summary);
        List<String> drawn = new ArrayList<>();
        List<String> warnings = new ArrayList<>(summary.warnings());
        if (!summary.phases().isEmpty()) {
            try {
                charts.latencyPercentiles(dir.resolve("latency-percentiles.png"), summary);
                drawn.add("latency-percentiles.png");
            } catch (RuntimeException e) {
                warnings.add("latency-percentiles.png could not be drawn: " + e);
            }
        }
        try {
            if (LatencySpectrum.draw(dir, dir.resolve(LatencySpectrum.CHART))) {
                drawn.add(LatencySpectrum.CHART);
            }
        } catch (RuntimeException e) {
            warnings.add(LatencySpectrum.CHART + " could not be drawn: " + e);
        }
        try {
            if (charts.throughputVsRtt(dir.resolve("throughput-vs-rtt.png"), summary)) {
                drawn.add("throughput-vs-rtt.png");
            }
        } catch (RuntimeException e) {
            warnings.add("throughput-vs-rtt.png could not be drawn: " + e);
        }
        Optional<SettingsGrid> grid = SettingsGrid.of(summary);
        if (grid.isPresent()) {
            for (HeatMapWriter.HeatMap map : HeatMapWriter.ALL) {
                try {
                    if (heatMaps.draw(dir.resolve(map.file()), summary, grid.get(), map)) {
                        drawn.add(map.file());
                    } else {
                        warnings.add(map.file() + " not drawn: no phase of the linger.ms x compression grid has "
                                + map.what());
                    }
                } catch (RuntimeException e) {
                    warnings.add(map.file() + " could not be drawn: " + e);
                }
            }
        }
        if (series != null) {
            for (ChartData chart : series.charts()) {
                String name = chart.key() + ".png";
                try {
                    if (charts.timeSeries(
                            dir.resolve(name),
                            summary.scenario(),
                            chart,
                            series.phases(),
                            series.start(),
                            series.end())) {
                        drawn.add(name);
                    } else {
                        warnings.add(name + " not drawn: Prometheus returned no data for it");
                    }
                } catch (RuntimeException e) {
                    warnings.add(name + " could not be drawn: " + e);
                }
            }
        }
        RunSummary shown = summary.withWarnings(warnings);
        String markdown = MarkdownReport.render(shown, drawn);
        Files.writeString(dir.resolve("summary.md"), markdown);
        return markdown;
    }

    /** Re-reads a results folder's summary.json and series.json (the latter optional) and redraws its report. */
    public String rerender(Path dir) throws IOException {
        RunSummary summary = JSON.readValue(dir.resolve("summary.json").toFile(), RunSummary.class);
        Path seriesFile = dir.resolve("series.json");
        RunSeries series = Files.exists(seriesFile) ? JSON.readValue(seriesFile.toFile(), RunSeries.class) : null;
        summary = summary.withSpreadsRecomputed();
        summary = summary.withReading(TradeOffReading.read(summary));
        return render(dir, summary, series);
    }
}
