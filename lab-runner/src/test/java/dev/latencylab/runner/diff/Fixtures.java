package dev.latencylab.runner.diff;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/**
 * Results folders of real runs of linger-sweep on the lab's stack (src/test/resources/diff/): two
 * written by a runner from before repeats and phase descriptions, one by the current runner
 * (its stack warm-up windows trimmed).
 */
final class Fixtures {

    /** Older runner: no repeats list, no description, lost and duplicated at the top of a row. */
    static final String OLD_A = "20261123T123817Z-linger-sweep";

    static final String OLD_B = "20261123T130814Z-linger-sweep";
    /** Current runner: repeats list, descriptions, counts, publish delay. */
    static final String CURRENT = "20261123T162448Z-linger-sweep";

    private Fixtures() {}

    static Path folder(String name) {
        URL url = Fixtures.class.getResource("/diff/" + name + "/summary.json");
        if (url == null) {
            throw new IllegalArgumentException("no test resource diff/" + name);
        }
        try {
            return Path.of(url.toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
