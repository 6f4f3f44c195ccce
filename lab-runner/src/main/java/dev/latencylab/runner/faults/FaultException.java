package dev.latencylab.runner.faults;

/** A fault step that could not be carried out. */
public final class FaultException extends RuntimeException {

    public FaultException(String message) {
        super(message);
    }
}
