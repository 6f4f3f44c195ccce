package dev.latencylab.core.payload;

import dev.latencylab.api.payload.SampleFile;
import dev.latencylab.api.settings.KeyStrategy;
import dev.latencylab.api.settings.PayloadKind;
import dev.latencylab.api.settings.ProducerSettings;
import java.util.Optional;
import java.util.function.Function;

/**
 * What {@link OrderEventGenerator#next(long, long, PayloadPlan)} makes, decided once per settings
 * change so the sender thread decides nothing per record: the payload kind, the size, the key
 * strategy, and whatever the kind needs made or read beforehand (the fixed payload, the sample
 * file's records). Immutable; build it off the sender thread, since reading a sample file takes
 * as long as the file is large.
 */
public final class PayloadPlan {

    /** The fixed payload is a words event made with this tag and seed, so it reads as what it is. */
    private static final String FIXED_TAG = "fixed";

    private static final long FIXED_SEED = 0;

    private final PayloadKind kind;
    private final int payloadBytes;
    private final KeyStrategy keyStrategy;
    private final byte[] fixedValue;
    private final SampleFile sample;

    private PayloadPlan(
            PayloadKind kind, int payloadBytes, KeyStrategy keyStrategy, byte[] fixedValue, SampleFile sample) {
        this.kind = kind;
        this.payloadBytes = payloadBytes;
        this.keyStrategy = keyStrategy;
        this.fixedValue = fixedValue;
        this.sample = sample;
    }

    /**
     * The plan for {@code settings}: for {@link PayloadKind#FIXED} the payload is made here, for
     * {@link PayloadKind#SAMPLE} the whole file is read here, by the caller's {@code readSample}:
     * which files may be read, and whether a link is followed, is the caller's to decide.
     *
     * @param readSample reads every record of the {@code payloadFile} it is given (e.g. {@code
     *     SampleFile::read}); called only for {@link PayloadKind#SAMPLE}
     * @throws dev.latencylab.api.settings.BadSettingsException on {@code payloadFile} when
     *     {@code readSample} refuses the file (see {@link SampleFile#read(String)})
     */
    public static PayloadPlan of(ProducerSettings settings, Function<String, SampleFile> readSample) {
        PayloadKind kind = settings.payload();
        int bytes = settings.payloadBytes();
        KeyStrategy keys = settings.keyStrategy();
        return switch (kind) {
            case WORDS, RANDOM_HEX, HEX_RECORD -> new PayloadPlan(kind, bytes, keys, null, null);
            case FIXED -> new PayloadPlan(kind, bytes, keys, fixedValue(bytes), null);
            case SAMPLE -> new PayloadPlan(kind, bytes, keys, null, readSample.apply(settings.payloadFile()));
        };
    }

    public PayloadKind kind() {
        return kind;
    }

    /**
     * Whether the values carry their creation time ({@link OrderEventGenerator#next(long, long,
     * PayloadPlan)} reads it): fixed and sample values are made beforehand, so a sender need read no
     * clock for them.
     */
    public boolean writesCreationTime() {
        return kind != PayloadKind.FIXED && kind != PayloadKind.SAMPLE;
    }

    public KeyStrategy keyStrategy() {
        return keyStrategy;
    }

    /** The records a {@link PayloadKind#SAMPLE} plan cycles through; empty for the other kinds. */
    public Optional<SampleFile> sample() {
        return Optional.ofNullable(sample);
    }

    /** The size of every value; not used by {@link PayloadKind#SAMPLE}, whose sizes are the file's. */
    int payloadBytes() {
        return payloadBytes;
    }

    /**
     * The one value a {@link PayloadKind#FIXED} plan sends for every record: the same array, not a
     * copy. Sharing it is safe because nothing downstream writes into a value: Kafka's
     * ByteArraySerializer hands the array to the producer as is, which copies it into the batch.
     */
    byte[] fixedValue() {
        return fixedValue;
    }

    /** A copy of the sample record for {@code sequence}: records in file order, cycled. */
    byte[] sampleRecord(long sequence) {
        return sample.record(Math.floorMod(sequence, sample.count()));
    }

    @Override
    public String toString() {
        return switch (kind) {
            case SAMPLE -> "payload sample of " + sample + ", keys " + keyStrategy;
            default -> "payload " + kind + " of " + payloadBytes + " bytes, keys " + keyStrategy;
        };
    }

    private static byte[] fixedValue(int payloadBytes) {
        return new OrderEventGenerator(FIXED_TAG, FIXED_SEED)
                .next(0, 0, payloadBytes, KeyStrategy.NONE)
                .value();
    }
}
