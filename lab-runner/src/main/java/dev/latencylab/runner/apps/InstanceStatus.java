package dev.latencylab.runner.apps;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.runner.endpoint.Urls;
import java.net.URI;

/** One producer-app instance's status; {@code base} is its URL as given, {@code endpoint} the producer endpoint under it. */
public record InstanceStatus(URI base, URI endpoint, ProducerStatus status) {

    /** How reports name the instance: its URL as given, with a trailing slash (a path prefix kept). */
    public String instance() {
        return Urls.resolve(base, "/").toString();
    }
}
