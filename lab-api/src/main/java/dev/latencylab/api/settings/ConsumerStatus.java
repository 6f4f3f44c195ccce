package dev.latencylab.api.settings;

/**
 * What GET /actuator/consumer answers (and a POST, after the change).
 *
 * @param settings the consumer settings in effect
 * @param consuming false while paused (records wait on the brokers)
 * @param summary the settings in a few words, as progress lines and reports show them
 * @param keyOrderViolations records whose key's later record finished processing first, since the
 *     app started (0 unless processing is unordered)
 */
public record ConsumerStatus(ConsumerSettings settings, boolean consuming, String summary, long keyOrderViolations) {}
