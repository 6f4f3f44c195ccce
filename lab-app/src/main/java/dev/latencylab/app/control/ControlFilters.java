package dev.latencylab.app.control;

import dev.latencylab.core.control.BearerTokenFilter;
import dev.latencylab.core.control.LocalControlFilter;
import dev.latencylab.core.control.RequestBodyLimitFilter;
import java.util.Optional;
import java.util.Set;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * lab-core's filters before every endpoint of an app, in a fixed order: on an app that listens beyond
 * loopback, a request without its token (401, {@link ControlToken}); a change from a web
 * page, or on loopback any request addressed to a name not the app's ({@link ControlHosts}), is refused (403)
 * before a byte of its body is read, then a body over 64 KiB (413). Both run
 * after Spring Boot's own filters, as they did as components. Each app's application class imports
 * this, so the {@code @WebMvcTest} slices, which scan no configuration, have the filters too.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ControlHosts.class, ControlAccess.class})
public class ControlFilters {

    /** Read once, at start: an app that needs a token and has none does not start. */
    @Bean
    ControlTokenHolder controlToken(ControlAccess access, Environment environment) {
        return new ControlTokenHolder(ControlToken.of(access, environment.getProperty("server.address")));
    }

    @Bean
    FilterRegistrationBean<BearerTokenFilter> bearerTokenFilter(ControlTokenHolder token) {
        FilterRegistrationBean<BearerTokenFilter> registration =
                new FilterRegistrationBean<>(new BearerTokenFilter(token.token().orElse("")));
        registration.setEnabled(token.token().isPresent());
        registration.setOrder(Ordered.LOWEST_PRECEDENCE - 2);
        return registration;
    }

    @Bean
    FilterRegistrationBean<LocalControlFilter> localControlFilter(ControlHosts hosts, ControlTokenHolder token) {
        FilterRegistrationBean<LocalControlFilter> registration = new FilterRegistrationBean<>(
                token.token().isPresent()
                        ? LocalControlFilter.anyHost()
                        : new LocalControlFilter(Set.copyOf(hosts.ownNames())));
        registration.setOrder(Ordered.LOWEST_PRECEDENCE - 1);
        return registration;
    }

    /** The token the app was started with, or none (loopback). */
    record ControlTokenHolder(Optional<String> token) {
        @Override
        public String toString() {
            return "ControlTokenHolder[" + (token.isPresent() ? "a token" : "none") + "]";
        }
    }

    @Bean
    FilterRegistrationBean<RequestBodyLimitFilter> requestBodyLimitFilter() {
        FilterRegistrationBean<RequestBodyLimitFilter> registration =
                new FilterRegistrationBean<>(new RequestBodyLimitFilter());
        registration.setOrder(Ordered.LOWEST_PRECEDENCE);
        return registration;
    }
}
