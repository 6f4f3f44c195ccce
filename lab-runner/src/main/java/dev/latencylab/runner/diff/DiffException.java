package dev.latencylab.runner.diff;

/** A results folder the diff cannot read, or a --fail-on it cannot apply: the message says which and why. */
public final class DiffException extends RuntimeException {

    public DiffException(String message) {
        super(message);
    }
}
