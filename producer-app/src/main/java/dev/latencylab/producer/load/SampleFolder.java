package dev.latencylab.producer.load;

import dev.latencylab.api.payload.PayloadFolderRule;
import dev.latencylab.api.payload.SampleFile;
import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.MemoryLimit;
import dev.latencylab.producer.HeapBudget;
import dev.latencylab.producer.LabProducerProperties;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.springframework.stereotype.Component;

/**
 * The one folder a {@code payloadFile} may be read from, and the sender's one way to read it.
 * Whoever can reach the control endpoint could otherwise have any file this user can read (a key, a
 * password file) sent to Kafka as records. A path outside the folder is refused whether or not the
 * file exists, so the answer tells nothing of what lies outside; a link inside that leads outside is
 * refused too. The file is then opened from the folder one name of the real path that was checked at
 * a time, following no link at any of them ({@link NoFollowWalk}): a file or a folder on the way
 * swapped for a link after the check is refused, not followed out of the folder. Its size is the
 * open file's, and it is held within the app's share of the heap for samples ({@link HeapBudget}).
 */
@Component
class SampleFolder {

    private static final String FIELD = PayloadFolderRule.FIELD;

    private final Path folder;
    private final PayloadFolderRule rule;
    private final MemoryLimit limit;

    SampleFolder(LabProducerProperties properties, HeapBudget heap) {
        this.folder = properties.payloadDir().toAbsolutePath().normalize();
        this.rule = new PayloadFolderRule(folder, this::outside);
        this.limit = heap.sampleFile();
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
        return rule.check(payloadFile, file);
    }

    /** Reads the path {@link #check} answered; a link found on the way now was swapped in since. */
    SampleFile readChecked(Path real) {
        Path root = rule.realFolder();
        if (!real.startsWith(root)) {
            throw outside(real.toString());
        }
        if (real.equals(root)) {
            throw refused(real, "is a directory, not a file of records");
        }
        try (SeekableByteChannel channel = NoFollowWalk.open(root, root.relativize(real))) {
            return SampleFile.read(real, channel, limit);
        } catch (NoFollowWalk.Stopped e) {
            throw refused(real, stopped(e, real));
        } catch (NoSuchFileException e) {
            throw refused(real, "no such file");
        } catch (AccessDeniedException e) {
            throw refused(real, "cannot be read: permission denied");
        } catch (NoFollowWalk.Unsupported e) {
            throw refused(
                    real,
                    "cannot be read safely here: this platform cannot open a file without following links ("
                            + e.getMessage() + ")");
        } catch (IOException e) {
            throw refused(real, "cannot be read: " + e);
        }
    }

    private static String stopped(NoFollowWalk.Stopped e, Path real) {
        return switch (e.reason()) {
            case LINK -> (e.at().equals(real) ? "" : e.at() + " ") + SampleFile.LINK_NOT_FOLLOWED;
            case DIRECTORY -> "is a directory, not a file of records";
            case NOT_A_FILE -> "is not a regular file";
        };
    }

    private static BadSettingsException refused(Path file, String problem) {
        return new BadSettingsException(FIELD, FIELD + " " + file + ": " + problem);
    }

    private BadSettingsException outside(String payloadFile) {
        return new BadSettingsException(
                FIELD,
                FIELD + " " + payloadFile + " is outside " + folder
                        + ", the one folder the producer-app reads samples from: put the file there, or start"
                        + " the producer-app with --lab.producer.payload-dir=<folder>");
    }
}
