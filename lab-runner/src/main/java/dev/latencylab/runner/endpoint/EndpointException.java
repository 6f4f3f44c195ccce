package dev.latencylab.runner.endpoint;

/** An HTTP call to one of the lab's parts failed; the message names the part, the URL and what went wrong. */
public class EndpointException extends RuntimeException {

    public EndpointException(String message) {
        super(message);
    }

    public EndpointException(String message, Throwable cause) {
        super(message, cause);
    }
}
