package dev.latencylab.api.settings;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;

/**
 * The user's own records for {@link PayloadKind#SAMPLE}, read from {@code payloadFile}: one record
 * per line, JSON or not, its UTF-8 bytes kept as they are. The line terminator ({@code \n} or
 * {@code \r\n}) is not part of a record, blank lines (empty, or spaces and tabs only) are skipped,
 * and a UTF-8 byte order mark at the start of the file is dropped (it marks the file's encoding,
 * it is not the first record's content).
 *
 * <p>The runner reads a file before a run starts and the producer-app before it accepts a change,
 * so a bad file is refused before anything starts: every refusal is a {@link
 * BadSettingsException} on {@code payloadFile} naming the file and what is wrong with it.
 *
 * <p>Immutable: the records are held once, back to back in one array (a file of short lines as
 * many small arrays would cost more in object headers than in bytes), and {@link #record(int)}
 * hands out copies.
 */
public final class SampleFile {

    /** The largest record: Kafka's default max.request.size is 1 MiB, and the record needs a header and a key too. */
    public static final int MAX_RECORD_BYTES = 1_000_000;
    /** The largest file: the producer holds all of it in memory. */
    public static final long MAX_FILE_BYTES = 256L * 1024 * 1024;

    private static final String FIELD = "payloadFile";
    private static final String LINK_NOT_FOLLOWED =
            "is a symbolic link, and links are not followed here: name the file it leads to";

    private final Path file;
    private final byte[] bytes;
    /**
     * Record i is bytes[ends[i - 1] .. ends[i]), record 0 starts at 0; past the last end are the
     * leftovers of the terminators and blank lines the records were moved over.
     */
    private final int[] ends;

    private final int minBytes;
    private final int maxBytes;

    private SampleFile(Path file, byte[] bytes, int[] ends) {
        this.file = file;
        this.bytes = bytes;
        this.ends = ends;
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int i = 0; i < ends.length; i++) {
            int size = size(i);
            min = Math.min(min, size);
            max = Math.max(max, size);
        }
        this.minBytes = min;
        this.maxBytes = max;
    }

    /**
     * Reads every record of the file a setting names.
     *
     * @throws BadSettingsException on {@code payloadFile} when {@code payloadFile} is not a path,
     *     or as {@link #read(Path)}
     */
    public static SampleFile read(String payloadFile) {
        Path file;
        try {
            file = Path.of(payloadFile);
        } catch (InvalidPathException e) {
            throw new BadSettingsException(FIELD, FIELD + " \"" + payloadFile + "\" is not a path: " + e.getReason());
        }
        return read(file);
    }

    /**
     * Reads every record of {@code file}, links followed.
     *
     * @throws BadSettingsException on {@code payloadFile} when the file is missing, not a regular
     *     file, unreadable, larger than {@link #MAX_FILE_BYTES}, holds no record, or a record larger
     *     than {@link #MAX_RECORD_BYTES} (naming its line)
     */
    public static SampleFile read(Path file) {
        return read(file, new LinkOption[0]);
    }

    /**
     * Reads every record of {@code file}; with {@link LinkOption#NOFOLLOW_LINKS} a file that is a
     * symbolic link, when checked or when opened, is refused: a caller that checked where a path
     * leads reads what it checked, not what a link swapped in since leads to.
     *
     * @throws BadSettingsException on {@code payloadFile} as {@link #read(Path)}, and when the file
     *     is a link that {@code links} says not to follow
     */
    public static SampleFile read(Path file, LinkOption... links) {
        String name = describe(file);
        if (!Files.exists(file, links)) {
            throw refused(name, "no such file");
        }
        if (Files.isDirectory(file, links)) {
            throw refused(name, "is a directory, not a file of records");
        }
        if (!Files.isRegularFile(file, links)) {
            throw refused(name, Files.isSymbolicLink(file) ? LINK_NOT_FOLLOWED : "is not a regular file");
        }
        byte[] content;
        try {
            long size =
                    Files.readAttributes(file, BasicFileAttributes.class, links).size();
            if (size > MAX_FILE_BYTES) {
                throw refused(name, tooLarge(size));
            }
            try (InputStream in = Files.newInputStream(file, links)) {
                content = in.readAllBytes();
            }
        } catch (NoSuchFileException e) {
            throw refused(name, "no such file");
        } catch (AccessDeniedException e) {
            throw refused(name, "cannot be read: permission denied");
        } catch (IOException e) {
            // Opening a link with NOFOLLOW_LINKS fails with a bare "Too many levels of symbolic links".
            if (Arrays.asList(links).contains(LinkOption.NOFOLLOW_LINKS) && Files.isSymbolicLink(file)) {
                throw refused(name, LINK_NOT_FOLLOWED);
            }
            throw refused(name, "cannot be read: " + e);
        }
        // It may have grown between the size check and the read.
        if (content.length > MAX_FILE_BYTES) {
            throw refused(name, tooLarge(content.length));
        }
        return new RecordSplitter(name, content).split(file);
    }

    public Path file() {
        return file;
    }

    public int count() {
        return ends.length;
    }

    /** A copy of record {@code index} (0 is the file's first record). */
    public byte[] record(int index) {
        return Arrays.copyOfRange(bytes, start(index), ends[index]);
    }

    /** The size of record {@code index} in bytes. */
    public int size(int index) {
        return ends[index] - start(index);
    }

    public int minBytes() {
        return minBytes;
    }

    public double meanBytes() {
        return (double) ends[ends.length - 1] / ends.length;
    }

    public int maxBytes() {
        return maxBytes;
    }

    @Override
    public String toString() {
        return file + ": " + count() + " records, " + minBytes + ".." + maxBytes + " bytes (mean "
                + Math.round(meanBytes()) + ")";
    }

    private int start(int index) {
        return index == 0 ? 0 : ends[index - 1];
    }

    /** The path as given and, when relative, where it resolved: the runner and the producer may not share a directory. */
    private static String describe(Path file) {
        return file.isAbsolute() ? file.toString() : file + " (" + file.toAbsolutePath() + ")";
    }

    private static String tooLarge(long size) {
        return "has " + size + " bytes; at most " + MAX_FILE_BYTES
                + " (256 MiB): the producer holds the file in memory";
    }

    private static BadSettingsException refused(String name, String problem) {
        return new BadSettingsException(FIELD, FIELD + " " + name + ": " + problem);
    }

    /**
     * Cuts the file's content into records in place: each record is moved down over the line
     * terminators and blank lines before it, so the content array becomes the records back to back.
     */
    private static final class RecordSplitter {

        private final String name;
        private final byte[] content;
        private int[] ends = new int[1024];
        private int count;
        private int written;

        RecordSplitter(String name, byte[] content) {
            this.name = name;
            this.content = content;
        }

        SampleFile split(Path file) {
            int lineStart = startsWithByteOrderMark() ? 3 : 0;
            int line = 1;
            while (lineStart < content.length) {
                int newline = indexOfNewline(lineStart);
                int lineEnd = newline;
                if (lineEnd > lineStart && content[lineEnd - 1] == '\r') {
                    lineEnd--;
                }
                keep(lineStart, lineEnd, line);
                lineStart = newline + 1;
                line++;
            }
            if (count == 0) {
                throw refused(name, "holds no record: it is empty or has blank lines only");
            }
            return new SampleFile(file, content, Arrays.copyOf(ends, count));
        }

        private void keep(int from, int to, int line) {
            if (blank(from, to)) {
                return;
            }
            int size = to - from;
            if (size > MAX_RECORD_BYTES) {
                throw refused(
                        name,
                        "line " + line + " has " + size + " bytes; a record may have at most " + MAX_RECORD_BYTES
                                + " (Kafka's default max.request.size is 1 MiB)");
            }
            System.arraycopy(content, from, content, written, size);
            written += size;
            if (count == ends.length) {
                ends = Arrays.copyOf(ends, count * 2);
            }
            ends[count++] = written;
        }

        private boolean blank(int from, int to) {
            for (int i = from; i < to; i++) {
                if (content[i] != ' ' && content[i] != '\t') {
                    return false;
                }
            }
            return true;
        }

        private int indexOfNewline(int from) {
            for (int i = from; i < content.length; i++) {
                if (content[i] == '\n') {
                    return i;
                }
            }
            return content.length;
        }

        private boolean startsWithByteOrderMark() {
            return content.length >= 3
                    && content[0] == (byte) 0xEF
                    && content[1] == (byte) 0xBB
                    && content[2] == (byte) 0xBF;
        }
    }
}
