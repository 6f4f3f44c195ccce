package dev.latencylab.runner.run;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.runner.endpoint.EndpointException;
import java.util.Optional;

/**
 * The run's stops at the accounting's fixed capacities: past any of them a later count would be
 * wrong, so the run ends with the capacity named. A class of their own so the build's mutation
 * check (docs/style.md) can hold each of them to a test.
 */
final class AccountingStops {

    private AccountingStops() {}

    /**
     * A fixed capacity of the consumer's accounting that was reached makes every later count
     * wrong: the run stops with it named, never goes on with numbers that look right.
     */
    static void requireWithinLimits(LatencyView view) {
        Optional<String> limit = reason(view);
        if (limit.isPresent()) {
            throw new EndpointException(limit.get() + "; the run stops, as every count from here on would be wrong");
        }
    }

    /**
     * Which capacity the consumer's accounting reached, so that its counts can no longer be trusted;
     * empty while every one holds. The run's stop says it, and so does a phase cut short by it,
     * whose counts are then not reported.
     */
    static Optional<String> reason(LatencyView view) {
        for (LedgerView ledger : view.ledgers()) {
            if (ledger.limitHit() != null) {
                return Optional.of("the consumer's offset ledger of topic " + ledger.topic() + " hit a limit: "
                        + ledger.limitHit());
            }
        }
        if (view.totals() != null && view.totals().skipped().tooManyPhases() > 0) {
            return Optional.of("the consumer held " + AccountingLimits.MAX_LIVE_PHASES
                    + " phases at once, its limit, and counted "
                    + view.totals().skipped().tooManyPhases()
                    + " records in no phase (phases are released once the runner stored them: something"
                    + " else drives the consumer, or its phases were never released)");
        }
        return Optional.empty();
    }

    /**
     * A run's ids are its start second times 1000 and up: with {@code given} ids given out already,
     * one more would be the next run's, so the run stops instead.
     */
    static void requirePhaseIdLeft(int given) {
        if (given >= AccountingLimits.MAX_PHASES_PER_RUN) {
            throw new EndpointException("the run reached " + AccountingLimits.MAX_PHASES_PER_RUN
                    + " phases (rate-search steps and repeats included), the most one run has ids for:"
                    + " lower the scenario's repeat or split it into several runs");
        }
    }
}
