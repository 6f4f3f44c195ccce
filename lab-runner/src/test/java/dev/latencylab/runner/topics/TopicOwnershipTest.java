package dev.latencylab.runner.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.Properties;
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

    @Test
    void kafkaTopicsDeletesOnlyALabTopicItMayDeleteAndAsksTheClusterNothingOtherwise() {
        // No broker listens on port 1: a refusal comes before any call, or the call would time out.
        try (KafkaTopics own = new KafkaTopics("127.0.0.1:1", Clock.systemUTC());
                KafkaTopics theirs = new KafkaTopics("127.0.0.1:1", new Properties(), Clock.systemUTC(), false)) {
            assertThatThrownBy(() -> own.delete("orders"))
                    .isInstanceOf(TopicException.class)
                    .hasMessage("the lab deletes only topics named lab.*: not orders");
            assertThatThrownBy(() -> theirs.delete("lab.orders.x"))
                    .isInstanceOf(TopicException.class)
                    .hasMessageStartingWith("the lab did not create topic lab.orders.x on 127.0.0.1:1,"
                            + " a cluster it did not start: it deletes only topics it created there");
        }
    }
}
