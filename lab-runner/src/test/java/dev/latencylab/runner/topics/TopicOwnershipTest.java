package dev.latencylab.runner.topics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TopicOwnershipTest {

    @Test
    void onTheLabsOwnBrokersAnyTopicIsAnEarlierRunsToReplace() {
        TopicOwnership own = new TopicOwnership("127.0.0.1:9092", true);

        assertThat(own.mayDelete("lab.compare")).isTrue();
    }

    @Test
    void onAClusterTheLabDidNotStartOnlyTopicsItClaimedMayBeDeleted() {
        TopicOwnership theirs = new TopicOwnership("kafka.example:9092", false);

        assertThat(theirs.mayDelete("lab.compare")).isFalse();
        theirs.claim("lab.compare");
        assertThat(theirs.mayDelete("lab.compare")).isTrue();
        assertThat(theirs.mayDelete("lab.orders.other")).isFalse();
    }

    @Test
    void theRefusalNamesTheTopicTheClusterAndBothWaysOut() {
        // ExistingClusterIT reads the first two parts in a run's output.
        assertThat(new TopicOwnership("kafka.example:9092", false)
                        .refusal("lab.orders.x", "give the phase another topic"))
                .contains("topic lab.orders.x already exists on kafka.example:9092")
                .contains("the lab deletes only topics it created")
                .contains("Delete it yourself")
                .endsWith("or give the phase another topic");
    }
}
