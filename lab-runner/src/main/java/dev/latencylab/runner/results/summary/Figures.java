package dev.latencylab.runner.results.summary;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Every figure of a summary row, one line each, in the order the rows hold them: the one list
 * summary.json's spreads, summary.md's tables, the reading and the diff take their figures from.
 * A figure is read from the row by its key, the path summary.json writes it under, so the two
 * cannot drift apart. {@code *} in a line stands for a broker's id: one figure per broker.
 */
public final class Figures {

    /**
     * key | name in the diff | label in the diff | better | format ({@link Fmt}) | table in summary.md (-: none;
     * older: only in summaries of older runners) | column there. The unit is in the label and the column, as
     * each shows it; # starts a comment.
     */
    private static final String CATALOG =
            """
            samples | samples | samples | none | count | latency | samples
            latencyMs.p50 | e2e.p50 | e2e p50 (ms) | lower | ms | latency | p50
            latencyMs.p95 | e2e.p95 | e2e p95 (ms) | lower | ms | latency | p95
            latencyMs.p99 | e2e.p99 | e2e p99 (ms) | lower | ms | latency | p99
            latencyMs.p999 | e2e.p99.9 | e2e p99.9 (ms) | lower | ms | latency | p99.9
            latencyMs.max | e2e.max | e2e max (ms) | lower | ms | latency | max
            correctedLatencyMs.p50 | e2e.corrected.p50 | e2e corrected p50 (ms) | lower | ms | latency | p50 corr.
            correctedLatencyMs.p95 | e2e.corrected.p95 | e2e corrected p95 (ms) | lower | ms | latency | p95 corr.
            correctedLatencyMs.p99 | e2e.corrected.p99 | e2e corrected p99 (ms) | lower | ms | latency | p99 corr.
            correctedLatencyMs.p999 | e2e.corrected.p99.9 | e2e corrected p99.9 (ms) | lower | ms | latency | p99.9 corr.
            correctedLatencyMs.max | e2e.corrected.max | e2e corrected max (ms) | lower | ms | latency | max corr.
            publishDelayMs.p50 | publish-delay.p50 | publish delay p50 (ms) | lower | ms | delay | delay p50
            publishDelayMs.p95 | publish-delay.p95 | publish delay p95 (ms) | lower | ms | - | -
            publishDelayMs.p99 | publish-delay.p99 | publish delay p99 (ms) | lower | ms | delay | delay p99
            publishDelayMs.p999 | publish-delay.p99.9 | publish delay p99.9 (ms) | lower | ms | delay | delay p99.9
            publishDelayMs.max | publish-delay.max | publish delay max (ms) | lower | ms | delay | delay max
            measuredSeconds | measured-seconds | measured window (s) | none | rate | rate | measured s
            achievedRate | achieved-rate | achieved rate (records/s) | higher | rate | rate | achieved rec/s
            achievedShare | achieved-share | achieved / target rate | higher | percent | rate | achieved
            ackedRate | acked-rate | acked rate (records/s) | higher | rate | - | -
            fenced | closed | phase closed (1 = yes) | higher | count | counts | closed
            counts.sent | sent | sent | none | count | counts | sent
            counts.acked | acked | acked | none | count | counts | acked
            counts.failed | failed | failed | lower | count | counts | failed
            counts.received | received | received | none | count | counts | received
            counts.lost | lost | lost | lower | count | counts | lost
            counts.unobserved | unobserved | unobserved | lower | count | counts | unobserved
            counts.unread | unread | unread | lower | count | counts | unread
            counts.storedDespiteFailure | stored-despite-failure | stored despite failure | lower | count | counts \
            | stored despite failure
            counts.late | late | late | lower | count | counts | late
            counts.duplicated | duplicated | duplicated | lower | count | counts | duplicated
            counts.redelivered | redelivered | redelivered | lower | count | counts | redelivered
            counts.outOfOrder | out-of-order | out of order | lower | count | counts | out of order
            counts.clamped | clamped | clamped | lower | count | counts | clamped
            # Received records whose value was not JSON: counted, but no latency sample.
            unsampled | unsampled | unsampled (received, no latency sample) | none | count | counts | unsampled
            counts.keyOrder.keys | keys | keys tracked | none | count | - | -
            counts.keyOrder.repeated | keys-repeated | keys with 2+ records | none | count | - | -
            counts.keyOrder.outOfOrder | keys-out-of-order | keys out of order | lower | count | - | -
            # Records of keys past the tracked ones: how much of the phase was checked, not a fault.
            counts.keyOrder.untracked | keys-untracked | records of untracked keys | none | count | - | -
            counts.transactions.committed | transactions.committed | transactions committed | none | count | - | -
            counts.transactions.aborted | transactions.aborted | transactions aborted | none | count | - | -
            counts.transactions.abortedRecords | aborted-records | records of aborted transactions | none | count | - | -
            cpuCores.producer | cpu.producer | CPU producer (cores) | lower | cores | cost | CPU producer
            cpuCores.consumer | cpu.consumer | CPU consumer (cores) | lower | cores | cost | CPU consumer
            cpuCores.brokers.* | cpu.broker.* | CPU broker * (cores) | lower | cores | cost | CPU broker *
            cpuCores.brokersTotal | cpu.brokers | CPU brokers (cores) | lower | cores | - | -
            cpuCores.total | cpu.total | CPU total (cores) | lower | cores | cost | CPU total
            requestsPerSecond.produce | requests.produce | Produce requests/s | lower | rate | cost | Produce req/s
            requestsPerSecond.fetchConsumer | requests.fetch-consumer | FetchConsumer requests/s | lower | rate | cost \
            | FetchConsumer req/s
            requestsPerSecond.fetchFollower | requests.fetch-follower | FetchFollower requests/s | lower | rate | cost \
            | FetchFollower req/s
            bytesInPerSecond | bytes-in | bytes in (kB/s) | lower | kiloBytes | cost | bytes in kB/s
            producer.recordsPerRequest | records-per-request | records / request (client) | higher | ratio | producer \
            | records / request
            # Bytes per request fall when compression improves and rise when batches fill: no better direction.
            producer.bytesPerRequest | bytes-per-request | bytes / request (client) | none | rate | producer \
            | bytes / request
            producer.batchBytesPerRecord | batch-bytes-per-record | batch bytes / record | lower | rate | producer \
            | batch B / record
            producer.batchSizeAvg | batch-size-avg | batch-size-avg B (trailing) | none | rate | producer \
            | batch-size-avg B (trailing)
            producer.compressionRateAvg | compression-rate-avg | compression-rate-avg (trailing) | lower | ratio \
            | producer | compression-rate-avg (trailing)
            producer.recordQueueTimeAvgMs | record-queue-time-avg | record-queue-time-avg ms (trailing) | lower | ms \
            | producer | record-queue-time-avg ms (trailing)
            # Written before the counted records / request: the client's own trailing average.
            producer.recordsPerRequestAvg | records-per-request-avg | records / request (trailing avg) | higher \
            | ratio | older | -
            recordsPerProduceRequest | records-per-produce-request | records / Produce request (brokers) | higher \
            | ratio | producer | records / Produce request (brokers)
            gcPauseMsPerSecond.producer | gc.producer | GC pause producer (ms/s) | lower | ms | gc | producer ms/s
            gcPauseMsPerSecond.consumer | gc.consumer | GC pause consumer (ms/s) | lower | ms | gc | consumer ms/s
            gcPauseMsPerSecond.brokers | gc.brokers | GC pause brokers (ms/s) | lower | ms | gc | brokers ms/s
            disk.bytesPerRecord | disk.bytes-per-record | bytes on disk / record | lower | rate | - | -
            disk.ratioToNone | disk.ratio-to-none | bytes on disk / record, ratio to none | lower | ratio | - | -
            """;

    private static final Map<String, Function<Double, String>> FORMATS = Map.of(
            "count", Fmt::count,
            "ms", Fmt::ms,
            "rate", Fmt::rate,
            "percent", Fmt::percent,
            "cores", Fmt::cores,
            "ratio", Fmt::ratio,
            "kiloBytes", Fmt::kiloBytes);

    private static final String BROKER = "*";
    private static final List<Figure> ALL = parse();

    public static final String P50 = "latencyMs.p50";
    public static final String P95 = "latencyMs.p95";
    public static final String P99 = "latencyMs.p99";
    public static final String P999 = "latencyMs.p999";
    public static final String MAX = "latencyMs.max";
    public static final String CORRECTED_P50 = "correctedLatencyMs.p50";
    public static final String CORRECTED_P99 = "correctedLatencyMs.p99";
    public static final String DELAY_P99 = "publishDelayMs.p99";
    public static final String MEASURED_SECONDS = "measuredSeconds";
    /** Acknowledged records/s ({@link PhaseSummary#ackedRate}): an unthrottled phase's throughput. */
    public static final String ACKED_RATE = "ackedRate";
    /** 1 when the phase was closed (the fence passed), 0 when not, null when it has no counts. */
    public static final String FENCED = "fenced";

    static final String CPU_PRODUCER = "cpuCores.producer";
    public static final String CPU_BROKER = "cpuCores.brokers.";
    public static final String CPU_BROKERS = "cpuCores.brokersTotal";
    static final String CPU_TOTAL = "cpuCores.total";
    static final String PRODUCE_RPS = "requestsPerSecond.produce";
    public static final String RECORDS_PER_REQUEST = "producer.recordsPerRequest";
    static final String COMPRESSION_RATE_AVG = "producer.compressionRateAvg";
    /** Bytes on disk per record of the phase's own topic, and that as a ratio to compression none (see {@link DiskRatios}). */
    static final String DISK_BYTES_PER_RECORD = "disk.bytesPerRecord";

    public static final String DISK_RATIO = "disk.ratioToNone";

    private Figures() {}

    /** Every figure of the row by its key; one the row does not have is there with a null value. */
    public static Map<String, Double> of(PhaseSummary p) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (Figure f : ALL) {
            Object v = f.read() == null ? null : f.read().apply(p);
            if (v instanceof Map<?, ?> perBroker) {
                perBroker.forEach((id, x) -> m.put(perBroker(f, (String) id).key(), (Double) x));
            } else if (f.read() != null && !f.key().contains(BROKER)) {
                m.put(f.key(), v == null ? null : ((Number) v).doubleValue());
            }
        }
        return m;
    }

    /** The figures of a table, a broker's figure once for each of {@code brokers}. */
    public static List<Figure> of(Figure.Table table, List<String> brokers) {
        return ALL.stream()
                .filter(f -> f.table() == table)
                .flatMap(f -> f.key().contains(BROKER) ? brokers.stream().map(id -> perBroker(f, id)) : Stream.of(f))
                .toList();
    }

    /** The figure under this summary.json key; one not listed (a later runner's) under its key, with no direction. */
    public static Figure byKey(String key) {
        for (Figure f : ALL) {
            String prefix = f.key().replace(BROKER, "");
            if (f.key().equals(key) || f.key().contains(BROKER) && key.startsWith(prefix)) {
                return f.key().equals(key) ? f : perBroker(f, key.substring(prefix.length()));
            }
        }
        return new Figure(key, key, key, Better.NONE, Fmt::ms, null, null, null);
    }

    /** Every figure listed here but those per broker, in order. */
    public static List<Figure> listed() {
        return ALL.stream().filter(f -> !f.key().contains(BROKER)).toList();
    }

    private static Figure perBroker(Figure f, String id) {
        return new Figure(
                f.key().replace(BROKER, id),
                f.name().replace(BROKER, id),
                f.label().replace(BROKER, id),
                f.better(),
                f.format(),
                f.read(),
                f.table(),
                f.column().replace(BROKER, id));
    }

    private static List<Figure> parse() {
        List<Figure> figures = new ArrayList<>();
        for (String line :
                CATALOG.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).toList()) {
            String[] c = line.split("\\s*\\|\\s*");
            boolean older = c[5].equals("older");
            Figure.Table table = c[5].equals("-") || older ? null : Figure.Table.valueOf(upper(c[5]));
            Function<Double, String> format = FORMATS.get(c[4]);
            if (format == null) {
                throw new IllegalStateException("no format " + c[4] + " for " + c[0]);
            }
            figures.add(new Figure(
                    c[0],
                    c[1],
                    c[2],
                    Better.valueOf(upper(c[3])),
                    format,
                    older ? null : reader(c[0]),
                    table,
                    table == null ? null : c[6]));
        }
        return List.copyOf(figures);
    }

    /** The row's accessors along the key: {@code counts.lost} is {@code p.counts().lost()}, null where a part is. */
    private static Function<PhaseSummary, Object> reader(String key) {
        if (key.equals(FENCED)) {
            return p -> p.counts() == null ? null : p.fenced() ? 1.0 : 0.0;
        }
        List<Method> path = new ArrayList<>();
        Class<?> type = PhaseSummary.class;
        for (String part : key.replace("." + BROKER, "").split("\\.")) {
            try {
                Method m = type.getMethod(part);
                path.add(m);
                type = m.getReturnType();
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException("a phase's row has no " + key, e);
            }
        }
        return p -> {
            Object v = p;
            try {
                for (Method m : path) {
                    v = v == null ? null : m.invoke(v);
                }
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("cannot read " + key, e);
            }
            return v;
        };
    }

    private static String upper(String word) {
        return word.toUpperCase(Locale.ROOT);
    }
}
