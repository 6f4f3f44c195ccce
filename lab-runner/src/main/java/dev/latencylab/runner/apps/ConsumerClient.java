package dev.latencylab.runner.apps;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.settings.ConsumerChange;
import dev.latencylab.api.settings.ConsumerSettings;
import dev.latencylab.api.settings.ConsumerStatus;
import dev.latencylab.core.latency.GroupView;
import dev.latencylab.runner.clocks.ClockProbe;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.Urls;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * consumer-app's latency and settings endpoints, of one instance or of every instance of the
 * group: a change goes to each; a group's read asks each for its histograms and merges them exactly
 * ({@link GroupView}), so the runner sees the group as it would see one consumer.
 */
public final class ConsumerClient {

    public static final String PART = "consumer-app";
    /** A consumer restart leaves the group and joins again: seconds, more under load. */
    private static final Duration CHANGE_TIMEOUT = Duration.ofSeconds(60);

    private static final String LATENCY = "/actuator/latency";

    private final JsonHttp http;
    private final List<URI> bases;
    /** Instances (from 1) a fault step took down: not asked until they are back. */
    private final java.util.Set<Integer> down = java.util.concurrent.ConcurrentHashMap.newKeySet();

    public ConsumerClient(JsonHttp http, URI base) {
        this(http, List.of(base));
    }

    public ConsumerClient(JsonHttp http, List<URI> bases) {
        if (bases.isEmpty()) {
            throw new IllegalArgumentException("no consumer-app instance given");
        }
        this.http = http;
        this.bases = List.copyOf(bases);
    }

    /** CPU seconds the first instance's process has used so far (its JVM's own count). */
    public double cpuSeconds() throws InterruptedException {
        return ProcessCpu.seconds(http, PART, bases.get(0));
    }

    /** The first instance's latency endpoint (the one a single-instance run talks to). */
    public URI endpoint() {
        return endpoint(bases.get(0));
    }

    /** Every instance's latency endpoint. */
    public List<URI> endpoints() {
        return bases.stream().map(ConsumerClient::endpoint).toList();
    }

    /**
     * Instance {@code n} (from 1) was taken down by a fault step: reads and changes leave it out
     * until {@link #backUp}. Its phase histograms went with its process; the group's offset ledger,
     * which every instance shares, keeps its records' accounting.
     */
    public void takenDown(int n) {
        instance(n);
        down.add(n);
    }

    /** Instance {@code n} answers again (a new process: it knows no phase the runner told the others of). */
    public void backUp(int n) {
        down.remove(n);
    }

    /** Whether every instance but {@code n} is taken down (or still starting): taking it down would leave none. */
    public boolean othersDown(int n) {
        return down.size() == bases.size() - 1 && !down.contains(n);
    }

    /** The URL of instance {@code n} (from 1). */
    public URI instance(int n) {
        if (n < 1 || n > bases.size()) {
            throw new IllegalArgumentException(
                    "no consumer-app instance " + n + " (the run drives " + bases.size() + ")");
        }
        return bases.get(n - 1);
    }

    /** The instances that answer: all but those a fault step took down. */
    private List<URI> up() {
        List<URI> up = new ArrayList<>(bases.size());
        for (int i = 0; i < bases.size(); i++) {
            if (!down.contains(i + 1)) {
                up.add(bases.get(i));
            }
        }
        if (up.isEmpty()) {
            throw new EndpointException("every consumer-app instance of the run is down (taken down by fault steps)");
        }
        return up;
    }

    /** The group's view: one instance's as it answers, several merged. */
    public LatencyView latency() throws InterruptedException {
        return read().group();
    }

    /**
     * The group's view and each instance's, read once, as a poll needs it: one instance without its
     * histograms, which a poll every half second would fetch and decode for nothing; a group's
     * instances with theirs, since percentiles cannot be merged without them.
     */
    public GroupRead read() throws InterruptedException {
        return read(bases.size() > 1);
    }

    /**
     * As {@link #read()}, every instance with its histograms: for a closed phase's last read, from
     * which the report draws the phase's whole distribution (the latency spectrum, its .hgrm files).
     */
    public GroupRead readWithHistograms() throws InterruptedException {
        return read(true);
    }

    private GroupRead read(boolean histograms) throws InterruptedException {
        List<InstanceView> views = new ArrayList<>(bases.size());
        for (URI base : up()) {
            URI uri = histograms ? Urls.withQuery(base, LATENCY, Map.of("histograms", "true")) : endpoint(base);
            views.add(new InstanceView(base, http.getJson(PART, uri, LatencyView.class)));
        }
        try {
            return new GroupRead(
                    GroupView.merge(views.stream().map(InstanceView::view).toList()), views);
        } catch (IllegalArgumentException e) {
            throw new EndpointException(e.getMessage());
        }
    }

    /**
     * Has every instance drop the phases up to {@code throughPhase} (stored by the runner now), so
     * a run of any length holds a few phases at a time.
     */
    public void release(int throughPhase) throws InterruptedException {
        postToEach(LATENCY + "/release", Map.of("throughPhase", throughPhase));
    }

    /** A topic created anew under an old name: every instance forgets its ledger (call it with the topic quiet). */
    public void forgetTopic(String topic) throws InterruptedException {
        postToEach(LATENCY + "/forget", Map.of("topic", topic));
    }

    /** Forgets everything: histograms, loss and duplicate tracking. Done once before a run. */
    public void reset() throws InterruptedException {
        deleteOnEach(Map.of());
    }

    /** Pauses (false) or resumes (true) every instance's reading. */
    public void consuming(boolean consuming) throws InterruptedException {
        postToEach(LATENCY, Map.of("consuming", consuming));
    }

    /** The consumer settings in effect (the first instance up's; a run keeps every instance alike). */
    public ConsumerStatus status() throws InterruptedException {
        return http.getJson(PART, Urls.resolve(up().get(0), "/actuator/consumer"), ConsumerStatus.class);
    }

    /**
     * Why instance {@code n}, started again, may read otherwise than the others: a note naming its
     * consumer settings and theirs when they differ (a restart reads them from its settings file, which
     * an instance started by someone else's control may not have); empty when they agree, or when no
     * other instance is up to compare with.
     */
    public java.util.Optional<String> settingsDiffer(int n) throws InterruptedException {
        URI back = instance(n);
        for (URI other : up()) {
            if (other.equals(back)) {
                continue;
            }
            ConsumerSettings its = settingsOf(back);
            ConsumerSettings theirs = settingsOf(other);
            if (its.equals(theirs)) {
                return java.util.Optional.empty();
            }
            return java.util.Optional.of("consumer-app " + n + " came back with other consumer settings than "
                    + other + " (" + shown(its, theirs) + " against " + shown(theirs, its) + "): the phase's records"
                    + " it read were read under those, its figures mix two configurations");
        }
        return java.util.Optional.empty();
    }

    private ConsumerSettings settingsOf(URI instance) throws InterruptedException {
        return http.getJson(PART, Urls.resolve(instance, "/actuator/consumer"), ConsumerStatus.class)
                .settings();
    }

    /** The settings as the report names them, or whole where that name does not tell them from {@code other}. */
    private static String shown(ConsumerSettings s, ConsumerSettings other) {
        return s.describe().equals(other.describe()) ? JsonHttp.MAPPER.writeValueAsString(s) : s.describe();
    }

    /**
     * Applies consumer settings through each instance's {@code /actuator/consumer}, answering those
     * in effect (the first instance's; a refusal by any stops the change there). A change of
     * listener, fetch or commit settings restarts each instance's consumer (seconds).
     */
    public ConsumerStatus apply(ConsumerChange change) throws InterruptedException {
        ConsumerStatus first = null;
        for (URI base : up()) {
            URI uri = Urls.resolve(base, "/actuator/consumer");
            JsonHttp.Response r = http.postJson(PART, uri, change, CHANGE_TIMEOUT);
            if (r.status() == 400) {
                throw new EndpointException(PART + " at " + base + " refused the consumer settings "
                        + JsonHttp.MAPPER.writeValueAsString(change) + ": " + JsonHttp.refusal(r.body()));
            }
            JsonHttp.requireOk(PART, "POST", uri, r);
            ConsumerStatus status = JsonHttp.read(PART, uri, r.body(), ConsumerStatus.class);
            if (first == null) {
                first = status;
            }
        }
        return first;
    }

    /**
     * Has every instance count the phase's records slower (corrected latency) than {@code aboveMs}
     * from now on: the phase's {@code slow} figures (set when a fault is injected).
     */
    public void watch(int phase, double aboveMs) throws InterruptedException {
        postToEach(LATENCY + "/watch", Map.of("phase", phase, "aboveMs", aboveMs));
    }

    /** Instance {@code n}'s own view (without histograms). */
    public LatencyView instanceView(int n) throws InterruptedException {
        return http.getJson(PART, endpoint(instance(n)), LatencyView.class);
    }

    /**
     * {@link #watch} for instance {@code n} alone: one started again mid-phase.
     *
     * @return the records of the phase it had read when the watch was set (those it did not look at)
     */
    public long watch(int n, int phase, double aboveMs) throws InterruptedException {
        URI uri = Urls.resolve(instance(n), LATENCY + "/watch");
        JsonHttp.Response r = http.postJson(PART, uri, Map.of("phase", phase, "aboveMs", aboveMs));
        JsonHttp.requireOk(PART, "POST", uri, r);
        return JsonHttp.MAPPER.readTree(r.body()).path("readBefore").asLong(0);
    }

    /** Drops per-phase histograms (the warm-up's samples) but keeps loss/duplicate tracking. */
    public void resetPhases() throws InterruptedException {
        deleteOnEach(Map.of("scope", "phases"));
    }

    /** Every instance up in turn: the first that does not answer 2xx stops the others from being asked. */
    private void postToEach(String path, Object body) throws InterruptedException {
        for (URI base : up()) {
            URI uri = Urls.resolve(base, path);
            JsonHttp.requireOk(PART, "POST", uri, http.postJson(PART, uri, body));
        }
    }

    private void deleteOnEach(Map<String, String> query) throws InterruptedException {
        for (URI base : up()) {
            URI uri = Urls.withQuery(base, LATENCY, query);
            JsonHttp.requireOk(PART, "DELETE", uri, http.delete(PART, uri));
        }
    }

    private static URI endpoint(URI base) {
        return Urls.resolve(base, LATENCY);
    }

    /** One instance's own view. */
    public record InstanceView(URI instance, LatencyView view) {}

    /** The group's merged view and the instances' own, from one read. */
    public record GroupRead(LatencyView group, List<InstanceView> instances) {}

    /** A clock probe per instance, timed on {@code runnerMicros} (the runner's own clock, epoch microseconds). */
    public List<ClockProbe> clockProbes(LongSupplier runnerMicros) {
        return bases.stream()
                .map(b -> (ClockProbe) new AppClockProbe(http, PART, b, runnerMicros))
                .toList();
    }
}
