package dev.latencylab.app.selftest;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param enabled whether {@code /actuator/selftest} accepts faults (only scripts/lab selftest turns it on)
 * @param clockSkewMs how far ahead (behind when negative) the app's clock reads, for its whole life: what it
 *     stamps, what it reads latencies against and what {@code /actuator/clock} answers ({@link ClockSkew}); 0,
 *     the default, is the system clock
 */
@ConfigurationProperties("lab.self-test")
public record SelfTestProperties(@DefaultValue("false") boolean enabled, @DefaultValue("0") long clockSkewMs) {}
