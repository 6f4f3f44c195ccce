package dev.latencylab.runner.run;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.LedgerView;
import dev.latencylab.runner.http.EndpointException;

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
        for (LedgerView ledger : view.ledgers()) {
            if (ledger.limitHit() != null) {
                throw new EndpointException("the consumer's offset ledger of topic " + ledger.topic() + " hit a limit: "
                        + ledger.limitHit() + "; the run stops, as every count from here on would be wrong");
            }
        }
        if (view.totals() != null && view.totals().skipped().tooManyPhases() > 0) {
            throw new EndpointException("the consumer held " + AccountingLimits.MAX_LIVE_PHASES
                    + " phases at once, its limit, and counted "
                    + view.totals().skipped().tooManyPhases()
                    + " records in no phase (phases are released once the runner stored them: something"
                    + " else drives the consumer, or its phases were never released); the run stops");
        }
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
