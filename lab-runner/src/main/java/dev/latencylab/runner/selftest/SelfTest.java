package dev.latencylab.runner.selftest;

import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.Urls;
import dev.latencylab.runner.faults.BrokerControl;
import dev.latencylab.runner.faults.FaultControls;
import dev.latencylab.runner.results.report.MarkdownSection;
import dev.latencylab.runner.run.PhaseRecord;
import dev.latencylab.runner.run.RunRecord;
import dev.latencylab.runner.run.ScenarioRunner;
import dev.latencylab.runner.run.StackWarmup;
import dev.latencylab.runner.run.step.StepKinds;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.topics.Topics;
import java.io.PrintStream;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The self-test: three real runs on the running stack. The first injects one fault of known size
 * per phase ({@link SelfTestFaults}); the second has more phases than the accounting's old fixed
 * capacities held (64 phases in the consumer, 256 offset segments per partition); the third starves
 * one of two producer-apps, which must stop it ({@link StarvedRow}). Its verdict is a table of rows,
 * each a fault, what the counts must then be and what they were.
 */
public final class SelfTest {

    /** How long a phase may take to close: a restarted consumer waits out its dead self's session (45 s). */
    private static final Duration CLOSE_TIMEOUT = Duration.ofMinutes(2);

    /** The last column, unnamed, holds whether the row matched. */
    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.text(
                    "fault | injected | expected | reported")
            .andText("");

    private final JsonHttp http;
    private final List<URI> producers;
    private final List<URI> consumers;
    private final Topics topics;
    private final BrokerControl consumerControl;
    private final BrokerControl brokers;
    private final String bootstrap;
    private final Clock clock;
    private final Sleeper sleeper;
    private final PrintStream out;

    public SelfTest(
            JsonHttp http,
            List<URI> producers,
            List<URI> consumers,
            Topics topics,
            String bootstrap,
            BrokerControl brokers,
            BrokerControl consumerControl,
            Clock clock,
            Sleeper sleeper,
            PrintStream out) {
        this.http = http;
        this.producers = List.copyOf(producers);
        this.consumers = List.copyOf(consumers);
        this.topics = topics;
        this.bootstrap = bootstrap;
        this.brokers = brokers;
        this.consumerControl = consumerControl;
        this.clock = clock;
        this.sleeper = sleeper;
        this.out = out;
    }

    /**
     * Runs the three; the rows in order.
     *
     * @param faults the scenario of one fault per phase (scenarios/selftest.yaml)
     * @param limits the scenario whose repeats make the long run (scenarios/selftest-limits.yaml)
     * @param repeat how many times the long run repeats its phases
     */
    public List<SelfTestRow> run(Scenario faults, Scenario limits, int repeat) throws InterruptedException {
        SelfTestFaults injector = new SelfTestFaults(http, producers, consumers, consumerControl, out);
        injector.requireHooks();
        List<SelfTestRow> rows = new ArrayList<>();
        out.println("Self-test 1/3: one fault of known size per phase");
        ScenarioRunner first = runner();
        first.windowHook(injector);
        RunRecord faulted = first.run(only(faults, false));
        rows.addAll(SelfTestRows.faults(faulted));
        rows.addAll(DelayRows.rows(faulted));
        rows.add(brokersOwnLoss(faulted));

        Scenario many = new Scenario(limits.name(), limits.description(), limits.phases(), repeat);
        int phases = limits.phases().size() * repeat;
        out.printf("%nSelf-test 2/3: %d phases in one run%n", phases);
        RunRecord second = runner().run(many);
        rows.addAll(SelfTestRows.limits(
                second,
                phases,
                phases > 128
                        ? "more than the old 64 phases of the consumer and 256 offset segments per partition"
                        : "more than the old 64 phases of the consumer"));

        out.printf("%nSelf-test 3/3: one of two producer-apps starved (the run must stop on it)%n");
        if (producers.size() < 2) {
            throw new IllegalStateException("the self-test drives two producer-apps; " + producers.size() + " given");
        }
        ScenarioRunner third = runner();
        third.windowHook(injector);
        RunRecord starved = third.run(only(faults, true));
        rows.add(StarvedRow.row(starved, Urls.resolve(producers.get(0), "/").toString()));
        return rows;
    }

    /** The faults' scenario with only its starved phase, or without it: a starved instance stops the run it is in. */
    private static Scenario only(Scenario faults, boolean starved) {
        return new Scenario(
                faults.name() + (starved ? "-" + StarvedRow.STARVED : ""),
                faults.description(),
                faults.phases().stream()
                        .filter(p -> p.name().equals(StarvedRow.STARVED) == starved)
                        .toList(),
                faults.repeat());
    }

    /**
     * The acks=1 phase whose leader was killed, against what the brokers hold of it: read back from
     * its topic, which is deleted then.
     */
    private SelfTestRow brokersOwnLoss(RunRecord run) throws InterruptedException {
        Optional<PhaseRecord> phase = run.phase(SelfTestRows.ACKS_1);
        if (phase.isEmpty() || phase.get().phase().topic() == null) {
            return SelfTestRows.brokersOwnLoss(phase, null);
        }
        String topic = phase.get().phase().topic().name();
        LogAudit.Held held = LogAudit.of(bootstrap, topic, phase.get().phaseId());
        topics.delete(topic);
        return SelfTestRows.brokersOwnLoss(phase, held);
    }

    /** Whether every row matched. */
    public static boolean passed(List<SelfTestRow> rows) {
        return rows.stream().allMatch(SelfTestRow::matches);
    }

    /** The table: fault, injected, expected, reported, and whether they match. */
    public static String table(List<SelfTestRow> rows) {
        MarkdownSection s = MarkdownSection.into(new StringBuilder()).table(COLUMNS);
        rows.forEach(r -> s.row(r.fault(), r.injected(), r.expected(), r.reported(), r.matches() ? "ok" : "MISMATCH"));
        long failed = rows.stream().filter(r -> !r.matches()).count();
        return s.endTable()
                .append((rows.size() - failed) + " passed, " + failed + " failed\n")
                .toString();
    }

    private ScenarioRunner runner() {
        return new ScenarioRunner(
                new ProducerClient(http, producers),
                new ConsumerClient(http, consumers),
                topics,
                new FaultControls(brokers, consumerControl),
                null,
                clock,
                sleeper,
                out,
                new ScenarioRunner.Options(
                        Duration.ofSeconds(5), CLOSE_TIMEOUT, Duration.ofMillis(250), StackWarmup.NONE, 0),
                StepKinds.ALL);
    }
}
