package dev.latencylab.producer.load;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.SampleFile;
import dev.latencylab.producer.LabProducerProperties;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.springframework.stereotype.Component;

/**
 * The one folder a {@code payloadFile} may be read from, and the sender's one way to read it.
 * Whoever can reach the control endpoint could otherwise have any file this user can read (a key, a
 * password file) sent to Kafka as records. A path outside the folder is refused whether or not the
 * file exists, so the answer tells nothing of what lies outside; a link inside that leads outside is
 * refused too. The file is read through the real path that was checked, following no link there:
 * a link swapped in after the check is refused, not followed out of the folder.
 */
@Component
class SampleFolder {

    private static final String FIELD = "payloadFile";

    private final Path folder;

    SampleFolder(LabProducerProperties properties) {
        this.folder = properties.payloadDir().toAbsolutePath().normalize();
    }

    /** Every record of {@code payloadFile}; a 400 naming it unless it is a file inside the folder. */
    SampleFile read(String payloadFile) {
        return readChecked(check(payloadFile));
    }

    /** The file's real path (links resolved), once it is inside the folder. */
    Path check(String payloadFile) {
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
        Path real;
        try {
            real = file.toRealPath();
        } catch (NoSuchFileException e) {
            throw new BadSettingsException(FIELD, FIELD + " " + payloadFile + ": no such file");
        } catch (IOException e) {
            throw new BadSettingsException(FIELD, FIELD + " " + payloadFile + " cannot be resolved: " + e);
        }
        if (!real.startsWith(root)) {
            throw outside(payloadFile);
        }
        return real;
    }

    /** Reads the path {@link #check} answered; a link found there now was swapped in since. */
    SampleFile readChecked(Path real) {
        return SampleFile.read(real, LinkOption.NOFOLLOW_LINKS);
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
