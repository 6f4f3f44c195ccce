package dev.latencylab.api.payload;

import dev.latencylab.api.settings.BadSettingsException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * Where a {@code payloadFile} may be: inside one folder, links resolved. Written once for the
 * producer-app, which reads the file, and the runner's scenario loader, which must refuse what the
 * app would refuse before it reads a byte. A path outside the folder is refused whether or not the
 * file exists, so the answer tells nothing of what lies outside; a link inside that leads outside is
 * refused too.
 */
public final class PayloadFolderRule {

    public static final String FIELD = "payloadFile";

    private final Path folder;
    private final Function<String, BadSettingsException> outside;

    /**
     * @param folder the folder, absolute and normalized
     * @param outside the refusal of a path outside it, in the caller's words (what the user can do)
     */
    public PayloadFolderRule(Path folder, Function<String, BadSettingsException> outside) {
        this.folder = folder;
        this.outside = outside;
    }

    /**
     * The real path (links resolved) of {@code file}, absolute and normalized as the caller resolved
     * {@code given}, once it is inside the folder.
     *
     * @throws BadSettingsException naming {@value #FIELD}: outside the folder, missing, or unresolvable
     */
    public Path check(String given, Path file) {
        Path root = realFolder();
        if (!file.startsWith(folder) && !file.startsWith(root)) {
            throw outside.apply(given);
        }
        Path real;
        try {
            real = file.toRealPath();
        } catch (NoSuchFileException e) {
            throw new BadSettingsException(FIELD, FIELD + " " + given + ": no such file");
        } catch (IOException e) {
            throw new BadSettingsException(FIELD, FIELD + " " + given + " cannot be resolved: " + e);
        }
        if (!real.startsWith(root)) {
            throw outside.apply(given);
        }
        return real;
    }

    /** The folder with its links resolved (it may be made after the check's owner started). */
    public Path realFolder() {
        try {
            return folder.toRealPath();
        } catch (IOException e) {
            return folder;
        }
    }
}
