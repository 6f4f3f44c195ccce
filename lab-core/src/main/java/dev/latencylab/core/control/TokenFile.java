package dev.latencylab.core.control;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * The control token, from a file only its owner may read or write: whoever reads it drives the lab, and
 * whoever writes it chooses the token. A command line is every local user's to read (ps), so the token is
 * never taken from one. The apps and the runner read it alike.
 */
public final class TokenFile {

    /** Shorter would be guessed over the network sooner than a run ends. */
    static final int MIN_LENGTH = 16;

    private static final Set<PosixFilePermission> NOT_OWNER = EnumSet.of(
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE);

    private TokenFile() {}

    /**
     * The token: the file's first line, stripped.
     *
     * @param given how the user named the file (a property or an option), for messages
     * @throws IllegalArgumentException naming the file and {@code given} when it is missing, a link, readable or
     *     writable by group or others, or holds no token of at least {@value #MIN_LENGTH} characters
     */
    public static String read(Path file, String given) {
        String token = secret(file, given);
        if (token.length() < MIN_LENGTH) {
            throw new IllegalArgumentException(
                    given + " " + file + " holds no token of at least " + MIN_LENGTH + " characters on its first line");
        }
        return token;
    }

    /**
     * A secret's first line, stripped (empty when the line is), from a file only its owner may read or
     * write: a token's or a password's.
     *
     * @throws IllegalArgumentException naming the file and {@code given} when it is missing, a link, or
     *     readable or writable by group or others
     */
    public static String secret(Path file, String given) {
        if (Files.isSymbolicLink(file) || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException(given + " " + file + ": no such file (or a link: name the file itself)");
        }
        try {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
            if (mode.stream().anyMatch(NOT_OWNER::contains)) {
                throw new IllegalArgumentException(given + " " + file + " may be read or written by others ("
                        + PosixFilePermissions.toString(mode) + "): chmod 600 it");
            }
        } catch (UnsupportedOperationException e) {
            // No POSIX modes on this file system: nothing to check.
        } catch (IOException e) {
            throw new IllegalArgumentException(given + " " + file + " cannot be read: " + e.getMessage());
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8)
                    .lines()
                    .findFirst()
                    .orElse("")
                    .strip();
        } catch (IOException e) {
            throw new IllegalArgumentException(given + " " + file + " cannot be read: " + e.getMessage());
        }
    }
}
