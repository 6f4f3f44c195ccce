package dev.latencylab.runner.results.report;

import dev.latencylab.runner.clocks.ClockCheck;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The "Clocks" section of summary.md: each app's clock offset against the runner's at each phase's start
 * and end, with its uncertainty, and the phases whose e2e p50 is small enough that the clocks could
 * account for it: within their offsets' difference and {@value #MULTIPLE} times its uncertainty.
 */
final class ClockSection {

    /** How many times the clocks' uncertainty (beyond their measured difference) a p50 must exceed to be read without a caveat. */
    static final int MULTIPLE = 3;

    private static final MarkdownSection.Columns COLUMNS = MarkdownSection.Columns.text("phase | app | worker")
            .andFigures("offset at start ms | ± ms | offset at end ms | ± ms");

    private ClockSection() {}

    static String render(RunSummary run) {
        List<ClockCheck> checks = run.clocks();
        if (checks.isEmpty()) {
            return "";
        }
        MarkdownSection md = MarkdownSection.titled("Clocks")
                .paragraph("Each app's clock against the runner's, at each phase's start and end: of 8 exchanges over"
                        + " `GET /actuator/clock`, the one of shortest round trip gives the offset (the app's reading"
                        + " minus the midpoint of the round trip; positive: the app's clock is ahead) and its"
                        + " uncertainty (half that round trip: the true offset lies within it, whatever the delays"
                        + " each way). An e2e latency is the consumer's clock minus the producer's, so it is off by"
                        + " the consumer-app's offset minus the producer-app's, known to within the sum of their"
                        + " uncertainties.")
                .table(COLUMNS);
        Map<String, String> labels = new LinkedHashMap<>();
        run.phases().forEach(p -> labels.put(String.valueOf(p.phaseId()), run.label(p)));
        for (WorkerClocks r : rows(checks)) {
            md.row(
                    labels.getOrDefault(String.valueOf(r.phase), String.valueOf(r.phase)),
                    r.part,
                    r.worker,
                    offset(r.start),
                    uncertainty(r.start),
                    offset(r.end),
                    uncertainty(r.end));
        }
        md.endTable();
        List<String> notes = new ArrayList<>();
        for (PhaseSummary p : run.phases()) {
            Double p50 = p.latencyMs() == null ? null : p.latencyMs().p50();
            Optional<ClockError> error = e2eError(checks, p.phaseId());
            if (p50 != null && error.isPresent() && p50 * 1_000 <= error.get().allowanceMicros()) {
                ClockError e = error.get();
                notes.add("- " + run.label(p) + ": e2e p50 " + ReportNumbers.fixed(p50, 3) + " ms is within what the"
                        + " clocks could put in it (" + ms(e.allowanceMicros()) + " ms: the consumer-app's offset"
                        + " minus the producer-app's, " + ms(e.offsetDifferenceMicros()) + " ms, and " + MULTIPLE
                        + "x their uncertainties added, " + ms(e.uncertaintyMicros()) + " ms): the clocks alone"
                        + " could account for it.");
            }
        }
        if (!notes.isEmpty()) {
            md.paragraph(String.join("\n", notes));
        }
        List<String> unanswered = checks.stream()
                .filter(Predicate.not(ClockCheck::estimated))
                .map(c -> c.worker() + " at the " + c.at() + " of phase "
                        + labels.getOrDefault(String.valueOf(c.phase()), String.valueOf(c.phase())))
                .distinct()
                .toList();
        if (!unanswered.isEmpty()) {
            md.paragraph("No estimate (the app did not answer): " + String.join("; ", unanswered) + ".");
        }
        return md.toString();
    }

    /**
     * How far the clocks can put a phase's e2e latencies off: a latency is the consumer's clock minus the
     * producer's, so off by the consumer-app's offset minus the producer-app's, known to within their
     * uncertainties added. The offset's difference is measured; its uncertainty is what a note allows
     * {@value #MULTIPLE} times over.
     *
     * @param offsetDifferenceMicros the consumer-app's offset minus the producer-app's (positive: the
     *     latencies read long)
     * @param uncertaintyMicros the two uncertainties added
     */
    record ClockError(long offsetDifferenceMicros, long uncertaintyMicros) {

        /** The difference's size and {@value #MULTIPLE} times the uncertainty: a p50 within it may be the clocks'. */
        long allowanceMicros() {
            return Math.abs(offsetDifferenceMicros) + MULTIPLE * uncertaintyMicros;
        }
    }

    /** The phase's widest {@link ClockError} over every pair of its checks (its start and end, each instance); empty when either app has none. */
    static Optional<ClockError> e2eError(List<ClockCheck> checks, int phase) {
        List<ClockCheck> producers = estimated(checks, phase, "producer-app");
        List<ClockCheck> consumers = estimated(checks, phase, "consumer-app");
        Optional<ClockError> widest = Optional.empty();
        for (ClockCheck c : consumers) {
            for (ClockCheck p : producers) {
                ClockError e = new ClockError(
                        c.offsetMicros() - p.offsetMicros(), c.uncertaintyMicros() + p.uncertaintyMicros());
                if (widest.isEmpty() || e.allowanceMicros() > widest.get().allowanceMicros()) {
                    widest = Optional.of(e);
                }
            }
        }
        return widest;
    }

    private static List<ClockCheck> estimated(List<ClockCheck> checks, int phase, String part) {
        return checks.stream()
                .filter(c -> c.phase() == phase && c.part().equals(part) && c.estimated())
                .toList();
    }

    private record WorkerClocks(int phase, String part, String worker, ClockCheck start, ClockCheck end) {}

    private static List<WorkerClocks> rows(List<ClockCheck> checks) {
        Map<String, WorkerClocks> rows = new LinkedHashMap<>();
        for (ClockCheck c : checks) {
            String key = c.phase() + " " + c.worker();
            WorkerClocks r = rows.getOrDefault(key, new WorkerClocks(c.phase(), c.part(), c.worker(), null, null));
            rows.put(
                    key,
                    ClockCheck.START.equals(c.at())
                            ? new WorkerClocks(r.phase, r.part, r.worker, c, r.end)
                            : new WorkerClocks(r.phase, r.part, r.worker, r.start, c));
        }
        return List.copyOf(rows.values());
    }

    private static String offset(ClockCheck c) {
        return c == null || !c.estimated() ? "n/a" : ms(c.offsetMicros());
    }

    private static String uncertainty(ClockCheck c) {
        return c == null || !c.estimated() ? "n/a" : ms(c.uncertaintyMicros());
    }

    private static String ms(long micros) {
        return ReportNumbers.fixed(micros / 1_000.0, 3);
    }
}
