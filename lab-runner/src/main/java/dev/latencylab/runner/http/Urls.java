package dev.latencylab.runner.http;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
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

    public static URI withQuery(URI base, String path, Map<String, String> params) {
        String query = params.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return URI.create(resolve(base, path) + (query.isEmpty() ? "" : "?" + query));
    }
}
