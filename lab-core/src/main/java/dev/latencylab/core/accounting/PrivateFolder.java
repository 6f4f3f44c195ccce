package dev.latencylab.core.accounting;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.util.EnumSet;
import java.util.Set;

/**
 * The folder of the offset ledgers: this user's alone. The ledger is mapped read-write and decides
 * what counts as lost, so a folder another local user can write to (or made in their place, in a
 * shared /tmp) would let them falsify the counts or, through a link, overwrite a file of this one.
 */
final class PrivateFolder {

    private static final Set<PosixFilePermission> OTHERS_WRITE =
            EnumSet.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

    private PrivateFolder() {}

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));

    /**
     * Creates {@code dir} for this user alone (0700) if absent, and so every folder it makes on the way (the
     * default, .lab/ledgers of the working directory, makes .lab); refuses one that is not this user's alone.
     */
    static void require(Path dir) throws IOException {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createDirectories(dir);
            return;
        }
        if (Files.notExists(dir, LinkOption.NOFOLLOW_LINKS)) {
            Path parent = dir.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent, OWNER_ONLY);
            }
            try {
                Files.createDirectory(dir, OWNER_ONLY);
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // Another instance of the group made it at the same moment: checked below like any.
            }
        }
        if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("refusing the ledger folder " + dir + ": not a folder (a symbolic link or a file);"
                    + " set lab.consumer.ledger-dir to a folder of your own");
        }
        UserPrincipal owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
        UserPrincipal me;
        try {
            me = dir.getFileSystem()
                    .getUserPrincipalLookupService()
                    .lookupPrincipalByName(System.getProperty("user.name"));
        } catch (UserPrincipalNotFoundException nameless) {
            // A uid without a name (some container runtimes): the permissions below still hold.
            me = owner;
        }
        if (!owner.equals(me)) {
            throw new IOException("refusing the ledger folder " + dir + ": it belongs to " + owner.getName()
                    + ", not to " + me.getName() + "; set lab.consumer.ledger-dir to a folder of your own");
        }
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
        if (permissions.stream().anyMatch(OTHERS_WRITE::contains)) {
            throw new IOException("refusing the ledger folder " + dir + ": others may write to it ("
                    + PosixFilePermissions.toString(permissions) + "); chmod 700 it or set lab.consumer.ledger-dir");
        }
    }
}
