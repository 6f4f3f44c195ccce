package dev.latencylab.runner.grafana;

/** A dashboard folder or file that cannot be read; the message names it and says why. */
public class DashboardException extends RuntimeException {

    public DashboardException(String message) {
        super(message);
    }

    public DashboardException(String message, Throwable cause) {
        super(message, cause);
    }
}
