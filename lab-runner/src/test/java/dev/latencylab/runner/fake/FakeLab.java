package dev.latencylab.runner.fake;

import com.sun.net.httpserver.HttpExchange;
import dev.latencylab.api.accounting.PhaseIds;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A test double of the lab's HTTP shape only (docs/contracts.md): producer-app's
 * /actuator/producer, consumer-app's /actuator/latency and Prometheus' query API, on one
 * loopback port. Its figures follow simple rules of the settings in effect at the asked time
 * (fewer produce requests and higher p50 at higher linger), so tests can tell which phase's
 * numbers ended where. Every request is logged for assertions on the runner's call sequence.
 */
public final class FakeLab implements AutoCloseable {

    /** compare's backlog topics (warm-up, rounds 1-9), each held whole by the fake consumer-app. */
    private static final String COMPARE_DRAINS_ASSIGNED = Stream.concat(
                    Stream.of("warmup"), IntStream.rangeClosed(1, 9).mapToObj(i -> "r" + i))
            .map(round -> "\"lab.orders.compare-drain-" + round + "\":[0,1,2]")
            .collect(Collectors.joining(","));

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final TestServer server;
    private final FakeTime time;
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());
    /** When each linger.ms took effect, for answering Prometheus queries about the past. */
    private final TreeMap<Instant, Integer> lingerTimeline = new TreeMap<>();

    private boolean running;
    private String topic = "lab.orders";
    private boolean header = true;
    private long generation;
    private int lingerMs = 5;
    private int batchSize = 16384;
    private String compression = "none";
    private String keyStrategy = "order-id";
    private double rate = 1000;
    /** What the fake producer sends unthrottled. */
    public static final double UNTHROTTLED_RATE = 200_000;

    private int payloadBytes = 400;
    private String payload = "words";
    private String pacing = "even";
    private double sent;
    /** The sent count at which a load started with stopAfterRecords stops by itself; null: none asked. */
    private Double stopAt;

    private volatile boolean backlogsBeforeAnswer;
    private Instant lastUpdate;
    private Instant phasesResetAt;
    /** Phases by hand given so far. */
    private int handPhases;

    private volatile boolean prometheusEmpty;
    private volatile Instant settlesAt;
    private volatile boolean neverSettles;
    private volatile int producerStatus = 200;
    private volatile double onSchedule = 1;
    /** The records' phase ids as they ran, in offset order: one partition, every record acknowledged. */
    private final List<Segment> segments = new ArrayList<>();
    /** The first offset the consumer's ledger holds (it is cleared by a reset of everything). */
    private long ledgerStart;

    private volatile boolean consumerStalled;
    /** The host name by which a consumer-app instance is reached, and the file whose presence takes it down. */
    private volatile String downHost;

    private volatile Path downMarker;
    /** Until when the consumer's highest sequence seen trails the producer's, and by how many records. */
    private volatile Instant consumerBehindUntil;

    private volatile long consumerBehindBy;
    /** The consumer-app's listener and extra client properties, as the last change set them. */
    private volatile String listener = "batch";
    /** The consumer-app's commit mode, as the last change set it. */
    private volatile String commit = "time";

    private volatile String consumerConfig = "";
    /** When the consumer was last resumed: a backlog written before is read from then on, at 400,000 records/s. */
    private volatile Instant resumedAt;

    private final Instant startedAt;

    /** A run of offsets with one phase id and the settings then in effect. */
    private static final class Segment {
        final int phase;
        final long from;
        final Instant startedAt;
        final int linger;
        final int batch;
        final String compression;
        long to = -1;
        Instant endedAt;

        Segment(int phase, long from, Instant startedAt, int linger, int batch, String compression) {
            this.phase = phase;
            this.from = from;
            this.startedAt = startedAt;
            this.linger = linger;
            this.batch = batch;
            this.compression = compression;
        }
    }

    public FakeLab(FakeTime time) throws IOException {
        this.time = time;
        this.lastUpdate = time.instant();
        this.startedAt = time.instant();
        this.phasesResetAt = time.instant();
        segments.add(new Segment(0, 0, time.instant(), lingerMs, batchSize, compression));
        server = new TestServer()
                .route("/actuator/producer", this::producer)
                .route("/actuator/latency", this::latency)
                .route("/actuator/consumer", this::consumer)
                .route("/actuator/prometheus", this::prometheusText)
                .route("/-/ready", ex -> TestServer.reply(ex, 200, "Prometheus Server is Ready.\n"))
                .route("/api/v1/query_range", this::queryRange)
                .route("/api/v1/query", this::query)
                .route("/api/health", ex -> TestServer.reply(ex, 200, "{\"database\":\"ok\"}"));
    }

    public URI url() {
        return server.url();
    }

    public List<String> log() {
        synchronized (log) {
            return List.copyOf(log);
        }
    }

    /**
     * Requests to the consumer-app endpoints by {@code host} (one instance's name for this double)
     * answer 503 while {@code marker} exists: a fault control's kill creates it, a failed start
     * leaves it.
     */
    public void downWhile(String host, Path marker) {
        downMarker = marker;
        downHost = host;
    }

    private boolean down(HttpExchange ex) {
        String host = ex.getRequestHeaders().getFirst("Host");
        return downHost != null && host != null && host.startsWith(downHost + ":") && Files.exists(downMarker);
    }

    /** Makes Prometheus answer every query with an empty result, as when it scraped nothing. */
    public void prometheusEmpty() {
        prometheusEmpty = true;
    }

    /**
     * Makes the stack's e2e latency and CPU (as Prometheus reports them) start high and fall
     * linearly to their settled values at {@code at}: 1 + (at - t) / 10 s times as high before it.
     */
    public void settlesAt(Instant at) {
        settlesAt = at;
    }

    /** Makes the stack's e2e latency and CPU jump between their value and twice it every 10 s, forever. */
    public void neverSettles() {
        neverSettles = true;
    }

    /**
     * Makes the consumer-app read only {@code share} of the phase that ended last while the load goes on:
     * behind the producer, as a consumer short of CPU is; once the load stops it has read it all.
     */
    public void consumerBehindWhileSending(double share) {
        behindShare = share;
    }

    private volatile double behindShare = 1.0;

    /** Makes the consumer stop processing: its ledger stays where it is, so no phase can be closed. */
    public void consumerStalled() {
        consumerStalled = true;
    }

    /** {@link #consumerStalled} for {@code d} from now: then it has processed everything at once. */
    public void consumerStalledFor(Duration d) {
        stalledUntil = time.instant().plus(d);
    }

    private volatile Instant stalledUntil;

    /**
     * Makes the consumer's totals keep records pending for {@code grace} after the load stops, as a
     * group's merged view does: each instance holds the others' share of the sequence as gaps until
     * its loss grace period has passed.
     */
    public void pendingAfterStopFor(Duration grace) {
        pendingGrace = grace;
    }

    private volatile Duration pendingGrace;

    /** Makes the consumer hold partition 0 of {@code topic} from now (a topic a phase created). */
    public void holds(String topic) {
        held.add(topic);
    }

    private final List<String> held = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile Instant stoppedAt;

    private int pending() {
        boolean inGrace =
                pendingGrace != null && stoppedAt != null && time.instant().isBefore(stoppedAt.plus(pendingGrace));
        return running || inGrace ? 3 : 0;
    }

    private boolean stalled() {
        return consumerStalled || (stalledUntil != null && time.instant().isBefore(stalledUntil));
    }

    /** Makes the producer's sender keep only this share of its schedule (an open-loop sender that fell behind). */
    public void keepsShareOfSchedule(double share) {
        onSchedule = share;
    }

    /** Makes the producer's sender report itself {@code lagMs} behind its schedule until {@code until}. */
    public void behindScheduleUntil(Instant until, double lagMs) {
        behindUntil = until;
        behindMs = lagMs;
    }

    /** Makes the consumer's highest sequence seen trail the producer's by {@code records} until {@code until}. */
    public void consumerBehindUntil(Instant until, long records) {
        consumerBehindUntil = until;
        consumerBehindBy = records;
    }

    /** Makes the consumer's ledger say it ran out of a capacity (its {@code limitHit}). */
    public void ledgerLimitHit(String limit) {
        ledgerLimit = limit;
    }

    private long behindBy() {
        return consumerBehindUntil != null && time.instant().isBefore(consumerBehindUntil) ? consumerBehindBy : 0;
    }

    /**
     * Makes the producer-app restart now: a new producer id, its counters from zero, phase 0, and no phase
     * it sent before in its answers; its records go on from the next offset.
     */
    public synchronized void producerRestarted() {
        advance();
        restartedAtSent = (long) sent;
        producerId = "5f0c0000-0000-0000-0000-000000000002";
        nextSegment(0);
    }

    /** Someone other than the runner sets the producer's rate (a POST of its own), from now on. */
    public synchronized void producerRateSetElsewhere(double newRate) {
        advance();
        rate = newRate;
        generation++;
    }

    private long restartedAtSent;
    private String producerId = "5f0c0000-0000-0000-0000-000000000001";

    /** Makes one record in {@code every} of each phase unsampled (received, its value not JSON: no latency sample). */
    public void unsampledEvery(long every) {
        unsampledEvery = every;
    }

    private volatile long unsampledEvery = Long.MAX_VALUE;

    /** Makes the consumer count {@code records} of each phase missing past its grace (its live {@code lost}). */
    public void missingPastGrace(long records) {
        missingPastGrace = records;
    }

    private volatile long missingPastGrace;

    /** Makes the consumer-app refuse every release of phases it holds (HTTP 500). */
    public void releaseFails() {
        releaseFails = true;
    }

    private volatile boolean releaseFails;

    /**
     * Makes the producer endpoint answer the next change with producer-app's 503 for a change still
     * being applied: it comes into effect at the {@code gets}-th read of the producer after it (then
     * changes are answered as before); with 0, never, and every later change is answered so too.
     */
    public void stillApplyingUntilRead(int gets) {
        stillApplyingGets = gets;
    }

    private volatile int stillApplyingGets = -1;
    private volatile JsonNode stillApplying;

    /**
     * As a producer-app that writes a small backlog faster than it answers: a load started with
     * stopAfterRecords has sent its count and stopped by itself when the answer is written.
     */
    public void writesBacklogsBeforeAnswering() {
        backlogsBeforeAnswer = true;
    }

    /** Makes the producer endpoint answer with this HTTP status. */
    public void producerStatus(int status) {
        producerStatus = status;
    }

    private volatile Instant behindUntil;
    private volatile double behindMs;
    private volatile String ledgerLimit;

    @Override
    public void close() {
        server.close();
    }

    /** Records a second: the rate asked, or unthrottled (-1) the fake's ceiling. */
    private double sendRate() {
        return rate < 0 ? UNTHROTTLED_RATE : rate;
    }

    private synchronized void advance() {
        Instant now = time.instant();
        if (running) {
            sent += sendRate() * onSchedule * (now.toEpochMilli() - lastUpdate.toEpochMilli()) / 1000.0;
            if (stopAt != null && sent >= stopAt) {
                stopBy(now);
            }
        }
        lastUpdate = now;
    }

    private synchronized String producerJson() {
        long s = (long) sent;
        StringBuilder phases = new StringBuilder();
        for (Segment seg : segments) {
            long to = seg.to >= 0 ? seg.to : s - 1;
            long n = Math.max(0, to - seg.from + 1);
            if (seg.phase == 0 || seg.from < restartedAtSent) {
                continue;
            }
            if (phases.length() > 0) {
                phases.append(',');
            }
            phases.append(String.format(
                    Locale.ROOT,
                    "{\"phase\":%d,\"topic\":\"lab.orders\",\"sent\":%d,\"acked\":%d,\"failed\":0,"
                            + "\"publishDelayMs\":{\"p50\":0.05,\"p90\":0.08,\"p95\":0.1,\"p99\":0.2,\"p999\":0.5,\"max\":1.5},"
                            + "\"senderTime\":{\"seconds\":%.3f,\"gcPauseMs\":0,\"gcCount\":0},"
                            + "\"partitions\":[%s]}",
                    seg.phase,
                    n,
                    n,
                    // As the producer-app's sender clock: the time the phase was the current one, stopped or not.
                    Duration.between(seg.startedAt, seg.endedAt != null ? seg.endedAt : time.instant())
                                    .toMillis()
                            / 1000.0,
                    n == 0
                            ? ""
                            : "{\"partition\":0,\"acked\":" + n + ",\"firstOffset\":" + seg.from + ",\"lastOffset\":"
                                    + to + "}"));
        }
        return String.format(
                Locale.ROOT,
                "{\"producerId\":\"%s\",\"topic\":\"%s\",\"running\":%s,\"generation\":%d,"
                        + "\"settings\":{\"lingerMs\":%d,\"batchSize\":%d,\"compression\":\"%s\",\"rate\":%s,\"payloadBytes\":%d,\"keyStrategy\":\"%s\",\"payload\":\"%s\",\"pacing\":\"%s\"},"
                        + "\"phase\":%d,\"counters\":{\"sent\":%d,\"acked\":%d,\"failed\":0,\"lastSequence\":%d},"
                        + "\"phases\":[%s],\"header\":%s%s}",
                producerId,
                topic,
                running,
                generation,
                lingerMs,
                batchSize,
                compression,
                rate,
                payloadBytes,
                keyStrategy,
                payload,
                pacing,
                current().phase,
                s - restartedAtSent,
                s - restartedAtSent,
                s - 1,
                phases,
                header,
                !running
                        ? ""
                        : ",\"scheduleLagMs\":"
                                + (behindUntil != null && time.instant().isBefore(behindUntil) ? behindMs : 0.0));
    }

    private Segment current() {
        return segments.get(segments.size() - 1);
    }

    /** The segment that ended last, null when none has. */
    private Segment lastEnded() {
        return segments.stream()
                .filter(seg -> seg.endedAt != null)
                .max(java.util.Comparator.comparing(seg -> seg.endedAt))
                .orElse(null);
    }

    /** A new segment from the next offset, when the phase id or a setting changes. */
    private void nextSegment(int phase) {
        long next = (long) sent;
        Segment open = current();
        open.to = next - 1;
        open.endedAt = time.instant();
        segments.add(new Segment(phase, next, time.instant(), lingerMs, batchSize, compression));
    }

    private void producer(HttpExchange ex) throws IOException {
        String body = TestServer.body(ex);
        log.add(ex.getRequestMethod() + " /actuator/producer" + (body.isEmpty() ? "" : " " + body));
        if (producerStatus != 200) {
            TestServer.reply(ex, producerStatus, "{\"error\":\"failing on purpose\"}");
            return;
        }
        advance();
        if (ex.getRequestMethod().equals("POST")) {
            JsonNode change = JSON.readTree(body);
            if (change.has("lingerMs") && change.get("lingerMs").asInt() > 10000) {
                TestServer.reply(
                        ex, 400, "{\"field\":\"lingerMs\",\"error\":\"lingerMs must be an integer from 0 to 10000\"}");
                return;
            }
            // As the producer-app's LoadState: records without the header belong to no phase.
            boolean headerAfter = change.has("header") ? change.get("header").asBoolean() : header;
            if (!headerAfter && change.has("phase") && change.get("phase").asInt() != 0) {
                TestServer.reply(
                        ex,
                        400,
                        "{\"field\":\"header\",\"error\":\"header false sends records the consumer cannot count,"
                                + " so they belong to no phase\"}");
                return;
            }
            boolean runningAfter = change.has("running") ? change.get("running").asBoolean() : running;
            if (change.has("stopAfterRecords") && !runningAfter) {
                TestServer.reply(
                        ex,
                        400,
                        "{\"field\":\"stopAfterRecords\",\"error\":\"stopAfterRecords needs a load that runs after"
                                + " the change\"}");
                return;
            }
            if (stillApplyingGets >= 0) {
                // As the producer-app whose flush outlasts its switch-timeout: taken, in effect later.
                stillApplying = change;
                TestServer.reply(
                        ex,
                        503,
                        "{\"error\":\"the change is still being applied after PT1M (100 records sent and not yet"
                                + " answered, 412 sends retried so far); GET /actuator/producer shows when it is in"
                                + " effect\"}");
                return;
            }
            apply(change);
        } else if (stillApplying != null && stillApplyingGets > 0 && --stillApplyingGets == 0) {
            apply(stillApplying);
            stillApplying = null;
            stillApplyingGets = -1;
        }
        TestServer.reply(ex, 200, producerJson());
    }

    private synchronized void apply(JsonNode change) {
        if (change.has("lingerMs")) {
            lingerMs = change.get("lingerMs").asInt();
            lingerTimeline.put(time.instant(), lingerMs);
        }
        if (change.has("batchSize")) {
            batchSize = change.get("batchSize").asInt();
        }
        if (change.has("compression")) {
            compression = change.get("compression").asString();
        }
        if (change.has("rate")) {
            rate = change.get("rate").asDouble();
        }
        if (change.has("keyStrategy")) {
            keyStrategy = change.get("keyStrategy").asString();
        }
        if (change.has("pacing")) {
            pacing = change.get("pacing").asString();
        }
        if (change.has("payload")) {
            payload = change.get("payload").asString();
        }
        if (change.has("payloadBytes")) {
            payloadBytes = change.get("payloadBytes").asInt();
        }
        if (change.has("running")) {
            boolean on = change.get("running").asBoolean();
            if (running && !on) {
                stoppedAt = time.instant();
            }
            running = on;
        }
        boolean topicChanged =
                change.has("topic") && !change.get("topic").asString().equals(topic);
        if (change.has("topic")) {
            topic = change.get("topic").asString();
        }
        if (change.has("header")) {
            header = change.get("header").asBoolean();
        }
        boolean setsSetting = change.has("lingerMs")
                || change.has("batchSize")
                || change.has("compression")
                || change.has("rate")
                || change.has("keyStrategy")
                || change.has("payloadBytes")
                || change.has("payload");
        // As the producer-app does: a change of a setting naming no phase is one by hand, a phase of its own.
        boolean byHand = setsSetting || change.has("topic") || change.has("header");
        int phase = change.has("phase")
                ? change.get("phase").asInt()
                : !byHand ? current().phase : header ? PhaseIds.FIRST_BY_HAND + handPhases++ : 0;
        boolean newPhase = phase != current().phase;
        if (newPhase || byHand) {
            nextSegment(phase);
        }
        // As the producer-app's LoadGenerator: the count runs from this change; a stop, a new phase or topic drops it.
        if (change.has("stopAfterRecords")) {
            stopAt = sent + change.get("stopAfterRecords").asLong();
            if (backlogsBeforeAnswer) {
                stopBy(time.instant());
            }
        } else if (!running || newPhase || topicChanged) {
            stopAt = null;
        }
        generation++;
    }

    private void stopBy(Instant now) {
        sent = stopAt;
        stopAt = null;
        running = false;
        stoppedAt = now;
    }

    /** The consumer-app's settings endpoint: the listener and consumerConfig a change gives are kept. */
    private void consumer(HttpExchange ex) throws IOException {
        String body = TestServer.body(ex);
        if (down(ex)) {
            TestServer.reply(ex, 503, "{}");
            return;
        }
        log.add(ex.getRequestMethod() + " /actuator/consumer" + (body.isEmpty() ? "" : " " + body));
        if (ex.getRequestMethod().equals("POST")) {
            JsonNode change = JSON.readTree(body);
            if (change.has("listener")) {
                listener = change.get("listener").asString();
            }
            if (change.has("commit")) {
                commit = change.get("commit").asString();
            }
            if (change.has("consumerConfig")) {
                consumerConfig = change.get("consumerConfig").isEmpty()
                        ? ""
                        : ",\"consumerConfig\":" + JSON.writeValueAsString(change.get("consumerConfig"));
            }
        }
        TestServer.reply(
                ex,
                200,
                "{\"settings\":{\"maxPollRecords\":500,"
                        + "\"listener\":\"" + listener + "\",\"commit\":\"time\","
                        + "\"commitIntervalMs\":5000,\"commitSync\":false,\"processing\":\"in-order\",\"workers\":1,"
                        + "\"workMicros\":0,\"work\":\"wait\"" + consumerConfig + "},\"consuming\":true,"
                        + "\"summary\":\"" + listener + "\",\"keyOrderViolations\":0}");
    }

    /** The consumer-app's commit mode now. */
    public String consumerCommit() {
        return commit;
    }

    /** Both apps' Prometheus text, of which the runner reads the JVM's CPU time: half a core, always. */
    private void prometheusText(HttpExchange ex) throws IOException {
        log.add("GET /actuator/prometheus");
        double ns = (time.instant().toEpochMilli() - startedAt.toEpochMilli()) * 0.5e6;
        TestServer.reply(
                ex, 200, String.format(Locale.ROOT, "process_cpu_time_ns_total{application=\"fake\"} %.6E%n", ns));
    }

    /**
     * A phase's histograms as a consumer-app instance sends them to a group's read: every record at the
     * fake's p50, so instances merge as the real ones do.
     */
    private static String histograms(double p50Ms, long count) {
        if (count <= 0) {
            return "";
        }
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        h.recordValueWithCount(Math.round(p50Ms * 1000), count);
        String encoded = dev.latencylab.core.latency.HistogramPercentiles.encode(h);
        return ",\"histograms\":{\"latency\":\"" + encoded + "\",\"corrected\":\"" + encoded + "\"}";
    }

    private void latency(HttpExchange ex) throws IOException {
        String query = ex.getRequestURI().getRawQuery();
        // A POST is logged with its path and body: which phases a release let go of is what tests check.
        String body = TestServer.body(ex);
        if (down(ex)) {
            TestServer.reply(ex, 503, "{}");
            return;
        }
        log.add(
                ex.getRequestMethod().equals("POST")
                        ? "POST " + ex.getRequestURI().getPath() + " " + body
                        : ex.getRequestMethod() + " /actuator/latency" + (query == null ? "" : "?" + query));
        advance();
        if (ex.getRequestMethod().equals("DELETE")) {
            synchronized (this) {
                phasesResetAt = time.instant();
                if (query == null) {
                    ledgerStart = (long) sent;
                }
            }
            ex.sendResponseHeaders(204, -1);
            ex.close();
            return;
        }
        if (ex.getRequestMethod().equals("POST")) {
            if (releaseFails && ex.getRequestURI().getPath().endsWith("/release")) {
                TestServer.reply(ex, 500, "{\"error\":\"release failed (test)\"}");
                return;
            }
            // Only a pause or resume moves the consuming flag; a release or a forget does not.
            if (ex.getRequestURI().getPath().equals("/actuator/latency") && !body.contains("false")) {
                resumedAt = time.instant();
            }
            TestServer.reply(ex, 200, body.contains("false") ? "{\"consuming\":false}" : "{\"consuming\":true}");
            return;
        }
        String json;
        synchronized (this) {
            long s = (long) sent;
            StringBuilder phases = new StringBuilder();
            Map<Integer, String> byId = new LinkedHashMap<>();
            StringBuilder ledger = new StringBuilder();
            long highest = stalled() ? ledgerStart - 1 : s - 1;
            for (Segment seg : segments) {
                long to = Math.min(seg.to >= 0 ? seg.to : s - 1, highest);
                long from = Math.max(seg.from, ledgerStart);
                if (to >= from) {
                    ledger.append(ledger.length() > 0 ? "," : "")
                            .append("{\"phase\":")
                            .append(PhaseIds.counted(seg.phase))
                            .append(",\"fromOffset\":")
                            .append(from)
                            .append(",\"toOffset\":")
                            .append(to)
                            .append(",\"redelivered\":0,\"duplicated\":0}");
                }
                Instant first = seg.startedAt.isAfter(phasesResetAt) ? seg.startedAt : phasesResetAt;
                Instant last = seg.endedAt != null ? seg.endedAt : time.instant();
                // A backlog: a segment whose load ended (a new phase, or a stop in its own) before the
                // consumer was resumed is read from the resume on.
                Instant loadEnded = seg.endedAt != null ? seg.endedAt : running ? null : stoppedAt;
                long written = (seg.to >= 0 ? seg.to : s - 1) - seg.from + 1;
                boolean backlog = loadEnded != null && resumedAt != null && !resumedAt.isBefore(loadEnded);
                if (backlog) {
                    first = resumedAt;
                    last = resumedAt.plusNanos(written * 2_500);
                }
                // A closed phase read from its start: every record it sent (what a drain waits for).
                long received = (seg.endedAt != null || backlog) && !seg.startedAt.isBefore(phasesResetAt)
                        ? written
                        : (long) ((last.toEpochMilli() - first.toEpochMilli()) * sendRate() / 1000.0);
                if (running && seg.endedAt != null && seg == lastEnded()) {
                    received = (long) (received * behindShare);
                }
                if (received <= 0 || stalled()) {
                    continue;
                }
                double p50 = 1.5 + 0.6 * seg.linger;
                // The consumer keys phases by id alone: a phase id's latest segment stands for it.
                byId.put(
                        seg.phase,
                        String.format(
                                Locale.ROOT,
                                "{\"phase\":%d,"
                                        + "\"count\":%d,\"firstReceived\":\"%s\",\"lastReceived\":\"%s\","
                                        + "\"latencyMs\":{\"p50\":%.2f,\"p90\":%.2f,\"p95\":%.2f,\"p99\":%.2f,\"p999\":%.2f,\"max\":%.2f},"
                                        + "\"correctedLatencyMs\":{\"p50\":%.2f,\"p90\":%.2f,\"p95\":%.2f,\"p99\":%.2f,\"p999\":%.2f,\"max\":%.2f},"
                                        + "\"lost\":%d,\"late\":0,\"duplicated\":0,\"redelivered\":0,\"outOfOrder\":0,\"clamped\":0,\"unsampled\":%d%s}",
                                seg.phase,
                                received - received / unsampledEvery,
                                first,
                                last,
                                p50,
                                p50 * 1.5,
                                p50 * 1.8,
                                p50 * 3,
                                p50 * 5,
                                p50 * 8,
                                p50 * 1.05,
                                p50 * 1.6,
                                p50 * 1.9,
                                p50 * 3.2,
                                p50 * 5.5,
                                p50 * 8.5,
                                missingPastGrace,
                                received / unsampledEvery,
                                query != null && query.contains("histograms=true")
                                        ? histograms(p50, received - received / unsampledEvery)
                                        : ""));
            }
            byId.values()
                    .forEach(p -> phases.append(phases.length() > 0 ? "," : "").append(p));
            String partitions = ledger.length() == 0
                    ? ""
                    : "{\"partition\":0,\"firstOffset\":" + ledgerStart + ",\"highestOffset\":" + highest
                            + ",\"segments\":[" + ledger + "]}";
            long received = s - ledgerStart;
            json = "{\"phases\":[" + phases + "],\"totals\":{\"received\":" + received
                    + ",\"lost\":0,\"late\":0,\"pending\":" + pending()
                    + ",\"duplicated\":0,\"redelivered\":0,\"outOfOrder\":0,\"skipped\":{\"noHeader\":0,\"badHeader\":0,\"badPayload\":0,\"tooManyPhases\":0},\"droppedProducers\":0},"
                    + "\"producers\":[{\"producerId\":\"5f0c0000-0000-0000-0000-000000000001\",\"firstSequence\":0,\"highestSequence\":"
                    + (running ? s - 5 - behindBy() : s - 1) + ",\"received\":" + s + ",\"pending\":"
                    + pending()
                    + ",\"lost\":0,\"late\":0,\"duplicated\":0,\"outOfOrder\":0,\"beforeStart\":0,\"unobserved\":0}],"
                    + "\"ledgers\":[{\"topic\":\"lab.orders\",\"ledgerId\":\"fake-ledger\",\"limitHit\":"
                    + (ledgerLimit == null ? "null" : "\"" + ledgerLimit + "\"")
                    + ",\"redeliveredBeforeStart\":0,\"partitions\":["
                    + partitions + "]}],"
                    + "\"assigned\":{\"lab.orders\":[0,1,2]," + COMPARE_DRAINS_ASSIGNED
                    + held.stream().map(t -> ",\"" + t + "\":[0]").collect(Collectors.joining()) + "},"
                    + "\"consumer\":{\"topics\":\"lab\\\\.orders(\\\\..+)?\",\"groupId\":\"latency-lab-consumer\","
                    + "\"settings\":{\"fetch.max.wait.ms\":\"500\",\"max.poll.records\":\"500\",\"listener\":\""
                    + listener + "\"}}}";
        }
        TestServer.reply(ex, 200, json);
    }

    private void query(HttpExchange ex) throws IOException {
        Map<String, String> p = TestServer.params(ex);
        log.add("PROM query " + p.get("query"));
        // Without a time (a reachability probe), now, as Prometheus does.
        Instant t = p.get("time") == null
                ? time.instant()
                : Instant.ofEpochMilli(Math.round(Double.parseDouble(p.get("time")) * 1000));
        StringBuilder result = new StringBuilder();
        if (!prometheusEmpty) {
            for (Map.Entry<Map<String, String>, Double> e :
                    values(p.get("query"), t).entrySet()) {
                if (result.length() > 0) {
                    result.append(',');
                }
                result.append("{\"metric\":")
                        .append(JSON.writeValueAsString(e.getKey()))
                        .append(",\"value\":[")
                        .append(t.toEpochMilli() / 1000.0)
                        .append(",\"")
                        .append(e.getValue())
                        .append("\"]}");
            }
        }
        TestServer.reply(
                ex, 200, "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[" + result + "]}}");
    }

    private void queryRange(HttpExchange ex) throws IOException {
        Map<String, String> p = TestServer.params(ex);
        log.add("PROM query_range " + p.get("query"));
        double start = Double.parseDouble(p.get("start"));
        double end = Double.parseDouble(p.get("end"));
        Double step = stepSeconds(p.get("step"));
        if (step == null) {
            // Prometheus 2.x's own answer: "5.0s" is neither a duration nor a float of seconds.
            TestServer.reply(
                    ex,
                    400,
                    "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"invalid parameter \\\"step\\\": cannot parse \\\""
                            + p.get("step") + "\\\" to a valid duration\"}");
            return;
        }
        Map<Map<String, String>, StringBuilder> series = new LinkedHashMap<>();
        if (!prometheusEmpty) {
            for (double s = start; s <= end; s += step) {
                Instant t = Instant.ofEpochMilli(Math.round(s * 1000));
                for (Map.Entry<Map<String, String>, Double> e :
                        values(p.get("query"), t).entrySet()) {
                    StringBuilder b = series.computeIfAbsent(e.getKey(), k -> new StringBuilder());
                    if (b.length() > 0) {
                        b.append(',');
                    }
                    b.append('[').append(s).append(",\"").append(e.getValue()).append("\"]");
                }
            }
        }
        StringBuilder result = new StringBuilder();
        for (Map.Entry<Map<String, String>, StringBuilder> e : series.entrySet()) {
            if (result.length() > 0) {
                result.append(',');
            }
            result.append("{\"metric\":")
                    .append(JSON.writeValueAsString(e.getKey()))
                    .append(",\"values\":[")
                    .append(e.getValue())
                    .append("]}");
        }
        TestServer.reply(
                ex, 200, "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[" + result + "]}}");
    }

    /** A query_range step as Prometheus parses it: float seconds ("5", "2.5") or a duration ("5s", "500ms"); null otherwise. */
    static Double stepSeconds(String step) {
        if (step == null) {
            return null;
        }
        if (step.matches("[0-9]+(\\.[0-9]+)?")) {
            return Double.parseDouble(step);
        }
        Matcher m = Pattern.compile("([0-9]+)(ms|s|m)").matcher(step);
        if (!m.matches()) {
            return null;
        }
        double n = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> n / 1000;
            case "m" -> n * 60;
            default -> n;
        };
    }

    /** The first range in a query, in seconds ("[15s]" gives 15). */
    private static double rangeSeconds(String q) {
        Matcher m = Pattern.compile("\\[([0-9]+)s").matcher(q);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    /** The fake's "physics": figures as a function of the linger.ms in effect at t. */
    private synchronized Map<Map<String, String>, Double> values(String q, Instant t) {
        // Like Prometheus with a 5 s scrape: a rate() range shorter than two intervals may hold a
        // single sample and then has no value; the fake makes that certain, so such queries show up.
        Matcher range = Pattern.compile("\\[([0-9]+)s[\\]:]").matcher(q);
        while (range.find()) {
            if (Integer.parseInt(range.group(1)) < 10) {
                return Map.of();
            }
        }
        // Prometheus at time t has what was scraped before t.
        Map.Entry<Instant, Integer> e = lingerTimeline.lowerEntry(t);
        int linger = e == null ? lingerMs : e.getValue();
        Map<Map<String, String>, Double> v = new LinkedHashMap<>();
        // A stack still settling: its latency and CPU higher than the settings alone make them.
        double unsettled = 1;
        if (settlesAt != null && t.isBefore(settlesAt)) {
            unsettled = 1 + (settlesAt.toEpochMilli() - t.toEpochMilli()) / 10_000.0;
        } else if (neverSettles && (t.getEpochSecond() / 10) % 2 == 1) {
            unsettled = 2;
        }
        if (q.contains("group by (kafka_version)")) {
            v.put(Map.of("kafka_version", "4.2.1"), 1.0);
        } else if (q.contains("process_cpu_seconds_total")) {
            for (String broker : List.of("1", "2", "3")) {
                v.put(
                        Map.of("broker", broker),
                        unsettled * (0.20 + 0.3 / (1 + linger) + Integer.parseInt(broker) * 0.01));
            }
        } else if (q.contains("producer-app") && q.contains("process_cpu")) {
            v.put(Map.of(), unsettled * (0.10 + 0.2 / (1 + linger)));
        } else if (q.contains("consumer-app") && q.contains("process_cpu")) {
            v.put(Map.of(), unsettled * (0.08 + 0.1 / (1 + linger)));
        } else if (q.contains("request=\"Produce\"")) {
            v.put(Map.of(), 900.0 / (1 + linger));
        } else if (q.contains("request=\"FetchConsumer\"")) {
            v.put(Map.of(), 300.0 / (1 + 0.5 * linger));
        } else if (q.contains("request=\"FetchFollower\"")) {
            v.put(Map.of(), 600.0 / (1 + 0.5 * linger));
        } else if (q.contains("kafka_server_brokertopicmetrics_bytesin_total")) {
            v.put(Map.of(), 480_000.0 - 1000.0 * linger);
        } else if (q.startsWith("sum(increase(kafka_producer_")) {
            // The producer client's counters grow over the asked range at the phase's rates: its Produce
            // requests as the brokers count them, plus one Metadata request every 10 s; 470 B a record
            // in the batches (400 B payload + headers), 60 B a request on the wire besides.
            double seconds = rangeSeconds(q);
            double records = sendRate() * seconds;
            double requests = (900.0 / (1 + linger) + 0.1) * seconds;
            if (q.contains("kafka_producer_topic_record_send_total")) {
                v.put(Map.of(), records);
            } else if (q.contains("kafka_producer_topic_byte_total")) {
                v.put(Map.of(), 470.0 * records);
            } else if (q.contains("kafka_producer_record_send_total")) {
                v.put(Map.of(), records);
            } else if (q.contains("kafka_producer_request_total")) {
                v.put(Map.of(), requests);
            } else if (q.contains("kafka_producer_outgoing_byte_total")) {
                v.put(Map.of(), 470.0 * records + 60.0 * requests);
            }
        } else if (q.contains("kafka_producer_batch_size_avg")) {
            v.put(Map.of(), 500.0 + 400.0 * linger);
        } else if (q.contains("kafka_producer_compression_rate_avg")) {
            v.put(Map.of(), 1.0);
        } else if (q.contains("kafka_producer_record_queue_time_avg")) {
            v.put(Map.of(), 0.2 + linger * 0.9);
        } else if (q.contains("histogram_quantile")) {
            Matcher m = Pattern.compile("histogram_quantile\\(([0-9.]+)").matcher(q);
            double quantile = m.find() ? Double.parseDouble(m.group(1)) : 0.5;
            v.put(Map.of(), unsettled * (1.5 + 0.6 * linger) * (quantile > 0.9 ? 3 : 1));
        }
        return v;
    }
}
