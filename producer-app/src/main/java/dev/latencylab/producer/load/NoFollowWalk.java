package dev.latencylab.producer.load;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;

/**
 * Opens a file under a folder one name at a time, each relative to the folder opened before it and
 * none through a symbolic link ({@link SecureDirectoryStream}: openat with O_NOFOLLOW on Linux). No
 * check of the whole path beforehand can promise that: a folder on the way swapped for a link after
 * the check would be followed by an open of the path, out of the folder.
 */
final class NoFollowWalk {

    private static final Set<OpenOption> READ_NO_LINK = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

    private NoFollowWalk() {}

    /** The walk stopped at {@code at}: a link, or at the end something other than a regular file. */
    static final class Stopped extends IOException {

        enum Reason {
            LINK,
            DIRECTORY,
            NOT_A_FILE
        }

        private final transient Path at;
        private final Reason reason;

        Stopped(Path at, Reason reason) {
            super(at + ": " + reason);
            this.at = at;
            this.reason = reason;
        }

        Path at() {
            return at;
        }

        Reason reason() {
            return reason;
        }
    }

    /** This platform cannot open a file relative to an open folder (no {@link SecureDirectoryStream}). */
    static final class Unsupported extends IOException {

        Unsupported(Path folder) {
            super("no SecureDirectoryStream for " + folder);
        }
    }

    /**
     * The file at {@code relative} under {@code folder}, open for reading.
     *
     * @param folder opened as it is named, links and all: it is the operator's choice, not the client's
     * @param relative one or more names, none "." or ".."
     * @throws Stopped at the first link on the way, or when the file is not a regular file
     */
    static SeekableByteChannel open(Path folder, Path relative) throws IOException {
        DirectoryStream<Path> top = Files.newDirectoryStream(folder);
        if (!(top instanceof SecureDirectoryStream<Path> secure)) {
            top.close();
            throw new Unsupported(folder);
        }
        SecureDirectoryStream<Path> dir = secure;
        try {
            for (int i = 0; i < relative.getNameCount() - 1; i++) {
                Path at = folder.resolve(relative.subpath(0, i + 1));
                SecureDirectoryStream<Path> next = enter(dir, relative.getName(i), at);
                dir.close();
                dir = next;
            }
            return openFile(dir, relative.getFileName(), folder.resolve(relative));
        } finally {
            dir.close();
        }
    }

    private static SecureDirectoryStream<Path> enter(SecureDirectoryStream<Path> dir, Path name, Path at)
            throws IOException {
        try {
            return dir.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw whyNot(dir, name, at, e);
        }
    }

    private static SeekableByteChannel openFile(SecureDirectoryStream<Path> dir, Path name, Path at)
            throws IOException {
        // Checked before the open so that a directory or a pipe is named as one (a pipe would block the
        // open); the open itself still follows no link, whatever is there by then.
        BasicFileAttributes found = attributes(dir, name);
        if (found.isSymbolicLink()) {
            throw new Stopped(at, Stopped.Reason.LINK);
        }
        if (found.isDirectory()) {
            throw new Stopped(at, Stopped.Reason.DIRECTORY);
        }
        if (!found.isRegularFile()) {
            throw new Stopped(at, Stopped.Reason.NOT_A_FILE);
        }
        try {
            return dir.newByteChannel(name, READ_NO_LINK);
        } catch (IOException e) {
            throw whyNot(dir, name, at, e);
        }
    }

    /** An open that followed no link fails with a bare "Too many levels of symbolic links": say what it met. */
    private static IOException whyNot(SecureDirectoryStream<Path> dir, Path name, Path at, IOException e) {
        try {
            if (attributes(dir, name).isSymbolicLink()) {
                return new Stopped(at, Stopped.Reason.LINK);
            }
        } catch (IOException gone) {
            // Gone as well: the open's own error says enough.
        }
        return e;
    }

    private static BasicFileAttributes attributes(SecureDirectoryStream<Path> dir, Path name) throws IOException {
        return dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .readAttributes();
    }
}
