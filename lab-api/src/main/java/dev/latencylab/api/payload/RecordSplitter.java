package dev.latencylab.api.payload;

import dev.latencylab.api.settings.MemoryLimit;

/**
 * Cuts a sample file's content into records in place: each record is moved down over the line
 * terminators and blank lines before it, so the content array becomes the records back to back,
 * and their ends go into an index made once at its final size. The records are counted first, so
 * a file whose index would take the content past the {@link MemoryLimit} is refused before the
 * index is made.
 */
final class RecordSplitter {

    /** What holding a record costs besides its own bytes: its end in the index. */
    static final int INDEX_BYTES_PER_RECORD = Integer.BYTES;

    private final String name;
    private final byte[] content;
    /** How much of {@link #content} the file filled: less than its length when the file shrank while read. */
    private final int length;

    RecordSplitter(String name, byte[] content, int length) {
        this.name = name;
        this.content = content;
        this.length = length;
    }

    /** The index: record i ends at ends[i] in the content, record 0 starts at 0. */
    int[] split(MemoryLimit limit) {
        int count = walk(null);
        if (count == 0) {
            throw SampleFile.refused(name, "holds no record: it is empty or has blank lines only");
        }
        long held = length + (long) INDEX_BYTES_PER_RECORD * count;
        if (held > limit.bytes()) {
            throw SampleFile.refused(
                    name,
                    "holds " + count + " records in " + length + " bytes, which take " + held
                            + " bytes in memory (" + INDEX_BYTES_PER_RECORD + " more per record); "
                            + limit.describe());
        }
        int[] ends = new int[count];
        walk(ends);
        return ends;
    }

    /**
     * Goes over every record, checking its size; with {@code ends}, moves each into place and
     * notes where it ends. The number of records.
     */
    private int walk(int[] ends) {
        int lineStart = startsWithByteOrderMark() ? 3 : 0;
        int line = 1;
        int count = 0;
        int written = 0;
        while (lineStart < length) {
            int newline = indexOfNewline(lineStart);
            int lineEnd = newline;
            if (lineEnd > lineStart && content[lineEnd - 1] == '\r') {
                lineEnd--;
            }
            if (!blank(lineStart, lineEnd)) {
                int size = lineEnd - lineStart;
                if (size > SampleFile.MAX_RECORD_BYTES) {
                    throw SampleFile.refused(
                            name,
                            "line " + line + " has " + size + " bytes; a record may have at most "
                                    + SampleFile.MAX_RECORD_BYTES + " (Kafka's default max.request.size is 1 MiB)");
                }
                if (ends != null) {
                    System.arraycopy(content, lineStart, content, written, size);
                    ends[count] = written + size;
                }
                written += size;
                count++;
            }
            lineStart = newline + 1;
            line++;
        }
        return count;
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
        for (int i = from; i < length; i++) {
            if (content[i] == '\n') {
                return i;
            }
        }
        return length;
    }

    private boolean startsWithByteOrderMark() {
        return length >= 3 && content[0] == (byte) 0xEF && content[1] == (byte) 0xBB && content[2] == (byte) 0xBF;
    }
}
