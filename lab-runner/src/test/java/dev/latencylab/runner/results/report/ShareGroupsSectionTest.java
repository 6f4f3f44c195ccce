package dev.latencylab.runner.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.api.accounting.PhaseCounts;
import dev.latencylab.api.latency.ConsumerDescription;
import dev.latencylab.api.latency.KeyOrder;
import dev.latencylab.runner.results.summary.PhaseSummary;
import dev.latencylab.runner.results.summary.Phases;
import dev.latencylab.runner.run.PhaseDescription;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShareGroupsSectionTest {

    private static PhaseSummary phase(String name, String listener, double rate, double cores, KeyOrder keys) {
        PhaseSummary p = Phases.drain(name, listener + " x 3", rate, cores, 0);
        p = Phases.withCounts(p, new PhaseCounts(20_000, 20_000, 0, 20_000, 0, 0, 0, 0, 312, 40, 0, 0, 0, null, keys));
        return Phases.withDescription(
                p,
                new PhaseDescription(
                        "lab.orders." + name,
                        List.of(0, 1, 2),
                        new ConsumerDescription("lab\\.orders(\\..+)?", "g", Map.of("listener", listener)),
                        List.of()));
    }

    @Test
    void eachDrainGetsItsRowAndEachShareGroupItsSentenceAgainstTheFirstPhase() {
        PhaseSummary group = phase("consumer-group", "batch", 1_000, 0.2, new KeyOrder(10_000, 9_800, 0, 0));
        PhaseSummary share = phase("share-12", "share", 4_000, 0.5, new KeyOrder(10_000, 9_800, 4_900, 0));

        String md = ShareGroupsSection.render(List.of(group, share));

        assertThat(md)
                .startsWith("## Share groups")
                .contains("| consumer-group | batch x 3 | 1000 | 1.00 |")
                .contains("| share-12 | share x 3 | 4000 | 4.00 | 0.50 | 2.50 |")
                .contains("| 20000 | 312 | 0 | 0 | 40 | 10000 | 9800 | 4900 | 50.0 % |")
                .contains("- share-12: 4.00x the drain rate of consumer-group at 2.50x its consumer CPU; 4900 of its"
                        + " 9800 keys with two records or more (50.0 %) had a record processed after a later one; 312 records processed again,"
                        + " 0 lost.")
                .doesNotContain("- consumer-group:")
                .doesNotContain("not checked");
    }

    @Test
    void recordsPastTheTrackedKeysAreSaidAndARunWithoutAShareGroupHasNoSection() {
        PhaseSummary group = phase("consumer-group", "batch", 1_000, 0.2, null);
        PhaseSummary share = phase("share-1", "share", 900, 0.2, new KeyOrder(16_384, 16_000, 1, 7));

        assertThat(ShareGroupsSection.render(List.of(group, share)))
                .contains("| consumer-group | batch x 3 | 1000 | 1.00 | 0.20 | 1.00 |")
                .contains("| 40 | n/a | n/a | n/a | n/a |")
                .contains("| 16384 | 16000 | 1 | <0.1 % |")
                .contains("7 records were not checked for their key's order");
        assertThat(ShareGroupsSection.render(List.of(group))).isEmpty();
    }

    @Test
    void recordsReadInOrderWhereKeyOrderCannotBreakAreSaidNotChecked() {
        PhaseSummary group = phase("consumer-group", "batch", 1_000, 0.2, new KeyOrder(0, 0, 0, 0, 1_000));
        PhaseSummary share = phase("share-1", "share", 900, 0.2, new KeyOrder(900, 0, 0, 0));

        assertThat(ShareGroupsSection.render(List.of(group, share)))
                .contains("1000 records were not checked for their key's order because it could not break")
                .doesNotContain("their phase had more keys");
    }

    @Test
    void everyLineOfTheTableHasAsManyCellsAsItsHeader() {
        String md = ShareGroupsSection.render(List.of(
                phase("consumer-group", "batch", 1_000, 0.2, new KeyOrder(10_000, 9_800, 0, 0)),
                phase("share-12", "share", 4_000, 0.5, null)));

        List<Long> cells = md.lines()
                .filter(l -> l.startsWith("|"))
                .map(l -> l.chars().filter(c -> c == '|').count())
                .toList();
        assertThat(cells).hasSize(4).containsOnly(cells.get(0));
    }
}
