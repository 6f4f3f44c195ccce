package dev.latencylab.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

/**
 * The offset ledger's folder when the consumer-app is started by hand (scripts/lab names .lab/ledgers itself): a
 * folder of the working directory, never one in the shared temp folder, where another local user could make it
 * first and write the ledger that decides what counts as lost.
 */
class LedgerDirDefaultTest {

    @Test
    void byHandTheLedgerIsInTheWorkingDirectorysLabFolderNotTheSharedTempFolder() throws IOException {
        PropertySource<?> yml = new YamlPropertySourceLoader()
                .load("consumer-app", new ClassPathResource("consumer-app.yml"))
                .get(0);

        String ledgerDir = String.valueOf(yml.getProperty("lab.consumer.ledger-dir"));

        assertThat(ledgerDir).isEqualTo(".lab/ledgers").doesNotContain("java.io.tmpdir");
        Path resolved = Path.of(ledgerDir).toAbsolutePath();
        // Relative: under whatever folder the app was started in (a checkout may itself live under /tmp, as CI's
        // fresh clone does), never the temp folder's own shared top level.
        assertThat(Path.of(ledgerDir).isAbsolute())
                .as(ledgerDir + " is relative")
                .isFalse();
        assertThat(resolved.startsWith(Path.of("").toAbsolutePath()))
                .as(resolved + " in the working directory")
                .isTrue();
        assertThat(resolved.getParent().getParent())
                .as(resolved + " is not a folder of the temp folder itself")
                .isNotEqualTo(Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath());
    }
}
