package dev.latencylab.runner.cli;

import dev.latencylab.api.producer.ProducerStatus;
import dev.latencylab.api.producer.SenderCounters;
import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.api.settings.SettingsChange;
import dev.latencylab.api.settings.SettingsLimits;
import java.io.PrintStream;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.latencylab.runner.http.JsonHttp;
import dev.latencylab.runner.lab.ProducerClient;

/** {@code linger <ms>}: one hot switch of linger.ms through the producer endpoint. */
final class LingerCommand {

    private final PrintStream out;
    private final JsonHttp http;

    public LingerCommand(PrintStream out, JsonHttp http) {
        this.out = out;
        this.http = http;
    }

    public int execute(List<String> argv) throws InterruptedException {
        Args args = Args.parse(argv, Set.of("producer"), Set.of());
        if (args.positionals().size() != 1) {
            throw new UsageException("linger needs exactly one value in ms, e.g. linger 5");
        }
        int ms;
        try {
            ms = Integer.parseInt(args.positionals().get(0));
        } catch (NumberFormatException e) {
            throw new UsageException("linger: '" + args.positionals().get(0) + "' is not a whole number of ms");
        }
        if (ms < 0 || ms > SettingsLimits.LINGER_MS.max()) {
            throw new UsageException("linger must be from 0 to " + SettingsLimits.LINGER_MS.max() + " ms, got " + ms);
        }
        ProducerClient producer = new ProducerClient(http, URI.create(args.option("producer", "http://127.0.0.1:8080")));
        ProducerStatus s = producer.apply(SettingsChange.linger(ms));
        out.println(describe(s));
        return 0;
    }

    static String describe(ProducerStatus s) {
        ProducerSettings p = s.settings();
        SenderCounters c = s.counters();
        return String.format(Locale.ROOT,
                "linger.ms is now %d (producer %s, generation %d, %s): batch.size %d, compression %s, rate %s records/s, payload %d B; sent %d, acked %d, failed %d",
                p.lingerMs(), s.producerId(), s.generation(), s.running() ? "running" : "stopped", p.batchSize(), p.compression(),
                p.rate() == Math.rint(p.rate()) ? String.format(Locale.ROOT, "%.0f", p.rate()) : Double.toString(p.rate()),
                p.payloadBytes(), c == null ? 0 : c.sent(), c == null ? 0 : c.acked(), c == null ? 0 : c.failed());
    }
}
