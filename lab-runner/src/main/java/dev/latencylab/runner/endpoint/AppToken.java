package dev.latencylab.runner.endpoint;

import java.net.URI;
import java.util.Collection;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The token of apps that listen beyond loopback, and the only places it goes: their own scheme, host and
 * port. Prometheus, Grafana and the delay wire are asked through the same {@link JsonHttp} and must never
 * be handed it.
 */
public final class AppToken {

    private final String token;
    private final Set<String> origins;

    public AppToken(String token, Collection<URI> apps) {
        this.token = token;
        this.origins = apps.stream().map(Urls::origin).collect(Collectors.toUnmodifiableSet());
    }

    /** The {@code Authorization} header's value for a request to {@code uri}, or null where the token may not go. */
    String authorizationFor(URI uri) {
        return origins.contains(Urls.origin(uri)) ? "Bearer " + token : null;
    }

    @Override
    public String toString() {
        return "AppToken[for " + origins + "]";
    }
}
