package dev.latencylab.app.selftest;

import dev.latencylab.core.clock.EpochMicros;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/**
 * Sets {@code lab.self-test.clock-skew-ms} on the app's clock at start: the self-test's way to make one host's
 * clock wrong on purpose, so that the runner's offset estimate can be checked against a known answer. Its
 * latencies are then off by the skew, as a real host's would be.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SelfTestProperties.class)
public class ClockSkew {

    /** An hour: beyond it a skew is a typo, not a test. */
    static final long MAX_MS = 3_600_000L;

    private static final Logger LOG = LoggerFactory.getLogger(ClockSkew.class);

    ClockSkew(SelfTestProperties properties) {
        long ms = properties.clockSkewMs();
        if (Math.abs(ms) > MAX_MS) {
            throw new IllegalArgumentException(
                    "lab.self-test.clock-skew-ms must be from -" + MAX_MS + " to " + MAX_MS + "; got " + ms);
        }
        EpochMicros.skew(ms * 1_000L);
        if (ms != 0) {
            LOG.warn(
                    "self-test: this app's clock reads {} ms off the system's (lab.self-test.clock-skew-ms): its"
                            + " stamps, its latencies and /actuator/clock all carry it",
                    ms);
        }
    }
}
