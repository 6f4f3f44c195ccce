package dev.latencylab.runner.run;

import dev.latencylab.api.producer.PhaseSends;
import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.runner.apps.ProducerClient;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * Follows the producer-app while it writes a backlog, for a run's drain phase and a comparison's
 * drains alike: its tally of the backlog's phase is read until enough records were sent, or until
 * nothing was sent for {@link #STALL}; the caller stops the load and says what a stall means.
 */
public final class BacklogSends {

    /** Nothing sent for this long while a backlog is written: the producer is stuck. */
    public static final Duration STALL = Duration.ofSeconds(60);

    /** Often: the producer stops by itself at the count, and the drain's wait starts once that is seen. */
    private static final Duration POLL = Duration.ofMillis(50);

    private final ProducerClient producer;
    private final Clock clock;
    private final Sleeper pause;
    private final PrintStream out;
    private final Duration progressEvery;
    private final Duration stall;

    public BacklogSends(ProducerClient producer, Clock clock, Sleeper pause, PrintStream out, Duration progressEvery) {
        this(producer, clock, pause, out, progressEvery, STALL);
    }

    /** Tests: a shorter stall than {@link #STALL}, so they need fewer polls. */
    BacklogSends(
            ProducerClient producer,
            Clock clock,
            Sleeper pause,
            PrintStream out,
            Duration progressEvery,
            Duration stall) {
        this.producer = producer;
        this.clock = clock;
        this.pause = pause;
        this.out = out;
        this.progressEvery = progressEvery;
        this.stall = stall;
    }

    /** How many records of the phase were sent when the wait ended, and whether it ended on a stall. */
    public record Written(long sent, boolean stalled) {}

    /**
     * Looks at each read of the phase's tally (empty while the producer-app has none); throws to end
     * the wait (a comparison refuses a backlog with failed sends, or without a tally).
     */
    @FunctionalInterface
    public interface TallyCheck {
        void tally(Optional<PhaseSends> sends);
    }

    /** Until {@code records} of {@code phase} were sent, printing the count every progress period. */
    public Written await(int phase, long records, String indent, TallyCheck check) throws InterruptedException {
        long sent = 0;
        Instant lastGrowth = clock.instant();
        Instant nextProgress = lastGrowth.plus(progressEvery);
        while (sent < records) {
            pause.sleep(POLL);
            Optional<PhaseSends> tally = producer.state().phaseSends(phase);
            check.tally(tally);
            long now = tally.map(PhaseSends::sent).orElse(0L);
            if (now > sent) {
                lastGrowth = clock.instant();
            } else if (Duration.between(lastGrowth, clock.instant()).compareTo(stall) > 0) {
                return new Written(now, true);
            }
            sent = now;
            if (!clock.instant().isBefore(nextProgress)) {
                out.printf(Locale.ROOT, "%sbacklog: %,d of %,d records sent%n", indent, sent, records);
                nextProgress = clock.instant().plus(progressEvery);
            }
        }
        return new Written(sent, false);
    }
}
