package dev.latencylab.runner.compare;

/** The comparison cannot go on (a tool failed, a topic could not be made); the message says what and where to look. */
class CompareException extends RuntimeException {

    public CompareException(String message) {
        super(message);
    }
}
