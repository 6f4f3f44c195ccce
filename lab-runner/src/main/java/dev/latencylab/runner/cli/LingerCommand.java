package dev.latencylab.runner.cli;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.settings.SettingsLimits;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.JsonHttp;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code linger <ms>}: one hot switch of linger.ms through the producer endpoint of each producer-app named. */
@Command(
        name = "linger",
        description = "Switch linger.ms on the running producer-apps (--producer URL,... or --workers FILE) and print"
                + " each one's new state.")
final class LingerCommand extends LabCommand {

    @Parameters(index = "0", paramLabel = "MS", description = "the new linger.ms")
    String ms;

    @Mixin
    AppUrlArgs apps = new AppUrlArgs();

    private final JsonHttp http;

    LingerCommand(PrintStream out, PrintStream err, Path cwd, JsonHttp http) {
        super(out, err, cwd);
        this.http = http;
    }

    @Override
    public Integer call() throws InterruptedException {
        int lingerMs;
        try {
            lingerMs = Integer.parseInt(ms);
        } catch (NumberFormatException e) {
            throw new UsageException("linger: '" + ms + "' is not a whole number of ms");
        }
        if (!SettingsLimits.LINGER_MS.contains(lingerMs)) {
            throw new UsageException(
                    "linger must be from 0 to " + SettingsLimits.LINGER_MS.max() + " ms, got " + lingerMs);
        }
        JsonHttp authorized = apps.authorized(http, System.getenv(), cwd);
        // Every producer-app named (--producer URL,... or --workers FILE), one after the other.
        for (URI producer : apps.workers(cwd).producers()) {
            ProducerStatus s = new ProducerClient(authorized, producer).apply(SettingsChange.linger(lingerMs));
            out.println(describe(s));
        }
        return ExitCodes.OK;
    }

    static String describe(ProducerStatus s) {
        ProducerSettings p = s.settings();
        SenderCounters c = s.counters();
        return String.format(
                Locale.ROOT,
                "linger.ms is now %d (producer %s, generation %d, %s, phase %d%s): batch.size %d, compression %s, rate %s records/s, payload %d B; sent %d, acked %d, failed %d",
                p.lingerMs(),
                s.producerId(),
                s.generation(),
                s.running() ? "running" : "stopped",
                s.phase(),
                s.phaseName() == null ? "" : " \"" + s.phaseName() + "\"",
                p.batchSize(),
                p.compression(),
                p.rate() == Math.rint(p.rate())
                        ? String.format(Locale.ROOT, "%.0f", p.rate())
                        : Double.toString(p.rate()),
                p.payloadBytes(),
                c == null ? 0 : c.sent(),
                c == null ? 0 : c.acked(),
                c == null ? 0 : c.failed());
    }
}
