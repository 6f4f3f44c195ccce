package dev.latencylab.runner.cli;

import dev.latencylab.core.control.TokenFile;
import dev.latencylab.runner.endpoint.AppToken;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.TrustedCertificates;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --token-file}: the token of apps that listen beyond loopback, for the commands that talk to them (a
 * picocli mixin), and {@code --ca-file}: the authority of their certificates when they are served over https. Taken from a file only, never from the command line, which every local user can read (ps).
 */
final class AppTokenArgs {

    /** The environment variable naming the token file, when --token-file does not. */
    static final String TOKEN_FILE_ENV = "LAB_CONTROL_TOKEN_FILE";

    @Option(
            names = "--token-file",
            paramLabel = "FILE",
            description = "apps that listen beyond loopback: a file readable by you alone (chmod 600) whose first line"
                    + " is their lab.control.token-file's token, sent to them (and nowhere else) on every request"
                    + " (default: env " + TOKEN_FILE_ENV + "; none: no token is sent)")
    String tokenFile;

    @Option(
            names = "--ca-file",
            paramLabel = "FILE",
            description = "apps served over https (Spring Boot's SSL bundles): PEM certificates of the authority that"
                    + " signed theirs (or theirs, when self-signed), trusted beside the JDK's own; host names are"
                    + " still checked")
    String caFile;

    /**
     * {@code http}, bearing the apps' token on every request to {@code apps} when one is given.
     *
     * @throws UsageException when the file is refused (missing, others may read it, no token)
     */
    JsonHttp authorized(JsonHttp http, Map<String, String> env, Path cwd, List<URI> apps) {
        if (caFile != null) {
            try {
                http = http.withTls(TrustedCertificates.withAuthorities(cwd.resolve(caFile)));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        String file = tokenFile != null ? tokenFile : env.get(TOKEN_FILE_ENV);
        if (file == null || file.isBlank()) {
            return http;
        }
        try {
            String token = TokenFile.read(cwd.resolve(file), tokenFile != null ? "--token-file" : TOKEN_FILE_ENV);
            return http.withAppToken(new AppToken(token, apps));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
