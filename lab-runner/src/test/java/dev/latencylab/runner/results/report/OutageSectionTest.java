package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.settings.Acks;
import dev.latencylab.api.settings.Compression;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.runner.faults.Outage;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OutageSectionTest {

    private static final Outage OUTAGE = new Outage(
            List.of(
                    new Outage.FaultStepTaken(20.1, "kill", 1, null, null, 1.3, null),
                    new Outage.FaultStepTaken(50.0, "restart", 1, null, null, 6.3, null)),
            134.0,
            18_788L,
            0.12,
            48.09,
            8_807.0,
            List.of(new Outage.Episode(0.1, 9.4, 18_600), new Outage.Episode(40.2, 40.6, 188)),
            new Outage.ProducerView(42L, 0L, 0L, 0.33, 47.0, 0),
            new Outage.ClusterView(2, 0, 0, 1.11, 2, 268, 0),
            null,
            0.25);

    @Test
    void theReadingGivesTheMainEpisodeAndWhatKafkaKeptOfItsPromise() {
        PhaseSummary all = phase(
                "acks-all",
                Acks.ALL,
                new PhaseCounts(180_031, 180_031, 0, 180_031, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null));

        assertThat(OutageSection.reading(all))
                .isEqualTo("acks-all (acks=all): 18788 records were delayed over 47.97 s (max e2e 8807 ms against 134"
                        + " ms before). Most of them (18600) were sent from 0.10 to 9.40 s after the first fault; the"
                        + " rest in 1 other episode (40.20-40.60 s: 188). All 180031 acknowledged records were consumed"
                        + " once: none lost, none duplicated.");
        assertThat(OutageSection.render(List.of(all)))
                .contains(
                        "| acks-all | all | kill kafka-1 at 0.00 s (20.10 s into the window), restart kafka-1 at 29.90 s | 18788 |")
                .contains("| 0.10 → 9.40 (18600) |");
    }

    @Test
    void acksOneSaysWhatItLostAndReordered() {
        PhaseSummary leader = phase(
                "acks-1",
                Acks.LEADER,
                new PhaseCounts(180_036, 180_036, 0, 180_030, 6, 0, 0, 0, 0, 59, 0, 0, 0, null, null));

        assertThat(OutageSection.reading(leader))
                .contains("6 of 180036 acknowledged records were lost and 0 duplicated: acks=1 confirms a write the"
                        + " leader alone holds")
                .contains("59 arrived out of order (without idempotence a retried batch can land behind a later one");
    }

    @Test
    void aPhaseWithoutABaselineOrWithUnansweredSamplesSaysSo() {
        Outage blind = new Outage(
                OUTAGE.steps(),
                null,
                180_031L,
                0.0,
                48.09,
                8_807.0,
                List.of(new Outage.Episode(0.0, 48.0, 180_031)),
                new Outage.ProducerView(42L, 0L, 0L, 0.33, 47.0, 3),
                new Outage.ClusterView(2, 0, 0, 1.11, 2, 268, 11),
                null,
                0.25);
        PhaseSummary p = Phases.withOutage(
                phase(
                        "early",
                        Acks.ALL,
                        new PhaseCounts(180_031, 180_031, 0, 180_031, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null)),
                blind);

        assertThat(OutageSection.reading(p))
                .contains("180031 records were delayed over 48.09 s (max e2e 8807 ms). No record of the phase had been"
                        + " consumed and timed before the first fault, so there was no slowest one to compare with:"
                        + " every record after it counts as delayed.")
                .contains("Did not answer (a call that failed or timed out): the topic's metadata in 11 of 268"
                        + " samples, the producer-app in 3 of 268; the figures above span the samples that did");
        assertThat(OutageSection.reading(phase("acks-all", Acks.ALL, null)))
                .doesNotContain("no slowest one")
                .doesNotContain("Did not answer");
        assertThat(dev.latencylab.runner.faults.OutageLine.of(blind))
                .startsWith("outage: 180031 records delayed (no baseline: every record) over 48.09 s")
                .endsWith("; unanswered: the topic's metadata in 11 of 268 samples, the producer-app in 3 of 268");
    }

    @Test
    void delayedRecordsNotCountedAreNotAvailableNeverZero() {
        Outage unread = new Outage(
                OUTAGE.steps(),
                134.0,
                null,
                null,
                null,
                null,
                List.of(),
                OUTAGE.producer(),
                OUTAGE.cluster(),
                null,
                0.25);
        PhaseSummary p = Phases.withOutage(
                phase(
                        "acks-all",
                        Acks.ALL,
                        new PhaseCounts(180_031, 180_031, 0, 180_031, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null)),
                unread);

        assertThat(OutageSection.reading(p))
                .startsWith("acks-all (acks=all): an unknown number of records (the consumer's latency figures of the"
                        + " phase were not read) were delayed.");
        assertThat(OutageSection.render(List.of(p)))
                .contains(
                        "| acks-all | all | kill kafka-1 at 0.00 s (20.10 s into the window), restart kafka-1 at 29.90 s | n/a |");
        assertThat(dev.latencylab.runner.faults.OutageLine.of(unread)).startsWith("outage: n/a records delayed");
    }

    private static PhaseSummary phase(String name, Acks acks, PhaseCounts counts) {
        ProducerSettings s = new ProducerSettings(5, 16384, Compression.NONE, 2000, 400, KeyStrategy.ORDER_ID)
                .apply(SettingsChange.read(Map.of("payload", "words", "acks", acks.kafkaValue())));
        PhaseSummary p = Phases.withCounts(Phases.withSettings(Phases.phase(name, 5, 2, 4, 0.3, 400, 1.0), s), counts);
        return Phases.withOutage(p, OUTAGE);
    }
}
