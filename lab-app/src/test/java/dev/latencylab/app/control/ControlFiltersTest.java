package dev.latencylab.app.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.latencylab.core.control.BearerTokenFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;

/** An app beyond loopback starts only with a token only its owner may read; on loopback it needs none. */
class ControlFiltersTest {

    private final WebApplicationContextRunner app =
            new WebApplicationContextRunner().withUserConfiguration(ControlFilters.class);

    @TempDir
    Path dir;

    @Test
    void onLoopbackNoTokenIsNeededAndNoneIsAsked() {
        app.withPropertyValues("server.address=127.0.0.1").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(tokenFilter(context.getBean("bearerTokenFilter")).isEnabled())
                    .isFalse();
        });
    }

    @Test
    void beyondLoopbackWithoutATokenFileTheAppDoesNotStart() {
        app.withPropertyValues("server.address=0.0.0.0").run(context -> assertThat(context)
                .hasFailed()
                .getFailure()
                .rootCause()
                .hasMessageContaining("this app listens on 0.0.0.0, beyond loopback: set lab.control.token-file"));
    }

    @Test
    void beyondLoopbackATokenFileOthersMayReadIsRefused() throws Exception {
        Path token = token("rw-r--r--");
        app.withPropertyValues("server.address=0.0.0.0", "lab.control.token-file=" + token)
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("may be read or written by others (rw-r--r--): chmod 600 it"));
    }

    @Test
    void beyondLoopbackAnOwnerOnlyTokenTurnsTheTokenFilterOn() throws Exception {
        Path token = token("rw-------");
        app.withPropertyValues("server.address=0.0.0.0", "lab.control.token-file=" + token)
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(tokenFilter(context.getBean("bearerTokenFilter")).isEnabled())
                            .isTrue();
                });
    }

    @Test
    void composeWaivesTheTokenOnItsOwnNetwork() {
        app.withPropertyValues("server.address=0.0.0.0", "lab.control.require-token=false")
                .run(context -> assertThat(context).hasNotFailed());
    }

    private Path token(String mode) throws Exception {
        Path file = dir.resolve("token");
        Files.writeString(file, "0123456789abcdefghij\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }

    @SuppressWarnings("unchecked")
    private static FilterRegistrationBean<BearerTokenFilter> tokenFilter(Object bean) {
        return (FilterRegistrationBean<BearerTokenFilter>) bean;
    }
}
