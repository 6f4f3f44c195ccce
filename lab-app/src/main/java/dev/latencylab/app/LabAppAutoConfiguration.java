package dev.latencylab.app;

import dev.latencylab.app.clock.ClockEndpoint;
import dev.latencylab.app.metrics.ClientMetricsRefresh;
import dev.latencylab.app.selftest.ClockSkew;
import dev.latencylab.app.selftest.SelfTestEndpoint;
import dev.latencylab.app.selftest.SelfTestFault;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Each app's whole context gets the shared parts that its web slices must not: the self-test's
 * endpoint (which needs the app's fault) and clock skew, the clients' meters' refresh, and the clock
 * endpoint. An auto-configuration is what a {@code @WebMvcTest} leaves out and a running app takes in.
 */
@AutoConfiguration
@Import({ClientMetricsRefresh.class, ClockEndpoint.class, ClockSkew.class})
public class LabAppAutoConfiguration {

    /** Only in an app that brings a fault to inject. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBean(SelfTestFault.class)
    @Import(SelfTestEndpoint.class)
    static class SelfTestEndpointIfFault {}
}
