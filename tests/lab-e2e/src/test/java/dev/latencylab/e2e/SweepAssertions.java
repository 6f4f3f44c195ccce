package dev.latencylab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.assertj.core.api.SoftAssertions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a short linger sweep must leave, whichever way the stack was started (local processes or
 * docker-compose.yml): its results folder (every phase's figures, exact counts, charts, summary.md)
 * and, on the running stack, data in every dashboard panel.
 */
final class SweepAssertions {

    static final List<Integer> LINGERS = List.of(0, 5, 10, 20);
    private static final List<String> CHARTS =
            List.of("latency-percentiles.png", "latency-over-time.png", "cpu.png", "requests.png", "bytes-in.png");
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final Duration CHECK_TIMEOUT = Duration.ofMinutes(3);

    private SweepAssertions() {}

    /**
     * The short linger sweep both end-to-end runs make: 5 s warm-up and 15 s per phase, results under
     * resultsRoot, the stack warm-up cut to 30 s (three windows of its criterion; left to itself it took
     * 2m20s-2m30s of each CI run here, and StackWarmupTest covers the criterion): {@link #assertSweep}
     * checks that it ran on Prometheus's figures.
     */
    static LabScript.Result shortSweep(LabScript lab, Duration timeout, Path resultsRoot) {
        return lab.run(
                timeout,
                "sweep",
                "--warmup",
                "5s",
                "--phase-duration",
                "15s",
                "--stack-warmup",
                "30s",
                "--results",
                resultsRoot.toString());
    }

    /** The one results folder the sweep wrote under resultsRoot. */
    static Path onlyResultsFolder(Path resultsRoot) throws IOException {
        try (Stream<Path> dirs = Files.list(resultsRoot)) {
            List<Path> found = dirs.filter(Files::isDirectory).toList();
            assertThat(found).as("results folders under %s", resultsRoot).hasSize(1);
            assertThat(found.get(0).getFileName().toString()).endsWith("-linger-sweep");
            return found.get(0);
        }
    }

    /** Deletes dir and everything below it; only ever below {@code within} (a test's own work folder). */
    static void deleteTree(Path dir, Path within) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        assertThat(dir.startsWith(within)).as("deleting %s", dir).isTrue();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * What a Grafana user would see of the run, checked on the running stack right after the sweep:
     * every panel of every lab dashboard has data from the real Prometheus over the run's window
     * ({@code from}, {@code to} as summary.json records them; "No data" on a working stack fails), and
     * the snapshot files the sweep wrote hold data for every panel.
     */
    static void everyPanelHasData(LabScript lab, Path resultsDir, Instant from, Instant to) throws IOException {
        LabScript.Result dashboards =
                lab.run(CHECK_TIMEOUT, "check-dashboards", "--from", from.toString(), "--to", to.toString());
        assertThat(dashboards.ok()).as(dashboards.describe()).isTrue();
        assertThat(dashboards.output()).contains("Every panel has data");
        try (Stream<Path> files = Files.list(resultsDir.resolve("snapshots"))) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .as("snapshot files")
                    .contains(
                            "lab-overview.json",
                            "lab-e2e-latency.json",
                            "lab-brokers.json",
                            "lab-producer-internals.json",
                            "lab-consumer.json");
        }
        LabScript.Result verify = lab.run(CHECK_TIMEOUT, "snapshot", "--verify", resultsDir.toString());
        assertThat(verify.ok()).as(verify.describe()).isTrue();
        everyPhaseIsItsOwnSeries(resultsDir);
    }

    /**
     * The e2e dashboard names each phase of the run in its legend: the consumer's series are per
     * phase id, joined to the producer's lab_phase_info, not merged by the settings they share.
     */
    private static void everyPhaseIsItsOwnSeries(Path resultsDir) throws IOException {
        String snapshot = Files.readString(resultsDir.resolve("snapshots").resolve("lab-e2e-latency.json"));
        JsonNode phases = JsonMapper.builder()
                .build()
                .readTree(resultsDir.resolve("summary.json").toFile())
                .path("phases");
        assertThat(phases.size()).as("phases in summary.json").isPositive();
        for (JsonNode phase : phases) {
            assertThat(snapshot)
                    .as(
                            "the e2e dashboard's p99 series of phase %s",
                            phase.path("name").asText())
                    .contains("\"p99 " + phase.path("name").asText() + "\"");
        }
    }

    static void assertSweep(JsonNode summary, Path results) throws IOException {
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(summary.path("complete").asBoolean(false))
                .as("run complete")
                .isTrue();
        JsonNode phases = summary.path("phases");
        soft.assertThat(phases.size()).as("phases").isEqualTo(LINGERS.size());
        for (int i = 0; i < Math.min(phases.size(), LINGERS.size()); i++) {
            assertPhase(soft, phases.get(i), LINGERS.get(i), summary.path("warnings"));
        }
        if (phases.size() == LINGERS.size()) {
            double produceAt0 =
                    phases.get(0).path("requestsPerSecond").path("produce").asDouble(Double.NaN);
            double produceAt20 =
                    phases.get(3).path("requestsPerSecond").path("produce").asDouble(Double.NaN);
            // Batching physics: at linger 20 each Produce request carries more records than at linger 0.
            soft.assertThat(produceAt20)
                    .as("Produce requests/s at linger 20 (vs %s at linger 0)", produceAt0)
                    .isLessThan(produceAt0);
        }
        JsonNode warmup = summary.path("stackWarmup");
        soft.assertThat(warmup.path("ceilingSeconds").asDouble(-1))
                .as("stack warm-up ceiling")
                .isEqualTo(30.0);
        soft.assertThat(warmup.path("windows").size())
                .as("stack warm-up windows judged on Prometheus's figures: %s", warmup)
                .isBetween(1, 3);
        List<Boolean> measured = new ArrayList<>();
        warmup.path("windows").forEach(w -> measured.add(w.path("e2eP50Ms").isNumber()));
        soft.assertThat(measured)
                .as("a window's e2e p50 from Prometheus: %s", warmup)
                .contains(true);
        JsonNode totals = summary.path("totals");
        soft.assertThat(totals.path("lost").asLong(-1))
                .as("lost over the whole run")
                .isZero();
        soft.assertThat(totals.path("duplicated").asLong(-1))
                .as("duplicated over the whole run")
                .isZero();
        soft.assertThat(totals.path("drained").asBoolean(false))
                .as("consumer received everything sent")
                .isTrue();
        List<String> warnings = new ArrayList<>();
        summary.path("warnings").forEach(w -> warnings.add(w.asString("")));
        // Prometheus answered every query and every chart was drawn.
        soft.assertThat(warnings)
                .as("warnings")
                .noneMatch(w -> w.contains("refused")
                        || w.contains("not drawn")
                        || w.contains("could not be drawn")
                        || w.contains("has no data"));

        for (String chart : CHARTS) {
            assertPng(soft, results.resolve(chart));
        }
        Path md = results.resolve("summary.md");
        soft.assertThat(md).as("summary.md").isRegularFile();
        if (Files.isRegularFile(md)) {
            soft.assertThat(Files.readString(md))
                    .contains("## End-to-end latency (ms)", "## Reading", "Sanity check", "share this machine's");
        }
        soft.assertAll();
    }

    private static void assertPhase(SoftAssertions soft, JsonNode p, int linger, JsonNode warnings) {
        String name = p.path("name").asString("?");
        List<String> aboutIt = new ArrayList<>();
        warnings.forEach(w -> {
            if (w.asString("").startsWith("phase " + name + ":")) {
                aboutIt.add(w.asString(""));
            }
        });
        soft.assertThat(p.path("settings").path("lingerMs").asInt(-1))
                .as("%s linger.ms", name)
                .isEqualTo(linger);
        soft.assertThat(p.path("complete").asBoolean(false))
                .as("%s complete", name)
                .isTrue();
        soft.assertThat(p.path("samples").asLong(0)).as("%s samples", name).isPositive();
        for (String kind : List.of("latencyMs", "correctedLatencyMs")) {
            for (String q : List.of("p50", "p95", "p99", "p999", "max")) {
                JsonNode v = p.path(kind).path(q);
                soft.assertThat(v.isNumber() && v.asDouble() > 0)
                        .as("%s %s.%s = %s", name, kind, q, v)
                        .isTrue();
            }
        }
        // Corrected latency counts the producer's own delay on top: never below the naive figure.
        soft.assertThat(p.path("correctedLatencyMs").path("p99").asDouble(Double.NaN))
                .as("%s corrected p99", name)
                .isGreaterThanOrEqualTo(p.path("latencyMs").path("p99").asDouble(Double.NaN));
        // The phase was closed by the fence, and every record acknowledged in it was received once.
        JsonNode counts = p.path("counts");
        soft.assertThat(p.path("fenced").asBoolean(false))
                .as("%s closed by the fence", name)
                .isTrue();
        soft.assertThat(counts.path("acked").asLong(-1))
                .as("%s acked = received (%s)", name, counts)
                .isPositive()
                .isEqualTo(counts.path("received").asLong(-2));
        soft.assertThat(counts.path("sent").asLong(-1))
                .as("%s sent = acked + failed", name)
                .isEqualTo(
                        counts.path("acked").asLong(0) + counts.path("failed").asLong(0));
        soft.assertThat(counts.path("lost").asLong(-1)).as("%s lost", name).isZero();
        soft.assertThat(counts.path("unobserved").asLong(-1))
                .as("%s unobserved", name)
                .isZero();
        soft.assertThat(counts.path("duplicated").asLong(-1))
                .as("%s duplicated", name)
                .isZero();
        soft.assertThat(p.path("publishDelayMs").path("p99").isNumber())
                .as("%s publish delay p99", name)
                .isTrue();
        double target = p.path("settings").path("rate").asDouble(Double.NaN);
        // A miss here was seen once in CI with the signature of a wall clock set forward mid-window (a
        // paused virtual machine set right after; a clock stepped by hand here gives the same): the lab says
        // so, comparing its window with the producer's monotonic time, and then neither the rate nor the
        // Prometheus figures over the window are the phase's. Without that warning they are judged.
        if (aboutIt.stream().anyMatch(w -> w.contains("by the producer's monotonic clock"))) {
            System.out.println(
                    "lab-e2e: " + name + "'s rate and Prometheus figures are not judged, the lab says why: " + aboutIt);
            return;
        }
        soft.assertThat(p.path("achievedRate").asDouble(0))
                .as(
                        "%s achieved rate (target %s/s): %s sent in %s s measured (%s to %s), publish delay ms %s,"
                                + " GC pause ms/s %s",
                        name,
                        target,
                        counts.path("sent"),
                        p.path("measuredSeconds"),
                        p.path("measuredFrom").asString("?"),
                        p.path("measuredTo").asString("?"),
                        p.path("publishDelayMs"),
                        p.path("gcPauseMsPerSecond"))
                .isBetween(0.9 * target, 1.1 * target);

        positive(soft, name + " CPU producer (cores)", p.path("cpuCores").path("producer"));
        positive(soft, name + " CPU consumer (cores)", p.path("cpuCores").path("consumer"));
        JsonNode brokers = p.path("cpuCores").path("brokers");
        soft.assertThat(brokers.propertyNames()).as("%s brokers with CPU", name).containsExactly("1", "2", "3");
        brokers.propertyNames()
                .forEach(id -> positive(soft, name + " CPU broker " + id + " (cores)", brokers.path(id)));
        positive(soft, name + " Produce requests/s", p.path("requestsPerSecond").path("produce"));
        positive(soft, name + " bytes in/s", p.path("bytesInPerSecond"));
        positive(soft, name + " producer batch-size-avg", p.path("producer").path("batchSizeAvg"));
    }

    static void positive(SoftAssertions soft, String what, JsonNode v) {
        soft.assertThat(v.isNumber() && v.asDouble() > 0)
                .as("%s = %s (Prometheus-derived, must be a number above 0)", what, v)
                .isTrue();
    }

    private static void assertPng(SoftAssertions soft, Path file) throws IOException {
        soft.assertThat(file).as(file.getFileName().toString()).isRegularFile();
        if (!Files.isRegularFile(file)) {
            return;
        }
        byte[] bytes = Files.readAllBytes(file);
        soft.assertThat(bytes.length).as("%s size", file.getFileName()).isGreaterThan(PNG_SIGNATURE.length);
        if (bytes.length > PNG_SIGNATURE.length) {
            byte[] head = new byte[PNG_SIGNATURE.length];
            System.arraycopy(bytes, 0, head, 0, head.length);
            soft.assertThat(head).as("%s PNG signature", file.getFileName()).isEqualTo(PNG_SIGNATURE);
        }
        BufferedImage image = ImageIO.read(file.toFile());
        soft.assertThat(image).as("%s decodes as an image", file.getFileName()).isNotNull();
        if (image != null) {
            soft.assertThat(image.getWidth() * image.getHeight())
                    .as("%s pixels", file.getFileName())
                    .isPositive();
        }
    }
}
