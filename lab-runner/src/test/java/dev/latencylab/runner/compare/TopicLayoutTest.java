package dev.latencylab.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TopicLayoutTest {

    @Test
    void readsPartitionsReplicationAndMinIsrOfTheLabTopic() {
        TopicLayout t = TopicLayout.parse(Resources.text("topic-describe-lab-orders.txt"), "lab.orders")
                .orElseThrow();

        assertThat(t).isEqualTo(new TopicLayout(3, 3, 2));
        assertThat(t).hasToString("3 partitions, RF 3, min.insync.replicas 2");
    }

    @Test
    void anotherTopicsDescriptionIsNotTaken() {
        assertThat(TopicLayout.parse(Resources.text("topic-describe-lab-orders.txt"), "lab.compare"))
                .isEmpty();
    }

    @Test
    void withoutAnOverrideMinIsrIsLeftToTheBroker() {
        String out = "Topic: t1\tTopicId: abc\tPartitionCount: 10\tReplicationFactor: 1\tConfigs: segment.bytes=1000\n";

        assertThat(TopicLayout.parse(out, "t1")).contains(new TopicLayout(10, 1, null));
    }

    @Test
    void anErrorIsNoLayout() {
        String out = "Error while executing topic command : Topic 'lab.orders' does not exist as expected\n";

        assertThat(TopicLayout.parse(out, "lab.orders")).isEmpty();
    }
}
