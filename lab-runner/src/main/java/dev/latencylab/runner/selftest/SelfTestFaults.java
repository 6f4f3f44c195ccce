package dev.latencylab.runner.selftest;

import dev.latencylab.api.selftest.SelfTestHooks;
import dev.latencylab.runner.endpoint.EndpointException;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.endpoint.Urls;
import dev.latencylab.runner.faults.BrokerControl;
import dev.latencylab.runner.run.ScenarioRunner;
import dev.latencylab.runner.scenario.Phase;
import dev.latencylab.runner.scenario.TimedFault;
import java.io.PrintStream;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * Injects each self-test phase's fault halfway through its window, by the phase's name: records
 * skipped by the first consumer-app, records written twice by the first producer-app, the last
 * consumer-app SIGKILLed and started again, the first producer-app's sender stopped and the first
 * consumer-app's poll held for a known time, the first producer-app starved past the window's end. The sizes are the ones {@link SelfTestRows} and
 * {@link DelayRows} expect.
 */
final class SelfTestFaults implements ScenarioRunner.WindowHook {

    static final String SKIPPED = "skipped-by-consumer";
    static final String WRITTEN_TWICE = "written-twice";
    static final String CONSUMER_RESTART = "consumer-restart";
    static final int SKIPPED_RECORDS = 50;
    static final int WRITTEN_TWICE_RECORDS = 30;

    private final JsonHttp http;
    private final List<URI> producers;
    private final List<URI> consumers;
    private final BrokerControl consumerControl;
    private final PrintStream out;

    SelfTestFaults(
            JsonHttp http, List<URI> producers, List<URI> consumers, BrokerControl consumerControl, PrintStream out) {
        this.http = http;
        this.producers = List.copyOf(producers);
        this.consumers = List.copyOf(consumers);
        this.consumerControl = consumerControl;
        this.out = out;
    }

    /** Fails at once, naming how to turn the hooks on, when an app runs without them. */
    void requireHooks() throws InterruptedException {
        for (URI app : concat(producers, consumers)) {
            URI uri = Urls.resolve(app, SelfTestHooks.PATH);
            JsonHttp.Response r = http.get("self-test", uri);
            if (r.status() == 404 || !r.body().contains("\"enabled\":true")) {
                throw new EndpointException(app + ": " + SelfTestHooks.OFF
                        + "; stop the stack with scripts/lab down, then run scripts/lab selftest");
            }
        }
    }

    @Override
    public void halfway(Phase phase, int phaseId) throws InterruptedException {
        switch (phase.name()) {
            case SKIPPED -> {
                post(consumers.get(0), Map.of("skip", SKIPPED_RECORDS, "phase", phaseId));
                out.printf(
                        "  self-test: the first consumer-app drops the next %d records of phase %d%n",
                        SKIPPED_RECORDS, phaseId);
            }
            case WRITTEN_TWICE -> {
                post(producers.get(0), Map.of("duplicate", WRITTEN_TWICE_RECORDS));
                out.printf(
                        "  self-test: the first producer-app writes the next %d records twice%n",
                        WRITTEN_TWICE_RECORDS);
            }
            case CONSUMER_RESTART -> {
                int last = consumers.size();
                consumerControl.act(TimedFault.Action.KILL, last);
                out.printf("  self-test: consumer-app instance %d SIGKILLed%n", last);
                consumerControl.act(TimedFault.Action.RESTART, last);
                out.printf("  self-test: consumer-app instance %d started again%n", last);
            }
            case DelayRows.PAUSED -> {
                post(producers.get(0), Map.of("pauseMs", DelayRows.PAUSE_MS));
                out.printf("  self-test: the first producer-app's sender stopped for %d ms%n", DelayRows.PAUSE_MS);
            }
            case StarvedRow.STARVED -> {
                post(producers.get(0), Map.of("pauseMs", StarvedRow.STARVE_MS));
                out.printf(
                        "  self-test: the first producer-app's sender stopped for %d ms, past the window's end%n",
                        StarvedRow.STARVE_MS);
            }
            case DelayRows.HELD -> {
                post(consumers.get(0), Map.of("holdMs", DelayRows.HOLD_MS, "holdPhase", phaseId));
                out.printf(
                        "  self-test: the first consumer-app holds its first poll of phase %d for %d ms%n",
                        phaseId, DelayRows.HOLD_MS);
            }
            default -> {}
        }
    }

    private void post(URI app, Map<String, Object> body) throws InterruptedException {
        URI uri = Urls.resolve(app, SelfTestHooks.PATH);
        JsonHttp.Response r = http.postJson("self-test", uri, body);
        if (r.status() == 403) {
            throw new EndpointException(app + ": " + SelfTestHooks.OFF);
        }
        JsonHttp.requireOk("self-test", "POST", uri, r);
    }

    private static List<URI> concat(List<URI> a, List<URI> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
