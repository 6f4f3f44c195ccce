package dev.latencylab.runner.cli;

import dev.latencylab.api.wait.Sleeper;
import dev.latencylab.runner.endpoint.JsonHttp;
import dev.latencylab.runner.faults.BrokerControl;
import dev.latencylab.runner.scenario.Scenario;
import dev.latencylab.runner.scenario.ScenarioException;
import dev.latencylab.runner.scenario.ScenarioLoader;
import dev.latencylab.runner.selftest.SelfTest;
import dev.latencylab.runner.selftest.SelfTestRow;
import dev.latencylab.runner.topics.KafkaTopics;
import dev.latencylab.runner.workers.Workers;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code selftest}: the lab proves its own counts against faults of known size ({@link SelfTest}). */
@Command(
        name = "selftest",
        description = {
            "Inject faults of known size into real runs and check that the counts show exactly them:",
            "records skipped by a consumer-app, records written twice by a producer-app, a consumer-app",
            "SIGKILLed and restarted, a topic created again under its old name, an acks=1 leader SIGKILLed",
            "(the counts checked against the topic read back from the brokers), two producer-apps into two",
            "consumer-apps, and more phases in one run than the accounting's old capacities held.",
            "Needs the apps started with their self-test hooks: scripts/lab selftest does it.",
            "Exit 0 only when every row matches."
        })
final class SelfTestCommand extends LabCommand {

    @Mixin
    AppUrlArgs apps = new AppUrlArgs();

    @Option(
            names = "--bootstrap",
            paramLabel = "LIST",
            defaultValue = Defaults.BOOTSTRAP,
            description = "the brokers, for the phases that create their own topic (default ${DEFAULT-VALUE})")
    String bootstrap;

    @Option(
            names = "--consumer-control",
            paramLabel = "COMMAND",
            description = "a command that takes kill|restart <instance>, for the consumer restart"
                    + " (default: $LAB_CONSUMER_CONTROL, which scripts/lab sets to its 'consumer' command; split into words as a shell"
                    + " splits them: quote a path with blanks)")
    String consumerControl;

    @Option(
            names = "--broker-control",
            paramLabel = "COMMAND",
            description = "a command that takes kill|stop|restart <node id>, for the acks=1 leader kill"
                    + " (default: $LAB_BROKER_CONTROL, which scripts/lab sets to its 'broker' command; split into words as a shell"
                    + " splits them: quote a path with blanks)")
    String brokerControl;

    @Option(
            names = "--long",
            description = "the run of many phases with 140 phases (beyond the old 256 offset segments per"
                    + " partition too) instead of 70")
    boolean longRun;

    @Option(
            names = "--scenarios",
            paramLabel = "DIR",
            defaultValue = "scenarios",
            description = "where selftest.yaml and selftest-limits.yaml are (default ${DEFAULT-VALUE})")
    Path scenarios;

    private final JsonHttp http;
    private final Map<String, String> env;

    SelfTestCommand(PrintStream out, PrintStream err, Path cwd, JsonHttp http, Map<String, String> env) {
        super(out, err, cwd);
        this.http = http;
        this.env = env;
    }

    private BrokerControl control(String what, String given, String variable) {
        BrokerControl control = Commands.control(given, env.get(variable));
        if (control == null) {
            throw new UsageException("no " + what + " control: run it through scripts/lab selftest (it passes its"
                    + " own), or give --" + what + "-control COMMAND");
        }
        return control;
    }

    @Override
    public Integer call() throws InterruptedException {
        Workers workers = apps.workers(cwd);
        if (workers.producers().size() < 2 || workers.consumers().size() < 2) {
            throw new UsageException("the self-test drives two producer-apps and two consumer-apps (--producer URL,URL"
                    + " --consumer URL,URL); scripts/lab selftest starts and names them");
        }
        JsonHttp http = apps.authorized(this.http, env, cwd);
        BrokerControl consumers = control("consumer", consumerControl, "LAB_CONSUMER_CONTROL");
        BrokerControl brokers = control("broker", brokerControl, "LAB_BROKER_CONTROL");
        Scenario faults;
        Scenario limits;
        try {
            ScenarioLoader loader = new ScenarioLoader(cwd);
            faults = loader.load(cwd.resolve(scenarios).resolve("selftest.yaml"));
            limits = loader.load(cwd.resolve(scenarios).resolve("selftest-limits.yaml"));
        } catch (ScenarioException e) {
            err.println("The self-test's scenarios cannot be read:");
            e.problems().forEach(p -> err.println("  " + p));
            return ExitCodes.USAGE;
        }
        int repeat = longRun ? 20 : 10;
        try (KafkaTopics topics = new KafkaTopics(bootstrap, Clock.systemUTC())) {
            SelfTest test = new SelfTest(
                    http,
                    workers.producers(),
                    workers.consumers(),
                    topics,
                    bootstrap,
                    brokers,
                    consumers,
                    Clock.systemUTC(),
                    Sleeper.REAL,
                    out);
            List<SelfTestRow> rows = test.run(faults, limits, repeat);
            out.println();
            out.println("Self-test: what was injected, what the counts must be, what they were");
            out.print(SelfTest.table(rows));
            return SelfTest.passed(rows) ? ExitCodes.OK : ExitCodes.FAILED;
        }
    }
}
