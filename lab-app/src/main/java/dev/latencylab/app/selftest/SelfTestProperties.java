package dev.latencylab.app.selftest;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** @param enabled whether {@code /actuator/selftest} accepts faults (only scripts/lab selftest turns it on) */
@ConfigurationProperties("lab.self-test")
public record SelfTestProperties(@DefaultValue("false") boolean enabled) {}
