package dev.latencylab.runner.selftest;

/**
 * One line of the self-test's table: a fault of known size, what the report must then show, and
 * what it showed.
 */
public record SelfTestRow(String fault, String injected, String expected, String reported, boolean matches) {}
