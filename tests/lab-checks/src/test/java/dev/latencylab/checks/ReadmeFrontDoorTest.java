package dev.latencylab.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * README.md is the front door (#29): short, and it opens with the two commands a newcomer needs, the
 * main job and the tests exactly as CI runs them. The detail lives in docs/.
 */
class ReadmeFrontDoorTest {

    static final int MAX_LINES = 149;

    private static final Pattern FIRST_BLOCK = Pattern.compile("(?s)## Quick start\\n.*?```bash\\n(.*?)\\n```");

    @Test
    void theReadmeIsShort() {
        List<String> lines = Repo.read("README.md").lines().toList();

        assertThat(lines.size())
                .as("README.md's lines (the detail goes to docs/)")
                .isLessThanOrEqualTo(MAX_LINES);
    }

    @Test
    void theQuickStartGivesTheMainJobAndTheTestsAsCiRunsThem() {
        Matcher m = FIRST_BLOCK.matcher(Repo.read("README.md"));
        assertThat(m.find()).as("README.md has a Quick start with a bash block").isTrue();
        List<String> commands = Arrays.stream(m.group(1).split("\n"))
                .map(line -> line.replaceFirst("\\s+#.*$", "").strip())
                .toList();

        assertThat(commands).containsExactly("scripts/lab sweep", ciCommand());
    }

    /** The one command .ci/run runs: its last line. */
    private static String ciCommand() {
        List<String> lines = Repo.read(".ci/run").lines().map(String::strip).toList();
        return lines.get(lines.size() - 1);
    }
}
