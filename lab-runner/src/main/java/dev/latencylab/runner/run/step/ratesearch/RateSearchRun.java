package dev.latencylab.runner.run.step.ratesearch;

import static dev.latencylab.runner.run.ConsoleFormat.ms;
import static dev.latencylab.runner.run.ConsoleFormat.number;

import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.run.MaxRateSearch;
import dev.latencylab.runner.run.PhaseStack;
import dev.latencylab.runner.run.PhaseStep;
import dev.latencylab.runner.run.PhaseTopics;
import dev.latencylab.runner.run.PhaseTracker;
import dev.latencylab.runner.run.RateProbe;
import dev.latencylab.runner.run.RateSearchRecord;
import dev.latencylab.runner.run.RunContext;
import dev.latencylab.runner.run.StepLoop;
import dev.latencylab.runner.run.StepServices;
import dev.latencylab.runner.scenario.Durations;
import dev.latencylab.runner.scenario.Phase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * A {@code rate: max} phase's search run through the apps: {@link MaxRateSearch} says which rate
 * to try next and whether a step held; this drives each step and reads what it did, then has the
 * loop measure the phase at each share of the rate found.
 */
public final class RateSearchRun implements PhaseStep {

    /** Shortest step of a rate search: under two Prometheus-free seconds a step is all ramp. */
    private static final Duration MIN_STEP = Duration.ofSeconds(2);

    private final RunContext run;
    private final PhaseStack stack;
    private final PhaseTopics topics;

    public RateSearchRun(StepServices services) {
        this.run = services.run();
        this.stack = services.stack();
        this.topics = services.topics();
    }

    @Override
    public boolean takes(Phase planned) {
        return planned.maxRate();
    }

    @Override
    public int counted(Phase planned) {
        return RateSearchRecord.MEASURED_PERCENT.size();
    }

    @Override
    public void run(Phase planned, StepLoop loop) throws InterruptedException {
        RateSearchRecord search = search(planned, loop.nextIndex(), loop.count());
        loop.searched(search);
        loop.measureDerived(measuredAtFound(planned, search));
    }

    /**
     * A {@code rate: max} phase's search ({@link MaxRateSearch}): after the phase's warm-up at the
     * start rate, each step holds a rate under its own phase id, so its sends, acks and publish delay
     * are its own; the consumer's backlog is counted from a drained start. After a step that was not
     * sustained, the load stops until the consumer has caught up, so the next step starts clean.
     */
    private RateSearchRecord search(Phase phase, int index, int count) throws InterruptedException {
        ProducerSettings s = phase.settings();
        Duration step = stepDuration(phase);
        MaxRateSearch search = new MaxRateSearch(s.rate(), MaxRateSearch.Rule.DEFAULT);
        run.out.printf(
                Locale.ROOT,
                "%nphase %d/%d %s: searching the highest sustainable rate from %s/s (steps of %s; sustained = sender on"
                        + " schedule, publish delay p99 <= %.0f ms, <= %.1f s of records unanswered and unreceived;"
                        + " doubling, then bisecting to %.0f %%)%n",
                index,
                count,
                phase.name(),
                number(s.rate()),
                Durations.format(step),
                search.rule().publishDelayP99Ms(),
                search.rule().unansweredSeconds(),
                100 * search.rule().precision());
        String topic = phase.topic() != null ? phase.topic().name() : ProducerClient.LAB_TOPIC;
        if (!stack.setUp(new PhaseTracker(index, count, phase, 0, phase.name()))) {
            run.stopAndDrain(
                    "so the search starts on a quiet stream", "the search starts behind it", "before the search");
        }
        run.producer.start(s, 0, topic);
        run.sleep(phase.warmup());
        run.stopAndDrain(
                "so the first step starts on a quiet stream",
                "the first step starts behind it",
                "after the search's warm-up");
        long ackedBase = run.producer.state().counters().acked();
        long receivedBase = run.consumer.latency().totals().received();
        boolean running = false;
        for (var next = search.next(); next.isPresent(); next = search.next()) {
            double rate = next.getAsDouble();
            int stepId = run.nextPhaseId();
            String stepName = RateSearchRecord.stepName(phase.name(), rate);
            if (running) {
                run.producer.apply(SettingsChange.rate(rate, stepId).named(stepName));
            } else {
                run.producer.startNamed(s.withRate(rate), stepId, stepName, topic);
                running = true;
            }
            boolean hold = search.nextIsHold();
            Instant from = run.clock.instant();
            run.sleep(hold ? phase.duration() : step);
            ProducerStatus status = run.producer.enterPhase(0);
            double seconds = Duration.between(from, run.clock.instant()).toNanos() / 1e9;
            LatencyView view = run.consumer.latency();
            PhaseSends sends = status.phaseSends(stepId).orElse(null);
            long sent = sends == null ? 0 : sends.sent();
            long acked = sends == null ? 0 : sends.acked();
            long failed = sends == null ? 0 : sends.failed();
            long backlog =
                    (status.counters().acked() - ackedBase) - (view.totals().received() - receivedBase);
            run.consumer.release(stepId);
            RateProbe judged = search.judge(
                    rate,
                    seconds,
                    sent,
                    acked,
                    failed,
                    sends == null || sends.publishDelayMs() == null
                            ? null
                            : sends.publishDelayMs().p99(),
                    sent - acked - failed,
                    Math.max(0, backlog));
            run.out.printf(
                    Locale.ROOT,
                    "  %s %d: %s/s for %s: sent %d of %d, publish delay p99 %s ms, %d unanswered, consumer %d behind:"
                            + " %s%n",
                    hold ? "hold" : "step",
                    judged.step(),
                    number(rate),
                    Durations.format(Duration.ofMillis(Math.round(seconds * 1000))),
                    sent,
                    judged.scheduled(),
                    ms(judged.publishDelayP99Ms()),
                    judged.unanswered(),
                    judged.consumerBacklog(),
                    judged.sustained() ? "sustained" : "NOT sustained (" + judged.reason() + ")");
            if (!judged.sustained()) {
                run.stopAndDrain(
                        "so the next step does not inherit this one's backlog",
                        "the next step starts behind it",
                        "after step " + judged.step());
                running = false;
            }
        }
        run.stopAndDrain(
                "so the measured phases start on a quiet stream", "the first starts behind it", "after the search");
        if (PhaseTopics.ownTopic(phase)) {
            topics.delete(phase.topic().name());
        }
        return found(phase, search, step);
    }

    /** A step lasts a quarter of the phase's measured duration, at least two seconds. */
    private static Duration stepDuration(Phase phase) {
        Duration quarter = phase.duration().dividedBy(4);
        return quarter.compareTo(MIN_STEP) < 0 ? MIN_STEP : quarter;
    }

    /** The phases measured at the shares of the rate the search found: none when it found none. */
    private static List<Phase> measuredAtFound(Phase phase, RateSearchRecord search) {
        if (search.found() <= 0) {
            return List.of();
        }
        return RateSearchRecord.MEASURED_PERCENT.stream()
                .map(pct -> phase.atRate(
                        RateSearchRecord.measuredName(phase.name(), pct), Math.floor(search.found() * pct / 100.0)))
                .toList();
    }

    /** What the search found, said on the console and in the warnings, and its record. */
    private RateSearchRecord found(Phase phase, MaxRateSearch search, Duration step) {
        double found = search.found();
        List<String> measuredAt = found > 0
                ? RateSearchRecord.MEASURED_PERCENT.stream()
                        .map(pct -> RateSearchRecord.measuredName(phase.name(), pct))
                        .toList()
                : List.of();
        run.out.printf(
                Locale.ROOT,
                "phase %s: highest sustained rate %s/s after %d steps%s%s%n",
                phase.name(),
                number(found),
                search.steps().size(),
                found == 0
                        ? ""
                        : search.confirmed() ? ", held for " + Durations.format(phase.duration()) : ", NOT held",
                found == 0
                        ? " (not even the lowest rate tried was sustained; nothing to measure)"
                        : search.converged()
                                ? "; measuring at " + RateSearchRecord.MEASURED_PERCENT + " % of it"
                                : " (the search did not converge within "
                                        + search.rule().maxSteps() + " steps); measuring at "
                                        + RateSearchRecord.MEASURED_PERCENT + " % of it");
        if (found > 0 && !search.confirmed()) {
            run.addWarning("phase " + phase.name() + ": no rate held for " + Durations.format(phase.duration())
                    + " in " + search.holds() + " holds; the shares measured are of " + number(found)
                    + "/s, which did not hold");
        }
        if (found == 0) {
            run.addWarning("phase " + phase.name() + ": no rate down to "
                    + number(search.rule().minRate()) + "/s was sustained; nothing was measured");
        } else if (!search.converged()) {
            run.addWarning("phase " + phase.name() + ": the rate search stopped after "
                    + search.rule().maxSteps() + " steps without converging; " + number(found)
                    + "/s is the highest rate sustained");
        }
        return new RateSearchRecord(
                phase.name(),
                phase.repeat(),
                phase.settings().rate(),
                step.toMillis() / 1000.0,
                search.rule(),
                search.steps(),
                found,
                search.converged(),
                search.confirmed(),
                measuredAt);
    }
}
