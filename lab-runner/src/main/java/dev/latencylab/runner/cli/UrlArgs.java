package dev.latencylab.runner.cli;

import java.net.URI;

/** A URL option with its default; a malformed one is a usage error naming the option. */
final class UrlArgs {

    private UrlArgs() {
    }

    static URI url(Args args, String name, String fallback) {
        String v = args.option(name, fallback);
        try {
            URI uri = URI.create(v);
            if (uri.getScheme() == null || uri.getHost() == null) {
                throw new IllegalArgumentException("no scheme or host");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new UsageException("--" + name + " must be a URL like " + fallback + ", got '" + v + "'");
        }
    }
}
