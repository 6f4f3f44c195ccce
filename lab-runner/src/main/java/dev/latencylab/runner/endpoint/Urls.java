package dev.latencylab.runner.endpoint;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** Joins a base URL given on the command line (with or without a trailing slash or path) and an API path. */
public final class Urls {

    private Urls() {}

    public static URI resolve(URI base, String path) {
        String b = base.toString();
        while (b.endsWith("/")) {
            b = b.substring(0, b.length() - 1);
        }
        return URI.create(b + path);
    }

    /** {@code scheme://host:port}, lower case, the scheme's port when none is given: what one server answers on. */
    public static String origin(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return scheme + "://" + (uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT)) + ":" + port(uri);
    }

    /** The port {@code uri} reaches: its own, else its scheme's (443 for https, 80 otherwise). */
    public static int port(URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    public static URI withQuery(URI base, String path, Map<String, String> params) {
        String query = params.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return URI.create(resolve(base, path) + (query.isEmpty() ? "" : "?" + query));
    }
}
