package dev.latencylab.runner.results.summary;

import static dev.latencylab.runner.results.summary.Phases.phase;
import static dev.latencylab.runner.results.summary.Phases.repeat;
import static dev.latencylab.runner.results.summary.Phases.withoutPrometheus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.run.PhaseDescription;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TradeOffReadingTest {

    /** The article's modest-load shape: linger 0 fastest, most requests and CPU. */
    private static final List<PhaseSummary> MODEST = List.of(
            phase("linger-0", 0, 2.0, 8.0, 0.20, 1000, 1.0),
            phase("linger-5", 5, 4.0, 10.0, 0.15, 400, 1.0),
            phase("linger-10", 10, 7.0, 14.0, 0.12, 200, 1.0),
            phase("linger-20", 20, 12.0, 24.0, 0.10, 100, 1.0));

    @Test
    void namesTheBestPhasePerFigureAndComparesWithLingerZero() {
        RunSummary.Reading r = TradeOffReading.read(MODEST, 2);

        assertThat(r.paragraph())
                .contains("Against the baseline linger-0 (linger.ms 0):")
                .contains("Median (p50) end-to-end latency was lowest in linger-0 (2.00 ms), the baseline itself; "
                        + "the next best, linger-5 (4.00 ms), was 2.0x as much.")
                .contains(
                        "P99 latency was lowest in linger-0 (8.00 ms), the baseline itself; the next best, linger-5 (10.0 ms), was 25 % higher.")
                .contains(
                        "Total CPU (producer + consumer + brokers) was lowest in linger-20 (0.50 cores), 50 % lower than linger-0's 1.00 cores.")
                .contains(
                        "The produce request rate was lowest in linger-20 (100/s), 90 % lower than linger-0's 1000/s.")
                .contains(
                        "Compression was the same in every phase (codec none, compressed to 100 % of the raw size by the client's trailing average).")
                .contains("Every measured phase reached at least 98 % of its target rate.")
                .contains("No record was lost or duplicated in any measured window.");
        assertThat(r.sanityPassed()).isTrue();
        assertThat(r.sanity())
                .isEqualTo("Sanity check passed: produce requests/s fell at every linger step "
                        + "(0 ms: 1000/s -> 5 ms: 400/s -> 10 ms: 200/s -> 20 ms: 100/s).");
        assertThat(r.caveat()).contains("share this machine's 2 cores").contains("within this one run");
        // One run per phase: the comparison is stated, with the caution that it may be noise.
        assertThat(r.paragraph()).contains(TradeOffReading.SINGLE_RUN);
    }

    /** Three repeats of a phase whose p50 and CPU each vary by {@code jitter} around the given values. */
    private static List<PhaseSummary> repeats(String name, int linger, double p50, double cpuEach, double jitter) {
        return List.of(
                repeat(
                        phase(name, linger, p50 - jitter, 4 * p50, cpuEach - jitter / 100, 1000 / (1.0 + linger), 1.0),
                        1),
                repeat(phase(name, linger, p50, 4 * p50, cpuEach, 1000 / (1.0 + linger), 1.0), 2),
                repeat(
                        phase(name, linger, p50 + jitter, 4 * p50, cpuEach + jitter / 100, 1000 / (1.0 + linger), 1.0),
                        3));
    }

    private static List<PhaseSummary> interleaved(List<PhaseSummary> a, List<PhaseSummary> b) {
        List<PhaseSummary> rows = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            rows.add(a.get(i));
            rows.add(b.get(i));
        }
        return rows;
    }

    @Test
    void withRepeatsADifferenceIsCalledOnlyWhereTheRangesDoNotOverlap() {
        // p50 2.0 (1.9..2.1) against 4.0 (3.9..4.1): apart.
        List<PhaseSummary> rows =
                interleaved(repeats("linger-0", 0, 2.0, 0.20, 0.1), repeats("linger-5", 5, 4.0, 0.15, 0.1));

        String text = TradeOffReading.read(rows, 2).paragraph();

        assertThat(text)
                .contains("Median (p50) end-to-end latency was lowest in linger-0 (median 2.00 ms, 1.90..2.10 over 3 "
                        + "repeats), the baseline itself; the next best, linger-5 (median 4.00 ms, 3.90..4.10 over 3 "
                        + "repeats), was 2.0x as much; their ranges do not overlap.")
                .doesNotContain(TradeOffReading.SINGLE_RUN)
                .doesNotContain("no difference measurable between linger-0 (median 2.00");
    }

    @Test
    void withRepeatsOverlappingRangesAreNoMeasurableDifference() {
        // p50 2.0 (1.0..3.0) against 2.5 (1.5..3.5): the medians differ, the ranges overlap.
        List<PhaseSummary> rows =
                interleaved(repeats("linger-0", 0, 2.5, 0.20, 1.0), repeats("linger-5", 5, 2.0, 0.20, 1.0));

        String text = TradeOffReading.read(rows, 2).paragraph();

        assertThat(text)
                .contains("Median (p50) end-to-end latency: no difference measurable between linger-5 (median 2.00 ms, "
                        + "1.00..3.00 over 3 repeats, the lowest median) and linger-0 (median 2.50 ms, 1.50..3.50 over 3 "
                        + "repeats): their ranges overlap.")
                .doesNotContain("end-to-end latency was lowest in linger-5")
                .doesNotContain(TradeOffReading.SINGLE_RUN);
    }

    @Test
    void withRepeatsEventsNameTheRepeatTheyHappenedIn() {
        List<PhaseSummary> rows = new ArrayList<>(
                interleaved(repeats("linger-0", 0, 2.0, 0.20, 0.1), repeats("linger-5", 5, 4.0, 0.15, 0.1)));
        PhaseSummary slow = phase("linger-5", 5, 1000, 4.0, 9.0, 40.0, 0.15, 200.0, 1.0, 850.0);
        rows.set(3, repeat(slow, 2));

        String text = TradeOffReading.read(rows, 2).paragraph();

        assertThat(text)
                .contains("linger-5#2 reached only 85 % of its target")
                .contains("The producer fell behind its schedule in linger-5#2 (corrected p99 40.0 ms");
    }

    @Test
    void aPhaseThatKeepsTheMachinesCoresBusyIsCalledCpuBound() {
        // cpuEach 0.40 x 5 processes = 2.00 cores of 2; 0.10 x 5 = 0.50.
        List<PhaseSummary> phases = List.of(
                phase("linger-0", 0, 5000, 19.0, 160.0, 162.0, 0.40, 1500.0, 1.0, 5000.0),
                phase("linger-20", 20, 5000, 11.0, 22.0, 22.5, 0.10, 160.0, 1.0, 5000.0));

        assertThat(TradeOffReading.read(phases, 2).paragraph())
                .contains(
                        "The lab's processes alone kept this machine's CPU nearly saturated in linger-0 (2.00 of 2 cores, 100 %)")
                .doesNotContain("linger-20 (0.50 of");
        assertThat(TradeOffReading.read(phases, 8).paragraph()).doesNotContain("nearly saturated");
        // Processes on other machines (workers, a user's cluster): their cores are not this machine's.
        RunSummary.Reading elsewhere = TradeOffReading.read(phases, 0);
        assertThat(elsewhere.paragraph()).doesNotContain("nearly saturated");
        assertThat(elsewhere.caveat()).contains("ran on other machines").doesNotContain("share this machine's");
    }

    @Test
    void lossOutsideTheMeasuredWindowsIsNotHiddenByTheirZeroes() {
        RunSummary.RunTotals lossy =
                new RunSummary.RunTotals(100_000L, 100_000L, 0L, 99_173L, 827L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, true);
        RunSummary.RunTotals clean =
                new RunSummary.RunTotals(100_000L, 100_000L, 0L, 100_000L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, true);

        String withLoss = TradeOffReading.read(MODEST, lossy, 2).paragraph();
        String without = TradeOffReading.read(MODEST, clean, 2).paragraph();

        assertThat(withLoss)
                .contains("No record was lost or duplicated in any measured window.")
                .contains(
                        "Over the whole run (warm-ups included) the consumer counted 827 lost and 0 duplicated records, "
                                + "827 lost and 0 duplicated of them outside the measured windows.");
        assertThat(without).doesNotContain("Over the whole run");
    }

    @Test
    void theTextFollowsTheNumbers() {
        // Under heavy load the article saw linger 0 lose: congestion from many small requests.
        List<PhaseSummary> congested = List.of(
                phase("linger-0", 0, 5000, 30.0, 120.0, 125.0, 0.40, 5000.0, 1.0, 5000.0),
                phase("linger-5", 5, 5000, 9.0, 30.0, 31.0, 0.25, 1500.0, 1.0, 5000.0),
                phase("linger-10", 10, 5000, 11.0, 25.0, 26.0, 0.22, 800.0, 1.0, 5000.0),
                phase("linger-20", 20, 5000, 16.0, 35.0, 36.0, 0.20, 400.0, 1.0, 5000.0));

        String modest = TradeOffReading.read(MODEST, 2).paragraph();
        String heavy = TradeOffReading.read(congested, 2).paragraph();

        assertThat(heavy)
                .isNotEqualTo(modest)
                .contains(
                        "Median (p50) end-to-end latency was lowest in linger-5 (9.00 ms), 70 % lower than linger-0's 30.0 ms.")
                .contains("P99 latency was lowest in linger-10 (25.0 ms), 79 % lower than linger-0's 120 ms.");
        assertThat(modest).contains("latency was lowest in linger-0");
    }

    @Test
    void aShortfallLossAndTheProducersOwnDelayAreCalledOut() {
        PhaseSummary behind = phase("linger-0", 0, 1000, 3.0, 9.0, 40.0, 0.2, 900.0, 1.0, 850.0);
        PhaseSummary lossy = new PhaseSummary(
                "linger-5",
                1,
                1,
                behind.settings(),
                behind.measuredFrom(),
                behind.measuredTo(),
                50,
                true,
                1L,
                0L,
                behind.latencyMs(),
                behind.latencyMs(),
                PhaseSummary.Latency.NONE,
                1000.0,
                Phases.counts(7L, 2L),
                true,
                null,
                behind.cpuCores(),
                new PhaseSummary.Requests(300.0, 1.0, 1.0),
                1.0,
                behind.producer(),
                behind.gcPauseMsPerSecond(),
                null,
                null,
                null);

        String text = TradeOffReading.read(List.of(behind, lossy), 2).paragraph();

        assertThat(text)
                .contains("linger-0 reached only 85 % of its target (850 of 1000 records/s)")
                .contains("7 records were lost and 2 duplicated (linger-5: 7 lost, 2 duplicated).")
                .contains("The producer fell behind its schedule in linger-0 (corrected p99 40.0 ms vs naive 9.00 ms)");
    }

    @Test
    void theSanityLineSaysPlainlyWhenRequestsDoNotFall() {
        List<PhaseSummary> odd = List.of(
                phase("linger-0", 0, 2.0, 8.0, 0.2, 1000, 1.0),
                phase("linger-5", 5, 4.0, 10.0, 0.2, 400, 1.0),
                phase("linger-10", 10, 7.0, 14.0, 0.2, 520, 1.0));

        RunSummary.Reading r = TradeOffReading.read(odd, 2);

        assertThat(r.sanityPassed()).isFalse();
        assertThat(r.sanity())
                .startsWith("Sanity check FAILED: produce requests/s should fall as linger.ms rises, but "
                        + "from linger.ms 5 (linger-5, 400/s) to 10 (linger-10, 520/s) they rose 30 %.");
    }

    @Test
    void phasesAtDifferentRatesAreNotComparedForTheSanityCheck() {
        List<PhaseSummary> mixed = List.of(
                phase("slow", 0, 1000, 2.0, 8.0, 8.0, 0.2, 1000.0, 1.0, 1000.0),
                phase("fast", 5, 5000, 4.0, 10.0, 10.0, 0.2, 2000.0, 1.0, 5000.0));

        RunSummary.Reading r = TradeOffReading.read(mixed, 2);

        assertThat(r.sanityPassed()).isNull();
        assertThat(r.sanity()).startsWith("Sanity check not possible");
    }

    @Test
    void phasesThatDifferInAcksPartitionsOrProducersAreNotComparedForTheSanityCheck() {
        PhaseSummary base = phase("linger-0", 0, 2.0, 8.0, 0.2, 1000, 1.0);
        PhaseSummary longer = phase("linger-5", 5, 4.0, 10.0, 0.2, 400, 1.0);
        PhaseDescription threePartitions = new PhaseDescription("lab.orders", List.of(0, 1, 2), null, List.of());
        PhaseSummary leaderOnly =
                Phases.withSettings(longer, longer.settings().apply(SettingsChange.read(Map.of("acks", "1"))));
        PhaseSummary onePartition =
                Phases.withDescription(longer, new PhaseDescription("lab.orders", List.of(0), null, List.of()));
        PhaseSummary twoProducers = Phases.withDescription(
                longer,
                threePartitions.withProducers(List.of(
                        new PhaseDescription.ProducerInstance("http://a/", 10, 10, null),
                        new PhaseDescription.ProducerInstance("http://b/", 10, 10, null))));

        List<PhaseSummary> others = List.of(leaderOnly, onePartition, twoProducers);
        for (int i = 0; i < others.size(); i++) {
            RunSummary.Reading r =
                    TradeOffReading.read(List.of(Phases.withDescription(base, threePartitions), others.get(i)), 2);
            assertThat(r.sanityPassed())
                    .as("acks, partitions, producers: #%d", i)
                    .isNull();
            assertThat(r.sanity()).startsWith("Sanity check not possible");
        }
        // Alike in all but linger, they are compared.
        RunSummary.Reading alike = TradeOffReading.read(
                List.of(Phases.withDescription(base, threePartitions), Phases.withDescription(longer, threePartitions)),
                2);
        assertThat(alike.sanityPassed()).isTrue();
    }

    @Test
    void missingPrometheusFiguresAreNotAvailableNeverInvented() {
        RunSummary.Reading r = TradeOffReading.read(
                List.of(withoutPrometheus("linger-0", 0, 2.0, 8.0), withoutPrometheus("linger-5", 5, 3.0, 9.0)), 2);

        assertThat(r.paragraph())
                .contains("Total CPU (producer + consumer + brokers): n/a in every phase.")
                .contains("The produce request rate: n/a in every phase.")
                .contains("Compression rate: n/a in every phase.");
        assertThat(r.sanityPassed()).isNull();
    }

    @Test
    void aPhaseWithoutAFigureIsNamedAsNotComparedWhereTheOthersAre() {
        RunSummary.Reading r = TradeOffReading.read(
                List.of(
                        phase("linger-0", 0, 2.0, 8.0, 0.20, 1000, 1.0),
                        phase("linger-5", 5, 4.0, 10.0, 0.15, 400, 1.0),
                        withoutPrometheus("linger-10", 10, 7.0, 14.0)),
                2);

        assertThat(r.paragraph())
                .contains("Total CPU (producer + consumer + brokers) was lowest in linger-5 (0.75 cores), 25 % lower"
                        + " than linger-0's 1.00 cores (n/a for linger-10, not compared).")
                .contains("P99 latency was lowest in linger-0 (8.00 ms), the baseline itself; the next best, linger-5"
                        + " (10.0 ms), was 25 % higher.");
    }

    @Test
    void theBestCompressionIsNamedWithItsRatio() {
        List<PhaseSummary> phases = List.of(
                phase("linger-0", 0, 2.0, 8.0, 0.2, 1000, 0.91), phase("linger-20", 20, 9.0, 20.0, 0.1, 100, 0.62));

        assertThat(TradeOffReading.read(phases, 2).paragraph())
                .contains(
                        "The best compression ratio was in linger-20 (none, compressed to 62 % of the raw size by the client's trailing 30-60 s average, against 91 % in linger-0).");
    }
}
