package dev.latencylab.core.control;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;
import java.util.Set;

/**
 * An app that listens beyond loopback takes a request only with {@code Authorization: Bearer <token>}: any
 * host that reaches its port could otherwise change a run. Health and the Prometheus metrics stay open
 * (Prometheus scrapes them, and they change nothing). A missing or wrong token is a 401 before the request
 * reaches an endpoint, so it changes nothing. Plain Servlet API, as {@link LocalControlFilter}.
 */
public final class BearerTokenFilter extends HttpFilter {

    private static final Set<String> READS = Set.of("GET", "HEAD");
    private static final String HEALTH = "/actuator/health";
    private static final String PROMETHEUS = "/actuator/prometheus";
    private static final String SCHEME = "bearer ";

    private final byte[] expected;

    public BearerTokenFilter(String token) {
        this.expected = digest(token);
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (open(request) || presents(request.getHeader("Authorization"))) {
            chain.doFilter(request, response);
            return;
        }
        response.setHeader("WWW-Authenticate", "Bearer");
        ErrorResponse.write(
                response,
                HttpServletResponse.SC_UNAUTHORIZED,
                "this app listens beyond loopback: its control endpoints take a request only with"
                        + " 'Authorization: Bearer <token>', the token of its lab.control.token-file");
    }

    /** The servlet path is decoded and normalized by the container, so no spelling of another path passes. */
    private static boolean open(HttpServletRequest request) {
        if (!READS.contains(request.getMethod().toUpperCase(Locale.ROOT))) {
            return false;
        }
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        return path.equals(HEALTH) || path.startsWith(HEALTH + "/") || path.equals(PROMETHEUS);
    }

    private boolean presents(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return false;
        }
        // Digests of equal length compared in constant time: neither the token's bytes nor its length leak
        // through how long a refusal takes.
        return MessageDigest.isEqual(
                expected, digest(authorization.substring(SCHEME.length()).strip()));
    }

    private static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
