package dev.latencylab.runner.topics;

import dev.latencylab.runner.scenario.TopicSpec;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Topics that only say what they keep and whether they would be created: the checks before anything runs
 * create, delete and read nothing.
 */
public final class RetentionOnly implements Topics {

    private final Function<TopicSpec, TopicRetention> retention;
    private final Function<TopicSpec, Optional<String>> refusal;

    private RetentionOnly(
            Function<TopicSpec, TopicRetention> retention, Function<TopicSpec, Optional<String>> refusal) {
        this.retention = retention;
        this.refusal = refusal;
    }

    /** Every topic would be created. */
    public static Topics keeping(Function<TopicSpec, TopicRetention> retention) {
        return new RetentionOnly(retention, spec -> Optional.empty());
    }

    public static Topics refusing(
            Function<TopicSpec, TopicRetention> retention, Function<TopicSpec, Optional<String>> refusal) {
        return new RetentionOnly(retention, refusal);
    }

    @Override
    public TopicRetention retention(TopicSpec spec) {
        return retention.apply(spec);
    }

    @Override
    public Optional<String> refusal(TopicSpec spec) {
        return refusal.apply(spec);
    }

    @Override
    public boolean create(TopicSpec spec) {
        throw new AssertionError("nothing is created");
    }

    @Override
    public void delete(String topic) {
        throw new AssertionError("nothing is deleted");
    }

    @Override
    public TopicDisk sizeOnDisk(String topic) {
        throw new AssertionError();
    }

    @Override
    public TopicHealth health(String topic, Duration timeout) {
        throw new AssertionError();
    }

    @Override
    public Map<Integer, Long> logStarts(String topic) {
        throw new AssertionError();
    }

    @Override
    public void close() {}
}
