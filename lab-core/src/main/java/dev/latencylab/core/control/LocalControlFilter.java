package dev.latencylab.core.control;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Refuses, with a 403 and its reason, a change of the lab that a web page could have sent and a read
 * addressed to a name that is not the app's ({@link LocalControl}).
 * Plain Servlet API, no Spring: the kernel knows no framework; each app registers it.
 */
public final class LocalControlFilter extends HttpFilter {

    private final Set<String> ownNames;
    private final boolean anyHost;

    /** Loopback names only. */
    public LocalControlFilter() {
        this(Set.of());
    }

    /** @param ownNames the app's own host names besides loopback (a compose service's name), without a port */
    public LocalControlFilter(Set<String> ownNames) {
        this(ownNames, false);
    }

    private LocalControlFilter(Set<String> ownNames, boolean anyHost) {
        this.ownNames = ownNames.stream()
                .map(n -> n.trim().toLowerCase(Locale.ROOT))
                .filter(n -> !n.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
        this.anyHost = anyHost;
    }

    /**
     * For an app that listens beyond loopback, behind {@link BearerTokenFilter}: hosts elsewhere name it by
     * any address or name, and a rebinding page has no token, so only the {@code Origin} rule is kept.
     */
    public static LocalControlFilter anyHost() {
        return new LocalControlFilter(Set.of(), true);
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<String> refusal = LocalControl.refusal(
                request.getMethod(), anyHost ? null : request.getHeader("Host"), request.getHeader("Origin"), ownNames);
        if (refusal.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        ErrorResponse.write(response, HttpServletResponse.SC_FORBIDDEN, refusal.get());
    }
}
