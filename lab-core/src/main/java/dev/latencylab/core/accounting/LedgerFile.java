package dev.latencylab.core.accounting;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Opening a ledger's file, which is mapped read-write and may be formatted. */
final class LedgerFile {

    private LedgerFile() {}

    /**
     * The file, created with its folder if absent, for reading and writing. A symbolic link is
     * refused, not followed: a link planted in its place would have this process overwrite another file.
     *
     * @param what the ledger, as the refusal names it ("offset ledger", "share ledger")
     */
    static FileChannel open(Path file, String what) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (Files.isSymbolicLink(file)) {
            throw new IOException("refusing the " + what + " " + file + ": it is a symbolic link");
        }
        return FileChannel.open(
                file,
                StandardOpenOption.CREATE,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS);
    }
}
