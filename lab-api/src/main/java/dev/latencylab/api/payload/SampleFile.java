package dev.latencylab.api.payload;

import dev.latencylab.api.settings.BadSettingsException;
import dev.latencylab.api.settings.MemoryLimit;
import dev.latencylab.api.settings.PayloadKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

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
 * many small arrays would cost more in object headers than in bytes) with an index of where each
 * ends, and {@link #record(int)} hands out copies.
 */
public final class SampleFile {

    /** The largest record: Kafka's default max.request.size is 1 MiB, and the record needs a header and a key too. */
    public static final int MAX_RECORD_BYTES = 1_000_000;
    /**
     * The largest file a scenario may name: the producer holds all of it in memory. The
     * producer-app refuses less when its heap is smaller (a {@link MemoryLimit} of its own).
     */
    public static final long MAX_FILE_BYTES = 256L * 1024 * 1024;

    /** Why a link is refused where links are not followed. */
    public static final String LINK_NOT_FOLLOWED =
            "is a symbolic link, and links are not followed here: name the file it leads to";

    private static final String FIELD = "payloadFile";

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
        Set<OpenOption> options = new HashSet<>(Arrays.asList(links));
        options.add(StandardOpenOption.READ);
        try (SeekableByteChannel channel = Files.newByteChannel(file, options)) {
            return read(file, channel, MemoryLimit.NONE);
        } catch (NoSuchFileException e) {
            throw refused(name, "no such file");
        } catch (AccessDeniedException e) {
            throw refused(name, "cannot be read: permission denied");
        } catch (IOException e) {
            // Opening a link with NOFOLLOW_LINKS fails with a bare "Too many levels of symbolic links".
            if (options.contains(LinkOption.NOFOLLOW_LINKS) && Files.isSymbolicLink(file)) {
                throw refused(name, LINK_NOT_FOLLOWED);
            }
            throw refused(name, "cannot be read: " + e);
        }
    }

    /**
     * Reads every record from {@code channel}, which the caller opened on {@code file} (and closes):
     * the size is the open file's, so what is checked is what is read, however the path has changed
     * since. Refused before it is read when its size passes {@link #MAX_FILE_BYTES} or {@code
     * limit}, and before its records are indexed when the index would take it past {@code limit}
     * ({@value RecordSplitter#INDEX_BYTES_PER_RECORD} bytes a record); never more than its size is read.
     *
     * @param file the file's path, for the refusals to name
     * @throws BadSettingsException on {@code payloadFile} as {@link #read(Path)}, when the file is
     *     larger than {@code limit} allows, or when it grew while it was read
     */
    public static SampleFile read(Path file, SeekableByteChannel channel, MemoryLimit limit) {
        String name = describe(file);
        try {
            long size = channel.size();
            if (size > MAX_FILE_BYTES) {
                throw refused(name, tooLarge(size));
            }
            if (size > limit.bytes()) {
                throw refused(name, "has " + size + " bytes; " + limit.describe());
            }
            byte[] content = new byte[(int) size];
            int length = readFully(channel, content);
            if (length == content.length && channel.read(ByteBuffer.allocate(1)) > 0) {
                throw refused(name, "grew while it was read (past " + size + " bytes): read it once it is written");
            }
            return new SampleFile(file, content, new RecordSplitter(name, content, length).split(limit));
        } catch (AccessDeniedException e) {
            throw refused(name, "cannot be read: permission denied");
        } catch (IOException e) {
            throw refused(name, "cannot be read: " + e);
        }
    }

    /** Fills {@code content} from the channel, or as much of it as the file has now; how much. */
    private static int readFully(SeekableByteChannel channel, byte[] content) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(content);
        while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
            // until full, or the end of a file that shrank since its size was read
        }
        return buffer.position();
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
                + " (256 MiB) in any scenario: the producer holds the file in memory, and refuses less when its"
                + " heap is smaller";
    }

    static BadSettingsException refused(String name, String problem) {
        return new BadSettingsException(FIELD, FIELD + " " + name + ": " + problem);
    }
}
