package dev.latencylab.core.cachelines;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A long written for every record, by one thread ({@link #set}, {@link #takeNext}, {@link #addOne}) or by any
 * ({@link #incrementAndGet}, {@link #raiseTo}), and read by others, on cache lines of its own: 128
 * bytes of padding before it ({@link CacheLinePadding}) and after it.
 */
@SuppressWarnings("unused")
public final class PaddedCounter extends CacheLinePadding {

    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(PaddedCounter.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile long value;
    // After the value: HotSpot lays out fields of one size in the order they are declared.
    private long q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15, q16;

    public long get() {
        return value;
    }

    /**
     * For its one writer: a plain read of its own value before this costs no atomic instruction, and
     * the store is ordered after the writer's earlier ones (a release) without the full fence a
     * volatile store costs; readers see it at once all the same.
     */
    public void set(long newValue) {
        VALUE.setRelease(this, newValue);
    }

    /** For its one writer: the value, and one more from now on (a sequence number taken). */
    public long takeNext() {
        long taken = value;
        set(taken + 1);
        return taken;
    }

    /** For its one writer: one more, without the atomic add {@link #incrementAndGet} costs. */
    public void addOne() {
        set(value + 1);
    }

    /**
     * The value becomes {@code candidate} if that is higher: a maximum kept, safe from several threads
     * at once (a compare-and-set only when it raises).
     */
    public void raiseTo(long candidate) {
        long current;
        while (candidate > (current = value)) {
            if (VALUE.weakCompareAndSet(this, current, candidate)) {
                return;
            }
        }
    }

    /** Safe from several threads at once. */
    public long incrementAndGet() {
        return (long) VALUE.getAndAdd(this, 1L) + 1;
    }
}
