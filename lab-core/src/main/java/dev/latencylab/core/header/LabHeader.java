package dev.latencylab.core.header;

import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.UUID;

/**
 * The one record header the lab adds, {@value #KEY}: 45 bytes, big-endian, fixed layout.
 *
 * <pre>
 * offset size field
 *      0    1 format version (3)
 *      1    8 intended send time, epoch microseconds
 *      9    8 actual send time, epoch microseconds
 *     17    8 sequence number (per producer id)
 *     25   16 producer id (UUID: most, then least significant bits)
 *     41    4 phase id (the runner's; 0: no named phase)
 * </pre>
 *
 * The phase id is a record's one identity: what settings a phase ran with is the runner's and
 * the producer's {@code lab_phase_info} to say, not every record's. One binary header instead of
 * several text ones keeps the per-record overhead at 48 bytes on the wire (key + value) and makes
 * decoding a handful of reads. Earlier versions (2 carried linger.ms, batch.size and compression
 * too) are not read: both apps are built from one tree.
 */
public final class LabHeader {

    public static final String KEY = "lab";
    public static final byte VERSION = 3;
    public static final int LENGTH = 45;
    /** 2^53: centuries at the producer's top rate; anything above is a forged or corrupt header. */
    public static final long MAX_SEQUENCE = 1L << 53;

    private LabHeader() {}

    public static byte[] encode(RecordStamp stamp) {
        return ByteBuffer.allocate(LENGTH)
                .put(VERSION)
                .putLong(stamp.intendedSendMicros())
                .putLong(stamp.actualSendMicros())
                .putLong(stamp.sequence())
                .putLong(stamp.producerId().getMostSignificantBits())
                .putLong(stamp.producerId().getLeastSignificantBits())
                .putInt(stamp.phase())
                .array();
    }

    /** Empty when the bytes are not a header this version wrote (wrong length, version or values). */
    public static Optional<RecordStamp> decode(byte[] bytes) {
        if (bytes == null || bytes.length != LENGTH || bytes[0] != VERSION) {
            return Optional.empty();
        }
        ByteBuffer b = ByteBuffer.wrap(bytes, 1, LENGTH - 1);
        long intended = b.getLong();
        long sent = b.getLong();
        long sequence = b.getLong();
        UUID producerId = new UUID(b.getLong(), b.getLong());
        int phase = b.getInt();
        if (phase < 0 || sequence < 0 || sequence > MAX_SEQUENCE || intended <= 0 || sent <= 0) {
            return Optional.empty();
        }
        return Optional.of(new RecordStamp(intended, sent, sequence, producerId, phase));
    }
}
