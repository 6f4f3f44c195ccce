package dev.latencylab.api.selftest;

/**
 * The faults of known size that {@code scripts/lab selftest} injects, through {@code POST
 * /actuator/selftest} on each app, to prove that the lab counts exactly what happened. The hooks
 * exist only for the self-test: an app answers 403 unless it was started with {@value #PROPERTY}.
 */
public final class SelfTestHooks {

    /** The property that turns the hooks on; off by default. */
    public static final String PROPERTY = "lab.self-test.enabled";

    /** The endpoint's path under the actuator's base path. */
    public static final String PATH = "/actuator/selftest";

    /** The refusal when the hooks are off. */
    public static final String OFF = "the self-test hooks are off: they exist only for scripts/lab selftest, which"
            + " starts the apps with --" + PROPERTY + "=true (scripts/lab up --self-test)";

    /** The most records one request may fault: a self-test injects tens. */
    public static final int MAX_RECORDS = 100_000;

    private SelfTestHooks() {}
}
