package dev.latencylab.producer.control;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.producer.LabProducerProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.springframework.stereotype.Component;

/**
 * The one folder a {@code payloadFile} may be read from. Whoever can reach the control endpoint
 * could otherwise have any file this user can read (a key, a password file) sent to Kafka as
 * records. A path outside the folder is refused whether or not the file exists, so the answer
 * tells nothing of what lies outside; a link inside that leads outside is refused too.
 */
@Component
class SampleFolder {

    private static final String FIELD = "payloadFile";

    private final Path folder;

    SampleFolder(LabProducerProperties properties) {
        this.folder = properties.payloadDir().toAbsolutePath().normalize();
    }

    /** A 400 naming {@code payloadFile} unless the file is inside the folder, links followed. */
    void requireInside(String payloadFile) {
        Path file;
        try {
            file = Path.of(payloadFile).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new BadSettingsException(FIELD, FIELD + " \"" + payloadFile + "\" is not a path: " + e.getReason());
        }
        Path root = realFolder();
        if (!file.startsWith(folder) && !file.startsWith(root)) {
            throw outside(payloadFile);
        }
        if (Files.exists(file)) {
            try {
                if (!file.toRealPath().startsWith(root)) {
                    throw outside(payloadFile);
                }
            } catch (IOException e) {
                throw new BadSettingsException(FIELD, FIELD + " " + payloadFile + " cannot be resolved: " + e);
            }
        }
    }

    /** The folder with its links resolved (it may be made after the app started). */
    private Path realFolder() {
        try {
            return folder.toRealPath();
        } catch (IOException e) {
            return folder;
        }
    }

    private BadSettingsException outside(String payloadFile) {
        return new BadSettingsException(
                FIELD,
                FIELD + " " + payloadFile + " is outside " + folder
                        + ", the one folder the producer-app reads samples from: put the file there, or start"
                        + " the producer-app with --lab.producer.payload-dir=<folder>");
    }
}
