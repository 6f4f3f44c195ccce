package dev.latencylab.runner.apps;

import dev.latencylab.api.clock.ClockReading;
import dev.latencylab.runner.clocks.ClockExchange;
import dev.latencylab.runner.clocks.ClockProbe;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.Urls;
import java.net.URI;
import java.util.function.LongSupplier;

/** One app's {@code GET /actuator/clock}, timed on the runner's clock around the request. */
final class AppClockProbe implements ClockProbe {

    private final JsonHttp http;
    private final String part;
    private final URI base;
    private final URI clock;
    private final LongSupplier runnerMicros;

    /** @param base the app's URL as given to the runner ({@code --producer}, {@code --consumer}) */
    AppClockProbe(JsonHttp http, String part, URI base, LongSupplier runnerMicros) {
        this.http = http;
        this.part = part;
        this.base = base;
        this.clock = Urls.resolve(base, ClockReading.PATH);
        this.runnerMicros = runnerMicros;
    }

    @Override
    public String worker() {
        return base.toString();
    }

    @Override
    public String part() {
        return part;
    }

    @Override
    public ClockExchange exchange() throws InterruptedException {
        long sent = runnerMicros.getAsLong();
        JsonHttp.Response r = http.get(part, clock);
        long received = runnerMicros.getAsLong();
        JsonHttp.requireOk(part, "GET", clock, r);
        return new ClockExchange(
                sent, JsonHttp.read(part, clock, r.body(), ClockReading.class).epochMicros(), received);
    }
}
