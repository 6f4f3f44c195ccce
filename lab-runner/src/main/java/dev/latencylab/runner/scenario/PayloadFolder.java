package dev.latencylab.runner.scenario;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.SampleFile;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The one folder a scenario's {@code payloadFile} is read from, {@code scenarios/payloads} of the
 * working folder: the one scripts/lab gives the producer-app (its {@code payload-dir}), which
 * refuses any other. The loader applies the same rule before it reads a byte, so {@code validate}
 * does not read a file {@code run} would refuse: a path outside, or a link in it that leads outside,
 * is refused whether or not the file exists, and the file is read without following a link.
 */
final class PayloadFolder {

    static final String PATH = "scenarios/payloads";
    private static final String FIELD = "payloadFile";

    private final Path workingFolder;
    private final Path folder;

    PayloadFolder(Path workingFolder) {
        this.workingFolder = workingFolder.toAbsolutePath().normalize();
        this.folder = this.workingFolder.resolve(PATH);
    }

    /** Every record of {@code payloadFile} (relative: to the working folder), once it is inside the folder. */
    SampleFile read(String payloadFile) {
        Path file;
        try {
            file = workingFolder.resolve(payloadFile).normalize();
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
        return SampleFile.read(real, LinkOption.NOFOLLOW_LINKS);
    }

    /** The folder with its links resolved, as the producer-app resolves its own. */
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
                        + ", the one folder samples are read from (the producer-app's, as scripts/lab starts it):"
                        + " put the file there");
    }
}
