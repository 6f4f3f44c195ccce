package dev.latencylab.runner.cli;

import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.workers.Workers;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Mixin;

/** Where producer-app and consumer-app answer, and their token: the commands that drive both take these. */
final class AppUrlArgs {

    @Mixin
    WorkerArgs workers = new WorkerArgs();

    @Mixin
    AppTokenArgs token = new AppTokenArgs();

    /** The instances ({@link WorkerArgs#workers}). */
    Workers workers(Path cwd) {
        return workers.workers(cwd);
    }

    /** {@code http}, bearing the apps' token on every request to these instances when one is given. */
    JsonHttp authorized(JsonHttp http, Map<String, String> env, Path cwd) {
        return token.authorized(http, env, cwd, workers(cwd).all());
    }
}
