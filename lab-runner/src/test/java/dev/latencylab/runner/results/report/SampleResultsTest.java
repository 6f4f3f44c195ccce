package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.results.collect.RunSeries;
import dev.latencylab.runner.results.summary.EnvironmentInfo;
import dev.latencylab.runner.results.summary.RunSummary;
import dev.latencylab.runner.results.summary.TradeOffReading;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioLoader;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * Renders a complete results folder from a saved (synthetic) sample run, into
 * target/sample-results/ where it can be looked at after the build.
 */
class SampleResultsTest {

    @Test
    void aSavedRunBecomesAFullResultsFolder() throws IOException {
        RunSummary saved = read("summary.json", RunSummary.class);
        RunSeries series = read("series.json", RunSeries.class);
        Scenario scenario = new ScenarioLoader().load(Path.of("..", "scenarios", "linger-sweep.yaml"));
        Path root = Path.of("target", "sample-results");
        Files.createDirectories(root);
        Path dir = root.resolve("20261121T235000Z-linger-sweep");
        if (Files.exists(dir)) {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
        }
        RunSummary summary = saved.withReading(TradeOffReading.read(saved.phases(), saved.cores()));
        EnvironmentInfo env = EnvironmentInfo.describe(
                null,
                summary.startedAt(),
                summary.endedAt(),
                Map.of("producer", "http://127.0.0.1:8080", "consumer", "http://127.0.0.1:8081"));

        new ResultsWriter().write(dir, scenario, env, summary, series);

        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly(
                            "bytes-in.png",
                            "cpu.png",
                            "environment.json",
                            "latency-over-time.png",
                            "latency-percentiles.png",
                            "phases.csv",
                            "requests.png",
                            "scenario.yaml",
                            "series.json",
                            "summary.json",
                            "summary.md");
        }
        for (String png : List.of(
                "bytes-in.png", "cpu.png", "latency-over-time.png", "latency-percentiles.png", "requests.png")) {
            BufferedImage image = ImageIO.read(dir.resolve(png).toFile());
            assertThat(image).as(png).isNotNull();
            assertThat(image.getWidth()).isEqualTo(ChartWriter.WIDTH);
            assertThat(image.getHeight()).isEqualTo(ChartWriter.HEIGHT);
        }
        String md = Files.readString(dir.resolve("summary.md"));
        assertThat(md)
                .contains("| linger-20 | 20 | 16384 | none | 50001 | 21.0 | 24.3 | 28.9 | 39.1 | 57.0 |")
                .contains(
                        "The produce request rate was lowest in linger-20 (152/s), 90 % lower than linger-0's 1490/s.")
                .contains("Sanity check passed")
                .contains("![requests](requests.png)")
                .doesNotContain("## Warnings");
        assertThat(ResultsWriter.JSON
                        .readTree(dir.resolve("environment.json").toFile())
                        .path("kafkaClientsVersionSource")
                        .asString())
                .isEqualTo("lab build (kafka.version)");

        // The folder alone is enough to redraw the same report.
        assertThat(new ResultsWriter().rerender(dir)).isEqualTo(md);
    }

    private static <T> T read(String name, Class<T> type) throws IOException {
        try (InputStream in = SampleResultsTest.class.getResourceAsStream("/sample-run/" + name)) {
            assertThat(in).as(name).isNotNull();
            return ResultsWriter.JSON.readValue(in, type);
        }
    }
}
