package dev.latencylab.runner;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import java.net.URL;
import org.slf4j.LoggerFactory;

/**
 * The runner's logging, set before any command runs: the Kafka clients' warnings and errors to
 * standard error (a SASL failure of the admin client would otherwise show only as a time-out), their
 * INFO off (logging.xml). Configured here rather than by a logback.xml at the jar's root, which every
 * module that has lab-runner on its class path (the end-to-end tests, beside the apps) would read too.
 */
public final class RunnerLogging {

    static final String CONFIG = "logging.xml";

    private RunnerLogging() {}

    public static void configure() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        URL config = RunnerLogging.class.getResource(CONFIG);
        if (config == null) {
            throw new IllegalStateException("lab-runner's " + CONFIG + " is missing from its jar");
        }
        context.reset();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        try {
            configurator.doConfigure(config);
        } catch (JoranException e) {
            throw new IllegalStateException("lab-runner's " + CONFIG + " could not be read: " + e.getMessage(), e);
        }
    }
}
