package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.summary.Fmt;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.RunSummary;
import dev.latencylab.runner.run.MaxRateSearch;
import dev.latencylab.runner.run.RateProbe;
import dev.latencylab.runner.run.RateSearchRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The "Highest sustainable rate" section of summary.md: per {@code rate: max} phase, the rule, every
 * step with its verdict, the rate found, and e2e latency measured at shares of it (the phases the
 * runner named {@code <phase>@<percent>%}); then the unthrottled phases' achieved acked records/s.
 * Every sentence is computed from the figures.
 */
final class RateSearchSection {

    private static final MarkdownSection.Columns UNTHROTTLED =
            MarkdownSection.Columns.text("phase").andFigures("acked rec/s | e2e p50 ms | e2e p99 ms");

    private static final MarkdownSection.Columns STEPS = MarkdownSection.Columns.figures(
                    "step | rate/s | s | sent | scheduled | publish delay p99 ms | unanswered | consumer behind")
            .andText("verdict");

    private RateSearchSection() {}

    static String render(RunSummary s) {
        List<PhaseSummary> unthrottled = s.phases().stream()
                .filter(p -> p.settings() != null && p.settings().unthrottled())
                .toList();
        if (s.rateSearches().isEmpty() && unthrottled.isEmpty()) {
            return "";
        }
        MarkdownSection md = MarkdownSection.titled("Highest sustainable rate");
        for (RateSearchRecord r : s.rateSearches()) {
            search(md, r, s.phases());
        }
        if (!unthrottled.isEmpty()) {
            md.paragraph("Unthrottled phases (the sender never waits; the Kafka client's buffer and max.block.ms pace"
                            + " it), as acknowledged records per second over the window and the time its records took"
                            + " to be answered:")
                    .table(UNTHROTTLED);
            for (PhaseSummary p : unthrottled) {
                md.row(
                        p.tag(),
                        Fmt.rate(p.ackedRate()),
                        Fmt.ms(p.latencyMs().p50()),
                        Fmt.ms(p.latencyMs().p99()));
            }
            md.endTable();
        }
        return md.toString();
    }

    private static void search(MarkdownSection md, RateSearchRecord r, List<PhaseSummary> phases) {
        md.heading("###", r.phase() + (r.repeat() > 1 ? "#" + r.repeat() : ""))
                .paragraph(rule(r))
                .table(STEPS);
        for (RateProbe step : r.steps()) {
            md.row(
                    step.hold() ? step.step() + " (hold)" : step.step(),
                    Fmt.rate(step.rate()),
                    ReportNumbers.fixed(step.seconds(), 1),
                    step.sent(),
                    step.scheduled(),
                    Fmt.ms(step.publishDelayP99Ms()),
                    step.unanswered(),
                    step.consumerBacklog(),
                    step.sustained() ? "sustained" : "not sustained: " + step.reason());
        }
        md.endTable();
        if (r.found() <= 0) {
            md.paragraph("No rate tried was sustained, so nothing was measured.");
            return;
        }
        long holds = r.steps().stream().filter(RateProbe::hold).count();
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT,
                "Highest sustained rate: **%s records/s**%s%s.",
                Fmt.rate(r.found()),
                r.converged()
                        ? " (the lowest failed rate was within "
                                + Math.round(100 * r.rule().precision()) + " % of it)"
                        : " (the search stopped before converging: a lower bound)",
                r.confirmed()
                        ? ", held for a whole phase by the same rule"
                                + (holds > 1 ? " after " + (holds - 1) + " hold(s) at higher rates failed" : "")
                        : holds > 0
                                ? ", NOT held: " + holds + " hold(s) of a whole phase failed, the last at "
                                        + Fmt.rate(r.steps().stream()
                                                .filter(RateProbe::hold)
                                                .reduce((a, c) -> c)
                                                .orElseThrow()
                                                .rate())
                                        + "/s"
                                : ""));
        List<String> at = new ArrayList<>();
        List<String> notHeld = new ArrayList<>();
        String heldBest = null;
        for (int i = 0; i < r.measuredAt().size(); i++) {
            String name = r.measuredAt().get(i);
            int percent = RateSearchRecord.MEASURED_PERCENT.get(i);
            Optional<PhaseSummary> p = phases.stream()
                    .filter(x -> x.name().equals(name) && x.repeat() == r.repeat())
                    .findFirst();
            p.ifPresent(x -> at.add(String.format(
                    Locale.ROOT,
                    "at %d %% (%s/s) e2e p50 %s ms, p99 %s ms, publish delay p99 %s ms",
                    percent,
                    Fmt.rate(x.settings().rate()),
                    Fmt.ms(x.latencyMs().p50()),
                    Fmt.ms(x.latencyMs().p99()),
                    Fmt.ms(
                            x.publishDelayMs() == null
                                    ? null
                                    : x.publishDelayMs().p99()))));
            if (p.isPresent()) {
                String miss = missed(p.get(), r.rule());
                if (miss != null) {
                    notHeld.add(percent + " % (" + miss + ")");
                } else {
                    heldBest = percent + " % (" + Fmt.rate(p.get().settings().rate()) + "/s)";
                }
            }
        }
        if (!at.isEmpty()) {
            b.append(" Measured with the phase's warm-up and duration: ")
                    .append(String.join("; ", at))
                    .append('.');
        }
        if (!notHeld.isEmpty()) {
            // A step is short: buffers and the brokers' queues can absorb a rate for seconds that
            // they cannot hold for the whole window, so each measured share is judged by the same rule.
            b.append(" By the same rule, over the whole window the rate did NOT hold at ")
                    .append(String.join("; ", notHeld))
                    .append(
                            heldBest == null
                                    ? "; none of the shares held"
                                    : "; the highest share that held: " + heldBest)
                    .append(String.format(
                            Locale.ROOT,
                            ". Steps of %.0f s overestimate what this stack sustains for longer.",
                            r.stepSeconds()));
        }
        md.paragraph(b.toString());
    }

    /** Why a measured share broke the search's rule over its whole window, or null when it held. */
    private static String missed(PhaseSummary p, MaxRateSearch.Rule rule) {
        List<String> why = new ArrayList<>();
        Double delay = p.publishDelayMs() == null ? null : p.publishDelayMs().p99();
        if (!rule.delayWithin(delay)) {
            why.add(String.format(Locale.ROOT, "publish delay p99 %s ms", Fmt.ms(delay)));
        }
        Double achieved = p.achievedRate();
        if (achieved != null && !rule.sentEnough(achieved, p.settings().rate())) {
            why.add(String.format(
                    Locale.ROOT,
                    "sent %.0f %% of the schedule",
                    100 * achieved / p.settings().rate()));
        }
        return why.isEmpty() ? null : String.join(", ", why);
    }

    /** The rule of a search in one sentence, with its numbers. */
    private static String rule(RateSearchRecord r) {
        var rule = r.rule();
        return String.format(
                Locale.ROOT,
                "Searched from %s/s in steps of %.0f s, each judged alone: sustained when the sender sent at least"
                        + " %.0f %% of the records scheduled with a publish delay p99 under %.0f ms, and at the step's"
                        + " end no more than %.1f s of records awaited the brokers' answer and no more than %.1f s"
                        + " of acknowledged records awaited the consumer. The rate doubled while sustained, then the"
                        + " interval was bisected; the load was drained after each step not sustained. The rate"
                        + " found was then held for the phase's whole duration by the same rule (a hold that failed"
                        + " lowered it by the precision, at most " + MaxRateSearch.MAX_HOLDS + " holds).",
                Fmt.rate(r.startRate()),
                r.stepSeconds(),
                100 * rule.minSentShare(),
                rule.publishDelayP99Ms(),
                rule.unansweredSeconds(),
                rule.backlogSeconds());
    }
}
