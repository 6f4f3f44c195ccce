package dev.latencylab.runner.topics;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.KafkaFuture;

/**
 * The runner's admin calls to one cluster, each bounded by {@code timeout}: a failure is a {@link
 * TopicException} that names the call and the cluster, with Kafka's exception as its cause.
 */
record AdminCalls(Admin admin, String bootstrap, Duration timeout) {

    <T> T get(KafkaFuture<T> future, String what) throws InterruptedException {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new TopicException(
                    "could not " + what + " on " + bootstrap + ": "
                            + e.getCause().getMessage(),
                    e.getCause());
        } catch (TimeoutException e) {
            throw new TopicException("could not " + what + " on " + bootstrap + " within " + timeout.toSeconds()
                    + " s (are the brokers up? scripts/lab up)");
        }
    }
}
