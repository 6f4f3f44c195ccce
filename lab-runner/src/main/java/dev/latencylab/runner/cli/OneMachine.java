package dev.latencylab.runner.cli;

import dev.latencylab.runner.workers.Workers;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Whether every process a run measures runs on this machine: each broker on a loopback address, and each
 * app on one too or in the lab's own local stack, whose namespace hosts and far producer have addresses of
 * their own on this machine's kernel (scripts/lab says so in {@code LAB_STACK}). Only then do this
 * machine's cores bound their CPU, so that a phase's total CPU can be read against them ("nearly
 * saturated") and the report can say they shared its cores. Apps on workers or brokers of a user's
 * cluster run on cores of their own, which this runner does not know.
 */
final class OneMachine {

    /** How scripts/lab's {@code LAB_STACK} begins for the local stack (not against a user's cluster). */
    static final String LOCAL_STACK = "local processes";

    private OneMachine() {}

    /** This machine's cores when the apps and brokers all run on it, else 0. */
    static int cores(List<URI> apps, String bootstrap, String stack) {
        return holds(apps, bootstrap, stack) ? Runtime.getRuntime().availableProcessors() : 0;
    }

    /**
     * {@link #cores(List, String, String)} of the workers' apps; 0 too when the brokers' figures come from
     * the user's own Prometheus ({@code brokersReadElsewhere}): such brokers run elsewhere, whatever the
     * bootstrap says.
     */
    static int cores(Workers workers, String bootstrap, boolean brokersReadElsewhere, String stack) {
        return brokersReadElsewhere
                ? 0
                : cores(
                        Stream.concat(workers.producers().stream(), workers.consumers().stream())
                                .toList(),
                        bootstrap,
                        stack);
    }

    static boolean holds(List<URI> apps, String bootstrap, String stack) {
        boolean localStack = stack != null && stack.startsWith(LOCAL_STACK);
        if (!localStack && apps.stream().anyMatch(u -> !loopback(u.getHost()))) {
            return false;
        }
        List<LabBrokers.HostPort> brokers = LabBrokers.entries(bootstrap);
        return !brokers.isEmpty() && brokers.stream().allMatch(b -> loopback(b.host()));
    }

    private static boolean loopback(String host) {
        if (host == null) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.startsWith("127.") || h.equals("[::1]") || h.equals("::1");
    }
}
