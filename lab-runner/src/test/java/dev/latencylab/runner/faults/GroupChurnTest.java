package dev.latencylab.runner.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.runner.topics.GroupAssignment;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GroupChurnTest {

    private static final Instant T0 = Instant.parse("2026-11-27T12:00:00Z");
    private final List<GroupChurn.Described> samples = new ArrayList<>();

    private void at(double seconds, String state, int members, Map<Integer, String> owners) {
        samples.add(new GroupChurn.Described(
                T0.plusMillis(Math.round(seconds * 1000)), new GroupAssignment("classic", state, members, owners)));
    }

    @Test
    void aPartitionMovesWhenItsNextHolderIsAnotherMemberNotWhenItComesBackToTheSameOne() {
        at(0, "stable", 2, Map.of(0, "a", 1, "a", 2, "b", 3, "b"));
        // eager rebalance: everything revoked for a second, then given back, b's 3 to a new member c
        at(1, "preparingrebalance", 3, Map.of());
        at(2, "completingrebalance", 3, Map.of());
        at(3, "stable", 3, Map.of(0, "a", 1, "a", 2, "b", 3, "c"));
        // b dies: the coordinator keeps it until its session expires, then its partition goes to a
        at(4, "stable", 3, Map.of(0, "a", 1, "a", 2, "b", 3, "c"));
        at(5, "stable", 2, Map.of(0, "a", 1, "a", 2, "a", 3, "c"));

        GroupChurn g = GroupChurn.of(samples);

        assertThat(g.partitionsMoved()).isEqualTo(2);
        assertThat(g.notStableSeconds()).isEqualTo(2.0);
        assertThat(List.of(g.membersBefore(), g.membersMin(), g.membersMax(), g.membersAfter()))
                .containsExactly(2, 2, 3, 2);
        assertThat(g.protocols()).isEqualTo("classic");
        assertThat(g.samples()).isEqualTo(6);
        assertThat(g.failedSamples()).isZero();
    }

    @Test
    void unansweredDescriptionsAreCountedAndNoAnswerAtAllIsNoFigure() {
        samples.add(new GroupChurn.Described(T0, null));
        assertThat(GroupChurn.of(samples)).isNull();

        at(1, "stable", 1, Map.of(0, "a"));
        samples.add(new GroupChurn.Described(T0.plusSeconds(2), null));
        at(3, "stable", 1, Map.of(0, "b"));
        GroupChurn g = GroupChurn.of(samples);
        assertThat(g.failedSamples()).isEqualTo(2);
        assertThat(g.partitionsMoved()).isEqualTo(1);
    }
}
