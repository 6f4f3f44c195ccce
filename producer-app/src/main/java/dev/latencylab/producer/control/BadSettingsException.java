package dev.latencylab.producer.control;

/** A request the endpoint refuses, naming the field at fault and what it accepts. */
class BadSettingsException extends RuntimeException {

    private final String field;

    BadSettingsException(String field, String message) {
        super(message);
        this.field = field;
    }

    String field() {
        return field;
    }
}
