package dev.latencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.spi.FilterReply;
import org.junit.jupiter.api.Test;

class RepeatedWarningsTest {

    private final LoggerContext context = new LoggerContext();
    private final RepeatedWarnings filter = new RepeatedWarnings();

    private FilterReply at(long millis, String logger, Level level, String pattern) {
        LoggingEvent e = new LoggingEvent(
                getClass().getName(), context.getLogger(logger), level, pattern, null, new Object[] {1});
        e.setTimeStamp(millis);
        return filter.decide(e);
    }

    @Test
    void aWarningIsShownThreeTimesAMinuteAndAgainOnceItsMinuteHasPassed() {
        String pattern = "Connection to node {} could not be established.";
        for (int s = 0; s < 3; s++) {
            assertThat(at(s * 1_000L, "kafka.NetworkClient", Level.WARN, pattern))
                    .isEqualTo(FilterReply.NEUTRAL);
        }
        assertThat(at(3_000, "kafka.NetworkClient", Level.WARN, pattern)).isEqualTo(FilterReply.DENY);
        assertThat(at(59_999, "kafka.NetworkClient", Level.WARN, pattern)).isEqualTo(FilterReply.DENY);
        // Another pattern, or the same one of another logger, has counts of its own.
        assertThat(at(4_000, "kafka.NetworkClient", Level.WARN, "Bootstrap broker {} disconnected"))
                .isEqualTo(FilterReply.NEUTRAL);
        assertThat(at(4_000, "kafka.Sender", Level.WARN, pattern)).isEqualTo(FilterReply.NEUTRAL);
        assertThat(at(60_000, "kafka.NetworkClient", Level.WARN, pattern)).isEqualTo(FilterReply.NEUTRAL);
    }

    @Test
    void anErrorAlwaysPasses() {
        for (int i = 0; i < 10; i++) {
            assertThat(at(i, "kafka.NetworkClient", Level.ERROR, "failed authentication due to: {}"))
                    .isEqualTo(FilterReply.NEUTRAL);
        }
    }
}
