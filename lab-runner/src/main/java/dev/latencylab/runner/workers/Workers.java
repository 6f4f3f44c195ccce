package dev.latencylab.runner.workers;

import dev.latencylab.runner.endpoint.Urls;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The producer-app and consumer-app instances a command drives, each once, in the order they are driven (and
 * named: the first is {@code producer-app}, the second {@code producer-app-2}, as scripts/lab names its own).
 * No cap on their number: scripts/lab's 8 is its local processes'.
 */
public record Workers(List<URI> producers, List<URI> consumers) {

    public Workers {
        producers = List.copyOf(producers);
        consumers = List.copyOf(consumers);
    }

    /**
     * The instances given, DNS forms expanded ({@link WorkerUrls}), every URL checked.
     *
     * @param producersWhat how the producers were given, for errors ("--producer", "producers in workers.yaml")
     * @throws IllegalArgumentException naming what is refused: a URL, an empty list, an instance named twice in it
     */
    public static Workers of(
            List<URI> producers, String producersWhat, List<URI> consumers, String consumersWhat, HostResolver dns) {
        return new Workers(checked(producers, producersWhat, dns), checked(consumers, consumersWhat, dns));
    }

    /** Every instance, producers first: where the apps' token may go. */
    public List<URI> all() {
        return Stream.concat(producers.stream(), consumers.stream()).toList();
    }

    /**
     * One app's instances expanded, each once: a server answers one origin and path, and one named twice would be
     * driven, and counted, twice. (A producer's URL may be a consumer's too: the tests' doubles answer both.)
     */
    private static List<URI> checked(List<URI> given, String what, HostResolver dns) {
        List<URI> urls = WorkerUrls.expand(given, what, dns);
        if (urls.isEmpty()) {
            throw new IllegalArgumentException(what + ": no URL");
        }
        Set<String> seen = new HashSet<>();
        for (URI url : urls) {
            String path = url.getPath() == null ? "" : url.getPath().replaceAll("/+$", "");
            if (!seen.add(Urls.origin(url) + path)) {
                throw new IllegalArgumentException(what + ": " + url + " is named twice (a name given with dns+"
                        + " counts each address it resolves to)");
            }
        }
        return urls;
    }
}
