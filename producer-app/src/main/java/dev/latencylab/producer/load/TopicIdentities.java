package dev.latencylab.producer.load;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.Uuid;

/**
 * The ID of each topic one Kafka producer was started on, to tell a topic deleted and created
 * again under its name from the one the client wrote to. Such a client sends its first batches
 * with the old topic's ID (refused: UNKNOWN_TOPIC_ID) and its idempotence sequence numbers run on;
 * a later batch of the same partition, sent once it knows the new ID, can arrive first, and a
 * leader with no state for this producer takes any sequence number. The earlier batch, retried,
 * is then out of order for good (OUT_OF_ORDER_SEQUENCE_NUMBER until delivery.timeout.ms), and a
 * flush waits that long. A client hears of no deletion between two of its sends, so the sender
 * asks before a start and takes a new client. Used by the sender thread only.
 */
final class TopicIdentities {

    private final Map<String, Uuid> written = new HashMap<>();

    /** True when the client wrote to a topic of this name under another ID. */
    boolean createdAgain(String topic, Uuid id) {
        Uuid before = written.get(topic);
        return id != null && before != null && !before.equals(id);
    }

    void startedOn(String topic, Uuid id) {
        if (id != null) {
            written.put(topic, id);
        }
    }

    /** A new client: it carries nothing of the old one's over. */
    void newClient() {
        written.clear();
    }
}
