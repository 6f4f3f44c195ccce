package dev.latencylab.runner.endpoint;

/**
 * Nothing answers at a part's address (connection refused, connect timeout, no route): the part is
 * away, as opposed to answering badly. {@link #reason()} is what went wrong, without the part and URL.
 */
public class EndpointUnreachableException extends EndpointException {

    private final String reason;

    EndpointUnreachableException(String message, String reason, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    /** What went wrong in a few words, e.g. "connection refused". */
    public String reason() {
        return reason;
    }
}
