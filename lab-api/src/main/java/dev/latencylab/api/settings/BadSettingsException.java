package dev.latencylab.api.settings;

/** A setting refused, naming the field at fault and what it accepts. */
public class BadSettingsException extends IllegalArgumentException {

    private final String field;

    public BadSettingsException(String field, String message) {
        super(message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
