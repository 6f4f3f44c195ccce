package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.results.collect.ChartData;
import dev.latencylab.runner.results.collect.PhaseMark;
import dev.latencylab.runner.results.collect.TimePoint;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.results.summary.RunSummary;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartWriterTest {

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final Instant START = Instant.parse("2026-11-21T23:50:00Z");

    private final ChartWriter writer = new ChartWriter();

    @Test
    void aTimeSeriesChartIsAValidPngOfTheExpectedSize(@TempDir Path dir) throws IOException {
        List<TimePoint> produce = new ArrayList<>();
        for (int s = 0; s <= 120; s += 5) {
            produce.add(new TimePoint(START.plusSeconds(s), s < 60 ? 900 : 150));
        }
        ChartData data = new ChartData(
                "requests", "Produce requests", "requests/s", List.of(new ChartData.Line("Produce", produce)));
        List<PhaseMark> marks = List.of(
                new PhaseMark("linger-0", START, START.plusSeconds(10), START.plusSeconds(60)),
                new PhaseMark("linger-20", START.plusSeconds(60), START.plusSeconds(70), START.plusSeconds(120)));
        Path file = dir.resolve("requests.png");

        boolean drawn = writer.timeSeries(file, "sweep", data, marks, START, START.plusSeconds(120));

        assertThat(drawn).isTrue();
        assertValidPng(file);
    }

    @Test
    void nothingIsDrawnWithoutData(@TempDir Path dir) throws IOException {
        ChartData empty = new ChartData("cpu", "CPU", "cores", List.of(new ChartData.Line("producer-app", List.of())));
        Path file = dir.resolve("cpu.png");

        assertThat(writer.timeSeries(file, "sweep", empty, List.of(), START, START.plusSeconds(60)))
                .isFalse();
        assertThat(file).doesNotExist();
    }

    @Test
    void theLatencyBarChartIsAValidPngEvenWithAMissingFigure(@TempDir Path dir) throws IOException {
        PhaseSummary.Latency some = new PhaseSummary.Latency(2.0, 3.0, 7.0, 12.0, 20.0);
        PhaseSummary.Latency partial = new PhaseSummary.Latency(4.0, null, 9.0, null, 15.0);
        RunSummary summary = new RunSummary(
                "sweep",
                null,
                START,
                START.plusSeconds(120),
                true,
                null,
                2,
                null,
                null,
                List.of(row("linger-0", 0, some), row("linger-5", 5, partial)),
                RunSummary.RunTotals.NONE,
                null,
                List.of(),
                null,
                null,
                List.of());
        Path file = dir.resolve("latency-percentiles.png");

        writer.latencyPercentiles(file, summary);

        assertValidPng(file);
    }

    @Test
    void latencyBarsSpanningDecadesAreStillDrawn(@TempDir Path dir) throws IOException {
        // A congested phase next to quiet ones: p99.9 of 500 ms beside a p50 of 4 ms (log axis).
        PhaseSummary.Latency slow = new PhaseSummary.Latency(99.0, 306.0, 383.0, 509.0, 551.0);
        PhaseSummary.Latency quick = new PhaseSummary.Latency(4.2, 12.0, 16.0, 31.0, 45.0);
        RunSummary summary = new RunSummary(
                "sweep",
                null,
                START,
                START.plusSeconds(120),
                true,
                null,
                2,
                null,
                null,
                List.of(row("linger-0", 0, slow), row("linger-10", 10, quick)),
                RunSummary.RunTotals.NONE,
                null,
                List.of(),
                null,
                null,
                List.of());
        Path file = dir.resolve("latency-percentiles.png");

        writer.latencyPercentiles(file, summary);

        assertValidPng(file);
    }

    private static PhaseSummary row(String name, int linger, PhaseSummary.Latency latency) {
        return new PhaseSummary(
                name,
                1,
                1,
                new ProducerSettings(linger, 16384, Compression.NONE, 1000, 400, KeyStrategy.ORDER_ID),
                START,
                START.plusSeconds(50),
                50,
                true,
                1L,
                0L,
                latency,
                latency,
                PhaseSummary.Latency.NONE,
                1000.0,
                Phases.counts(0L, 0L),
                true,
                null,
                new PhaseSummary.Cpu(null, null, Map.of(), null, null),
                new PhaseSummary.Requests(null, null, null),
                null,
                PhaseSummary.Batching.NONE,
                PhaseSummary.GcPauses.NONE,
                null,
                null,
                null);
    }

    static void assertValidPng(Path file) throws IOException {
        byte[] head = new byte[8];
        System.arraycopy(Files.readAllBytes(file), 0, head, 0, 8);
        assertThat(head).isEqualTo(PNG_SIGNATURE);
        BufferedImage image = ImageIO.read(file.toFile());
        assertThat(image).isNotNull();
        assertThat(image.getWidth()).isEqualTo(ChartWriter.WIDTH);
        assertThat(image.getHeight()).isEqualTo(ChartWriter.HEIGHT);
    }
}
