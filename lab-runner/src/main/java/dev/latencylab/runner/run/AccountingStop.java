package dev.latencylab.runner.run;

import dev.latencylab.api.accounting.AccountingLimits;
import dev.latencylab.api.latency.LatencyView;
import dev.latencylab.api.latency.LedgerView;
import java.util.Optional;

/**
 * A fixed capacity of the consumer's accounting that was reached makes every later count wrong:
 * which one, as the run's stop and a cut-short phase's missing counts say it.
 */
final class AccountingStop {

    private AccountingStop() {}

    /** Why the consumer's counts can no longer be trusted; empty while every capacity holds. */
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
}
