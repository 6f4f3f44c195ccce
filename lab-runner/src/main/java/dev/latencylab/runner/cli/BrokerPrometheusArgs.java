package dev.latencylab.runner.cli;

import dev.latencylab.runner.apps.Preflight;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.PrometheusClient;
import dev.latencylab.runner.endpoint.Urls;
import dev.latencylab.runner.results.collect.BrokerMetrics;
import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * {@code --broker-prometheus} and {@code --broker-selector}: the brokers' figures from the Prometheus that scrapes a
 * cluster the lab does not run (a picocli mixin). Without them they come from the lab's own Prometheus, where the
 * lab's brokers are.
 */
final class BrokerPrometheusArgs {

    /** One PromQL label matcher: a label name, an operator, a double-quoted value (escapes allowed). */
    private static final String MATCHER =
            "\\s*[a-zA-Z_][a-zA-Z0-9_]*\\s*(?:=~|!~|!=|=)\\s*\"(?:[^\"\\\\]|\\\\.)*\"\\s*";

    private static final Pattern MATCHERS = Pattern.compile(MATCHER + "(?:," + MATCHER + ")*");

    static final String PART = "the brokers' Prometheus";

    @Option(
            names = "--broker-prometheus",
            paramLabel = "URL",
            description = "read the brokers' figures from this Prometheus (http or https), the one that scrapes the"
                    + " cluster given with --bootstrap, whose brokers export the common JMX exporter metric names"
                    + " (docs/contracts.md); default: the lab's Prometheus (--prometheus), where the lab's own"
                    + " brokers are")
    String url;

    @Option(
            names = "--broker-selector",
            paramLabel = "MATCHERS",
            description = "PromQL label matchers that pick the brokers' series in --broker-prometheus, e.g."
                    + " 'job=\"kafka\"' or 'namespace=\"kafka\",strimzi_io_kind=\"Kafka\"'; without it the Kafka"
                    + " metrics are picked by name alone and the brokers' CPU and GC are not asked for")
    String selector;

    /** The user's Prometheus, checked; empty when the brokers' figures come from the lab's own. */
    Optional<URI> uri() {
        if (url == null) {
            if (selector != null) {
                throw new UsageException("--broker-selector goes with --broker-prometheus");
            }
            return Optional.empty();
        }
        URI u;
        try {
            u = URI.create(url.strip());
        } catch (IllegalArgumentException e) {
            throw notHttp();
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw notHttp();
        }
        if (u.getHost() == null || u.getRawQuery() != null || u.getRawFragment() != null) {
            throw new UsageException("--broker-prometheus must be http(s)://host[:port][/path], with no query or"
                    + " fragment, got '" + url + "'");
        }
        if (u.getRawUserInfo() != null) {
            // Printed in the results' environment and in every message: a password there would be in all of them.
            throw new UsageException(
                    "--broker-prometheus: no user or password in the URL, got one in '" + Urls.origin(u) + "'");
        }
        return Optional.of(u);
    }

    private UsageException notHttp() {
        return new UsageException(
                "--broker-prometheus must be an http:// or https:// URL, e.g. http://prometheus.example:9090, got '"
                        + url + "'");
    }

    /** The selector as given, checked: label matchers without braces. */
    String selector() {
        if (selector == null || selector.isBlank()) {
            return "";
        }
        if (!MATCHERS.matcher(selector).matches()) {
            throw new UsageException("--broker-selector must be PromQL label matchers without braces, separated by"
                    + " commas, e.g. 'job=\"kafka\"', got '" + selector + "'");
        }
        return selector.strip();
    }

    /** Where the brokers' figures are read: the user's Prometheus when given, else the lab's. */
    BrokerMetrics brokers(JsonHttp http, PrometheusClient labs) {
        String matchers = selector();
        return uri().map(u -> BrokerMetrics.users(new PrometheusClient(http, u), matchers))
                .orElseGet(() -> BrokerMetrics.lab(labs));
    }

    /**
     * The start's check that the user's Prometheus answers its query API (an instant query of a constant: any
     * Prometheus-compatible API answers it, and it needs no readiness endpoint); none for the lab's own.
     */
    Optional<Preflight.Check> reachable() {
        return uri().map(
                        u -> new Preflight.Check(PART, Urls.withQuery(u, "/api/v1/query", Map.of("query", "1")), true));
    }
}
