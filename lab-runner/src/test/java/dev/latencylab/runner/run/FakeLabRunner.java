package dev.latencylab.runner.run;

import dev.latencylab.runner.apps.ConsumerClient;
import dev.latencylab.runner.apps.ProducerClient;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.fake.FakeLab;
import dev.latencylab.runner.fake.FakeTime;
import dev.latencylab.runner.faults.FaultControls;
import dev.latencylab.runner.run.step.StepKinds;
import dev.latencylab.runner.topics.Topics;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** A runner against a fake lab on fake time, as {@code scripts/lab run} makes one: 5 s progress, 30 s fences. */
final class FakeLabRunner {

    private FakeLabRunner() {}

    static ScenarioRunner of(FakeLab lab, FakeTime time, Topics topics, OutputStream out) {
        JsonHttp http = new JsonHttp(Duration.ofSeconds(2), Duration.ofSeconds(5));
        return new ScenarioRunner(
                new ProducerClient(http, lab.url()),
                new ConsumerClient(http, lab.url()),
                topics,
                FaultControls.NONE,
                null,
                time,
                time,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new ScenarioRunner.Options(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofMillis(500)),
                StepKinds.ALL);
    }
}
