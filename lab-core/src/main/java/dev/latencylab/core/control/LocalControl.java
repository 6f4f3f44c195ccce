package dev.latencylab.core.control;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The control endpoints change the lab (settings, a reset, a pause) and have no login: what keeps a
 * web page the user happens to visit from driving them is this rule. A browser sends {@code Origin}
 * with every write it makes on a page's behalf, and scripts, the runner and curl send none; a page
 * that rebinds its own name to 127.0.0.1 still sends its own name as {@code Host}, on reads too. So
 * every request, a read (GET, HEAD, OPTIONS) as well as a write, must name a loopback host or one of
 * the app's own names (compose's Prometheus scrapes {@code producer-app:8080}), if it names one;
 * a write must also come without {@code Origin}. A read may carry one: a browser keeps a page from
 * reading another origin's answer, and the rebinding page, which could, is refused by its Host.
 */
public final class LocalControl {

    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");
    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "[::1]", "::1");

    private LocalControl() {}

    /**
     * Why the request may not change the lab, or empty when it may.
     *
     * @param host the {@code Host} header (null when absent)
     * @param origin the {@code Origin} header (null when absent)
     */
    public static Optional<String> refusal(String method, String host, String origin) {
        return refusal(method, host, origin, Set.of());
    }

    /**
     * Why the request may not reach the lab, or empty when it may.
     *
     * @param host the {@code Host} header (null when absent)
     * @param origin the {@code Origin} header (null when absent)
     * @param ownNames the app's own host names besides loopback (lower case, no port), e.g. its compose service's
     */
    public static Optional<String> refusal(String method, String host, String origin, Set<String> ownNames) {
        // A browser always sends Host; a client without one (HTTP/1.0) is no web page.
        boolean foreignHost = host != null && !LOOPBACK.contains(hostName(host)) && !ownNames.contains(hostName(host));
        if (READS.contains(method.toUpperCase(Locale.ROOT))) {
            return foreignHost
                    ? Optional.of("the lab's endpoints answer requests addressed to 127.0.0.1, localhost or ::1 only"
                            + " (Host: " + host + "): a web page may not read them by rebinding its name")
                    : Optional.empty();
        }
        if (origin != null) {
            return Optional.of("a request from a web page (Origin: " + origin + ") may not change the lab: its"
                    + " control endpoints take requests from scripts, the runner and curl only");
        }
        if (foreignHost) {
            return Optional.of("the lab's control endpoints take changes addressed to 127.0.0.1, localhost or ::1 only"
                    + " (Host: " + host + ")");
        }
        return Optional.empty();
    }

    /**
     * The name of a {@code Host} header without its port; an IPv6 literal keeps its brackets. One
     * without brackets (more than one ':') is an address whole: no port can be told apart from it.
     */
    static String hostName(String host) {
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            return end < 0 ? h : h.substring(0, end + 1);
        }
        int colon = h.indexOf(':');
        return colon < 0 || h.indexOf(':', colon + 1) >= 0 ? h : h.substring(0, colon);
    }
}
