package dev.latencylab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class MaxRateSearchTest {

    private static final MaxRateSearch.Rule RULE = MaxRateSearch.Rule.DEFAULT;

    /** A stack that keeps any rate up to its ceiling and falls behind above it, as the rule sees it. */
    private static RateProbe step(MaxRateSearch search, double rate, double ceiling) {
        double seconds = 5;
        long scheduled = Math.round(rate * seconds);
        if (rate <= ceiling) {
            return search.judge(rate, seconds, scheduled, scheduled - 10, 0, 4.0, 10, 0);
        }
        long sent = Math.round(ceiling * seconds);
        return search.judge(rate, seconds, sent, sent / 2, 0, 400.0, sent / 2, 0);
    }

    private static MaxRateSearch run(double start, double ceiling) {
        MaxRateSearch search = new MaxRateSearch(start, RULE);
        for (OptionalDouble next = search.next(); next.isPresent(); next = search.next()) {
            step(search, next.getAsDouble(), ceiling);
        }
        return search;
    }

    @Test
    void doublesWhileSustainedThenBisectsToWithinTheRulesPrecisionBelowTheCeiling() {
        MaxRateSearch search = run(1000, 13_300);

        assertThat(search.steps())
                .extracting(RateProbe::rate)
                .startsWith(1000.0, 2000.0, 4000.0, 8000.0, 16000.0, 12000.0);
        assertThat(search.converged()).isTrue();
        assertThat(search.found()).isLessThanOrEqualTo(13_300).isGreaterThan(13_300 / (1 + RULE.precision()));
        assertThat(search.steps().stream().filter(s -> !s.hold())).hasSizeLessThanOrEqualTo(RULE.maxSteps());
        // The rate found, held for a whole phase: this stack keeps it for any length of time.
        assertThat(search.steps().get(search.steps().size() - 1))
                .returns(true, RateProbe::hold)
                .returns(search.found(), RateProbe::rate)
                .returns(true, RateProbe::sustained);
        assertThat(search.confirmed()).isTrue();
    }

    /**
     * A stack whose buffers absorb 13,300/s for a short step but that keeps only 11,000/s for
     * longer: holds at the rate found fail and lower it by the precision until one holds.
     */
    @Test
    void aRateThatPassesShortStepsButNotAHoldIsLoweredUntilOneHolds() {
        MaxRateSearch search = new MaxRateSearch(1000, RULE);
        for (OptionalDouble next = search.next(); next.isPresent(); next = search.next()) {
            step(search, next.getAsDouble(), search.nextIsHold() ? 11_000 : 13_300);
        }

        List<RateProbe> holds = search.steps().stream().filter(RateProbe::hold).toList();
        assertThat(holds).extracting(RateProbe::sustained).containsExactly(false, false, true);
        assertThat(holds.get(1).rate()).isEqualTo(Math.ceil(holds.get(0).rate() / (1 + RULE.precision())));
        assertThat(search.converged())
                .as("a failed hold and the next within the precision")
                .isTrue();
        assertThat(search.confirmed()).isTrue();
        assertThat(search.found()).isEqualTo(holds.get(2).rate()).isLessThanOrEqualTo(11_000);
    }

    @Test
    void aRateThatNeverHoldsIsNotConfirmedAfterTheLastHold() {
        MaxRateSearch search = new MaxRateSearch(1000, RULE);
        for (OptionalDouble next = search.next(); next.isPresent(); next = search.next()) {
            step(search, next.getAsDouble(), search.nextIsHold() ? 2_000 : 13_300);
        }

        assertThat(search.holds()).isEqualTo(MaxRateSearch.MAX_HOLDS);
        assertThat(search.confirmed()).isFalse();
        assertThat(search.steps().stream().filter(RateProbe::hold)).allMatch(s -> !s.sustained());
    }

    @Test
    void theFoundRateFollowsTheCeiling() {
        assertThat(run(1000, 5_000).found()).isLessThanOrEqualTo(5_000).isGreaterThan(4_500);
        assertThat(run(1000, 40_000).found()).isLessThanOrEqualTo(40_000).isGreaterThan(36_000);
    }

    @Test
    void halvesFromAStartAboveTheCeiling() {
        MaxRateSearch search = run(1000, 300);

        assertThat(search.steps()).extracting(RateProbe::rate).startsWith(1000.0, 500.0, 250.0);
        assertThat(search.found()).isLessThanOrEqualTo(300).isGreaterThan(270);
    }

    @Test
    void findsNothingWhenNoRateDownToTheMinimumIsSustained() {
        MaxRateSearch search = run(1000, 1);

        assertThat(search.found()).isZero();
        assertThat(search.converged()).isFalse();
        assertThat(search.steps()).allMatch(s -> !s.sustained());
        assertThat(search.steps().get(search.steps().size() - 1).rate()).isGreaterThanOrEqualTo(RULE.minRate());
    }

    @Test
    void stopsAfterTheRulesStepsWithoutConverging() {
        MaxRateSearch.Rule few = new MaxRateSearch.Rule(0.95, 50, 1, 1, 0.001, 6, 10);
        MaxRateSearch search = new MaxRateSearch(1000, few);
        for (OptionalDouble next = search.next(); next.isPresent(); next = search.next()) {
            step(search, next.getAsDouble(), 13_300);
        }

        assertThat(search.steps().stream().filter(s -> !s.hold())).hasSize(6);
        assertThat(search.converged()).isFalse();
        assertThat(search.found()).isPositive();
    }

    @Test
    void eachBoundOfTheRuleFailsAStepOnItsOwnAndSaysWhich() {
        // 1000/s for 4 s: 4000 records scheduled, one second of records is 1000.
        assertThat(new MaxRateSearch(1000, RULE).judge(1000, 4, 4000, 3990, 0, 12.0, 10, 10))
                .returns(true, RateProbe::sustained)
                .returns(null, RateProbe::reason);
        assertThat(new MaxRateSearch(1000, RULE)
                        .judge(1000, 4, 3700, 3690, 0, 12.0, 10, 10)
                        .reason())
                .isEqualTo("sent 3700 of 4000 scheduled (93 %)");
        assertThat(new MaxRateSearch(1000, RULE)
                        .judge(1000, 4, 4000, 3990, 0, 51.0, 10, 10)
                        .reason())
                .isEqualTo("publish delay p99 51.0 ms > 50 ms");
        assertThat(new MaxRateSearch(1000, RULE)
                        .judge(1000, 4, 4000, 2990, 0, 12.0, 1001, 10)
                        .reason())
                .isEqualTo("1001 records awaiting the brokers' answer (> 1.0 s of records)");
        assertThat(new MaxRateSearch(1000, RULE)
                        .judge(1000, 4, 4000, 3990, 0, 12.0, 10, 1001)
                        .reason())
                .isEqualTo("consumer 1001 records behind (> 1.0 s of records)");
        assertThat(new MaxRateSearch(1000, RULE)
                        .judge(1000, 4, 4000, 3980, 3, 12.0, 17, 10)
                        .reason())
                .isEqualTo("3 sends failed");
    }

    @Test
    void refusesANonPositiveStart() {
        assertThatThrownBy(() -> new MaxRateSearch(0, RULE)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MaxRateSearch(-1, RULE)).isInstanceOf(IllegalArgumentException.class);
    }
}
