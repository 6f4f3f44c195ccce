package dev.latencylab.runner.cli;

import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine.Option;

/** The seed of a repeating scenario's phase order (a picocli mixin): given, it reproduces an order. */
final class OrderArgs {

    /** Seeds drawn at random stay short enough to read off a terminal and type back. */
    private static final long RANDOM_SEEDS = 1_000_000;

    @Option(
            names = "--seed",
            paramLabel = "N",
            description = "seed of the shuffled phase order when the scenario has repeat > 1; the same seed gives the "
                    + "same order (default: a random one, printed at the start and kept in summary.json)")
    Long seed;

    /** The seed given, or a fresh random one. */
    long seed() {
        return seed != null ? seed : ThreadLocalRandom.current().nextLong(RANDOM_SEEDS);
    }
}
