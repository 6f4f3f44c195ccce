package dev.latencylab.runner.scenario;

import dev.latencylab.api.payload.PayloadFolderRule;
import dev.latencylab.api.payload.SampleFile;
import dev.latencylab.api.settings.BadSettingsException;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The one folder a scenario's {@code payloadFile} is read from, {@code scenarios/payloads} of the
 * working folder: the one scripts/lab gives the producer-app (its {@code payload-dir}), which
 * refuses any other. The loader applies the same rule before it reads a byte, so {@code validate}
 * does not read a file {@code run} would refuse: a path outside, or a link in it that leads outside,
 * is refused whether or not the file exists, and the file is read without following a link.
 */
public final class PayloadFolder {

    static final String PATH = "scenarios/payloads";
    private static final String FIELD = PayloadFolderRule.FIELD;

    private final Path workingFolder;
    private final Path folder;
    private final PayloadFolderRule rule;

    public PayloadFolder(Path workingFolder) {
        this.workingFolder = workingFolder.toAbsolutePath().normalize();
        this.folder = this.workingFolder.resolve(PATH);
        this.rule = new PayloadFolderRule(folder, this::outside);
    }

    /** Every record of {@code payloadFile} (relative: to the working folder), once it is inside the folder. */
    public SampleFile read(String payloadFile) {
        Path file;
        try {
            file = workingFolder.resolve(payloadFile).normalize();
        } catch (InvalidPathException e) {
            throw new BadSettingsException(FIELD, FIELD + " \"" + payloadFile + "\" is not a path: " + e.getReason());
        }
        Path real = rule.check(payloadFile, file);
        return SampleFile.read(real, LinkOption.NOFOLLOW_LINKS);
    }

    private BadSettingsException outside(String payloadFile) {
        return new BadSettingsException(
                FIELD,
                FIELD + " " + payloadFile + " is outside " + folder
                        + ", the one folder samples are read from (the producer-app's, as scripts/lab starts it):"
                        + " put the file there");
    }
}
