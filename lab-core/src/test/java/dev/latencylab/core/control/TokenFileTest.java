package dev.latencylab.core.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The token is taken only from a file no one but its owner may read or write. */
class TokenFileTest {

    private static final String TOKEN = "0123456789abcdefghij";

    @TempDir
    Path dir;

    @Test
    void anOwnerOnlyFileGivesItsFirstLineStripped() throws Exception {
        Path file = tokenFile("rw-------", "  " + TOKEN + "  \nsecond line\n");

        assertThat(TokenFile.read(file, "lab.control.token-file")).isEqualTo(TOKEN);
    }

    @ParameterizedTest
    @ValueSource(strings = {"rw-r-----", "rw----r--", "rw--w----", "rw-----w-", "rw-rw-rw-"})
    void aFileOthersMayReadOrWriteIsRefusedNamingItsMode(String mode) throws Exception {
        Path file = tokenFile(mode, TOKEN);

        assertThatThrownBy(() -> TokenFile.read(file, "lab.control.token-file"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("lab.control.token-file " + file + " may be read or written by others (" + mode
                        + "): chmod 600 it");
    }

    @Test
    void aMissingFileALinkAndAShortTokenAreRefused() throws Exception {
        Path missing = dir.resolve("absent");
        assertThatThrownBy(() -> TokenFile.read(missing, "--token-file"))
                .hasMessageStartingWith("--token-file " + missing + ": no such file");

        Path link = Files.createSymbolicLink(dir.resolve("link"), tokenFile("rw-------", TOKEN));
        assertThatThrownBy(() -> TokenFile.read(link, "--token-file")).hasMessageContaining("a link");

        Path shortToken = tokenFile("rw-------", "123456789012345");
        assertThatThrownBy(() -> TokenFile.read(shortToken, "--token-file"))
                .hasMessageEndingWith("holds no token of at least 16 characters on its first line");
    }

    private Path tokenFile(String mode, String content) throws Exception {
        Path file = Files.createTempFile(dir, "token", "");
        Files.writeString(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }
}
