/** {@code /actuator/selftest}: off unless the app was started for the self-test; each app brings its one fault. */
package dev.latencylab.app.selftest;
