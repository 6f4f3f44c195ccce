package dev.latencylab.runner.topics;

import dev.latencylab.runner.scenario.TopicSpec;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

/** Topics that only say what they keep: a check of retention before anything runs creates, deletes and reads nothing. */
public final class RetentionOnly implements Topics {

    private final Function<TopicSpec, TopicRetention> retention;

    private RetentionOnly(Function<TopicSpec, TopicRetention> retention) {
        this.retention = retention;
    }

    public static Topics keeping(Function<TopicSpec, TopicRetention> retention) {
        return new RetentionOnly(retention);
    }

    @Override
    public TopicRetention retention(TopicSpec spec) {
        return retention.apply(spec);
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
