package dev.latencylab.runner.compare;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Tool outputs captured from real runs on the lab's stack (src/test/resources/compare/). */
final class Resources {

    private Resources() {}

    static String text(String name) {
        try (InputStream in = Resources.class.getResourceAsStream("/compare/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource compare/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
