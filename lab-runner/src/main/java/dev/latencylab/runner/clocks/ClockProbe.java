package dev.latencylab.runner.clocks;

/** Asks one worker for its clock once. */
public interface ClockProbe {

    /** The worker asked, for the report (its URL). */
    String worker();

    /** The app it is, for the report ({@code producer-app}, {@code consumer-app}). */
    String part();

    ClockExchange exchange() throws InterruptedException;
}
