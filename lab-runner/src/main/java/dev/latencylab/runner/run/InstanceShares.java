package dev.latencylab.runner.run;

import dev.latencylab.api.settings.ProducerSettings;
import dev.latencylab.runner.apps.ProducerGroup;
import java.util.ArrayList;
import java.util.List;

/**
 * Several producer-apps drive a phase together, each given rate / N: the group's total can keep
 * its target while one instance falls behind its share (a starved process on shared cores, a slow
 * connection), and the phase then measured an uneven load. Each instance is judged on its own
 * share, as the group is on its total. The report says which; a phase with one is broken.
 */
public final class InstanceShares {

    /** Below this share of its own target an instance is short, as a phase is below the group's. */
    public static final double SHORTFALL = 0.98;
    /**
     * And short by more than this many seconds of its records: each instance enters and leaves a
     * phase a few milliseconds apart from the runner's window, which a short window must not count.
     */
    static final double BOUNDARY_SECONDS = 0.5;

    private InstanceShares() {}

    /** One instance short of its share: its target and what it sent, per second. */
    public record Short(String instance, int instances, double targetRate, double sentRate) {
        public double share() {
            return sentRate / targetRate;
        }
    }

    /**
     * The instances of a phase driven by several that sent less than their share, where the others
     * did not: each against its target, or against the group's mean where the group as a whole fell
     * short of 98 % (a broker failure holds every instance back alike, which the group's own reading says). None for
     * one instance or unthrottled.
     */
    public static List<Short> of(ProducerSettings settings, double seconds, PhaseDescription description) {
        List<Short> starved = new ArrayList<>();
        if (description == null || description.producers().size() < 2 || settings.unthrottled() || seconds <= 0) {
            return starved;
        }
        int n = description.producers().size();
        double target = ProducerGroup.perInstanceRate(settings.rate(), n);
        double mean = description.producers().stream()
                        .mapToLong(PhaseDescription.ProducerInstance::sent)
                        .sum()
                / (double) n;
        // The mean only where the group fell short as a whole: of two instances, one 4 % short would
        // otherwise pull the mean down by 2 % and stay within 98 % of it.
        double reference = mean >= SHORTFALL * target * seconds ? target * seconds : mean;
        for (PhaseDescription.ProducerInstance i : description.producers()) {
            if (i.sent() < SHORTFALL * reference && reference - i.sent() > BOUNDARY_SECONDS * target) {
                starved.add(new Short(i.instance(), n, target, i.sent() / seconds));
            }
        }
        return starved;
    }
}
