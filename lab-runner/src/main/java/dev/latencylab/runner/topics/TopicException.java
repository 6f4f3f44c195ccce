package dev.latencylab.runner.topics;

/** A phase's topic could not be created, measured or deleted; the message says which and why. */
public class TopicException extends RuntimeException {

    public TopicException(String message) {
        super(message);
    }

    public TopicException(String message, Throwable cause) {
        super(message, cause);
    }
}
