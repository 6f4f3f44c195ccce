package dev.latencylab.runner.run;

import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.Scenario;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Lets the stack settle before anything is measured: the scenario's highest rate runs unmeasured
 * (the consumer is reset afterwards) in consecutive windows until the stack is steady by
 * {@link Steadiness}, for at least {@code floor} and at most {@code ceiling}. A stack that has just
 * started is still compiling its hot paths (JIT) and settling (leaders, group membership), and on a
 * small machine that takes the CPU the first phase would be measured with; a stack that has run for
 * an hour is steady after the first few windows. The highest rate, because the heaviest phase is
 * the one whose code paths a lighter warm-up would leave cold.
 *
 * <p>Reaching the ceiling is not an error: the run goes on and the summary says the stack was not
 * steady. Without figures from Prometheus steadiness cannot be judged: the warm-up then runs the
 * floor and says so. Immutable; {@code report} receives the record of each warm-up.
 */
public record StackWarmup(Duration floor, Duration ceiling, StackProbe probe, Consumer<StackWarmupRecord> report) {

    /**
     * Each window spans two of Prometheus' 5 s scrape intervals (docs/contracts.md): a rate() needs
     * two samples inside its range, and a shorter range often holds one and returns nothing.
     */
    public static final Duration WINDOW = Duration.ofSeconds(10);

    public static final String DEFAULT_FLOOR_TEXT = "30s";
    /**
     * The old fixed settling waited until the stack was 2 minutes old, which on the 2-core CI
     * machine was enough for linger.ms 0 to drop from ~100 ms to its settled ~4 ms; a minute more
     * for a slower machine, and the end-to-end CI run stays within a minute of what it took.
     */
    public static final String DEFAULT_CEILING_TEXT = "3m";
    /** The least time: as long as the criterion itself needs, and the fallback when it cannot be judged. */
    public static final Duration DEFAULT_FLOOR = Durations.parse(DEFAULT_FLOOR_TEXT);

    public static final Duration DEFAULT_CEILING = Durations.parse(DEFAULT_CEILING_TEXT);

    /** The usual warm-up, with no probe yet (the command gives it Prometheus). */
    public static final StackWarmup DEFAULT = new StackWarmup(DEFAULT_FLOOR, DEFAULT_CEILING, StackProbe.NONE, r -> {});

    /** No warm-up at all (a ceiling of zero). */
    public static final StackWarmup NONE = new StackWarmup(DEFAULT_FLOOR, Duration.ZERO, StackProbe.NONE, r -> {});

    public static String criterion() {
        return Steadiness.criterion(Durations.format(WINDOW));
    }

    public StackWarmup withLimits(Duration newFloor, Duration newCeiling) {
        return new StackWarmup(newFloor, newCeiling, probe, report);
    }

    public StackWarmup withProbe(StackProbe newProbe, Consumer<StackWarmupRecord> newReport) {
        return new StackWarmup(floor, ceiling, newProbe, newReport);
    }

    public boolean skipped() {
        return ceiling.isZero();
    }

    /** The phase the warm-up runs: the first with the scenario's highest rate. */
    public static Phase load(Scenario scenario) {
        Phase load = scenario.phases().get(0);
        for (Phase p : scenario.phases()) {
            if (p.settings().rate() > load.settings().rate()) {
                load = p;
            }
        }
        return load;
    }

    /**
     * Runs the warm-up for {@code scenario} through the producer, sleeping with {@code sleeper}
     * (which may throw when the run is aborted), printing each window to {@code out}.
     */
    public void run(Scenario scenario, ProducerClient producer, Clock clock, Sleeper sleeper, PrintStream out)
            throws InterruptedException {
        if (skipped()) {
            out.println("Stack warm-up skipped (--stack-warmup 0): the first phase starts on the stack as it is");
            report.accept(new StackWarmupRecord(
                    criterion(), null, null, seconds(floor), 0, 0, false, "skipped (--stack-warmup 0)", List.of()));
            return;
        }
        Phase load = load(scenario);
        out.printf(
                Locale.ROOT,
                "%nStack warm-up: %s's settings (the scenario's highest rate, %s), unmeasured, until %s; "
                        + "at least %s, at most %s%n",
                load.name(),
                load.settings().unthrottled()
                        ? "unthrottled"
                        : Steadiness.number(load.settings().rate()) + " records/s",
                criterion(),
                Durations.format(floor),
                Durations.format(ceiling));
        List<StackProbe.StackFigures> figures = new ArrayList<>();
        List<StackWarmupRecord.Window> windows = new ArrayList<>();
        String outcome = null;
        boolean steady = false;
        Instant start = clock.instant();
        try {
            // Its records carry no phase id (0): they are never counted in a phase.
            producer.start(load.settings(), 0);
            start = clock.instant();
            while (true) {
                // Windows end on a grid from the start, so the time the probe's queries take does not push
                // them later: a ceiling of N windows holds N of them.
                Duration windowEnd = WINDOW.multipliedBy(windows.size() + 1L);
                if (windowEnd.compareTo(ceiling) > 0) {
                    outcome = "not steady at the ceiling, " + Durations.format(ceiling) + ": "
                            + Steadiness.judge(figures).why();
                    break;
                }
                Duration wait = windowEnd.minus(Duration.between(start, clock.instant()));
                if (!wait.isNegative() && !wait.isZero()) {
                    sleeper.sleep(wait);
                }
                Instant end = clock.instant();
                StackProbe.StackFigures f = probe.read(end, WINDOW);
                figures.add(f);
                Steadiness.Judged verdict = Steadiness.judge(figures);
                Duration elapsed = Duration.between(start, end);
                windows.add(new StackWarmupRecord.Window(
                        windows.size() + 1,
                        end,
                        seconds(elapsed),
                        f.e2eP50Ms(),
                        f.cpuCores(),
                        verdict.steady(),
                        f.problem()));
                out.printf(
                        Locale.ROOT,
                        "  stack warm-up %s: e2e p50 %s ms, CPU %s cores: %s%n",
                        Durations.format(elapsed.withNanos(0)),
                        Steadiness.number(f.e2eP50Ms()),
                        Steadiness.number(f.cpuCores()),
                        f.problem() != null
                                ? f.problem()
                                : verdict.steady() ? "steady" : "not steady yet (" + verdict.why() + ")");
                if (elapsed.compareTo(floor) < 0) {
                    continue;
                }
                if (verdict.steady()) {
                    steady = true;
                    outcome = "steady after " + Durations.format(elapsed.withNanos(0)) + ": " + verdict.why();
                    break;
                }
                if (figures.stream().noneMatch(StackProbe.StackFigures::complete)) {
                    outcome = "not judged: Prometheus had no e2e p50 and CPU figures (" + f.problem() + "), so it ran "
                            + "the floor, " + Durations.format(floor);
                    break;
                }
            }
        } finally {
            Duration ran = Duration.between(start, clock.instant());
            if (outcome == null) {
                outcome = "interrupted after " + Durations.format(ran.withNanos(0));
            }
            report.accept(new StackWarmupRecord(
                    criterion(),
                    load.name(),
                    load.settings().rate(),
                    seconds(floor),
                    seconds(ceiling),
                    seconds(ran),
                    steady,
                    outcome,
                    windows));
        }
        out.println((steady ? "Stack steady: " : "Stack NOT shown steady, measuring anyway: ") + outcome);
    }

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }
}
