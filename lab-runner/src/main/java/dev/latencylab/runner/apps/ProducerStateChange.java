package dev.latencylab.runner.apps;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.runner.endpoint.EndpointException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What changed on a producer-app between two of its answers that the runner did not ask for, named
 * setting by setting as scenario files name them ({@code rate 2000 → 4000}), so a reader need not
 * compare two whole sets of settings by eye.
 */
public final class ProducerStateChange {

    private ProducerStateChange() {}

    /**
     * Throws when {@code now} is not what the runner set {@code since} ({@code before}, null: nothing set
     * yet), naming each difference and what follows from it ({@code so}).
     */
    static void require(ProducerStatus before, ProducerStatus now, String since, String so) {
        Optional<String> changed = before == null ? Optional.empty() : between(before, now);
        if (changed.isPresent()) {
            throw new EndpointException(ProducerClient.PART + " is not what the runner set " + since + ": "
                    + changed.get() + ": restarted or changed by someone else meanwhile, " + so);
        }
    }

    /** Each difference, or empty when the two answers are of one producer, on one topic, with one set of settings. */
    public static Optional<String> between(ProducerStatus before, ProducerStatus after) {
        List<String> changed = new ArrayList<>();
        if (!before.producerId().equals(after.producerId())) {
            changed.add("restarted (producer " + before.producerId() + " → " + after.producerId() + ")");
        }
        if (!before.topic().equals(after.topic())) {
            changed.add("topic " + before.topic() + " → " + after.topic());
        }
        Map<String, Object> was = before.settings().shown();
        Map<String, Object> is = after.settings().shown();
        was.forEach((name, value) -> {
            if (!Objects.equals(value, is.get(name))) {
                changed.add(name + " " + value + " → " + is.get(name));
            }
        });
        if (!before.settings().producerConfig().equals(after.settings().producerConfig())) {
            changed.add("producerConfig " + before.settings().producerConfig() + " → "
                    + after.settings().producerConfig());
        }
        return changed.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", changed));
    }
}
