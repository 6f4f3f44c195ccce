package dev.latencylab.core.payload;

import java.util.Arrays;
import java.util.SplittableRandom;

/** A growable byte buffer for ASCII text, without the char/encode round trip of StringBuilder. */
final class AsciiBuffer {

    private static final byte[] HEX_DIGITS = {
        '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'
    };

    private byte[] bytes;
    private int length;

    AsciiBuffer(int capacity) {
        bytes = new byte[capacity];
    }

    void clear() {
        length = 0;
    }

    int length() {
        return length;
    }

    AsciiBuffer append(String ascii) {
        int n = ascii.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            bytes[length++] = (byte) ascii.charAt(i);
        }
        return this;
    }

    AsciiBuffer append(char c) {
        ensure(1);
        bytes[length++] = (byte) c;
        return this;
    }

    AsciiBuffer append(long value) {
        if (value < 0) {
            append('-');
            value = -value;
        }
        int start = length;
        do {
            append((char) ('0' + value % 10));
            value /= 10;
        } while (value > 0);
        reverse(start, length - 1);
        return this;
    }

    /** Appends {@code value} with at least {@code width} digits, zero-padded. */
    AsciiBuffer appendPadded(long value, int width) {
        int start = length;
        append(value);
        int pad = width - (length - start);
        if (pad > 0) {
            ensure(pad);
            System.arraycopy(bytes, start, bytes, start + pad, length - start);
            Arrays.fill(bytes, start, start + pad, (byte) '0');
            length += pad;
        }
        return this;
    }

    /** Appends cents as a decimal amount, e.g. 1234 as 12.34. */
    AsciiBuffer appendCents(long cents) {
        append(cents / 100).append('.');
        return appendPadded(cents % 100, 2);
    }

    /** Appends {@code count} random lowercase hex digits, sixteen from each random long. */
    AsciiBuffer appendRandomHex(int count, SplittableRandom random) {
        ensure(count);
        int end = length + count;
        while (length < end) {
            long bits = random.nextLong();
            int digits = Math.min(16, end - length);
            for (int i = 0; i < digits; i++) {
                bytes[length++] = HEX_DIGITS[(int) bits & 15];
                bits >>>= 4;
            }
        }
        return this;
    }

    byte[] toArray() {
        return Arrays.copyOf(bytes, length);
    }

    byte[] copyRange(int from, int to) {
        return Arrays.copyOfRange(bytes, from, to);
    }

    private void reverse(int i, int j) {
        while (i < j) {
            byte t = bytes[i];
            bytes[i++] = bytes[j];
            bytes[j--] = t;
        }
    }

    private void ensure(int extra) {
        if (length + extra > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + extra));
        }
    }
}
