package dev.latencylab.runner.scenario;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The order a run goes through a scenario: with {@code repeat: N}, N rounds of every phase
 * (A B C D A B C D ...), each round in its own shuffled order, so that a drift of the machine over
 * the run (another process, a warming cache, a filling disk) spreads over every setting instead of
 * landing on whichever phase comes last. The order is a pure function of the scenario and the
 * seed: the same seed gives the same order. With repeat 1 the order is the file's, unshuffled.
 *
 * <p>The shuffle draws from {@link SplittableRandom} (SplitMix64), which scrambles its seed:
 * {@code java.util.Random} does not, and with the small seeds people type (0..20) its first draw
 * left the first round of a two-phase scenario in the file's order every time.
 *
 * @param phases every phase the run measures, in order, each with its repeat index (1..N)
 */
public record RunPlan(long seed, int repeats, List<Phase> phases) {

    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    public RunPlan {
        phases = List.copyOf(phases);
    }

    public static RunPlan of(Scenario scenario, long seed) {
        int rounds = Math.max(1, scenario.repeat());
        if (rounds == 1) {
            return new RunPlan(
                    seed,
                    1,
                    scenario.phases().stream().map(p -> p.withRepeat(1)).toList());
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Phase> order = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            List<Phase> shuffled = new ArrayList<>(scenario.phases());
            // Fisher-Yates: every permutation equally likely.
            for (int i = shuffled.size() - 1; i > 0; i--) {
                Collections.swap(shuffled, i, random.nextInt(i + 1));
            }
            for (Phase p : shuffled) {
                order.add(p.withRepeat(round));
            }
        }
        return new RunPlan(seed, rounds, order);
    }

    public Duration total() {
        return phases.stream().map(Phase::total).reduce(Duration.ZERO, Duration::plus);
    }

    /** Each planned phase's label, in order: "linger-5#2" (the name alone when the run has one repeat). */
    public List<String> labels() {
        return phases.stream().map(p -> label(p.name(), p.repeat(), repeats)).toList();
    }

    /**
     * How a phase of a run is named wherever run phases are listed: its scenario name, plus
     * "#repeat" when the run repeats phases ('#' cannot occur in a phase name).
     */
    public static String label(String name, int repeat, int repeats) {
        return repeats > 1 ? name + "#" + repeat : name;
    }

    /** The order line printed before a run: with repeats, the seed that reproduces it. */
    public String orderLine() {
        if (repeats == 1) {
            return "Order: as in the file (one repeat; seed " + seed + " recorded, no shuffle)";
        }
        return "Order: " + repeats + " rounds, each shuffled with seed " + seed + " (--seed " + seed
                + " runs this order again): " + String.join(" ", labels());
    }

    /**
     * The line that opens a run: what it measures, for how long, and when it ends at the latest
     * (after a stack warm-up of {@code warmupFloor} to {@code warmupCeiling}, none when the ceiling
     * is zero).
     */
    public String startLine(Scenario scenario, Duration warmupFloor, Duration warmupCeiling, Instant now) {
        boolean warmup = !warmupCeiling.isZero();
        return String.format(
                "Running %s: %s, %s in all%s (until about %s)",
                scenario.name(),
                repeats > 1
                        ? phases.size() + " phases (" + scenario.phases().size() + " x " + repeats + " repeats)"
                        : phases.size() + " phases",
                Durations.format(total()),
                warmup
                        ? ", after a stack warm-up of " + Durations.format(warmupFloor) + " to "
                                + Durations.format(warmupCeiling)
                        : "",
                CLOCK.format(now.plus(total()).plus(warmupCeiling)) + (warmup ? " at the latest" : ""));
    }
}
