package dev.latencylab.runner.cli;

import dev.latencylab.runner.faults.BrokerControl;
import dev.latencylab.runner.faults.CommandBrokerControl;
import dev.latencylab.runner.scenario.Durations;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import picocli.CommandLine;

/**
 * picocli as every command uses it: the lab's types (durations such as 15s, URLs, ISO instants)
 * converted with messages that say what is expected, and a wrong command line refused with its
 * usage (exit code 2) before anything is called.
 */
final class Commands {

    private Commands() {}

    /** {@code --version}: the runner jar's own version, from its manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Commands.class.getPackage().getImplementationVersion();
            return new String[] {"lab-runner " + (v == null ? "(not built as a jar)" : v)};
        }
    }

    /**
     * {@code cl} with the lab's converters, streams and handling of errors ({@link Errors}, {@link ExitCodes});
     * set before it parses, they hold for its subcommands too.
     */
    static CommandLine wired(CommandLine cl, PrintStream out, PrintStream err) {
        cl.registerConverter(Duration.class, Commands::duration);
        cl.registerConverter(URI.class, Commands::url);
        cl.registerConverter(Instant.class, Commands::instant);
        cl.setUsageHelpWidth(110);
        cl.setOut(writer(out));
        cl.setErr(writer(err));
        Errors errors = new Errors();
        cl.setParameterExceptionHandler(errors);
        cl.setExecutionExceptionHandler(errors);
        cl.setExitCodeExceptionMapper(new ExitCodes());
        return cl;
    }

    /**
     * A control command ({@code --broker-control}, {@code --consumer-control}) as given, else the environment's
     * value, split into words as a shell splits them ({@link ShellWords}); null when neither is set.
     */
    static BrokerControl control(String given, String fromEnvironment) {
        String command = given != null ? given : fromEnvironment;
        return command == null || command.isBlank() ? null : new CommandBrokerControl(ShellWords.split(command));
    }

    static PrintWriter writer(PrintStream stream) {
        return new PrintWriter(new java.io.OutputStreamWriter(stream, StandardCharsets.UTF_8), true);
    }

    static Duration duration(String value) {
        Duration d;
        try {
            d = Durations.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
        if (d.isNegative()) {
            throw new CommandLine.TypeConversionException("must not be negative, got " + value);
        }
        return d;
    }

    static URI url(String value) {
        try {
            URI uri = URI.create(value);
            if (uri.getScheme() != null && uri.getHost() != null) {
                return uri;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new CommandLine.TypeConversionException(
                "must be a URL like " + Defaults.PRODUCER + ", got '" + value + "'");
    }

    /** 2026-11-21T23:50:00Z, with fractions or an offset (2026-11-22T00:50:00+01:00). */
    static Instant instant(String value) {
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            try {
                return OffsetDateTime.parse(value).toInstant();
            } catch (DateTimeParseException e2) {
                throw new CommandLine.TypeConversionException(
                        "must be an ISO-8601 instant like 2026-11-21T23:50:00Z, got '" + value + "'");
            }
        }
    }
}
