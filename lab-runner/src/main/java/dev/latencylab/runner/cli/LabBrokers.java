package dev.latencylab.runner.cli;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a bootstrap list is the lab's own brokers, where a topic an earlier run left may be replaced;
 * anywhere else a topic may be someone's. By address, not by spelling: every entry is a loopback name
 * (127.0.0.1, localhost, ::1, [::1]) on one of the lab's broker ports (9092, 9093, 9094), in any order,
 * so {@code localhost:9092} is the lab's cluster as {@code 127.0.0.1:9092,...} is. And by what the lab
 * recorded: while scripts/lab runs against a cluster given to {@code up --bootstrap} ({@code .lab/bootstrap}
 * in the checkout), nothing on those ports is the lab's, for that cluster is the user's.
 */
final class LabBrokers {

    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "::1", "[::1]");
    private static final Set<String> PORTS = Set.of("9092", "9093", "9094");

    private LabBrokers() {}

    /** @param checkout the folder scripts/lab runs the runner in (its {@code .lab} records an existing cluster) */
    static boolean own(String bootstrap, Path checkout) {
        return onTheLabsAddresses(bootstrap)
                && !Files.exists(checkout.resolve(".lab").resolve("bootstrap"), LinkOption.NOFOLLOW_LINKS);
    }

    static boolean onTheLabsAddresses(String bootstrap) {
        List<HostPort> entries = entries(bootstrap);
        return !entries.isEmpty()
                && entries.stream().allMatch(e -> LOOPBACK.contains(e.host()) && PORTS.contains(e.port()));
    }

    /** A bootstrap entry's host, lower case (an IPv6 literal keeps its brackets), and its port ("" when none). */
    record HostPort(String host, String port) {}

    /** A bootstrap list's entries, in order; none when it is blank. */
    static List<HostPort> entries(String bootstrap) {
        if (bootstrap == null || bootstrap.isBlank()) {
            return List.of();
        }
        return Arrays.stream(bootstrap.split(",", -1))
                .map(entry -> {
                    String e = entry.trim().toLowerCase(Locale.ROOT);
                    int colon = e.lastIndexOf(':');
                    return colon > 0 && !e.endsWith("]")
                            ? new HostPort(e.substring(0, colon), e.substring(colon + 1))
                            : new HostPort(e, "");
                })
                .toList();
    }
}
