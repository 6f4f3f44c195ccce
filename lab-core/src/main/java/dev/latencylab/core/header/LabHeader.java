package dev.latencylab.core.header;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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

    private static final VarHandle LONG_AT = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_AT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

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
        if (!isValid(bytes)) {
            return Optional.empty();
        }
        return Optional.of(new RecordStamp(
                intendedSendMicros(bytes),
                actualSendMicros(bytes),
                sequence(bytes),
                new UUID(producerMostBits(bytes), producerLeastBits(bytes)),
                phase(bytes)));
    }

    /**
     * Whether the bytes are a header this version wrote (length, version and values): the fields are
     * then read in place by the methods below, which is what the consumer does per record (no stamp,
     * no UUID, no Optional). The readers check nothing: call them on a valid header only.
     */
    public static boolean isValid(byte[] bytes) {
        if (bytes == null || bytes.length != LENGTH || bytes[0] != VERSION) {
            return false;
        }
        long sequence = sequence(bytes);
        return phase(bytes) >= 0
                && sequence >= 0
                && sequence <= MAX_SEQUENCE
                && intendedSendMicros(bytes) > 0
                && actualSendMicros(bytes) > 0;
    }

    public static long intendedSendMicros(byte[] header) {
        return (long) LONG_AT.get(header, 1);
    }

    public static long actualSendMicros(byte[] header) {
        return (long) LONG_AT.get(header, 9);
    }

    public static long sequence(byte[] header) {
        return (long) LONG_AT.get(header, 17);
    }

    /** The producer id's most significant bits. */
    public static long producerMostBits(byte[] header) {
        return (long) LONG_AT.get(header, 25);
    }

    /** The producer id's least significant bits. */
    public static long producerLeastBits(byte[] header) {
        return (long) LONG_AT.get(header, 33);
    }

    public static int phase(byte[] header) {
        return (int) INT_AT.get(header, 41);
    }
}
