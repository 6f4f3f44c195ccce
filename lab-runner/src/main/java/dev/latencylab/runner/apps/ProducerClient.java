package dev.latencylab.runner.apps;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.api.wait.Wait;
import dev.latencylab.runner.clocks.ClockProbe;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.Urls;
import dev.latencylab.runner.scenario.Durations;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/** producer-app's control endpoint. */
public final class ProducerClient {

    public static final String PART = "producer-app";
    /**
     * A change flushes the producer before it answers (a stop, a new client): with an unthrottled
     * load its buffer holds up to buffer.memory of records. The app gives up after twice its
     * switch-timeout (2 x 30 s by default, then 503); the runner waits a little longer than that.
     */
    static final Duration CHANGE_TIMEOUT = Duration.ofSeconds(70);
    /** The topic the producer-app creates and writes by default (lab.producer.topic): where phases without their own topic run. */
    public static final String LAB_TOPIC = "lab.orders";
    /** The start of producer-app's 503 for a change it took and is still applying (ProducerEndpoint). */
    static final String STILL_APPLYING = "the change is still being applied";
    /**
     * How long past that 503 the runner waits for the change to be in effect: the flush behind it ends
     * once every record in flight is answered or has timed out (delivery.timeout.ms, 120 s by default,
     * counted from each send, so at most about that much after the app's own 60 s).
     */
    static final Duration IN_EFFECT_WAIT = Duration.ofSeconds(90);

    private volatile Duration inEffectWait = IN_EFFECT_WAIT;
    private volatile Consumer<String> notices = note -> {};

    private final JsonHttp http;
    /** The instances' URLs as given. */
    private final List<URI> bases;

    private final List<URI> endpoints;
    /** The instances a phase drives: the first {@code active} of {@link #endpoints}; the others are stopped. */
    private volatile int active;

    public ProducerClient(JsonHttp http, URI base) {
        this(http, List.of(base));
    }

    /** Several producer-app instances, driven together and read as one ({@link ProducerGroup}): a rate is their total. */
    public ProducerClient(JsonHttp http, List<URI> bases) {
        if (bases.isEmpty()) {
            throw new IllegalArgumentException("no producer-app URL");
        }
        this.http = http;
        this.bases = List.copyOf(bases);
        this.endpoints =
                bases.stream().map(b -> Urls.resolve(b, "/actuator/producer")).toList();
        this.active = endpoints.size();
    }

    /** The first instance's endpoint. */
    public URI endpoint() {
        return endpoints.get(0);
    }

    public List<URI> endpoints() {
        return endpoints;
    }

    /** CPU seconds the first instance's process has used so far (its JVM's own count). */
    public double cpuSeconds() throws InterruptedException {
        return ProcessCpu.seconds(http, PART, bases.get(0));
    }

    /** How many instances the phases now drive. */
    public int active() {
        return active;
    }

    /** The runner's last answer from the driven instances: what {@link #enterPhase} expects to find unchanged. */
    private volatile ProducerStatus lastAnswer;

    /** What the runner last set, as the driven instances answered it; empty before anything was set. */
    public Optional<ProducerStatus> lastSet() {
        return Optional.ofNullable(lastAnswer);
    }

    /**
     * Drives only the first {@code count} instances from now on: the others' load is stopped (what
     * they sent stays counted in their own phases, which no later phase id reuses).
     */
    public void use(int count) throws InterruptedException {
        if (count < 1 || count > endpoints.size()) {
            throw new EndpointException("a phase asked for " + count + " producer-app instances; " + endpoints.size()
                    + " run (scripts/lab up --producers N starts more)");
        }
        for (int i = count; i < endpoints.size(); i++) {
            post(endpoints.get(i), SettingsChange.stop());
        }
        active = count;
    }

    /** The driven instances as one: counts summed, phases merged. */
    public ProducerStatus state() throws InterruptedException {
        return ProducerGroup.merge(
                instanceStates().stream().map(InstanceStatus::status).toList());
    }

    /**
     * {@link #state()} with every instance's answer due within {@code timeout} (asked one after the
     * other): a watch sampling every quarter second misses a few samples, not the many a 15-s request
     * would stall.
     */
    public ProducerStatus state(Duration timeout) throws InterruptedException {
        return ProducerGroup.merge(
                instanceStates(timeout).stream().map(InstanceStatus::status).toList());
    }

    /** Each driven instance's own status. */
    public List<InstanceStatus> instanceStates() throws InterruptedException {
        return instanceStates(http.requestTimeout());
    }

    private List<InstanceStatus> instanceStates(Duration timeout) throws InterruptedException {
        List<InstanceStatus> states = new java.util.ArrayList<>();
        for (int i = 0; i < active; i++) {
            URI e = endpoints.get(i);
            states.add(new InstanceStatus(bases.get(i), e, http.getJson(PART, e, ProducerStatus.class, timeout)));
        }
        return states;
    }

    /**
     * Applies a change to every driven instance; each answers once it is in effect. A refused
     * field becomes a clear error. A rate is the group's total: each of N driven instances is given
     * rate / N ({@link ProducerGroup#perInstanceRate}), and the answer carries the total again.
     */
    public ProducerStatus apply(SettingsChange change) throws InterruptedException {
        ProducerStatus answer = applyToEach(change);
        lastAnswer = answer;
        return answer;
    }

    private ProducerStatus applyToEach(SettingsChange change) throws InterruptedException {
        List<URI> driven = endpoints.subList(0, active);
        if (driven.size() == 1) {
            return ProducerGroup.startedAsAsked(post(driven.get(0), change), change);
        }
        SettingsChange share = share(change, driven.size());
        // All at once: one after the other, a stop would wait for each instance's flush in turn and
        // the last instance would keep sending while the first ones flush.
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(driven.size());
        try {
            List<SettingsChange> asked = new java.util.ArrayList<>();
            List<java.util.concurrent.Future<ProducerStatus>> answers = new java.util.ArrayList<>();
            for (int i = 0; i < driven.size(); i++) {
                URI e = driven.get(i);
                SettingsChange mine =
                        share.stoppingAfter(ProducerGroup.recordsShare(change.stopAfterRecords(), i, driven.size()));
                asked.add(mine);
                answers.add(pool.submit(() -> post(e, mine)));
            }
            List<ProducerStatus> statuses = new java.util.ArrayList<>();
            for (int i = 0; i < answers.size(); i++) {
                try {
                    statuses.add(ProducerGroup.startedAsAsked(answers.get(i).get(), asked.get(i)));
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException r) {
                        throw r;
                    }
                    throw new EndpointException(PART + ": " + e.getCause());
                }
            }
            ProducerGroup.disagreement(statuses).ifPresent(d -> {
                throw new EndpointException(PART + " instances answered " + change + " differently: " + d);
            });
            return ProducerGroup.merge(statuses);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * What each of {@code instances} driven instances is sent for {@code change}: the change with its
     * rate (records/s, the group's total) split evenly; refused when a share would be below the
     * lowest rate an instance accepts.
     */
    private static SettingsChange share(SettingsChange change, int instances) {
        Double rate = change.settings().rate();
        if (rate == null || rate == SettingsLimits.UNTHROTTLED) {
            return change;
        }
        double each = ProducerGroup.perInstanceRate(rate, instances);
        if (each < SettingsLimits.MIN_RATE) {
            throw new EndpointException("rate " + rate + " records/s split over " + instances + " "
                    + PART + " instances gives each " + each + " records/s, below the lowest an instance accepts ("
                    + SettingsLimits.MIN_RATE + "): raise the rate or drive fewer instances (a phase's producers: K)");
        }
        return change.with(change.settings().withRate(each));
    }

    private ProducerStatus post(URI endpoint, Object change) throws InterruptedException {
        JsonHttp.Response r = http.postJson(PART, endpoint, change, CHANGE_TIMEOUT);
        if (r.status() == 400) {
            throw new EndpointException(PART + " refused the change " + JsonHttp.MAPPER.writeValueAsString(change)
                    + ": " + JsonHttp.refusal(r.body()));
        }
        if (r.status() == 503 && r.body().contains(STILL_APPLYING) && change instanceof SettingsChange c) {
            return awaitInEffect(endpoint, c, JsonHttp.refusal(r.body()));
        }
        JsonHttp.requireOk(PART, "POST", endpoint, r);
        return JsonHttp.read(PART, endpoint, r.body(), ProducerStatus.class);
    }

    /**
     * The app answered that the change it took is still being applied: a flush waiting on records the
     * brokers have not answered (a partition without its in-sync replicas, a broker starting). It comes
     * into effect once they answer or time out, so the runner waits for it as the answer says, bounded.
     */
    private ProducerStatus awaitInEffect(URI endpoint, SettingsChange change, String answer)
            throws InterruptedException {
        notices.accept(PART + " " + endpoint + ": " + answer + "; waiting up to " + Durations.format(inEffectWait)
                + " more for it");
        Duration every = Duration.ofMillis(Math.max(10, Math.min(1_000, inEffectWait.toMillis() / 10)));
        ProducerStatus now = Wait.REAL
                .until(
                        inEffectWait,
                        every,
                        () -> http.getJson(PART, endpoint, ProducerStatus.class),
                        status -> inEffect(status, change))
                .orElseThrow(last -> new EndpointException(PART + ": POST " + endpoint + " answered HTTP 503 ("
                        + answer + ") and the change was still not in effect " + Durations.format(inEffectWait)
                        + " later: its flush waits on records the brokers do not answer (the app's log names their"
                        + " partitions and errors)"));
        notices.accept(PART + " " + endpoint + ": the change is in effect");
        return now;
    }

    /** Whether {@code status} shows every field {@code change} sets. */
    static boolean inEffect(ProducerStatus status, SettingsChange change) {
        return (change.running() == null || status.running() == change.running() || sentItsCount(status, change))
                && (change.phase() == null || status.phase() == change.phase())
                && (change.topic() == null || change.topic().equals(status.topic()))
                && status.settings().equals(status.settings().apply(change));
    }

    /**
     * Whether a load started to stop after a count has stopped by itself, every record of the count sent:
     * a small backlog can be written before the runner first looks.
     */
    static boolean sentItsCount(ProducerStatus status, SettingsChange change) {
        return change.stopAfterRecords() != null
                && Boolean.TRUE.equals(change.running())
                && !status.running()
                && change.phase() != null
                && status.phase() == change.phase()
                && status.phaseSends(change.phase())
                        .map(sends -> sends.sent() >= change.stopAfterRecords())
                        .orElse(false);
    }

    /** Where a long wait on an instance is said (the run's output); nowhere by default. */
    public void notices(Consumer<String> to) {
        this.notices = to;
    }

    /** How long {@link #awaitInEffect} waits; shorter in tests. */
    void inEffectWait(Duration wait) {
        this.inEffectWait = wait;
    }

    /** {@link #start(ProducerSettings, int, String)} on the lab topic. */
    public ProducerStatus start(ProducerSettings wanted, int phase) throws InterruptedException {
        return start(wanted, phase, LAB_TOPIC);
    }

    /**
     * Sets every setting and starts the load on {@code topic}, its records in {@code phase} (0: no
     * named phase); fails unless the producer answers running with exactly these settings, this
     * phase and this topic.
     */
    public ProducerStatus start(ProducerSettings wanted, int phase, String topic) throws InterruptedException {
        return start(wanted, phase, topic, true);
    }

    /** {@link #start(ProducerSettings, int, String)} in a named phase: the name is what dashboards show for it. */
    public ProducerStatus startNamed(ProducerSettings wanted, int phase, String name, String topic)
            throws InterruptedException {
        return start(SettingsChange.start(wanted, phase, topic).named(name), wanted, true);
    }

    /**
     * {@link #startNamed}, the load to stop by itself once {@code records} were sent (split over the
     * driven instances): a backlog of exactly that many. The answer's {@code running} says the backlog
     * was started as asked, not that it is still being written: an instance may have written its share
     * before it answered, one instance as several. Follow the phase's tally for the writing.
     */
    public ProducerStatus startBacklog(ProducerSettings wanted, int phase, String name, String topic, int records)
            throws InterruptedException {
        return start(SettingsChange.start(wanted, phase, topic).named(name).stoppingAfter(records), wanted, true);
    }

    /**
     * {@link #start(ProducerSettings, int, String)}, with the lab's header on every record or on none
     * (then in no named phase: the consumer can neither time nor count such records).
     */
    public ProducerStatus start(ProducerSettings wanted, int phase, String topic, boolean header)
            throws InterruptedException {
        return start(SettingsChange.start(wanted, phase, topic).withHeader(header), wanted, header);
    }

    private ProducerStatus start(SettingsChange change, ProducerSettings wanted, boolean header)
            throws InterruptedException {
        int phase = change.phase();
        String topic = change.topic();
        ProducerStatus status = apply(change);
        if (!status.running()
                || !wanted.equals(status.settings())
                || status.phase() != phase
                || !topic.equals(status.topic())
                || status.header() != header) {
            throw new EndpointException(PART + " answered with settings " + status.settings() + " (running="
                    + status.running() + ", phase " + status.phase() + ", topic " + status.topic() + ", header "
                    + status.header() + ") after being asked for " + wanted + ", running=true, phase " + phase
                    + ", topic " + topic + " and header " + header);
        }
        return status;
    }

    /** From now on the records carry this phase id; nothing else changes (no flush, no new client). */
    public ProducerStatus enterPhase(int phase) throws InterruptedException {
        return enterPhase(phase, null);
    }

    /** {@link #enterPhase(int)}, with the name the producer's {@code lab_phase_info} shows for it (null: none). */
    public ProducerStatus enterPhase(int phase, String name) throws InterruptedException {
        return checkedPhaseChange(
                SettingsChange.phase(phase).named(name),
                phase,
                "before phase " + phase,
                "so the phase would measure other settings than asked");
    }

    /**
     * The measured window ends: the records from now on carry no phase id, and with {@code stopLoad} (a
     * phase on a topic of its own) no record follows at all. Both in one change, so the phase's sender time
     * ends with its window and not when the next phase starts; checked as {@link #enterPhase} is, so an
     * instance restarted during the window stops the phase instead of being read as its end.
     */
    public ProducerStatus endWindow(boolean stopLoad) throws InterruptedException {
        return checkedPhaseChange(
                stopLoad ? SettingsChange.stop().inPhase(0) : SettingsChange.phase(0),
                0,
                "when the window opened",
                "so the window's count is not one process's sends and the phase stops here");
    }

    private ProducerStatus checkedPhaseChange(SettingsChange change, int phase, String since, String so)
            throws InterruptedException {
        ProducerStatus before = lastAnswer;
        ProducerStatus status = apply(change);
        if (status.phase() != phase) {
            throw new EndpointException(
                    PART + " answered with phase " + status.phase() + " after being asked for phase " + phase);
        }
        // The records no longer say which settings sent them: what the window measures is what the
        // producer ran with when the runner last set it, or the phase stops here.
        ProducerStateChange.require(before, status, since, so);
        return status;
    }

    /**
     * Stops the phase when {@code now}, read during its window, is not what the runner set when the
     * window opened: settings someone else changed stop it when the progress line reads them, not
     * only at the window's end.
     */
    public void requireAsSet(ProducerStatus now) {
        ProducerStateChange.require(
                lastAnswer,
                now,
                "when the window opened",
                "so the window measures other settings than asked and the phase stops here");
    }

    /** A clock probe per instance, timed on {@code runnerMicros} (the runner's own clock, epoch microseconds). */
    public List<ClockProbe> clockProbes(LongSupplier runnerMicros) {
        return bases.stream()
                .map(b -> (ClockProbe) new AppClockProbe(http, PART, b, runnerMicros))
                .toList();
    }
}
